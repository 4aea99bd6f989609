/**
 * The `census` command (bin/census.mjs loads this through tsx):
 *
 *   census analyze FILE... [--as-of YYYY-MM-DD] [--password PW] [--reading R.json]   prints the report object as JSON
 *   census export FILE... --out cleaned.xlsx|cleaned.csv [--as-of YYYY-MM-DD] [--password PW] [--reading R.json]
 *   census reading FILE... [--as-of YYYY-MM-DD] [--password PW] [--reading R.json]   prints the reading used, as JSON
 *   census targets [--json]                                            lists the export targets
 *   census export FILE... --target ID --out PATH                        writes the file of an export target
 *   census readiness FILE... --target ID                                prints what the census lacks for a target, as JSON
 *   census members FILE... [--target ID] [--reading R.json]             prints the member table (issue 28), as JSON
 *   any of them with --languages en,pt (a diagnostic: only those language packs are read)
 *
 * Exit status 0 on success; 2 with one plain line on stderr ("census: ...") for anything it cannot do:
 * unknown flags, missing files, a bad date, a file it cannot read. Never a stack trace.
 */
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { CensusReadError, closeOcrReader } from './read';
import { sniffContent } from './read/sniff';
import { CensusEngineError, analyzeCensus, errorFileName, type CensusInputFile } from './engine';
import { todayIso } from './values/dates';
import { readingOf } from './apply-reading';
import { usePseudonymKey } from './text';
import { ALL_PACKS, LANGUAGES_ENV, PACKS, parseLanguages } from './lang';
// The arguments are checked against the catalog (ids and formats, no code); the targets' and the
// export's code is loaded by the commands that write or judge a file (start-up: analyze never needs it).
import { TARGET_CATALOG, unknownTargetMessage } from './targets/catalog';
import type { CensusReading } from '../../shared/census/report';
import { keepsFullValue } from './fields';

export const USAGE = `Usage:
  census analyze FILE... [--as-of YYYY-MM-DD] [--password PW] [--reading READING.json]
  census export FILE... --out PATH.xlsx|PATH.csv [--as-of YYYY-MM-DD] [--password PW] [--reading READING.json]
  census export FILE... --target ID --out PATH [--as-of YYYY-MM-DD] [--password PW] [--reading READING.json] [--keep-ssn]
  census readiness FILE... --target ID [--as-of YYYY-MM-DD] [--password PW] [--reading READING.json] [--keep-ssn]
  census reading FILE... [--as-of YYYY-MM-DD] [--password PW] [--reading READING.json]
  census members FILE... [--target ID] [--as-of YYYY-MM-DD] [--password PW] [--reading READING.json]
  census targets [--json]

Reads employee census files (CSV/TXT, XLS, XLSX, and PDFs with a text layer, whose tables are read
as sheets 'page N'; scanned pages as image-only PDFs or PNG/JPG images, read by OCR; several files
make one case), maps their columns, cleans and deduplicates the members and computes the census
report.

  analyze      print the report object as JSON on stdout
  export       write the clean member list (XLSX: with a sheet of every change made), or with
               --target the file a carrier, exchange or platform takes (see census targets)
  readiness    print what the census lacks for a target as JSON: {target, ready, problems:
               [{field, count, blocking, message}]}
  targets      list the export targets (id, format, name); --json for id, name, format,
               description and source
  reading      print the reading the engine uses (every column with its field, every sheet with
               read and headerRow, every code with what it reads as, the hand edits and row
               marks) as JSON, ready to edit and pass back with --reading
  members      print the member table as JSON: every member read, counted or not, with its file,
               sheet, row, key, values and problems ({asOf, members: [...]}); with --target, that
               target's missing fields per member

Options:
  --as-of DATE     analysis date, YYYY-MM-DD (default: today)
  --password PW    password of protected workbooks
  --out PATH       export: the file to write; .xlsx or .csv (with --target: the target's extension)
  --target ID      export, readiness, members: an export target (census targets lists them)
  --json           targets: print JSON
  --keep-ssn       export, readiness: keep full SSNs for a target that requires them (dchl, mahc,
                   launchpad-census): the file gets the nine digits from the census, readiness counts
                   the employees without one. Without it only the last four digits are kept
  --reading FILE   a reading (JSON: columns, sheets, codes, edits, rows) that overrides the
                   engine's choices and applies hand edits and row marks
  --languages LIST a diagnostic: read only these language packs (en,es,pt,fr,de), to see how the
                   engine reads a census whose language it has no words for
  -h, --help       this help

Environment:
  CENSUS_KEY       64 hex digits: the key of SSN pseudonyms and of the member table's row keys, so
                   that keys printed by one run match the next (random per run otherwise)

Exit status: 0 on success, 2 with one line on stderr when the input cannot be used.`;

export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const defaultIO: CliIO = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
};

class UsageError extends Error {}

type Command = 'analyze' | 'export' | 'reading' | 'readiness' | 'members' | 'targets' | 'help';
interface Parsed {
  command: Command;
  files: string[];
  asOf?: string;
  password?: string;
  out?: string;
  reading?: string;
  target?: string;
  json?: boolean;
  keepSsn?: boolean;
}

const VALUE_FLAGS = new Set(['--as-of', '--password', '--out', '--reading', '--target', '--languages']);
const COMMANDS = ['analyze', 'export', 'reading', 'readiness', 'members', 'targets'];

export function parseArgs(argv: readonly string[]): Parsed {
  const positional: string[] = [];
  const values: Record<string, string> = {};
  let help = false;
  let json = false;
  let keepSsn = false;
  let onlyFiles = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (onlyFiles || !arg.startsWith('-') || arg === '-') {
      positional.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyFiles = true;
      continue;
    }
    if (arg === '-h' || arg === '--help') {
      help = true;
      continue;
    }
    if (arg === '--json') {
      json = true;
      continue;
    }
    if (arg === '--keep-ssn') {
      keepSsn = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (!VALUE_FLAGS.has(name)) throw new UsageError(`unknown option ${oneLine(name)} (see census --help)`);
    let value: string | undefined;
    if (eq > 0) value = arg.slice(eq + 1);
    else {
      value = argv[i + 1];
      i++;
    }
    if (value === undefined || (eq < 0 && value.startsWith('--'))) throw new UsageError(`option ${name} needs a value`);
    values[name] = value;
  }
  if (help) return { command: 'help', files: [] };
  const [command, ...files] = positional;
  if (!command) throw new UsageError('missing command: analyze, export, readiness, reading, members or targets (see census --help)');
  if (command === 'help') return { command: 'help', files: [] };
  const cmd = (command === 'analyse' ? 'analyze' : command) as Command;
  if (!COMMANDS.includes(cmd)) throw new UsageError(`unknown command '${oneLine(command)}': use analyze, export, readiness, reading, members or targets (see census --help)`);
  if (json && cmd !== 'targets') throw new UsageError('--json is a targets option (use: census targets --json)');
  if (keepSsn && cmd !== 'export' && cmd !== 'readiness') throw new UsageError('--keep-ssn is an export and readiness option (with --target)');
  if (cmd === 'targets') {
    if (files.length > 0 || Object.keys(values).length > 0) throw new UsageError('targets takes no files or options but --json');
    return { command: 'targets', files: [], json };
  }
  if (files.length === 0) throw new UsageError(`${cmd} needs at least one census file`);
  const targetId = values['--target'];
  if (targetId !== undefined && cmd !== 'export' && cmd !== 'readiness' && cmd !== 'members') throw new UsageError('--target is an export, readiness and members option');
  if (cmd === 'readiness' && !targetId) throw new UsageError('readiness needs --target ID (census targets lists them)');
  const target = targetId === undefined ? undefined : TARGET_CATALOG.find((t) => t.id === targetId);
  if (targetId !== undefined && !target) throw new UsageError(unknownTargetMessage(oneLine(targetId)).replace(/\.$/, ''));
  const languages = values['--languages'];
  if (languages !== undefined) checkLanguages(languages);
  const asOf = values['--as-of'];
  if (asOf !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(asOf)) throw new UsageError(`--as-of must be a date written YYYY-MM-DD (got '${oneLine(asOf)}')`);
  if (cmd !== 'export' && values['--out'] !== undefined) throw new UsageError('--out is an export option (use: census export FILE... --out PATH)');
  if (cmd === 'export') {
    const out = values['--out'];
    if (!out) throw new UsageError(target ? `export needs --out PATH.${target.format}` : 'export needs --out PATH.xlsx or PATH.csv');
    const ext = extname(out).toLowerCase();
    if (target && ext !== `.${target.format}`) throw new UsageError(`--out must end in .${target.format} for the target ${target.id} (got '${oneLine(out)}')`);
    if (!target && ext !== '.xlsx' && ext !== '.csv') throw new UsageError(`--out must end in .xlsx or .csv (got '${oneLine(out)}')`);
  }
  if (keepSsn && cmd === 'export' && !target) throw new UsageError('--keep-ssn needs --target ID: a target that requires the SSN (dchl, mahc, launchpad-census)');
  return { command: cmd, files, asOf, password: values['--password'], out: values['--out'], reading: values['--reading'], target: target?.id, ...(keepSsn ? { keepSsn } : {}) };
}

/**
 * --languages is a diagnostic: the packs are read when the engine's modules load, so bin/census.mjs
 * sets CENSUS_LANGUAGES from it before loading; here the list is checked against the packs loaded.
 */
function checkLanguages(list: string): void {
  const parsed = parseLanguages(list);
  if ('unknown' in parsed) throw new UsageError(`--languages: no language pack '${oneLine(parsed.unknown)}' (packs: ${ALL_PACKS.map((p) => p.code).join(', ')})`);
  const loaded = PACKS.map((p) => p.code).sort().join(',');
  if ([...new Set(parsed.codes)].sort().join(',') !== loaded) {
    throw new UsageError(`--languages must be set before the engine loads (run bin/census.mjs, or set ${LANGUAGES_ENV}); packs loaded: ${loaded}`);
  }
}

/** One line, no control characters, not too long: what a hostile file name or message may hold. */
function oneLine(text: string, max = 200): string {
  // eslint-disable-next-line no-control-regex
  const s = String(text).replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** A reading file: JSON in the CensusReading shape (its content is checked by the engine). */
async function loadReading(path: string): Promise<CensusReading> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UsageError(`reading file not found: ${oneLine(path)}`);
    throw new UsageError(`cannot read the reading file ${oneLine(path)}`);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, '')) as CensusReading;
  } catch {
    throw new UsageError(`the reading file ${oneLine(path)} is not JSON`);
  }
}

async function loadFiles(paths: string[], password: string | undefined): Promise<CensusInputFile[]> {
  const out: CensusInputFile[] = [];
  for (const p of paths) {
    let bytes: Uint8Array;
    try {
      bytes = await readFile(p);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new UsageError(`file not found: ${oneLine(p)}`);
      if (code === 'EISDIR') throw new UsageError(`not a file: ${oneLine(p)}`);
      if (code === 'EACCES' || code === 'EPERM') throw new UsageError(`permission denied: ${oneLine(p)}`);
      throw new UsageError(`cannot read ${oneLine(p)}`);
    }
    out.push({ fileName: basename(p), bytes, password });
  }
  return out;
}

function messageOf(err: unknown): string {
  if (err instanceof UsageError) return err.message;
  if (err instanceof CensusReadError || err instanceof CensusEngineError) {
    const file = errorFileName(err);
    const text = oneLine(err.message).replace(/\.$/, '');
    return file ? `${text} (${oneLine(file)})` : text;
  }
  const e = err as { code?: string; message?: string };
  if (e && (e.code === 'EACCES' || e.code === 'EPERM')) return 'permission denied writing the output file';
  if (e && e.code === 'ENOENT') return 'the output folder does not exist';
  return `internal error: ${oneLine(e?.message ?? String(err))}`;
}

/** Runs the command; returns the exit status. Never throws. */
export async function run(argv: readonly string[], io: CliIO = defaultIO): Promise<number> {
  try {
    const args = parseArgs(argv);
    if (args.command === 'help') {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    if (args.command === 'targets') {
      const { TARGETS } = await import('./targets');
      if (args.json) {
        const list = TARGETS.map(({ id, name, format, description, source }) => ({ id, name, format, description, source }));
        io.stdout(`${JSON.stringify(list, null, 2)}\n`);
      } else {
        const width = Math.max(...TARGETS.map((t) => t.id.length));
        io.stdout(TARGETS.map((t) => `${t.id.padEnd(width)}  ${t.format.padEnd(4)}  ${t.name}\n`).join(''));
      }
      return 0;
    }
    useKeyFromEnvironment();
    const reading = args.reading !== undefined ? await loadReading(args.reading) : undefined;
    const files = await loadFiles(args.files, args.password);
    favourMemoryForLargeWorkbooks(files);
    const keepSsn = args.keepSsn === true;
    if (keepSsn && args.command === 'export') {
      // Full SSNs go only into the file of a target that requires them.
      const { targetById } = await import('./targets');
      if (!targetById(args.target!)!.requires.some((r) => keepsFullValue(r.field))) {
        throw new UsageError(`--keep-ssn is for a target that requires the SSN (dchl, mahc, launchpad-census), not ${args.target}`);
      }
    }
    const result = await analyzeCensus(files, { asOf: args.asOf ?? todayIso(), reading, ...(keepSsn ? { keepSsn } : {}) });
    if (args.command === 'analyze') {
      io.stdout(`${JSON.stringify(result.report, null, 2)}\n`);
      return 0;
    }
    if (args.command === 'reading') {
      io.stdout(`${JSON.stringify(readingOf(result, reading), null, 2)}\n`);
      return 0;
    }
    if (args.command === 'members') {
      const [{ targetById }, { memberTable }] = await Promise.all([import('./targets'), import('./member-table')]);
      io.stdout(`${JSON.stringify(memberTable(result, { target: args.target ? targetById(args.target) : undefined }), null, 2)}\n`);
      return 0;
    }
    if (args.command === 'readiness') {
      const { readinessOf, targetById } = await import('./targets');
      io.stdout(`${JSON.stringify(readinessOf(targetById(args.target!)!, result), null, 2)}\n`);
      return 0;
    }
    const out = args.out!;
    const format = extname(out).toLowerCase() === '.csv' ? 'csv' : 'xlsx';
    const [{ targetById, writeTargetTo }, { membersFor }, { cleanTarget }] = await Promise.all([import('./targets'), import('./targets/rows'), import('./export')]);
    const target = args.target ? targetById(args.target)! : undefined;
    // Written as it is made (a few hundred KB at a time), never held whole (issue 31).
    writeFileChunks(out, (onChunk) => writeTargetTo(target ?? cleanTarget(format), result, onChunk));
    const written = target ? membersFor(target, result.members).length : result.members.length;
    io.stdout(`census: wrote ${written} members to ${oneLine(out)} (${result.report.totalLives} lives as of ${result.asOf})\n`);
    return 0;
  } catch (err) {
    io.stderr(`census: ${messageOf(err)}\n`);
    return 2;
  } finally {
    // A scan was read by OCR in a worker thread of its own: ended, or the command would not exit.
    await closeOcrReader().catch(() => undefined);
  }
}

/** CENSUS_KEY (64 hex digits or more): the pseudonyms' key, so that row keys and pseudonyms repeat across runs. */
function useKeyFromEnvironment(): void {
  const hex = process.env.CENSUS_KEY;
  if (hex === undefined || hex === '') return;
  if (!/^[0-9a-fA-F]{64,}$/.test(hex) || hex.length % 2 !== 0) throw new UsageError('CENSUS_KEY must be 64 hex digits or more');
  usePseudonymKey(new Uint8Array(Buffer.from(hex, 'hex')));
}

/** A file written chunk by chunk as `write` gives them; a file left half-written by an error is removed. */
function writeFileChunks(path: string, write: (onChunk: (chunk: Uint8Array) => void) => void): void {
  const fd = openSync(path, 'w');
  try {
    write((chunk) => {
      for (let at = 0; at < chunk.length; ) at += writeSync(fd, chunk, at);
    });
    closeSync(fd);
  } catch (err) {
    closeSync(fd);
    rmSync(path, { force: true });
    throw err;
  }
}

/**
 * A workbook (a ZIP) over this size unpacks to tens of MB of cells: the command, a process of its
 * own, then has V8 favour memory over speed (--optimize-for-size: the heap grows later, collected
 * sooner). The 249,000-row workbook's analysis peaked at 636 MB without, 462 MB with, for about 15%
 * more time; a 5 MB CSV would pay 30% more CPU for no need (161 MB), so text files never set it.
 */
const LARGE_WORKBOOK_BYTES = 1024 * 1024;

function favourMemoryForLargeWorkbooks(files: readonly CensusInputFile[]): void {
  if (files.some((f) => f.bytes.length > LARGE_WORKBOOK_BYTES && sniffContent(f.bytes).kind === 'zip')) setFlagsFromString('--optimize-for-size');
}
