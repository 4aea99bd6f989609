/**
 * The grid builder of the document reader (issue 30): text items with their positions in, tables of
 * cells out. Pure: no PDF library here (pdf.ts turns a PDF's pages into PageText, upright), so the
 * rules are unit-tested on hand-made item lists (tests/server/census/read/pdf-grid.test.ts).
 *
 *   lines     items whose baselines lie within a tolerance (a third of the font height) are one line;
 *   segments  within a line, items closer than a word space (half the font height) are one segment,
 *             the text of one cell;
 *   blocks    consecutive lines with two segments or more (a line of one segment between them is
 *             kept when it sits inside the columns) and no wide vertical gap make a candidate table;
 *   columns   the x extents of every segment of the block, header cells included, are merged: a gap
 *             that runs through the whole block separates two columns. A block of fewer than three
 *             columns, or of label/value pairs ('Name: Ann'), is not a table;
 *   pages     a table continuing on the next page (the first table there, whose columns line up with
 *             the previous page's last table, or whose first row repeats its header) is joined to
 *             it, and header rows repeated inside the joined table are dropped.
 * Coordinates: x to the right, y DOWN the page (top = 0), in points; y is an item's baseline.
 */
import { readRegister } from './pdf-register';

export interface TextItem {
  str: string;
  /** Left edge of the text. */
  x: number;
  /** Baseline, measured down from the top of the page. */
  y: number;
  width: number;
  /** Font height (the size the text is drawn at). */
  height: number;
  /** How sure a recogniser was of the word (OCR, 0..100); none for a text layer's own text. */
  confidence?: number;
}

export interface PageText {
  /** 1-based page number, for the sheet names. */
  page: number;
  items: TextItem[];
}

export interface GridTable {
  /** 'page N' (the page the table starts on); 'page N (2)' for a second table starting there. */
  name: string;
  /** Pages the table covers (first..last). */
  pages: number[];
  /** Cells: text, or null for an empty cell; every row has one cell per column. */
  rows: (string | null)[][];
  /**
   * Cells read with a confidence under UNCLEAR_CONFIDENCE (OCR): row and column index into rows, and
   * the lowest confidence of the cell's words. Absent when no item carried a confidence.
   */
  unclear?: UnclearCell[];
  /** Where each row is printed: its page and its line there (1-based, every line of text on the page counted from the top). */
  places: RowPlace[];
  /** Read as a payroll register (pdf-register.ts): one row per employee's block, names and ids only. */
  register?: true;
}

export interface RowPlace {
  page: number;
  line: number;
}

export interface UnclearCell {
  row: number;
  column: number;
  confidence: number;
}

/**
 * A cell whose least sure word was read with a confidence (0..100) under this is unclear: the review
 * asks for a check of it. Tesseract gives words it read cleanly 85-96 on the committed scans; a
 * misread digit or a smudged word falls under 70.
 */
export const UNCLEAR_CONFIDENCE = 70;

interface Segment {
  text: string;
  x0: number;
  x1: number;
  /** The lowest confidence of its items (OCR); undefined for a text layer. */
  confidence?: number;
}

/** Lowest of two confidences, either possibly absent. */
const lowest = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));

interface Line {
  y: number;
  height: number;
  segments: Segment[];
  /** 1-based line of the page, top to bottom (every line of text counted). */
  index?: number;
}

/** Per cell, the lowest confidence of its words (undefined: none given). */
type Confidences = (number | undefined)[][];

interface PageTable {
  page: number;
  columns: { x0: number; x1: number }[];
  rows: (string | null)[][];
  confidence: Confidences;
  places: RowPlace[];
  /** True for the first / last table found on its page. */
  first: boolean;
  last: boolean;
  register?: true;
}

/** Cells the tables may still hold: a RangeError past it (the read stage says the file is too large). */
interface CellCount {
  left: number;
}

/** Fewest columns a table has (label/value pairs have two). */
export const MIN_COLUMNS = 3;
/** Fewest rows (a header and one row). */
export const MIN_ROWS = 2;
/** Most columns (the widest census files have some 160): past this a block is not a table, and its rows are never made. */
export const MAX_COLUMNS = 400;

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * OCR reads an initial's 'J' as ')' ('TJ Olson' as 'T) Olson', taken for a form's label): in a cell
 * that opens no bracket, a capital closed by ')' is that capital and 'J'. 'Gender (M or F)' is kept.
 */
export function closeBracket(text: string): string {
  return text.includes(')') && !text.includes('(') ? text.replace(/\b([A-Z])\)(?=\s|$)/g, '$1J') : text;
}

/** Between a text layer's items, a gap wider than this many font heights separates two cells. */
export const TEXT_CELL_GAP = 0.4;

/** Items -> lines (top to bottom), each line's segments left to right. */
export function linesOf(items: TextItem[]): Line[] {
  const usable = items
    .filter((it) => clean(it.str) !== '' && Number.isFinite(it.x) && Number.isFinite(it.y) && it.height > 0)
    .sort((a, b) => a.y - b.y || a.x - b.x);
  const groups: { y: number; height: number; items: TextItem[] }[] = [];
  for (const it of usable) {
    const g = groups[groups.length - 1];
    const tolerance = g ? Math.max(g.height, it.height) / 3 : 0;
    if (g && Math.abs(it.y - g.y) <= tolerance) {
      g.items.push(it);
      g.height = Math.max(g.height, it.height);
    } else {
      groups.push({ y: it.y, height: it.height, items: [it] });
    }
  }
  return groups.map((g) => {
    const sorted = g.items.sort((a, b) => a.x - b.x);
    const segments: Segment[] = [];
    for (const it of sorted) {
      const s = segments[segments.length - 1];
      const x1 = it.x + Math.max(0, it.width);
      const text = it.str.replace(/\s+/g, ' ');
      // A word space is about a quarter of the font height; a cell's padding is wider than half. A
      // text layer's own items (no confidence) are measured closer: 0.44 font heights between a club
      // 'NYCFC' and a last name of a roster's next column is two cells (a text layer's word space stays
      // near a quarter; OCR's word boxes leave wider gaps between the words of one cell).
      if (s && it.x - s.x1 <= it.height * (it.confidence === undefined ? TEXT_CELL_GAP : 0.5)) {
        const gap = it.x - s.x1 > it.height / 8 && !/\s$/.test(s.text) && !/^\s/.test(text) ? ' ' : '';
        s.text += gap + text;
        s.x1 = Math.max(s.x1, x1);
        s.confidence = lowest(s.confidence, it.confidence);
      } else {
        segments.push({ text, x0: it.x, x1, ...(it.confidence !== undefined ? { confidence: it.confidence } : {}) });
      }
    }
    for (const s of segments) s.text = clean(s.confidence !== undefined ? closeBracket(s.text) : s.text);
    return { y: g.y, height: g.height, segments: segments.filter((s) => s.text !== '') };
  }).map((l, i) => ({ ...l, index: i + 1 }));
}

/** Column intervals: the union of the segments' x extents (a gap through every line splits columns). */
function columnsOf(lines: Line[]): { x0: number; x1: number }[] {
  const spans = lines.flatMap((l) => l.segments.map((s) => ({ x0: s.x0, x1: s.x1 }))).sort((a, b) => a.x0 - b.x0);
  const out: { x0: number; x1: number }[] = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last && s.x0 <= last.x1) last.x1 = Math.max(last.x1, s.x1);
    else out.push({ ...s });
  }
  return out;
}

/** The column (sorted, disjoint) that holds a segment, by binary search; -1 when none does. */
function columnAt(columns: { x0: number; x1: number }[], s: { x0: number; x1: number }): number {
  let lo = 0;
  let hi = columns.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = columns[mid];
    if (s.x1 < c.x0 - 0.01) hi = mid - 1;
    else if (s.x0 > c.x1 + 0.01) lo = mid + 1;
    else return s.x0 >= c.x0 - 0.01 && s.x1 <= c.x1 + 0.01 ? mid : -1;
  }
  return -1;
}

const overlaps = (a: { x0: number; x1: number }, b: { x0: number; x1: number }) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);

/** A block of label/value pairs ('Employer: Acme'): most lines hold a segment ending in ':' followed by another. */
function isForm(lines: Line[]): boolean {
  const pairs = lines.filter((l) => l.segments.some((s, i) => /:$/.test(s.text) && i + 1 < l.segments.length)).length;
  return pairs * 2 >= lines.length;
}

/** A step this many times the page's usual step between lines ends a block. */
const BLOCK_GAP = 1.8;

/**
 * Candidate blocks: runs of lines with 2+ segments, split at a vertical gap wider than BLOCK_GAP
 * times the page's usual step (and two font heights), or than about three lines.
 */
function blocksOf(lines: Line[]): Line[][] {
  const blocks: Line[][] = [];
  // A step much longer than the page's usual one (a title above the header, a gap between tables)
  // ends a block.
  const steps = lines.slice(1).map((l, i) => l.y - lines[i].y).sort((a, b) => a - b);
  const usual = steps.length ? steps[Math.floor(steps.length / 2)] : 0;
  let cur: Line[] = [];
  // The union of the x extents of the block's lines of 2+ segments, kept as lines are added (a
  // page of many one-cell lines must not recompute it for each: that was quadratic).
  let cols: { x0: number; x1: number }[] = [];
  const flush = () => {
    // A block's leading and trailing lines of one segment are a title or a footer, not rows.
    while (cur.length && cur[0].segments.length < 2) cur.shift();
    while (cur.length && cur[cur.length - 1].segments.length < 2) cur.pop();
    if (cur.length) blocks.push(cur);
    cur = [];
    cols = [];
  };
  for (const line of lines) {
    const prev = cur[cur.length - 1];
    const step = prev ? line.y - prev.y : 0;
    if (prev && (step > 3 * Math.max(prev.height, line.height) * 1.6 || (step > BLOCK_GAP * usual && step > 2 * Math.max(prev.height, line.height)))) flush();
    if (line.segments.length >= 2) {
      cur.push(line);
      cols = columnsOf([{ y: 0, height: 0, segments: [...cols.map((c) => ({ text: '', ...c })), ...line.segments] }]);
      continue;
    }
    // One segment: kept inside a block when it meets one of the block's columns so far and no other
    // (a row with one value, a wrapped cell); otherwise (a title, a note across the page) it ends the block.
    if (cols.length) {
      const s = line.segments[0];
      if (s && cols.filter((c) => overlaps(c, s) > 0).length === 1) {
        cur.push(line);
        continue;
      }
    }
    flush();
    if (line.segments.length) cur.push(line);
  }
  flush();
  return blocks;
}

/**
 * Which lines of a block continue the row above (a cell wrapped over several lines): the step from
 * the line above is short (under WRAP_PITCH of the block's row pitch, and about one font height), and
 * the line holds fewer cells than its row's first line. The row pitch is the median of the steps
 * clearly longer than the shortest; when no step is, or fewer than a fifth of them (a header's rule,
 * a gap between groups), no line is a continuation (every row one line).
 */
const WRAP_PITCH = 0.87;
/** Share of a block's steps that must be long for the short ones to be wrapped lines. */
const MIN_LONG_SHARE = 0.2;

export function continuations(block: { y: number; height: number; segments: unknown[] }[]): boolean[] {
  const out = block.map(() => false);
  if (block.length < 3) return out;
  const steps = block.slice(1).map((l, i) => l.y - block[i].y);
  const min = Math.min(...steps);
  const long = steps.filter((st) => st >= 1.15 * min).sort((a, b) => a - b);
  // A few long steps (under the header's rule, a gap between groups) are not the row pitch: rows are
  // then one line each, and the short steps are simply rows.
  if (long.length === 0 || long.length < MIN_LONG_SHARE * steps.length) return out;
  const pitch = long[Math.floor(long.length / 2)];
  let first = 0;
  for (let k = 1; k < block.length; k++) {
    const step = steps[k - 1];
    const short = step < WRAP_PITCH * pitch && step <= 1.4 * Math.max(block[k].height, block[k - 1].height);
    if (short && block[k].segments.length < block[first].segments.length) out[k] = true;
    else first = k;
  }
  return out;
}

/**
 * A gap between two header words narrower than this many font heights, over a column that holds
 * nothing below its header, is inside one header cell: OCR dropped the underscore of 'deferral_rate'
 * and left 'deferral' and 'rate' 0.65 font heights apart (a cell's padding is a font height or more).
 */
const HEADER_WORD_GAP = 0.8;

/**
 * Columns made of one header word alone (nothing in any row under it), set within HEADER_WORD_GAP of
 * the neighbouring column, are part of that column's header cell: they are joined.
 */
export function joinHeaderOnlyColumns(block: Line[], columns: { x0: number; x1: number }[]): { x0: number; x1: number }[] {
  if (block.length < 2 || columns.length < 2) return columns;
  const filled = columns.map(() => false);
  for (const line of block.slice(1)) {
    for (const s of line.segments) {
      const i = columnAt(columns, s);
      if (i >= 0) filled[i] = true;
    }
  }
  const h = block[0].height;
  const out = columns.map((c) => ({ ...c }));
  const keep = out.map(() => true);
  for (let i = 0; i < out.length; i++) {
    if (filled[i]) continue;
    const leftGap = i > 0 && keep[i - 1] ? out[i].x0 - out[i - 1].x1 : Infinity;
    const rightGap = i + 1 < out.length ? out[i + 1].x0 - out[i].x1 : Infinity;
    if (Math.min(leftGap, rightGap) >= HEADER_WORD_GAP * h) continue;
    if (leftGap <= rightGap) {
      out[i - 1].x1 = Math.max(out[i - 1].x1, out[i].x1);
      keep[i] = false;
    } else {
      out[i + 1].x0 = Math.min(out[i + 1].x0, out[i].x0);
      keep[i] = false;
    }
  }
  return out.filter((_, i) => keep[i]);
}

/**
 * OCR loses underscores (a thin line at the baseline, under a blur): 'Txt_Policy_ Number',
 * 'after_tax rate'. In a header row written with underscores (two cells or more hold one, and no
 * more cells hold a space than an underscore), a space inside a cell is a lost underscore.
 */
export function restoreUnderscores(header: (string | null)[]): (string | null)[] {
  const under = header.filter((c) => c !== null && c.includes('_')).length;
  const spaced = header.filter((c) => c !== null && c.includes(' ') && !c.includes('_')).length;
  if (under < 2 || spaced > under) return header;
  return header.map((c) => (c === null || !c.includes(' ') ? c : c.replace(/\s*_\s*/g, '_').replace(/\s+/g, '_')));
}

/**
 * OCR reads a speck after a word as ':' ('Marvins:', 'false:'): a body cell ending in a colon, in a
 * column whose header does not end in one and where no more than one cell in five does, is that value
 * (a form's labels, 'Employer:' on every line, are not a table's body and keep theirs).
 */
export function dropStrayColons(rows: (string | null)[][]): void {
  const width = rows[0]?.length ?? 0;
  for (let c = 0; c < width; c++) {
    if (/:\s*$/.test(rows[0][c] ?? '')) continue;
    const body = rows.slice(1).filter((r) => r[c] !== null && r[c] !== '');
    const colons = body.filter((r) => /\S:$/.test(r[c]!));
    if (colons.length === 0 || colons.length * 5 > body.length) continue;
    for (const r of colons) r[c] = r[c]!.slice(0, -1);
  }
}

/** The tables of one page, top to bottom. */
export function pageTables(page: PageText, budget: CellCount = { left: Infinity }): PageTable[] {
  const lines = linesOf(page.items);
  // A payroll register (employees as blocks closed by their totals line) is one table of its employees.
  const register = readRegister(lines);
  if (register) {
    budget.left -= register.rows.length * register.rows[0].length;
    if (budget.left < 0) throw new RangeError('More cells than the read allows.');
    const columns = register.rows[0].map((_, i) => ({ x0: i, x1: i + 0.5 }));
    const places = register.lines.map((line) => ({ page: page.page, line }));
    return [{ page: page.page, columns, rows: register.rows, confidence: register.confidence, places, first: true, last: true, register: true }];
  }
  const tables: PageTable[] = [];
  for (const block of blocksOf(lines)) {
    if (block.length < MIN_ROWS || isForm(block)) continue;
    const columns = joinHeaderOnlyColumns(block, columnsOf(block));
    if (columns.length < MIN_COLUMNS || columns.length > MAX_COLUMNS) continue;
    const rows: (string | null)[][] = [];
    const confidence: Confidences = [];
    const places: RowPlace[] = [];
    const wraps = continuations(block);
    block.forEach((line, k) => {
      const wrapped = wraps[k];
      const row: (string | null)[] = wrapped ? rows[rows.length - 1] : columns.map(() => null);
      const sure: (number | undefined)[] = wrapped ? confidence[confidence.length - 1] : columns.map(() => undefined);
      for (const s of line.segments) {
        const i = columnAt(columns, s);
        if (i < 0) continue;
        // A word broken at a hyphen over two lines is joined without a space ('Semi-' 'Monthly').
        row[i] = row[i] === null ? s.text : `${row[i]}${wrapped && row[i]!.endsWith('-') ? '' : ' '}${s.text}`;
        sure[i] = lowest(sure[i], s.confidence);
      }
      if (!wrapped) {
        budget.left -= row.length;
        if (budget.left < 0) throw new RangeError('More cells than the read allows.');
        rows.push(row);
        confidence.push(sure);
        places.push({ page: page.page, line: line.index ?? 0 });
      }
    });
    if (rows.length < MIN_ROWS) continue;
    // A scan's header (its words carried a confidence): underscores OCR dropped put back; specks
    // read as a colon after a value dropped.
    if (confidence.some((row) => row.some((c) => c !== undefined))) {
      rows[0] = restoreUnderscores(rows[0]);
      dropStrayColons(rows);
    }
    tables.push({ page: page.page, columns, rows, confidence, places, first: false, last: false });
  }
  if (tables.length) {
    tables[0].first = true;
    tables[tables.length - 1].last = true;
  }
  return tables;
}

const rowKey = (row: (string | null)[]) => row.map((c) => (c ?? '').toLowerCase()).join('\u0001');

/**
 * How the next page's table's columns map onto the open table's (index per next column), or null
 * when they do not line up: each of its columns overlaps exactly one of ours, none twice.
 */
function columnMap(open: { x0: number; x1: number }[], next: { x0: number; x1: number }[]): number[] | null {
  const used = new Set<number>();
  const map: number[] = [];
  for (const c of next) {
    const hits = open.map((o, i) => ({ i, o: overlaps(o, c) })).filter((h) => h.o > 0);
    if (hits.length !== 1 || used.has(hits[0].i)) return null;
    used.add(hits[0].i);
    map.push(hits[0].i);
  }
  return map;
}

/** Pages -> tables: each page's tables, a table running over pages joined, repeated headers dropped. */
export function buildTables(pages: PageText[], maxCells = Infinity): GridTable[] {
  const budget: CellCount = { left: maxCells };
  const out: GridTable[] = [];
  // Each table's cells' confidences, row for row beside its rows (joined with them over pages).
  const sureOf = new Map<GridTable, Confidences>();
  interface Open {
    table: GridTable;
    columns: { x0: number; x1: number }[];
    header: string;
    lastPage: number;
    endsPage: boolean;
  }
  const state: { open: Open | null } = { open: null };
  const names = new Map<number, number>();
  const start = (t: PageTable) => {
    const n = (names.get(t.page) ?? 0) + 1;
    names.set(t.page, n);
    const table: GridTable = { name: n === 1 ? `page ${t.page}` : `page ${t.page} (${n})`, pages: [t.page], rows: t.rows, places: t.places, ...(t.register ? { register: true as const } : {}) };
    out.push(table);
    sureOf.set(table, t.confidence);
    state.open = { table, columns: t.columns, header: rowKey(t.rows[0]), lastPage: t.page, endsPage: t.last };
  };
  for (const page of [...pages].sort((a, b) => a.page - b.page)) {
    for (const t of pageTables(page, budget)) {
      const o = state.open;
      if (o && t.first && o.endsPage && t.page === o.lastPage + 1) {
        const repeatsHeader = t.rows[0].length === o.table.rows[0].length && rowKey(t.rows[0]) === o.header;
        const map = repeatsHeader ? t.rows[0].map((_, i) => i) : columnMap(o.columns, t.columns);
        if (map) {
          const width = o.table.rows[0].length;
          const sure = sureOf.get(o.table)!;
          (repeatsHeader ? t.rows.slice(1) : t.rows).forEach((row, r) => {
            const joined: (string | null)[] = Array.from({ length: width }, () => null);
            const joinedSure: (number | undefined)[] = Array.from({ length: width }, () => undefined);
            const rowSure = t.confidence[repeatsHeader ? r + 1 : r];
            row.forEach((c, i) => {
              joined[map[i]] = c;
              joinedSure[map[i]] = rowSure[i];
            });
            if (rowKey(joined) !== o.header) {
              o.table.rows.push(joined);
              sure.push(joinedSure);
              o.table.places.push(t.places[repeatsHeader ? r + 1 : r]);
            }
          });
          o.table.pages.push(t.page);
          o.lastPage = t.page;
          o.endsPage = t.last;
          continue;
        }
      }
      start(t);
    }
  }
  for (const table of out) {
    const sure = sureOf.get(table)!;
    if (!sure.some((row) => row.some((c) => c !== undefined))) continue;
    table.unclear = [];
    sure.forEach((row, r) =>
      row.forEach((c, column) => {
        if (c !== undefined && c < UNCLEAR_CONFIDENCE && table.rows[r][column] !== null) table.unclear!.push({ row: r, column, confidence: c });
      }),
    );
  }
  return out;
}
