/**
 * Header and value evidence combined into one confidence, by a small logistic model whose weights are
 * fitted on the labelled columns of the real and synthetic census files (weights.ts, written by
 * scripts/fit-census-weights.ts), not tuned by hand (issue 19, "weights fitted").
 *
 * The features are the signals the mapper had always combined: how well the header names the field,
 * how well the values fit it and how far values alone can carry it (profiles.ts), whether the two agree,
 * and whether values that do not fit speak against the header (a strict profile). A candidate with no
 * evidence at all scores 0 whatever the bias says: the model ranks evidence, it does not invent it.
 *
 * The rules that are rules (a header that names something else, values that contradict the header,
 * fields that need their header) stay vetoes in vetoes.ts and index.ts; they run before this model.
 */
import type { ProfileScore } from './profiles';
import { FITTED_WEIGHTS, type EvidenceWeights } from './weights';

/** The feature names, in the order of the model's weights. */
export const EVIDENCE_FEATURES = [
  'header', // the header's score for the field (0..1)
  'values', // fit x strength: what the values alone say
  'fit', // the share of values that look like the field
  'agree', // header x values: two independent signals that agree
  'strictMiss', // header x share of values that do not fit, when misfits speak against the header
  'looseMiss', // the same when they do not (rare first names are still first names)
  'named', // the header names the field outright (score 0.95 or more)
  'noProfile', // header evidence for a field no value profile reads (job title)
  'headerSquared', // lets a near-certain header count for more than a fair one (the curve, not a line)
  'valuesMiss', // the share of values that do not fit a strict profile, times its strength (M/F beside other codes)
] as const;

/**
 * The sign each weight must keep, whatever the data say (the fit projects onto it): more evidence for a
 * field never lowers its confidence, and values that do not fit never raise it. 0: free.
 */
export const FEATURE_SIGNS: readonly (1 | -1 | 0)[] = [1, 1, 1, 1, -1, -1, 1, 1, 1, -1];

export type EvidenceVector = number[];

export function evidenceFeatures(header: number, profile: ProfileScore | undefined): EvidenceVector {
  const fit = profile?.fit ?? 0;
  const values = profile ? profile.fit * profile.strength : 0;
  const miss = header * (1 - fit);
  return [
    header,
    values,
    fit,
    header * values,
    profile?.strict ? miss : 0,
    profile && !profile.strict ? miss : 0,
    header >= 0.95 ? 1 : 0,
    profile ? 0 : header,
    header * header,
    profile?.strict ? (1 - fit) * profile.strength : 0,
  ];
}

/** The model's confidence for a feature vector. */
export function predict(x: EvidenceVector, w: EvidenceWeights): number {
  let z = w.bias;
  for (let i = 0; i < x.length; i++) z += (w.weights[i] ?? 0) * x[i];
  return 1 / (1 + Math.exp(-z));
}

let active: EvidenceWeights = FITTED_WEIGHTS;

/**
 * The fitting script grades weights it has just fitted (leave one source out) by running the engine with
 * them: this swaps them in for the duration of `run`. The engine itself never calls it.
 */
export async function withWeights<T>(w: EvidenceWeights, run: () => Promise<T>): Promise<T> {
  const before = active;
  active = w;
  try {
    return await run();
  } finally {
    active = before;
  }
}

/** A header score and a value profile combined into a confidence 0..1. */
export function combineEvidence(header: number, profile: ProfileScore | undefined): number {
  const x = evidenceFeatures(header, profile);
  if (x[0] === 0 && x[1] === 0) return 0;
  return predict(x, active);
}

/**
 * Every candidate the model scored, for the fitting script: set an observer, run the engine, and each
 * mapped table reports its columns' evidence vectors. Null (the default) costs nothing.
 */
export interface ObservedColumn {
  file: string;
  sheet: string;
  header: string;
  index: number;
  /** the candidates the model scored, after the vetoes: the header's score and the values' profile */
  candidates: { field: string; header: number; profile?: ProfileScore; cap: number }[];
  /** every field's value profile, vetoed or not (the script derives the header-removed column from them) */
  profiles: Partial<Record<string, ProfileScore>>;
  /** the header's 'ignore' score: a field must beat it as well as MIN_MAPPING_CONFIDENCE */
  ignore: number;
  /** a table-wide rule after scoring changed the column's field (set by the map stage once they ran) */
  settledLater?: boolean;
}
let observer: ((c: ObservedColumn) => void) | null = null;
export function observeEvidence(fn: ((c: ObservedColumn) => void) | null): void {
  observer = fn;
}
export function evidenceObserver(): ((c: ObservedColumn) => void) | null {
  return observer;
}
