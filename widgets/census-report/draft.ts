/**
 * The editable reading of the 'How we read your file' panel, free of any UI framework: what the
 * report says the engine used (its columns, sheets and code values), the visitor's changes on top, and
 * the CensusReading to send. A PATCH replaces the whole outside reading, so what is sent is every
 * earlier change still standing plus the new ones.
 */
import { VALUE_WORDS } from '../internal/census-words';
import { FIELD_NAMES } from './reading-words';
import {
  CANONICAL_FIELDS,
  CODE_VALUES,
  type CanonicalField,
  type CensusCodeValues,
  type CensusColumn,
  type CensusColumnAlternative,
  type CensusReading,
  type CensusReadingInfo,
  type CensusReport,
  type CensusReview,
} from '../../shared/census/report';

/** The report as the engine of issue 12 returns it: review, reading and code values may be missing in older reports. */
export type ReadColumn = CensusColumn & { alternatives?: CensusColumnAlternative[]; fromReading?: boolean };
export type ReportWithReading = Omit<CensusReport, 'columns'> & {
  columns: ReadColumn[];
  review?: CensusReview;
  reading?: CensusReadingInfo;
  codeValues?: CensusCodeValues[];
};

export const key = (...parts: (string | number | null | undefined)[]) => parts.map((p) => String(p ?? '')).join('\u0000');

/** The values a code column's entries can be read as (canonical values of its field), '' = blank. */
export const CODE_CHOICES: Record<CensusCodeValues['field'], readonly string[]> = CODE_VALUES;

export const CODE_NAMES: Record<string, string> = {
  ...VALUE_WORDS,
  EE: 'Employee only (EE)',
  ES: 'Employee + spouse (ES)',
  EC: 'Employee + children (EC)',
  EF: 'Family (EF)',
  '': 'Blank (no value)',
};

export interface SheetRow {
  file: string;
  sheet: string;
  /** Whether the engine read members from it. */
  read: boolean;
}

/** Sheets of the report: those whose columns were read, then those the issues say were skipped. */
export function sheetsOf(report: ReportWithReading): SheetRow[] {
  const seen = new Map<string, SheetRow>();
  for (const c of report.columns ?? []) if (!seen.has(key(c.file, c.sheet))) seen.set(key(c.file, c.sheet), { file: c.file, sheet: c.sheet, read: true });
  for (const i of report.issues ?? []) {
    if (i.sheet !== null && /skipped/i.test(i.message) && !seen.has(key(i.file, i.sheet))) seen.set(key(i.file, i.sheet), { file: i.file, sheet: i.sheet, read: false });
  }
  return [...seen.values()];
}

/** The choices of a column's 'Read as': its field and runner-ups first, then every other field ('' = Not used, last). */
export function fieldChoices(col: ReadColumn): { best: CanonicalField[]; rest: CanonicalField[] } {
  const best: CanonicalField[] = [];
  if (col.field) best.push(col.field);
  for (const a of col.alternatives ?? []) if (a.field && !best.includes(a.field)) best.push(a.field);
  return { best, rest: CANONICAL_FIELDS.filter((f) => !best.includes(f)) };
}

/** The visitor's edits: only what differs from what the report shows. */
export interface Draft {
  columns: Record<string, CanonicalField | null>;
  sheets: Record<string, { read?: boolean; headerRow?: number }>;
  codes: Record<string, string>;
}

export const emptyDraft = (): Draft => ({ columns: {}, sheets: {}, codes: {} });

export function draftSize(d: Draft): number {
  return Object.keys(d.columns).length + Object.keys(d.sheets).length + Object.keys(d.codes).length;
}

/** Columns the review names, or the engine was unsure of (confidence under 0.7): marked 'Please check'. */
export function flaggedColumns(report: ReportWithReading): Set<string> {
  const out = new Set<string>();
  for (const c of report.review?.columns ?? []) out.add(key(c.file, c.sheet, c.header));
  for (const c of report.columns ?? []) if (c.field && c.confidence < 0.7) out.add(key(c.file, c.sheet, c.header));
  return out;
}

/**
 * The reading to send: the changes already in the report (report.reading.changed, with their current
 * values) and the draft on top. Columns keep their file, sheet and header exactly as the report gave them.
 */
export function readingToSend(report: ReportWithReading, draft: Draft): CensusReading {
  const columns = new Map<string, NonNullable<CensusReading['columns']>[number]>();
  const sheets = new Map<string, NonNullable<CensusReading['sheets']>[number]>();
  const codes = new Map<string, NonNullable<CensusReading['codes']>[number]>();
  const changed = report.reading?.source === 'automatic' ? [] : report.reading?.changed ?? [];
  for (const c of report.columns ?? []) {
    if (c.fromReading) columns.set(key(c.file, c.sheet, c.header), { file: c.file, sheet: c.sheet, header: c.header, field: c.field });
  }
  for (const ch of changed) {
    if (ch.kind === 'column' && ch.header !== null && !columns.has(key(ch.file, ch.sheet, ch.header))) {
      const col = report.columns.find((c) => c.file === ch.file && c.sheet === ch.sheet && c.header === ch.header);
      columns.set(key(ch.file, ch.sheet, ch.header), { file: ch.file, sheet: ch.sheet, header: ch.header, field: col ? col.field : null });
    } else if (ch.kind === 'sheet') {
      // The engine notes a sheet change as 'read' or 'skip'.
      const was = sheets.get(key(ch.file, ch.sheet)) ?? { file: ch.file, sheet: ch.sheet };
      sheets.set(key(ch.file, ch.sheet), { ...was, read: ch.value === 'read' || ch.value === 'true' });
    } else if (ch.kind === 'headerRow' && ch.value && /^\d+$/.test(ch.value)) {
      const was = sheets.get(key(ch.file, ch.sheet)) ?? { file: ch.file, sheet: ch.sheet };
      sheets.set(key(ch.file, ch.sheet), { ...was, headerRow: Number(ch.value) });
    } else if (ch.kind === 'code' && ch.header !== null && ch.value !== undefined) {
      const { value, as } = codeChange(ch.value, report.codeValues?.find((v) => v.file === ch.file && v.sheet === ch.sheet && v.header === ch.header));
      if (as !== undefined) codes.set(key(ch.file, ch.sheet, ch.header, value), { file: ch.file, sheet: ch.sheet, header: ch.header, value, as });
    }
  }
  for (const [k, field] of Object.entries(draft.columns)) {
    const [file, sheet, header] = k.split('\u0000');
    columns.set(k, { file, sheet, header, field });
  }
  for (const [k, s] of Object.entries(draft.sheets)) {
    const [file, sheet] = k.split('\u0000');
    sheets.set(k, { ...(sheets.get(k) ?? { file, sheet }), ...s });
  }
  for (const [k, as] of Object.entries(draft.codes)) {
    const [file, sheet, header, value] = k.split('\u0000');
    codes.set(k, { file, sheet, header, value, as });
  }
  const out: CensusReading = {};
  if (columns.size) out.columns = [...columns.values()];
  if (sheets.size) out.sheets = [...sheets.values()];
  if (codes.size) out.codes = [...codes.values()];
  return out;
}

/** Every header of each file of the report (the signature 'Remember' keys a saved reading by). */
export function headersByFile(report: ReportWithReading): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of report.columns ?? []) {
    const list = out.get(c.file) ?? [];
    list.push(c.header);
    out.set(c.file, list);
  }
  return out;
}

/**
 * A code change as the engine notes it: 'value=as' (the value may itself hold '='); a bare value
 * takes what the report's code values say it is read as now.
 */
export function codeChange(text: string, cv: CensusCodeValues | undefined): { value: string; as: string | undefined } {
  const at = text.lastIndexOf('=');
  if (at >= 0) return { value: text.slice(0, at), as: text.slice(at + 1) };
  return { value: text, as: cv?.values.find((v) => v.value === text)?.as };
}

/** 'column 'HCE Status'', 'sheet 'Census' skipped' ... for 'Read with your changes'. */
export function changedWords(info: CensusReadingInfo | undefined, files: number): string[] {
  if (!info || info.source === 'automatic') return [];
  return info.changed.map((c) => {
    const where = files > 1 ? ` (${c.file}, ${c.sheet})` : '';
    if (c.kind === 'column') return `column '${c.header ?? ''}'${where}`;
    if (c.kind === 'code') return `value '${codeChange(c.value ?? '', undefined).value}' of '${c.header ?? ''}'${where}`;
    if (c.kind === 'headerRow') return `header row of sheet '${c.sheet}'${files > 1 ? ` (${c.file})` : ''}`;
    // A hand edit or row mark from the member table: the cell or row, never the value typed.
    if (c.kind === 'edit') return `${c.field ? FIELD_NAMES[c.field] : 'a cell'} on row ${c.row ?? ''}${where}`;
    if (c.kind === 'row') return `row ${c.row ?? ''}${where} (${c.value === 'counted' ? 'counted' : 'not a person'})`;
    return `sheet '${c.sheet}'${files > 1 ? ` (${c.file})` : ''}`;
  });
}
