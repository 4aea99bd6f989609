/**
 * Flags (the bits of one byte) per row of a census, a row named by its file, sheet and row number.
 * Nested by file and sheet so that a large census marks row numbers instead of building a string key
 * per member: row numbers are small and dense, so each sheet keeps one byte a row number (a Set of
 * 75,000 numbers cost 25 ms); any other row number (not a whole number, or past MAX_DENSE_ROW) is kept
 * by a string key. The summary counts the distinct rows read with it (summary-figures.ts); the
 * not-counted list notes how a row's status came to keep it out (not-counted.ts).
 */

/** Row numbers up to this one are kept one byte each. */
const MAX_DENSE_ROW = 2_000_000;

export class RowFlags {
  private readonly bySheet = new Map<string, Map<string, Uint8Array>>();
  private readonly other = new Map<string, number>();
  /** How many rows have a flag. */
  size = 0;
  private lastFile = '';
  private lastSheet = '';
  private last: Uint8Array | undefined;

  /** Sets `flag` (1 to 255) on a row, beside the flags it has. */
  set(file: string, sheet: string, row: number, flag: number): void {
    if (!isDense(row)) {
      const key = `${file}\0${sheet}\0${row}`;
      const had = this.other.get(key) ?? 0;
      if (had === 0) this.size++;
      this.other.set(key, had | flag);
      return;
    }
    let flags = this.sheet(file, sheet);
    if (!flags || row >= flags.length) {
      const grown = new Uint8Array(Math.max(1024, row + 1, 2 * (flags?.length ?? 0)));
      if (flags) grown.set(flags);
      let sheets = this.bySheet.get(file);
      if (!sheets) this.bySheet.set(file, (sheets = new Map()));
      sheets.set(sheet, (flags = grown));
      this.remember(file, sheet, flags);
    }
    if (flags[row] === 0) this.size++;
    flags[row] |= flag;
  }

  /** The flags of a row (0: none). */
  get(file: string, sheet: string, row: number): number {
    if (this.size === 0) return 0;
    if (!isDense(row)) return this.other.get(`${file}\0${sheet}\0${row}`) ?? 0;
    const flags = this.sheet(file, sheet);
    return flags !== undefined && row < flags.length ? flags[row] : 0;
  }

  private sheet(file: string, sheet: string): Uint8Array | undefined {
    if (this.last !== undefined && file === this.lastFile && sheet === this.lastSheet) return this.last;
    const flags = this.bySheet.get(file)?.get(sheet);
    if (flags) this.remember(file, sheet, flags);
    return flags;
  }

  private remember(file: string, sheet: string, flags: Uint8Array): void {
    this.lastFile = file;
    this.lastSheet = sheet;
    this.last = flags;
  }
}

const isDense = (row: number) => Number.isInteger(row) && row >= 0 && row <= MAX_DENSE_ROW;
