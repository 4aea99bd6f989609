/**
 * Census engine benchmark: generates a 5 MB census CSV and a 5 MB XLSX (realistic columns: ids,
 * names, relationship codes, birth and hire dates, gender, ZIP, state, salary, status, tier, title,
 * department; about half the rows are dependents), then, each in a fresh Node process:
 *   - the whole engine (read -> ... -> analyse) on the CSV,
 *   - papaparse merely parsing the same CSV text (the floor any CSV engine stands on),
 *   - the whole engine on the XLSX,
 * and prints rows, seconds (the first, cold run, then the best of the following, warm runs), the
 * engine-to-parse ratio (warm) and the peak RSS of one run (the kernel's high-water mark,
 * process.resourceUsage().maxRSS, after the first run: the process holds nothing else).
 * Then, as a user runs it, each a whole process (start-up included, wall clock): the compiled `census
 * analyze` command (node bin/census.mjs, built first with scripts/build-server.mjs) on the 5 MB CSV and
 * on its first 50 rows, and a node process that merely reads and parses each of them with papaparse.
 * Memory a row: the engine's peak RSS on the CSV less its peak on the 50-row file (the same process
 * with the same code loaded), over the rows between them.
 * Targets (exit 1 when missed): CSV < 1 s and < 3x papaparse; XLSX < 3 s; peak memory < 500 MB and
 * < 2 KB a row; whole process (issue 19): census analyze < 1 s and < 2.5x the papaparse process on
 * the CSV, < 0.3 s and < 2.5x the papaparse process on 50 rows.
 *
 *   node --import tsx scripts/bench/census-bench.ts [--runs N] [--keep]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import { censusRows, HEADER, makeCsv, type Row } from './census-data';

const TARGET_BYTES = 5 * 1024 * 1024;
const AS_OF = '2026-01-01';
const TARGETS = { csvSeconds: 1, csvRatio: 3, xlsxSeconds: 3, peakMb: 500, kbPerRow: 2, cliSeconds: 1, cliRatio: 2.5, cliSmallSeconds: 0.3, cliSmallRatio: 2.5 };
const root = fileURLToPath(new URL('../..', import.meta.url));
const self = fileURLToPath(import.meta.url);
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 5;

interface Measure {
  what: string;
  rows: number;
  first: number;
  best: number;
  peakMb: number;
  lives?: number;
}

// ---- child process: one measurement --------------------------------------------------------------
if (args[0] === '--child') {
  const [, kind, file] = args;
  const bytes = new Uint8Array(readFileSync(file));
  const times: number[] = [];
  let rows = 0;
  let lives: number | undefined;
  let peakMb = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    if (kind === 'papaparse') {
      const text = new TextDecoder().decode(bytes);
      rows = Papa.parse(text, { skipEmptyLines: true }).data.length - 1;
    } else {
      const { analyzeCensus } = await import('../../server/census/engine');
      const result = await analyzeCensus([{ fileName: file.split('/').pop()!, bytes }], { asOf: AS_OF });
      rows = result.members.length;
      lives = result.report.totalLives;
    }
    times.push((performance.now() - t0) / 1000);
    // Peak memory of one run: the process's high-water mark after the first (later runs only add
    // garbage not yet collected).
    if (i === 0) peakMb = process.resourceUsage().maxRSS / 1024;
  }
  const m: Measure = {
    what: kind,
    rows,
    first: times[0],
    best: Math.min(...(times.length > 1 ? times.slice(1) : times)),
    peakMb,
    lives,
  };
  process.stdout.write(JSON.stringify(m));
  process.exit(0);
}

function workbook(count: number): Uint8Array {
  const aoa: Row[] = [HEADER];
  for (const { row, dates } of censusRows(2)) {
    if (aoa.length > count) break;
    row[4] = dates[0];
    row[8] = dates[1];
    row[6] = Number(row[6]); // ZIP codes stored as numbers, as Excel does
    aoa.push(row);
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa, { cellDates: true }), 'Census');
  // Compressed, as Excel saves it.
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}

function makeXlsx(): { bytes: Uint8Array; rows: number } {
  // Scale a sample to the target size, then trim to just under it.
  const sample = 20_000;
  let rows = Math.floor((sample * TARGET_BYTES) / workbook(sample).length);
  let bytes = workbook(rows);
  while (bytes.length > TARGET_BYTES) {
    rows = Math.floor(rows * 0.98);
    bytes = workbook(rows);
  }
  return { bytes, rows };
}

/** Wall-clock seconds of whole processes (start-up included): the first run, then the best of the rest. */
function wholeProcess(argv: string[]): { first: number; best: number } {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, argv, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
    times.push((performance.now() - t0) / 1000);
    if (r.status !== 0) throw new Error(`${argv.join(' ')} failed: ${r.stderr.split('\n')[0]}`);
  }
  return { first: times[0], best: Math.min(...(times.length > 1 ? times.slice(1) : times)) };
}

function measure(kind: string, file: string): Measure {
  const r = spawnSync(process.execPath, ['--import', 'tsx', self, '--child', kind, file, '--runs', String(runs)], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`${kind} failed: ${r.stderr.split('\n').slice(0, 3).join(' ')}`);
  return JSON.parse(r.stdout) as Measure;
}

const dir = mkdtempSync(join(tmpdir(), 'census-bench-'));
try {
  const t0 = performance.now();
  const csv = makeCsv();
  const xlsx = makeXlsx();
  const csvPath = join(dir, 'census-5mb.csv');
  const xlsxPath = join(dir, 'census-5mb.xlsx');
  writeFileSync(csvPath, csv.bytes);
  writeFileSync(xlsxPath, xlsx.bytes);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
  console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s: CSV ${mb(csv.bytes.length)} MB, ${csv.rows} rows; XLSX ${mb(xlsx.bytes.length)} MB, ${xlsx.rows} rows`);
  console.log(`node ${process.version}, ${runs} runs each: first run, then the best of the others\n`);

  const smallPath = join(dir, 'census-50.csv');
  writeFileSync(smallPath, new TextDecoder().decode(csv.bytes).split('\r\n').slice(0, 51).join('\r\n') + '\r\n');
  const engineCsv = measure('engine', csvPath);
  const engineSmall = measure('engine', smallPath);
  const parse = measure('papaparse', csvPath);
  const engineXlsx = measure('engine', xlsxPath);

  const line = (label: string, m: Measure) =>
    console.log(`${label.padEnd(24)} ${String(m.rows).padStart(7)} rows  first ${m.first.toFixed(3)} s  best ${m.best.toFixed(3)} s  peak RSS ${m.peakMb.toFixed(0)} MB${m.lives !== undefined ? `  (${m.lives} lives)` : ''}`);
  line('engine, 5 MB CSV', engineCsv);
  line('papaparse only, same CSV', parse);
  line('engine, 5 MB XLSX', engineXlsx);
  const ratio = engineCsv.best / parse.best;
  const kbPerRow = ((engineCsv.peakMb - engineSmall.peakMb) * 1024) / (engineCsv.rows - engineSmall.rows);
  console.log(`\nengine / papaparse on the CSV: ${ratio.toFixed(2)}x`);
  console.log(`memory a row: (${engineCsv.peakMb.toFixed(0)} - ${engineSmall.peakMb.toFixed(0)} MB on 50 rows) / ${engineCsv.rows - engineSmall.rows} rows = ${kbPerRow.toFixed(2)} KB (target < ${TARGETS.kbPerRow} KB)`);

  // As a user runs it: the compiled command, a whole process each time.
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build-server failed: ${build.stderr.split('\n')[0]}`);
  const cli = wholeProcess(['bin/census.mjs', 'analyze', csvPath, '--as-of', AS_OF]);
  const papaArgs = (path: string) => ['--input-type=module', '-e', `import Papa from 'papaparse'; import { readFileSync } from 'node:fs'; const text = new TextDecoder().decode(readFileSync(${JSON.stringify(path)})); const rows = Papa.parse(text, { skipEmptyLines: true }).data.length; process.stdout.write(String(rows));`];
  const papaProcess = wholeProcess(papaArgs(csvPath));
  const cliSmall = wholeProcess(['bin/census.mjs', 'analyze', smallPath, '--as-of', AS_OF]);
  const papaSmall = wholeProcess(papaArgs(smallPath));
  const pline = (label: string, m: { first: number; best: number }) => console.log(`${label.padEnd(44)} first ${m.first.toFixed(3)} s  best ${m.best.toFixed(3)} s`);
  console.log('\nwhole process, start-up included (wall clock):');
  pline('census analyze (compiled), 5 MB CSV', cli);
  pline('papaparse parse only, same CSV', papaProcess);
  pline('census analyze (compiled), 50-row CSV', cliSmall);
  pline('papaparse parse only, same 50-row CSV', papaSmall);
  const cliRatio = cli.best / papaProcess.best;
  const cliSmallRatio = cliSmall.best / papaSmall.best;
  console.log(`census analyze / papaparse, whole process: ${cliRatio.toFixed(2)}x on the CSV (target < ${TARGETS.cliRatio}x, < ${TARGETS.cliSeconds} s), ${cliSmallRatio.toFixed(2)}x on 50 rows (target < ${TARGETS.cliSmallRatio}x, < ${TARGETS.cliSmallSeconds} s)\n`);

  const misses: string[] = [];
  if (cli.best >= TARGETS.cliSeconds) misses.push(`census analyze ${cli.best.toFixed(2)} s >= ${TARGETS.cliSeconds} s`);
  if (cliRatio >= TARGETS.cliRatio) misses.push(`census analyze / papaparse ${cliRatio.toFixed(2)} >= ${TARGETS.cliRatio}`);
  if (cliSmallRatio >= TARGETS.cliSmallRatio) misses.push(`census analyze / papaparse on 50 rows ${cliSmallRatio.toFixed(2)} >= ${TARGETS.cliSmallRatio}`);
  if (kbPerRow >= TARGETS.kbPerRow) misses.push(`memory ${kbPerRow.toFixed(2)} KB a row >= ${TARGETS.kbPerRow} KB`);
  if (cliSmall.best >= TARGETS.cliSmallSeconds) misses.push(`census analyze on 50 rows ${cliSmall.best.toFixed(2)} s >= ${TARGETS.cliSmallSeconds} s`);
  if (engineCsv.best >= TARGETS.csvSeconds) misses.push(`CSV ${engineCsv.best.toFixed(2)} s >= ${TARGETS.csvSeconds} s`);
  if (ratio >= TARGETS.csvRatio) misses.push(`CSV ratio ${ratio.toFixed(2)} >= ${TARGETS.csvRatio}`);
  if (engineXlsx.best >= TARGETS.xlsxSeconds) misses.push(`XLSX ${engineXlsx.best.toFixed(2)} s >= ${TARGETS.xlsxSeconds} s`);
  for (const m of [engineCsv, engineXlsx]) if (m.peakMb >= TARGETS.peakMb) misses.push(`peak ${m.peakMb.toFixed(0)} MB >= ${TARGETS.peakMb} MB`);
  console.log(misses.length ? `targets missed: ${misses.join('; ')}` : `targets met: CSV < ${TARGETS.csvSeconds} s and < ${TARGETS.csvRatio}x papaparse, XLSX < ${TARGETS.xlsxSeconds} s, peak < ${TARGETS.peakMb} MB and < ${TARGETS.kbPerRow} KB a row; census analyze < ${TARGETS.cliSeconds} s and < ${TARGETS.cliRatio}x papaparse as whole processes, < ${TARGETS.cliSmallSeconds} s and < ${TARGETS.cliSmallRatio}x on 50 rows`);
  process.exitCode = misses.length ? 1 : 0;
} finally {
  if (!args.includes('--keep')) rmSync(dir, { recursive: true, force: true });
  else console.log(`files kept in ${dir}`);
}
