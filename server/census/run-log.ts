/**
 * One log of an engine run (engine.ts): what every stage said, changed and found, in the order the
 * stages said it, and the time each took. The stages themselves stay pure: each returns its output
 * (a file's tables, or a StageResult over the members) and the runner hands it to this log.
 */
import type { CensusCodeValues, CensusSkippedSheet } from '../../shared/census/report';
import type { FileSummary } from './build-report';
import type { FileTables } from './file-tables';
import { append } from './members';
import type { ColumnFact, SheetReading } from './plan-facts';
import type { ReviewItem } from './review';
import type { Change, Issue, Member, ReportColumn } from './types';

/** What every case stage gives: the members it passes on, and what it changed, found and asks to check. */
export interface StageResult {
  members: Member[];
  changes?: readonly Change[];
  issues?: readonly Issue[];
  reviewItems?: readonly ReviewItem[];
  /** Members it took out of the count, and why (the member table lists them, not counted). */
  leftOut?: readonly LeftOut[];
}

export interface LeftOut {
  member: Member;
  reason: 'not-a-person' | 'duplicate';
}

export type RowPlace = { page: number; line: number };

export class RunLog {
  readonly changes: Change[] = [];
  readonly issues: Issue[] = [];
  readonly reviewItems: ReviewItem[] = [];
  readonly leftOut: LeftOut[] = [];
  readonly files: FileSummary[] = [];
  readonly columns: ReportColumn[] = [];
  readonly markers: ColumnFact[] = [];
  readonly codeValues: CensusCodeValues[] = [];
  readonly skippedSheets: CensusSkippedSheet[] = [];
  readonly sheets: SheetReading[] = [];
  readonly roleColumns: { file: string; sheet: string; header: string }[] = [];
  /** A document's rows: where each is printed, by file and sheet. */
  readonly rowPlaces = new Map<string, RowPlace[]>();
  rowsRead = 0;
  /** Milliseconds per timing name, in the order the stages first ran. */
  readonly timings: Record<string, number>;
  private clock = performance.now();

  constructor(timingNames: readonly string[]) {
    this.timings = Object.fromEntries(timingNames.map((t) => [t, 0]));
  }

  /** The time since the last lap, counted under a timing name. */
  lap(timing: string): void {
    const now = performance.now();
    this.timings[timing] = (this.timings[timing] ?? 0) + Math.round((now - this.clock) * 10) / 10;
    this.clock = now;
  }

  /** A file's tables and what reading them said (the tables themselves go on to merge). */
  addFile(summary: FileSummary, file: FileTables): void {
    append(this.columns, file.columns);
    append(this.markers, file.markers);
    append(this.codeValues, file.codeValues);
    append(this.reviewItems, file.reviewItems);
    append(this.issues, file.issues);
    append(this.changes, file.changes);
    append(this.skippedSheets, file.skippedSheets);
    append(this.sheets, file.sheets);
    append(this.roleColumns, file.roleColumns);
    this.rowsRead += file.rowsRead;
    for (const [sheet, places] of file.rowPlaces ?? []) this.rowPlaces.set(placeKey(summary.fileName, sheet), places);
    this.files.push(summary);
  }

  /**
   * A case stage's result logged, and its members taken from it: the result no longer holds them, so
   * that each stage's input can be collected once the next has its output (on a 75,000-row census the
   * lists were all alive until the report, some 50 MB kept as peak memory).
   */
  take(result: StageResult): Member[] {
    if (result.changes) append(this.changes, result.changes);
    if (result.issues) append(this.issues, result.issues);
    if (result.reviewItems) append(this.reviewItems, result.reviewItems);
    if (result.leftOut) append(this.leftOut, result.leftOut);
    const { members } = result;
    result.members = [];
    return members;
  }

  /** Where a document's row is printed, if the run read any document. */
  placeOf(): ((file: string, sheet: string, row: number) => RowPlace | undefined) | undefined {
    if (this.rowPlaces.size === 0) return undefined;
    return (file, sheet, row) => this.rowPlaces.get(placeKey(file, sheet))?.[row - 1];
  }
}

function placeKey(file: string, sheet: string): string {
  return `${file}\u0000${sheet}`;
}
