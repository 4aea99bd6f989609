/**
 * The built widget bundle (dist/widgets) for tests that read it: built first when it is older than
 * its sources (scripts/build-widgets.mjs). The sources include server/ because the engine worker
 * (private mode, issue 29) bundles the census engine.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const dist = join(root, 'dist/widgets');

/** Newest mtime under `path`, skipping widgets/generated (the build writes it after manifest.json). */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  const entries = readdirSync(path).filter((f) => f !== 'generated');
  return Math.max(stat.mtimeMs, ...entries.map((f) => newest(join(path, f))));
}

export function ensureBuilt(): void {
  const stamp = join(dist, 'manifest.json');
  const sources = Math.max(
    newest(join(root, 'widgets')),
    newest(join(root, 'shared')),
    newest(join(root, 'server/census')),
    newest(join(root, 'server/jobs/census-outcome.ts')),
    newest(join(root, 'rollup.widgets.config.mjs')),
    newest(join(root, 'package.json')),
  );
  if (existsSync(stamp) && existsSync(join(dist, 'widgets.js')) && statSync(stamp).mtimeMs >= sources) return;
  execFileSync(process.execPath, [join(root, 'scripts/build-widgets.mjs')], { cwd: root, stdio: 'pipe', timeout: 300_000 });
}
