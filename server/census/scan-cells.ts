/**
 * The cells of a table read from a scan, checked once its columns are mapped (issue 30). OCR gives
 * every cell a confidence (read/pdf-grid.ts: the cells under UNCLEAR_CONFIDENCE come with the sheet,
 * RawSheet.scan) and confuses a few letters with digits ('O' for 0, 'l' for 1). Here:
 *
 *  - a cell of a column whose field holds digits (FieldSpec.scanDigits: birth dates, ZIP codes,
 *    salaries, SSNs, ages) with a letter in a digit's place is corrected before it is normalised
 *    (read/ocr/digits.ts), and the correction is a change of the change log; so is an id whose digit
 *    part after its letter prefix holds a letter ('EMPO01'), when the column's other ids show the
 *    shape (the same prefix, then that many digits);
 *  - after normalising, such a cell that was corrected, that still holds a letter beside a digit, or
 *    that does not read, is a reason of the review, counted and with its rows: never a silent figure;
 *  - every unclear cell of a mapped column is a change 'unclear in the scan' (from and to the value as
 *    read), which the member table marks on its cell (member-table.ts).
 *
 * A sheet that was not read from a scan is never touched.
 */
import type { RawSheet } from './read';
import { checkDigits, fixCodeDigits, fixIdDigits, hasDigitSwap } from './read/ocr/digits';
import { FIELDS, fieldLabel } from './fields';
import { formatCount } from './read/limits';
import { REVIEW_WEIGHT, type ReviewItem } from './review';
import type { Change, ColumnMapping, LocatedTable } from './types';
import { cellText } from './text';

/** The change log's word for a cell OCR was unsure of (member-table.ts marks it on its cell). */
export const UNCLEAR_WHY = 'unclear in the scan';
/** The change log's word for a letter read in a digit's place, corrected. */
export const DIGIT_FIX_WHY = 'read from a scan: a letter in place of a digit, corrected';


/** What a scanned table's check found: corrections made before normalising, the unclear cells. */
export interface ScanFindings {
  /** Corrected cells: 1-based source row, field. */
  fixed: { row: number; field: string; column: number }[];
  /** Cells that still hold a letter beside a digit (not corrected: the value would not fit its field). */
  doubtful: { row: number; field: string; column: number }[];
  changes: Change[];
}

/**
 * Before normalising: letters read in digits' places corrected in the columns whose field holds
 * digits (the table's rows are copied where a cell changes), unclear cells of mapped columns listed.
 * Null for a sheet not read from a scan.
 */
export function correctScannedTable(file: string, sheet: RawSheet, table: LocatedTable, columns: readonly ColumnMapping[]): ScanFindings | null {
  if (!sheet.scan) return null;
  const out: ScanFindings = { fixed: [], doubtful: [], changes: [] };
  const bySheetRow = new Map<number, number>();
  table.rowIndex.forEach((sheetRow, i) => bySheetRow.set(sheetRow, i));
  for (const col of columns) {
    // Ids: the digits after a letter prefix, by the shape of the column's other ids ('EMPO01'); codes
    // of one digit (a status '0'/'1', a relationship code) read as a letter alone ('O'), by the column's
    // other codes.
    // An id of letters and digits (its spec's kind, with no digit shape of its own: not the SSN): letters
    // read in its digits are corrected by the column's other ids' shape.
    const spec = col.field ? FIELDS[col.field] : null;
    const fixer = !spec ? null : spec.kind === 'id' && !spec.scanDigits ? fixIdDigits : !spec.scanDigits ? fixCodeDigits : null;
    if (col.field && fixer) {
      for (const fix of fixer(table.rows.map((row) => cellText(row[col.index] ?? null)))) {
        const row = table.rows[fix.index];
        const text = cellText(row[col.index] ?? null);
        const copy = [...row];
        copy[col.index] = fix.text;
        table.rows[fix.index] = copy;
        const rowNo = table.rowIndex[fix.index] + 1;
        out.fixed.push({ row: rowNo, field: col.field, column: col.index });
        out.changes.push({ file, sheet: table.sheet, row: rowNo, field: col.field, from: text, to: fix.text, why: DIGIT_FIX_WHY });
      }
      continue;
    }
    const digits = col.field ? FIELDS[col.field].scanDigits : undefined;
    if (!col.field || !digits) continue;
    table.rows.forEach((row, i) => {
      const text = cellText(row[col.index] ?? null);
      if (!text.trim()) return;
      const check = checkDigits(text, digits);
      if (!check.corrected) {
        if (hasDigitSwap(text)) out.doubtful.push({ row: table.rowIndex[i] + 1, field: col.field!, column: col.index });
        return;
      }
      const copy = [...row];
      copy[col.index] = check.text;
      table.rows[i] = copy;
      const rowNo = table.rowIndex[i] + 1;
      out.fixed.push({ row: rowNo, field: col.field!, column: col.index });
      out.changes.push({ file, sheet: table.sheet, row: rowNo, field: col.field!, from: text, to: check.text, why: DIGIT_FIX_WHY });
    });
  }
  const mapped = new Map(columns.filter((c) => c.field).map((c) => [c.index, c.field!]));
  for (const u of sheet.scan.unclear) {
    const i = bySheetRow.get(u.row);
    const field = mapped.get(u.column);
    if (i === undefined || !field) continue;
    const value = cellText(table.rows[i][u.column] ?? null);
    out.changes.push({ file, sheet: table.sheet, row: u.row + 1, field, from: value, to: value, why: `${UNCLEAR_WHY} (confidence ${Math.round(u.confidence)})` });
  }
  return out;
}

const rowList = (rows: number[]) => {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const shown = sorted.slice(0, 8).join(', ');
  return `${sorted.length === 1 ? 'row' : 'rows'} ${shown}${sorted.length > 8 ? ` and ${formatCount(sorted.length - 8)} more` : ''}`;
};

/**
 * After normalising: the review's reasons for the digit columns of a scanned table, one per field:
 * how many cells were corrected and how many still do not read, with their rows.
 */
export function scanDigitReview(file: string, sheetName: string, findings: ScanFindings, normChanges: readonly Change[], columns: readonly ColumnMapping[]): ReviewItem[] {
  const out: ReviewItem[] = [];
  for (const col of columns) {
    if (!col.field || (!FIELDS[col.field].scanDigits && !findings.fixed.some((f) => f.column === col.index))) continue;
    const field = col.field;
    const fixed = findings.fixed.filter((f) => f.column === col.index).map((f) => f.row);
    const unread = normChanges.filter((c) => c.field === field && c.sheet === sheetName && /^unreadable /.test(c.why)).map((c) => c.row);
    const doubtful = findings.doubtful.filter((f) => f.column === col.index && !unread.includes(f.row)).map((f) => f.row);
    if (!fixed.length && !unread.length && !doubtful.length) continue;
    const label = fieldLabel(field);
    const parts: string[] = [];
    if (fixed.length) parts.push(`${formatCount(fixed.length)} ${fixed.length === 1 ? 'value' : 'values'} had a letter read in place of a digit, corrected (${rowList(fixed)})`);
    if (doubtful.length) parts.push(`${formatCount(doubtful.length)} ${doubtful.length === 1 ? 'value holds' : 'values hold'} a letter beside a digit and may be misread (${rowList(doubtful)})`);
    if (unread.length) parts.push(`${formatCount(unread.length)} ${unread.length === 1 ? 'value does' : 'values do'} not read as a ${label} and ${unread.length === 1 ? 'was' : 'were'} left blank (${rowList(unread)})`);
    out.push({
      file,
      reason: `Read from a scanned page: in column '${col.header}' (${label}), ${parts.join('; ')}. Check them against the page.`,
      columns: [{ file, sheet: sheetName, header: col.header }],
      weight: FIELDS[field].stakes ? REVIEW_WEIGHT[FIELDS[field].stakes!] : REVIEW_WEIGHT.pay,
    });
  }
  return out;
}
