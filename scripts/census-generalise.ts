/**
 * Does the engine generalise (issue 26)? It gets right what it has words for; this measures what it
 * does without them, before any rule is tuned:
 *
 *  (a) per language (es, pt, fr, de): that language's pack withheld (CENSUS_LANGUAGES, what `census
 *      analyze --languages` sets), on censuses written in it (scripts/census-variants.ts 'written-xx':
 *      headers and the words of coded columns: status, relationship, gender, tier) and on the real
 *      files in that language; beside it the same with every pack, and Italian, Dutch, Polish and
 *      Swedish, which have no pack (Dutch, then Polish and Swedish, added after every rule was written:
 *      graded before any rule looked at them); then each language, those four too, with the English
 *      pack alone (every other pack withheld);
 *  (b) per source (repository, SOURCES.md) of the third set of real files (the 22 gathered after the
 *      engine was built on the first 63), every pack.
 *
 * Figures: columns right, lives right, lives, employees and dependents right, and silent: figures
 * (lives, employees or dependents) wrong with no review asked. Also the header-row-removed variants
 * (every pack), whose silent count is the other target.
 *
 *   npx tsx scripts/census-generalise.ts [--files N] [--langs es,pt] [--show]
 *
 * --show prints each wrong case. Each pack setting runs in a child process (the packs are read when
 * the engine loads), one after another.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REAL = path.resolve(ROOT, '../shared/fixtures/census-real');
const FILES = path.join(REAL, 'files');
const LANGS = ['es', 'pt', 'fr', 'de'];
const ALL = ['en', ...LANGS];
/** Languages with no pack: their censuses are read with every pack, and with the English pack alone. */
const NO_PACK = ['it', 'nl', 'pl', 'sv'];
/** The real files written in a language other than English (their headers or their workbook). */
const REAL_BY_LANG: Record<string, string[]> = {
  es: ['familiares-asegurados-es.xlsx'],
  pt: ['member-import-lists.xlsx', 'dependent-import-lists.xlsx'],
  fr: [],
  de: [],
};

interface Row {
  set: string;
  file: string;
  columnsRight: number;
  columnsTotal: number;
  livesRight: boolean;
  countsRight: boolean;
  reviewed: boolean;
  problem: string;
}

/** SOURCES.md: file -> {set (1, 2, 3), repository}. */
function sources(): Map<string, { set: number; repo: string }> {
  const out = new Map<string, { set: number; repo: string }>();
  let set = 1;
  let last = '';
  for (const line of fs.readFileSync(path.join(REAL, 'SOURCES.md'), 'utf8').split('\n')) {
    if (/^## Second set/.test(line)) set = 2;
    if (/^## Third set/.test(line)) set = 3;
    const m = /^\|\s*([^|]+?)\s*\|\s*([^|]+?)\s*\|/.exec(line);
    if (!m || m[1] === 'file (files/)' || /^-+$/.test(m[1])) continue;
    const repo = m[2] === 'same' ? last : m[2];
    last = repo;
    out.set(m[1], { set, repo });
  }
  return out;
}

// ---- worker: one pack setting, its cases graded in this process --------------------------------

async function worker(job: { sets: string[]; files: number | null }): Promise<void> {
  const { gradeVariant, loadSources, variantsOf } = await import('./census-variants');
  const rows: Row[] = [];
  const push = (set: string, g: Awaited<ReturnType<typeof gradeVariant>>) =>
    rows.push({ set, file: g.variant.fileName, columnsRight: g.columnsRight, columnsTotal: g.columnsTotal, livesRight: g.livesRight, countsRight: g.countsRight, reviewed: g.reviewed, problem: g.problem });
  const real = async (set: string, names: string[]) => {
    for (const name of names) {
      const truth = JSON.parse(fs.readFileSync(path.join(FILES, `${name}.truth.json`), 'utf8'));
      const bytes = new Uint8Array(fs.readFileSync(path.join(FILES, name)));
      push(set, await gradeVariant({ kind: 'real', lang: '', fileName: name, bytes, truth, sheet: '' }));
    }
  };
  const kinds = job.sets.filter((s) => s.startsWith('written-') || s === 'no-header');
  if (kinds.length) {
    for (const src of await loadSources(FILES, job.files ?? Infinity)) for (const v of variantsOf(src, kinds)) push(v.kind, await gradeVariant(v));
  }
  for (const s of job.sets) {
    if (s.startsWith('real-')) await real(s, REAL_BY_LANG[s.slice(5)] ?? []);
    if (s === 'new') await real(s, [...sources()].filter(([, x]) => x.set === 3).map(([f]) => f));
  }
  process.stdout.write(`\n@@ROWS ${JSON.stringify(rows)}\n`);
}

// ---- the run: child processes per pack setting, then the tables -------------------------------

function run(languages: string[], sets: string[], files: number): Row[] {
  const p = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--worker', JSON.stringify({ sets, files: Number.isFinite(files) ? files : null })], {
    cwd: ROOT,
    env: { ...process.env, CENSUS_LANGUAGES: languages.join(',') },
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const line = (p.stdout ?? '').split('\n').find((l) => l.startsWith('@@ROWS '));
  if (!line) throw new Error(`worker (${languages.join(',')}) failed: ${(p.stderr ?? '').slice(0, 2000)}`);
  return JSON.parse(line.slice(7)) as Row[];
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '-');

function figures(rows: Row[]) {
  const cr = rows.reduce((a, r) => a + r.columnsRight, 0);
  const ct = rows.reduce((a, r) => a + r.columnsTotal, 0);
  return {
    n: rows.length,
    columns: pct(cr, ct),
    lives: pct(rows.filter((r) => r.livesRight).length, rows.length),
    counts: pct(rows.filter((r) => r.countsRight).length, rows.length),
    silent: rows.filter((r) => !r.countsRight && !r.reviewed).length,
    right: rows.filter((r) => r.countsRight && r.columnsRight === r.columnsTotal).length,
  };
}

function line(label: string, rows: Row[]): string {
  const f = figures(rows);
  return `| ${label} | ${f.n} | ${f.columns} | ${f.lives} | ${f.counts} | ${f.silent} |`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  if (args[0] === '--worker') return worker(JSON.parse(args[1]));
  const files = Number(opt('--files') ?? Infinity);
  const langs = opt('--langs')?.split(',') ?? LANGS;
  const show = args.includes('--show');
  const wrong = (title: string, rows: Row[]) => {
    if (!show) return;
    for (const r of rows) if (r.problem) console.log(`  ${title} ${r.file}: ${r.problem}${!r.countsRight && !r.reviewed ? ' SILENT' : ''}`);
  };

  // Every pack: the written-xx variants of every language (and Italian), the real non-English files,
  // the new files and the header-row-removed variants.
  const full = run(ALL, [...langs.map((l) => `written-${l}`), ...NO_PACK.map((l) => `written-${l}`), ...langs.map((l) => `real-${l}`), 'new', 'no-header'], files);
  const head = '| set | cases | columns right | lives right | lives, employees, dependents right | silent |\n|---|---|---|---|---|---|';
  console.log('\n(a) per language: censuses written in it (headers and coded values) and its real files\n');
  console.log(head);
  for (const l of langs) {
    const withheld = run(ALL.filter((x) => x !== l), [`written-${l}`, `real-${l}`], files);
    const mine = (rows: Row[]) => rows.filter((r) => r.set === `written-${l}` || r.set === `real-${l}`);
    console.log(line(`${l}, every pack`, mine(full)));
    console.log(line(`**${l}, its pack withheld**`, mine(withheld)));
    wrong(`[${l} withheld]`, mine(withheld));
  }
  for (const l of NO_PACK) {
    const mine = full.filter((r) => r.set === `written-${l}`);
    console.log(line(`${l} (no pack exists)`, mine));
    wrong(`[${l}]`, mine);
  }
  // The English pack alone (`--languages en`): every other language's words withheld at once.
  const enOnly = run(['en'], [...langs.map((l) => `written-${l}`), ...NO_PACK.map((l) => `written-${l}`), ...langs.map((l) => `real-${l}`)], files);
  for (const l of [...langs, ...NO_PACK]) {
    const mine = enOnly.filter((r) => r.set === `written-${l}` || r.set === `real-${l}`);
    console.log(line(`${l}, English pack only`, mine));
    wrong(`[${l} English only]`, mine);
  }
  const nh = full.filter((r) => r.set === 'no-header');
  console.log(line('header row removed, every pack', nh));
  wrong('[no-header]', nh);

  console.log('\n(b) the third set of real files (22, not seen when the engine was built), per source, every pack\n');
  console.log('| source | files | columns right | lives right | lives, employees, dependents right | silent | columns and counts right |\n|---|---|---|---|---|---|---|');
  const src = sources();
  const fresh = full.filter((r) => r.set === 'new');
  const bySource = new Map<string, Row[]>();
  for (const r of fresh) bySource.set(src.get(r.file)!.repo, [...(bySource.get(src.get(r.file)!.repo) ?? []), r]);
  for (const [repo, rows] of [...bySource].sort()) {
    const f = figures(rows);
    console.log(`| ${repo} | ${f.n} | ${f.columns} | ${f.lives} | ${f.counts} | ${f.silent} | ${f.right}/${f.n} |`);
  }
  const f = figures(fresh);
  console.log(`| **all 22** | ${f.n} | ${f.columns} | ${f.lives} | ${f.counts} | ${f.silent} | ${f.right}/${f.n} |`);
  wrong('[new]', fresh);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
