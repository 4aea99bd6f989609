/**
 * Delimited text -> one RawSheet. Delimiter detection is ours; the parsing itself is papaparse's
 * (RFC 4180 quoting, quoted newlines, "" escapes, any of CRLF/LF/CR line endings).
 *
 * Detection: for each candidate we count delimiters outside quotes on each of the first lines
 * (quote-aware, so a comma inside "Smith, John" does not count and a quoted field may span lines).
 * A real delimiter appears the same number of times on (nearly) every line; we pick the candidate
 * whose most common non-zero count covers the largest share of lines, then the larger count, then
 * the order comma, semicolon, tab, pipe. Before all that, a candidate under which quotes show up in
 * the middle of unquoted fields loses to one under which every quote opens a field.
 */
import type { ParseError } from 'papaparse';
import { Papa } from './sheetjs';
import type { Cell } from './types';

export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

const SAMPLE_CHARS = 64 * 1024;
const SAMPLE_LINES = 50;

export interface DelimiterScan {
  /** Count of the delimiter outside quotes, per non-blank logical line of the sample. */
  counts: number[];
  /**
   * Quote characters found inside an unquoted field. With the right delimiter, RFC 4180 quotes
   * open right after a delimiter; a quote mid-field is evidence that this candidate is wrong.
   */
  badQuotes: number;
}

/** Scans the start of the text as if `delim` were the delimiter (quotes open only at a field start). */
export function scanDelimiter(text: string, delim: string, maxLines = SAMPLE_LINES): DelimiterScan {
  const counts: number[] = [];
  let badQuotes = 0;
  let count = 0;
  let inQuotes = false;
  let atFieldStart = true;
  let lineHasContent = false;
  const end = Math.min(text.length, SAMPLE_CHARS);
  for (let i = 0; i < end && counts.length < maxLines; i++) {
    const ch = text[i];
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') i++;
        else inQuotes = false;
      }
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      if (lineHasContent) counts.push(count); // blank lines say nothing about the delimiter
      count = 0;
      atFieldStart = true;
      lineHasContent = false;
      continue;
    }
    lineHasContent = true;
    if (ch === delim) {
      count++;
      atFieldStart = true;
    } else if (ch === '"') {
      if (atFieldStart) inQuotes = true;
      else badQuotes++;
      atFieldStart = false;
    } else {
      atFieldStart = false;
    }
  }
  // The last line counts only when the sample reached the end of the text (otherwise it may be cut).
  if (lineHasContent && counts.length < maxLines && end === text.length) counts.push(count);
  return { counts, badQuotes };
}

/** Counts of `delim` outside quotes per logical line of the sample. */
export function countPerLine(text: string, delim: string, maxLines = SAMPLE_LINES): number[] {
  return scanDelimiter(text, delim, maxLines).counts;
}

export interface DelimiterGuess {
  delimiter: Delimiter;
  /** Share of sampled lines that have the winning count (0..1); 0 when no candidate appeared. */
  consistency: number;
}

export function detectDelimiter(text: string): DelimiterGuess {
  let best: { d: Delimiter; consistency: number; mode: number; badQuotes: number } | null = null;
  for (const d of DELIMITERS) {
    const { counts, badQuotes } = scanDelimiter(text, d);
    if (counts.length === 0) continue;
    const freq = new Map<number, number>();
    for (const c of counts) if (c > 0) freq.set(c, (freq.get(c) ?? 0) + 1);
    let mode = 0;
    let modeFreq = 0;
    for (const [c, f] of freq) {
      if (f > modeFreq || (f === modeFreq && c > mode)) {
        mode = c;
        modeFreq = f;
      }
    }
    if (mode === 0) continue;
    // Lines with more delimiters than the mode are usually fine (extra trailing fields); lines with
    // fewer are the title/note lines above a table. Count "at least the mode" as consistent but
    // weight exact matches higher so that a stray comma in a semicolon file does not win.
    const atLeast = counts.filter((c) => c >= mode).length;
    const consistency = (modeFreq + atLeast) / (2 * counts.length);
    const same = best !== null && Math.abs(consistency - best.consistency) <= 1e-9;
    if (
      !best ||
      badQuotes < best.badQuotes ||
      (badQuotes === best.badQuotes && (consistency > best.consistency + 1e-9 || (same && mode > best.mode)))
    ) {
      best = { d, consistency, mode, badQuotes };
    }
  }
  return best ? { delimiter: best.d, consistency: best.consistency } : { delimiter: ',', consistency: 0 };
}

export interface DelimitedParse {
  rows: Cell[][];
  delimiter: Delimiter;
  /** Papaparse complaints (e.g. an unclosed quote), as plain notes; parsing itself still succeeds. */
  problems: string[];
  /** True when parsing stopped because the text has more than maxRows rows. */
  truncated: boolean;
  /** True when parsing stopped because the rows so far hold more than maxCells cells. */
  tooManyCells: boolean;
  /** True when a first line "sep=X" (Excel's delimiter hint) was used and dropped. */
  sepLine?: boolean;
  /**
   * Problems that may have lost or changed rows (a quote that never closes, repaired or not): each a
   * plain sentence naming the row. The engine asks for a review for each (never silent).
   */
  review: string[];
}

export interface DelimitedOptions {
  delimiter?: Delimiter;
  maxRows?: number;
  maxCells?: number;
}

/**
 * Parse text (already decoded) into rows of strings; empty fields become null. A final empty line
 * produced by a trailing newline is not a row; blank lines inside the text are kept as [] so row
 * numbers match what the user sees in the file. A text that could pass a row or cell limit is taken
 * a row at a time (papaparse's step mode), so that parsing stops as soon as the limit is passed
 * instead of building the whole oversized table first; any other text is parsed whole (faster).
 */
export function parseDelimited(text: string, opts: DelimitedOptions = {}): DelimitedParse {
  // Excel's own hint: a first line "sep=;" names the delimiter and is not shown as data.
  const hint = /^sep=([,;\t|])[ \t]*(\r\n|\n|\r|$)/.exec(text);
  if (hint) {
    const rest = parseDelimited(text.slice(hint[0].length), { ...opts, delimiter: opts.delimiter ?? (hint[1] as Delimiter) });
    return { ...rest, sepLine: true };
  }
  const first = parseOnce(text, opts);
  if (first.unclosed && !first.truncated && !first.tooManyCells) return repairStrayQuote(text, opts, first.parse);
  if (first.misplaced) return joinedRows(first.parse);
  return first.parse;
}

/**
 * A misplaced quote that closed in a later quoted value joins the lines between into one row: a row
 * short of the header's width holding a line break. Not repaired (the intent is not clear), but the
 * review names the row, since the people on those lines are lost.
 */
function joinedRows(parse: DelimitedParse): DelimitedParse {
  const width = commonWidth(parse.rows);
  for (let i = 1; i < parse.rows.length; i++) {
    const r = parse.rows[i];
    if (r.length === 0 || r.length === width) continue;
    if (!r.some((c) => typeof c === 'string' && (c.includes('\n') || c.includes('\r')))) continue;
    const row = i + 1;
    return { ...parse, review: [`Row ${row} of the file joins several lines into one because of a misplaced quote character, so the rows after it may be lost: check row ${row} of the file.`] };
  }
  return parse;
}

/**
 * Where a quote that opens a field and never closes is: its offset in the text and its row (1-based,
 * logical rows: a quoted line break does not start a row; blank lines count, as the rows do).
 * Linear: one pass, no pattern.
 */
export function unclosedQuote(text: string, delimiter: string): { offset: number; row: number } | null {
  let inQuotes = false;
  let atFieldStart = true;
  let row = 1;
  let openAt = -1;
  let openRow = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') i++;
        else inQuotes = false;
      }
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row++;
      atFieldStart = true;
    } else if (ch === delimiter) atFieldStart = true;
    else if (ch === '"' && atFieldStart) {
      inQuotes = true;
      openAt = i;
      openRow = row;
    } else atFieldStart = false;
  }
  return inQuotes ? { offset: openAt, row: openRow } : null;
}

/** The end of the line that holds `offset` (the index of its line break, or the text's length). */
function lineEnd(text: string, offset: number): number {
  for (let i = offset; i < text.length; i++) if (text[i] === '\r' || text[i] === '\n') return i;
  return text.length;
}

/** The most common width of the rows (blank rows aside): the header's width in a census. */
function commonWidth(rows: readonly Cell[][]): number {
  const freq = new Map<number, number>();
  for (const r of rows) if (r.length > 1) freq.set(r.length, (freq.get(r.length) ?? 0) + 1);
  let width = 0;
  let most = 0;
  for (const [w, f] of freq) if (f > most || (f === most && w > width)) (width = w), (most = f);
  return width;
}

/** Rows from `from` (0-based) on that are blank or of the width: all of them, or all but one in twenty. */
function rowsOfWidth(rows: readonly Cell[][], from: number, width: number): boolean {
  let filled = 0;
  let right = 0;
  for (let i = from; i < rows.length; i++) {
    if (rows[i].length === 0) continue;
    filled++;
    if (rows[i].length === width) right++;
  }
  return filled > 0 && right >= Math.max(filled - 1, 0.95 * filled);
}

/**
 * A stray opening quote swallows the rest of the file as one value. Where the intent is clear it is
 * repaired: the quote is a character of its value (dropped) when its row then has the header's width,
 * or else its value closes at its line's end; either only when every row after it then parses into a
 * row of the header's width. Repaired or not, the note names the row and the engine asks for a review.
 */
function repairStrayQuote(text: string, opts: DelimitedOptions, broken: DelimitedParse): DelimitedParse {
  const open = unclosedQuote(text, broken.delimiter);
  const failed = (row: number) => ({
    ...broken,
    problems: broken.problems.map((p) => (p.startsWith('A quoted value is not closed') ? `A quoted value opened at row ${row} is not closed; the rest of the file was read as part of it.` : p)),
    review: [`A quote opened at row ${row} never closes, so the rows after it may be lost: check row ${row} of the file (a stray quote character) and upload it again.`],
  });
  if (!open) return broken;
  const before = broken.rows.slice(0, open.row - 1);
  const width = commonWidth(before);
  if (width < 2) return failed(open.row);
  const end = lineEnd(text, open.offset);
  const tries: [string, string][] = [
    [text.slice(0, open.offset) + text.slice(open.offset + 1), 'was dropped'],
    [text.slice(0, end) + '"' + text.slice(end), "was closed at its line's end"],
  ];
  for (const [fixed, how] of tries) {
    const again = parseOnce(fixed, { ...opts, delimiter: broken.delimiter });
    if (again.unclosed || again.truncated || again.tooManyCells) continue;
    const rows = again.parse.rows;
    // The row itself may be short when its value closed at the line's end; every row after it must be right.
    const rowRight = rows[open.row - 1]?.length === width;
    if (!rowsOfWidth(rows, open.row, width) || (!rowRight && how === 'was dropped')) continue;
    const note = `A stray quote at row ${open.row} ${how}; the rows after it were read as usual. Check row ${open.row}.`;
    return {
      ...again.parse,
      problems: [note, ...again.parse.problems],
      review: [`Row ${open.row} of the file has a stray quote character: we repaired it (the quote ${how}). Check that row ${open.row} reads right.`],
    };
  }
  return failed(open.row);
}

function parseOnce(text: string, opts: DelimitedOptions): { parse: DelimitedParse; unclosed: boolean; misplaced: boolean; truncated: boolean; tooManyCells: boolean } {
  const delimiter = opts.delimiter ?? detectDelimiter(text).delimiter;
  const maxRows = opts.maxRows ?? Number.POSITIVE_INFINITY;
  const maxCells = opts.maxCells ?? Number.POSITIVE_INFINITY;
  const rows: Cell[][] = [];
  let errors: ParseError[] = [];
  let cells = 0;
  let truncated = false;
  let tooManyCells = false;
  let pendingBlank = false; // a [''] row is only a blank line if something follows it
  /** Takes one of papaparse's rows; false once a limit is passed. */
  const take = (r: string[]): boolean => {
    if (pendingBlank) {
      rows.push([]);
      pendingBlank = false;
    }
    if (r.length === 1 && r[0] === '') {
      pendingBlank = true;
    } else {
      // In place: each row is a fresh array of papaparse's (a copy per row was ~75,000 short-lived
      // arrays on a 5 MB file, for the garbage collector to sweep).
      const row = r as Cell[];
      for (let i = 0; i < row.length; i++) if (row[i] === '') row[i] = null;
      rows.push(row);
      cells += r.length;
    }
    if (rows.length > maxRows) truncated = true;
    else if (cells > maxCells) tooManyCells = true;
    return !truncated && !tooManyCells;
  };
  const config = { delimiter, quoteChar: '"', escapeChar: '"', header: false, dynamicTyping: false, skipEmptyLines: false } as const;
  if (withinLimits(text, delimiter, maxRows, maxCells)) {
    // The text cannot pass a limit: parsed whole (papaparse's step mode, a result object and a call per
    // row, costs a fifth more on a 5 MB file).
    const result = Papa.parse<string[]>(text, config);
    errors = result.errors;
    for (let ri = 0; ri < result.data.length; ri++) {
      const r = result.data[ri];
      take(r);
    }
  } else {
    // Row by row, so that parsing stops as soon as a row or cell limit is passed.
    Papa.parse<string[]>(text, {
      ...config,
      step: (result, parser) => {
        // papaparse numbers a step's errors from 0 within the step: the row is this one, counted as the whole parse counts.
        for (const e of result.errors) errors.push({ ...e, row: rows.length + (pendingBlank ? 1 : 0) });
        if (!take(result.data)) parser.abort();
      },
    });
  }
  // A last [''] row is a blank line only when the text does not simply end with a line break.
  if (pendingBlank && !/[\r\n]$/.test(text)) rows.push([]);
  const parse: DelimitedParse = { rows, delimiter, problems: summariseErrors(errors), truncated, tooManyCells, review: [] };
  return { parse, unclosed: errors.some((e) => e.code === 'MissingQuotes'), misplaced: errors.some((e) => e.code === 'InvalidQuotes'), truncated, tooManyCells };
}

/**
 * Whether the text surely stays within the limits: it has no more lines than rows allowed, and no more
 * delimiters and line breaks (each starts a cell at most) than cells allowed.
 */
function withinLimits(text: string, delimiter: string, maxRows: number, maxCells: number): boolean {
  if (maxRows === Number.POSITIVE_INFINITY && maxCells === Number.POSITIVE_INFINITY) return true;
  if (text.length < maxRows && text.length < maxCells) return true;
  // indexOf is the engine's own search, far faster than a loop over the characters.
  const breaks = occurrences(text, '\n') + occurrences(text, '\r');
  if (breaks + 1 > maxRows) return false;
  return text.length < maxCells || breaks + occurrences(text, delimiter) + 1 <= maxCells;
}

function occurrences(text: string, ch: string): number {
  let n = 0;
  for (let i = text.indexOf(ch); i >= 0; i = text.indexOf(ch, i + 1)) n++;
  return n;
}

function summariseErrors(errors: ParseError[]): string[] {
  const byCode = new Map<string, { count: number; firstRow?: number }>();
  for (const e of errors) {
    // Auto-detection is ours; papaparse's "UndetectableDelimiter" cannot happen with a fixed delimiter.
    if (e.code === 'UndetectableDelimiter') continue;
    const entry = byCode.get(e.code) ?? { count: 0, firstRow: e.row };
    entry.count++;
    byCode.set(e.code, entry);
  }
  const out: string[] = [];
  for (const [code, { count, firstRow }] of byCode) {
    const where = firstRow !== undefined ? ` (first at row ${firstRow + 1})` : '';
    if (code === 'MissingQuotes') out.push(`A quoted value is not closed${where}; the rest of the file was read as part of it.`);
    else if (code === 'InvalidQuotes') out.push(`${count} value(s) have a misplaced quote character${where}; they were read as written.`);
    else out.push(`${count} line(s) could not be split cleanly${where}.`);
  }
  return out;
}
