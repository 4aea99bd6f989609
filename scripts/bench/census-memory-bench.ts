/**
 * Census memory benchmark (issue 31): peak RSS and time of the compiled `census` command and of the
 * compiled server for the two largest files we accept:
 *   - a 249,000-row x 20-number workbook (about 3.4 MB, made here: tests/server/support/census-files.ts),
 *   - a 5 MB long-layout CSV (about 58,000 rows).
 * CLI: `census analyze` and `census export` (clean XLSX), each a whole process: peak RSS as the
 * process itself reports it at exit (getrusage maxrss). Server: one upload and its clean export, then
 * two exports of the CSV at once, the server's peak RSS read from /proc/PID/status (VmHWM, Linux),
 * its heap limit per job thread at the default (CENSUS_JOB_MEMORY_MB=512).
 * Targets (exit 1 when missed): the workbook analysed under 600 MB and exported under 800 MB by the
 * server, its export no slower than 3x its analysis; the CSV exported under 600 MB; the two exports
 * at once complete.
 *
 *   node --import tsx scripts/bench/census-memory-bench.ts [--no-build]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { censusCsvUnder, numbersWorkbook } from '../../tests/server/support/census-files';
import { freePort } from './free-port';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TARGETS = { workbookAnalyseMb: 600, workbookExportMb: 800, exportVsAnalysis: 3, csvExportMb: 600 };
const MB = 1024 * 1024;
/** Longer than a job thread's idle time (jobs/pool.ts, 5 s). */
const READ_THE_REPORT_MS = 7000;

if (!existsSync(join(root, 'dist/server/main.mjs')) || !process.argv.includes('--no-build')) {
  const b = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'benefold-memory-bench-'));
const workbook = join(dir, 'large.xlsx');
await numbersWorkbook(workbook, 249_000, 20);
const csvFile = join(dir, 'large.csv');
const { csv, rows: csvRows } = censusCsvUnder(5 * MB);
writeFileSync(csvFile, csv);

// ---- the census command --------------------------------------------------------------------------
/** Runs the compiled CLI in a process that prints its own peak RSS (KB) on stderr as it exits. */
function cli(args: string[]): { seconds: number; peakMb: number } {
  const code = `const { run } = await import(${JSON.stringify(join(root, 'dist/server/census-cli.mjs'))});
    const status = await run(process.argv.slice(1));
    process.stderr.write('\\nMAXRSS ' + process.resourceUsage().maxRSS + '\\n');
    process.exit(status);`;
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code, ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 256 * MB });
  const seconds = (performance.now() - started) / 1000;
  const m = /MAXRSS (\d+)/.exec(r.stderr);
  if (r.status !== 0 || !m) throw new Error(`census ${args.join(' ')} failed: ${r.stderr.slice(0, 400)}`);
  return { seconds, peakMb: Number(m[1]) / 1024 };
}

const fig = (x: { seconds: number; peakMb: number }) => `${x.seconds.toFixed(1)} s, peak ${x.peakMb.toFixed(0)} MB`;
const cliWbAnalyse = cli(['analyze', workbook, '--as-of', '2026-01-01']);
const cliWbExport = cli(['export', workbook, '--as-of', '2026-01-01', '--out', join(dir, 'out.xlsx')]);
const cliCsvExport = cli(['export', csvFile, '--as-of', '2026-01-01', '--out', join(dir, 'out-csv.xlsx')]);
console.log(`census analyze, 249,000-row workbook: ${fig(cliWbAnalyse)}`);
console.log(`census export,  249,000-row workbook: ${fig(cliWbExport)}`);
console.log(`census export,  5 MB CSV (${csvRows.toLocaleString('en-US')} rows): ${fig(cliCsvExport)}`);

// ---- the server ----------------------------------------------------------------------------------
async function startServer(port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['server/start.mjs'], {
    cwd: root,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, `data-${port}`), SMTP_URL: '', SMTP_INTAKE: 'false',
      LOG_LEVEL: 'warn', RATE_LIMIT_CENSUS_UPLOAD: '100000', RATE_LIMIT_CENSUS_STATUS: '100000', CENSUS_TIME_LIMIT_MS: '600000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (proc.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return proc;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The process's peak resident set so far, and its resident set now (MB, from /proc). */
function memoryOf(pid: number): { peakMb: number; nowMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peakMb: kb('VmHWM') / 1024, nowMb: kb('VmRSS') / 1024 };
}

async function upload(base: string, name: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${base}/main/case`, { method: 'POST', body: form });
  if (!res.ok) throw new Error(`upload ${res.status}`);
  return ((await res.json()) as { data: { caseId: string } }).data.caseId;
}

async function completed(base: string, id: string): Promise<void> {
  for (;;) {
    const res = await fetch(`${base}/main/case/status?caseId=${id}`);
    const { data } = (await res.json()) as { data: { status: string; message?: string } };
    if (data.status === 'completed') return;
    if (data.status === 'error') throw new Error(`case failed: ${data.message}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function exported(base: string, id: string): Promise<number> {
  const link = await fetch(`${base}/main/case?caseId=${id}&reportType=file`);
  if (!link.ok) throw new Error(`export ${link.status}: ${await link.text()}`);
  const { fileURL } = ((await link.json()) as { data: { fileURL: string } }).data;
  const file = await fetch(`${base}${new URL(fileURL).pathname}${new URL(fileURL).search}`);
  if (!file.ok) throw new Error(`download ${file.status}`);
  return (await file.arrayBuffer()).byteLength;
}

async function serverRun(file: string, name: string, twice: boolean) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const proc = await startServer(port);
  try {
    const bytes = readFileSync(file);
    const t0 = performance.now();
    const ids = twice ? [await upload(base, name, bytes), await upload(base, `2-${name}`, bytes)] : [await upload(base, name, bytes)];
    for (const id of ids) await completed(base, id);
    const analysed = { seconds: (performance.now() - t0) / 1000, ...memoryOf(proc.pid!) };
    // A person reads the report before asking for the file: the job thread has stopped by then.
    await new Promise((r) => setTimeout(r, READ_THE_REPORT_MS));
    const t1 = performance.now();
    await Promise.all(ids.map((id) => exported(base, id)));
    const exportedAt = { seconds: (performance.now() - t1) / 1000, ...memoryOf(proc.pid!) };
    // The memory goes back once the idle job threads stop (jobs/pool.ts): RSS a few seconds on.
    await new Promise((r) => setTimeout(r, READ_THE_REPORT_MS));
    return { analysed, exported: exportedAt, after: memoryOf(proc.pid!) };
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
  }
}

const wb = await serverRun(workbook, 'large.xlsx', false);
const one = await serverRun(csvFile, 'large.csv', false);
const two = await serverRun(csvFile, 'large.csv', true);
rmSync(dir, { recursive: true, force: true });

const line = (label: string, r: Awaited<ReturnType<typeof serverRun>>) =>
  `${label}: analysed in ${r.analysed.seconds.toFixed(1)} s (peak ${r.analysed.peakMb.toFixed(0)} MB), exported in ${r.exported.seconds.toFixed(1)} s (peak ${r.exported.peakMb.toFixed(0)} MB), RSS 7 s later ${r.after.nowMb.toFixed(0)} MB`;
console.log(line('server, 249,000-row workbook', wb));
console.log(line('server, 5 MB CSV', one));
console.log(line('server, two 5 MB CSVs at once', two));

const misses: string[] = [];
if (wb.analysed.peakMb > TARGETS.workbookAnalyseMb) misses.push(`workbook analysed at ${wb.analysed.peakMb.toFixed(0)} MB (target ${TARGETS.workbookAnalyseMb})`);
if (wb.exported.peakMb > TARGETS.workbookExportMb) misses.push(`workbook exported at ${wb.exported.peakMb.toFixed(0)} MB (target ${TARGETS.workbookExportMb})`);
if (wb.exported.seconds > TARGETS.exportVsAnalysis * wb.analysed.seconds) misses.push(`workbook export ${wb.exported.seconds.toFixed(1)} s, over ${TARGETS.exportVsAnalysis}x its analysis`);
if (one.exported.peakMb > TARGETS.csvExportMb) misses.push(`CSV exported at ${one.exported.peakMb.toFixed(0)} MB (target ${TARGETS.csvExportMb})`);
console.log(misses.length ? `missed: ${misses.join('; ')}` : 'all memory targets met');
process.exit(misses.length ? 1 : 0);
