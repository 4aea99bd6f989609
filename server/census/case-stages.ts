/**
 * The engine's case stages (engine.ts PIPELINE, per 'case'): each takes the members the stage before
 * it gave, and the run's context, and returns a StageResult (run-log.ts). Merge takes the files' tables
 * instead, from the context. The reading's hand edits and marks (hand-edits.ts) apply where their
 * members first exist: wide dependents after merge, counts after inherit.
 */
import type { ReadingPlan } from './apply-reading';
import { summariseChanges } from './build-report';
import { dedupe } from './dedupe';
import { impute } from './impute';
import { inheritFromEmployees, mergeTables, type MergeTable } from './merge';
import { isLife } from './members';
import type { StageResult } from './run-log';
import type { Change, Member } from './types';

/** What the case stages share besides the members. */
export interface CaseContext {
  asOf: string;
  plan: ReadingPlan;
  /** The census tables of every file; merge takes them (and lets them go). */
  tables: MergeTable[];
  /** Files that hold a salary column: impute estimates no salary for their members. */
  filesWithSalary: Set<string>;
  /** Set by merge: some member has a first and last name but no id (the dedupe name rule applies). */
  namedWithoutId?: boolean;
  /** Set by merge: members found before dedupe. */
  membersFound?: number;
}

export type CaseStage = (members: Member[], ctx: CaseContext) => StageResult;

/** Long, wide and split layouts linked to their employees; then the wide dependents the reading marks or edits. */
export const mergeStage: CaseStage = (_members, ctx) => {
  const merged = mergeTables(ctx.tables);
  ctx.tables.length = 0;
  const byHand: Change[] = [];
  const members = ctx.plan.hand.dropMarkedDependents(merged.members, byHand);
  ctx.plan.hand.applyToMembers(members, byHand);
  ctx.namedWithoutId = merged.namedWithoutId;
  ctx.membersFound = members.length;
  return {
    members,
    changes: byHand.length ? [...byHand, ...merged.changes] : merged.changes,
    issues: merged.issues,
    reviewItems: merged.reviewItems,
    leftOut: [
      ...merged.notMembers.map((r) => ({ member: r as unknown as Member, reason: 'not-a-person' as const })),
      ...ctx.plan.hand.dropped.map((member) => ({ member, reason: 'not-a-person' as const })),
    ],
  };
};

/** One member per person across files and sheets. */
export const dedupeStage: CaseStage = (members, ctx) => {
  const deduped = dedupe(members, ctx.namedWithoutId, ctx.plan.hand.countedByHand);
  return {
    members: deduped.members,
    changes: deduped.changes,
    issues: deduped.issues,
    leftOut: deduped.removed.map((member) => ({ member, reason: 'duplicate' as const })),
  };
};

/** A dependent's blank status, ZIP and state from its employee; then members counted by hand are counted. */
export const inheritStage: CaseStage = (members, ctx) => {
  const inherited = inheritFromEmployees(members, true);
  const issues = summariseChanges(inherited.changes, 'inherited');
  ctx.plan.hand.countMarked(inherited.members, inherited.changes, isLife);
  return { members: inherited.members, changes: inherited.changes, issues };
};

/** Gender from first names, salaries and birth dates where the file has none (flagged). */
export const imputeStage: CaseStage = (members, ctx) => {
  const imputed = impute(members, { asOf: ctx.asOf, filesWithSalary: ctx.filesWithSalary });
  return { members: imputed.members, changes: imputed.changes, issues: summariseChanges(imputed.changes, 'imputed') };
};
