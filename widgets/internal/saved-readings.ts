/**
 * 'Remember for files with these columns' (issue 14): corrected readings kept in the visitor's
 * browser - localStorage of the page that embeds the element, so each partner portal keeps its own -
 * keyed by a file's header signature. Kept: header texts, sheet names, the fields chosen, and how the
 * codes of relationship, status and tier columns are read ('COBRA' as terminated: issue 21, a saved
 * reading that forgot them counted 86 lives instead of 75). Those codes are the file's vocabulary,
 * not a person's data; nothing else of the census (no name, date or amount) is ever kept.
 *
 * Used by <census-report> (save, forget, and apply to a report read automatically) and by
 * <census-parser> (send the saved reading with an upload whose first lines carry the same headers).
 */
import type { CanonicalField, CensusReading } from '../../shared/census/report';

const STORAGE_KEY = 'benefold:census-readings:v1';
const MAX_ENTRIES = 20;

export interface SavedReading {
  /** The file's header texts, normalised, sorted, unique: the signature. */
  headers: string[];
  /** YYYY-MM-DD (the visitor's day). */
  savedOn: string;
  columns: { sheet: string; header: string; field: CanonicalField | null }[];
  sheets: { sheet: string; read?: boolean; headerRow?: number }[];
  /** Code fixes of relationship, status and tier columns (absent when there were none). */
  codes?: { sheet: string; header: string; value: string; as: string }[];
}

/**
 * A code fix is kept only when its value is short, as codes are ('COBRA', 'EE+SP', 'Dom Partner'):
 * a long text in a code column is more likely a note about someone than a code.
 */
export const MAX_SAVED_CODE_LENGTH = 40;

/** Header text as compared: trimmed, inner spaces collapsed, lower case. */
export const normHeader = (h: string) => h.replace(/\s+/g, ' ').trim().toLowerCase();

export function signature(headers: Iterable<string>): string[] {
  return [...new Set([...headers].map(normHeader).filter(Boolean))].sort();
}

const sameSignature = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((h, i) => h === b[i]);

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // blocked (third-party storage off, sandboxed frame)
  }
}

export function loadSaved(): SavedReading[] {
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list) ? (list.filter((e) => e && Array.isArray(e.headers) && typeof e.savedOn === 'string') as SavedReading[]) : [];
  } catch {
    return [];
  }
}

function store(list: SavedReading[]): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(list.slice(0, MAX_ENTRIES)));
  } catch {
    /* full or blocked: remembering is a convenience */
  }
}

export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Saves, per file of the reading, the parts for that file under the file's header signature
 * (`headersByFile`: every header of the file, from the report's columns). Newest first.
 */
export function saveReading(reading: CensusReading, headersByFile: Map<string, string[]>, savedOn = today()): void {
  let list = loadSaved();
  for (const [file, headers] of headersByFile) {
    const sig = signature(headers);
    if (!sig.length) continue;
    const entry: SavedReading = {
      headers: sig,
      savedOn,
      columns: (reading.columns ?? []).filter((c) => c.file === file).map(({ sheet, header, field }) => ({ sheet, header, field })),
      sheets: (reading.sheets ?? []).filter((s) => s.file === file).map(({ sheet, read, headerRow }) => ({ sheet, read, headerRow })),
    };
    const codes = (reading.codes ?? [])
      .filter((c) => c.file === file && c.value.length <= MAX_SAVED_CODE_LENGTH)
      .map(({ sheet, header, value, as }) => ({ sheet, header, value, as }));
    if (codes.length) entry.codes = codes;
    if (!entry.columns.length && !entry.sheets.length && !codes.length) continue;
    list = [entry, ...list.filter((e) => !sameSignature(e.headers, sig))];
  }
  store(list);
}

export function forgetReading(headersByFile: Map<string, string[]>): void {
  const sigs = [...headersByFile.values()].map(signature);
  store(loadSaved().filter((e) => !sigs.some((s) => sameSignature(e.headers, s))));
}

/** The saved entry for a file with these headers, if any. */
export function findSaved(headers: Iterable<string>, list = loadSaved()): SavedReading | undefined {
  const sig = signature(headers);
  return sig.length ? list.find((e) => sameSignature(e.headers, sig)) : undefined;
}

/** A saved entry as a reading for the file named `file` in a case. */
export function asReading(entry: SavedReading, file: string): CensusReading {
  const out: CensusReading = {};
  if (entry.columns.length) out.columns = entry.columns.map((c) => ({ file, ...c }));
  if (entry.sheets.length) out.sheets = entry.sheets.map((s) => ({ file, ...s }));
  if (entry.codes?.length) out.codes = entry.codes.map((c) => ({ file, ...c }));
  return out;
}

/**
 * The header lines of a delimited text file (CSV, TXT), from its first bytes: each line split on the
 * delimiter it uses most (comma, semicolon, tab, pipe), quotes removed. For matching a saved reading
 * before upload; workbooks are matched by <census-report> once the case is read.
 */
export function textHeaderLines(text: string, maxLines = 30): string[][] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/).slice(0, maxLines);
  return lines
    .filter((l) => l.trim())
    .map((line) => {
      const delim = [',', ';', '\t', '|'].reduce((best, d) => (line.split(d).length > line.split(best).length ? d : best), ',');
      return line.split(delim).map((c) => c.trim().replace(/^"(.*)"$/, '$1').replace(/""/g, '"'));
    });
}

/** The saved entry whose headers are exactly one of the text file's first lines, if any. */
export async function findSavedForTextFile(file: Blob, name: string): Promise<SavedReading | undefined> {
  if (!/\.(csv|txt|tsv)$/i.test(name)) return undefined;
  const list = loadSaved();
  if (!list.length) return undefined;
  try {
    const text = await file.slice(0, 64 * 1024).text();
    for (const cells of textHeaderLines(text)) {
      const hit = findSaved(cells, list);
      if (hit) return hit;
    }
  } catch {
    /* unreadable: upload without */
  }
  return undefined;
}
