/**
 * Which way the server's imports run (issue 27; scripts/check-imports.mjs): no cycle between the
 * rooms of server/ (its top-level folders, and its top-level files), no room importing a top-level
 * file but config.ts (app.ts, main.ts and retention.ts sit above the rooms), and the store importing
 * only shared/ and security/vault.ts. The check itself is shown to catch each of those in a small
 * tree made to break them.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../scripts/check-imports.mjs', import.meta.url));

interface Findings {
  cycles: { rooms: string[]; imports: string[] }[];
  upward: string[];
  storeAbove: string[];
  graph: Record<string, string[]>;
}

/** The check's findings as JSON, and whether it passed (exit 0). */
function check(root?: string): { ok: boolean; findings: Findings } {
  const args = [script, '--json', ...(root ? ['--root', root] : [])];
  try {
    return { ok: true, findings: JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })) as Findings };
  } catch (err) {
    const e = err as { status?: number; stdout?: string };
    if (e.status !== 1 || !e.stdout) throw err;
    return { ok: false, findings: JSON.parse(e.stdout) as Findings };
  }
}

describe('server/ imports', () => {
  it('run one way: no cycle between rooms, nothing upward, the store imports nothing above it', () => {
    const { ok, findings } = check();
    expect(findings.cycles).toEqual([]);
    expect(findings.upward).toEqual([]);
    expect(findings.storeAbove).toEqual([]);
    expect(ok).toBe(true);
  });
});

describe('the check', () => {
  const tree = mkdtempSync(join(tmpdir(), 'check-imports-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  };
  write('shared/brand.ts', 'export const NAME = 1;\n');
  write('server/config.ts', "import { NAME } from '../shared/brand';\nexport const config = NAME;\n");
  write('server/app.ts', "import { a } from './alpha/a';\nexport const app = a;\n");
  write('server/context.ts', "import type { B } from './beta/b';\nexport type Ctx = B;\n");
  // alpha -> beta -> alpha: a cycle, one side of it type-only and one a dynamic import.
  write('server/alpha/a.ts', "import { config } from '../config';\nexport const a = config;\nexport const later = () => import('../beta/b');\n");
  write('server/beta/b.ts', "import type { a } from '../alpha/a';\nexport type B = typeof a;\n");
  // A room importing a composer and a top-level file.
  write('server/gamma/g.ts', "import { app } from '../app';\nimport type { Ctx } from '../context';\nexport const g: Ctx | typeof app = 1 as never;\n");
  // The store importing above itself (vault.ts and shared/ are allowed).
  write('server/security/vault.ts', 'export const seal = 1;\n');
  write('server/security/keys.ts', 'export const key = 1;\n');
  write(
    'server/store/s.ts',
    "import { seal } from '../security/vault';\nimport { key } from '../security/keys';\nimport { NAME } from '../../shared/brand';\nexport const s = seal + key + NAME;\n",
  );

  it('fails on a cycle, an upward import and the store importing above itself, naming each import', () => {
    const { ok, findings } = check(tree);
    expect(ok).toBe(false);
    expect(findings.cycles.map((c) => c.rooms)).toEqual([['alpha', 'beta']]);
    expect(findings.cycles[0].imports.sort()).toEqual(['server/alpha/a.ts -> server/beta/b.ts', 'server/beta/b.ts -> server/alpha/a.ts']);
    expect(findings.upward.sort()).toEqual(['server/gamma/g.ts -> server/app.ts', 'server/gamma/g.ts -> server/context.ts']);
    expect(findings.storeAbove).toEqual(['server/store/s.ts -> server/security/keys.ts']);
  });
});
