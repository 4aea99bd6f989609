/**
 * Resource limits for reading one file, and the wall-clock budget.
 *
 * SheetJS parses synchronously and cannot be interrupted, so the time budget is checked between
 * steps (after decoding, after decryption, after parsing, between sheets). What keeps a single
 * synchronous step short is bounding its input: maxBytes on the file, and the ZIP guard's limits on
 * what the file may expand to.
 */
import { CensusReadError } from './errors';

export interface ReadLimits {
  /** Largest input file, in bytes. */
  maxBytes: number;
  /** Most entries in a ZIP (XLSX) central directory. */
  maxZipEntries: number;
  /** Largest uncompressed/compressed ratio of one ZIP entry (entries under ZIP_RATIO_FLOOR exempt). */
  maxZipRatio: number;
  /** Largest total of expanded bytes: ZIP entries inflated, and the text held in the cells read. */
  maxExtractedBytes: number;
  /** Most cells materialised over all sheets (ragged rows count up to their last cell). */
  maxCells: number;
  /** Most rows in one sheet. */
  maxRows: number;
  /** Wall-clock budget for the whole read, in milliseconds. */
  timeBudgetMs: number;
}

/**
 * Defaults fit the CLI and the engine (the public upload path passes maxBytes: 5 MB itself).
 * A census of a very large employer - 100,000 employees with dependents - stays well inside them.
 */
export const DEFAULT_READ_LIMITS: ReadLimits = Object.freeze({
  maxBytes: 50 * 1024 * 1024,
  maxZipEntries: 500,
  maxZipRatio: 200,
  maxExtractedBytes: 256 * 1024 * 1024,
  maxCells: 5_000_000,
  maxRows: 250_000,
  timeBudgetMs: 60_000,
});

/** An entry smaller than this may have any ratio: tiny highly-repetitive parts are normal and harmless. */
export const ZIP_RATIO_FLOOR = 1024 * 1024;

export function resolveLimits(partial?: Partial<ReadLimits>): ReadLimits {
  const out: ReadLimits = { ...DEFAULT_READ_LIMITS };
  if (partial) {
    for (const key of Object.keys(DEFAULT_READ_LIMITS) as (keyof ReadLimits)[]) {
      const v = partial[key];
      // Ignore undefined/NaN/negative so a half-filled options object cannot switch a limit off.
      if (typeof v === 'number' && Number.isFinite(v) && v >= 0) out[key] = v;
    }
  }
  return out;
}

/** Wall-clock deadline for one read; check() between steps throws 'timeout'. */
export class Deadline {
  private readonly end: number;

  constructor(private readonly budgetMs: number, private readonly now: () => number = Date.now) {
    this.end = now() + budgetMs;
  }

  check(): void {
    if (this.now() > this.end) {
      throw new CensusReadError(
        'timeout',
        `Reading this file took longer than the ${formatSeconds(this.budgetMs)} allowed; try a smaller file or save it as CSV.`,
      );
    }
  }
}

function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return s === 1 ? '1 second' : `${Number.isInteger(s) ? s : s.toFixed(1)} seconds`;
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
