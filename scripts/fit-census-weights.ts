/**
 * Fits the weights that combine header and value evidence in the census mapper (server/census/map/
 * evidence.ts) on the labelled columns of the real files (../shared/fixtures/census-real, truth files)
 * and the synthetic fixtures (../shared/fixtures/census), and grades them by leaving one source
 * repository out (issue 19): a score on the files a model was fitted on says little about the next file.
 *
 *   npx tsx scripts/fit-census-weights.ts            fit on everything, print the leave-one-source-out table
 *   npx tsx scripts/fit-census-weights.ts --write    ... and write server/census/map/weights.ts
 *   npx tsx scripts/fit-census-weights.ts --no-loso  fit and grade on everything only (fast)
 *
 * How: the engine runs on every file with an observer on the map stage, which hands over each column's
 * candidates (field, header score, value profile, cap) as the model sees them, after the vetoes, and
 * whether a later table-wide rule (member blocks, one column per field) settled the column (then the
 * model's choice does not decide it, and it is left out). The model is logistic in form (a confidence
 * sigmoid(bias + weights . features), map/evidence.ts), fitted to the choice the mapper makes with it:
 * - per labelled column, a softmax over its candidates and 'none' (whose logit is that of the higher of
 *   MIN_MAPPING_CONFIDENCE and the header's 'ignore' score), the truth's field (or none) the target;
 * - the same column with its header removed (values alone, as in a table with no header row), at half
 *   weight: every labelled column has a header, and nothing else would teach what values alone are worth;
 * - per pair of columns of one table claiming one field, a ranking term: the truth's must score higher
 *   (one-per-field.ts keeps the better one);
 * with an L2 penalty, each weight kept to its sign (evidence.ts FEATURE_SIGNS), by full-batch gradient
 * descent with momentum (a few thousand columns: no library needed). Each file weighs the same whatever its
 * width. Which columns later rules settle depends on the weights the engine runs with, so the observation
 * is repeated with the weights being fitted (ROUNDS), starting from the committed ones.
 *
 * Leave one source out: SOURCES.md groups the real files by the repository they come from; for each, the
 * model is fitted without that repository's files (the synthetic fixtures always stay in), and the engine,
 * run with those weights, is graded on them: columns right, and files fully right (every column, lives,
 * employees and dependents). Synthetic files are never graded here: they are the engine's own fixtures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeCensus } from '../server/census/engine';
import { EVIDENCE_FEATURES, FEATURE_SIGNS, evidenceFeatures, observeEvidence, withWeights, type EvidenceVector, type ObservedColumn } from '../server/census/map/evidence';
import { NAMED_BY_VALUES_WITHOUT_HEADERS, NEEDS_HEADER } from '../server/census/map';
import { capOf } from '../server/census/map/vetoes';
import type { CanonicalField } from '../server/census/types';
import { FITTED_WEIGHTS, type EvidenceWeights } from '../server/census/map/weights';
import { MIN_MAPPING_CONFIDENCE } from '../server/census/rules';
import { gradeVariant, type RealTruth } from './census-variants';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REAL = path.resolve(root, '../shared/fixtures/census-real');
const SYNTHETIC = path.resolve(root, '../shared/fixtures/census');
const WEIGHTS_FILE = path.join(root, 'server/census/map/weights.ts');

/** L2 strength and the descent's steps: enough to converge on ~10k examples of 8 features. */
const LAMBDA = 1e-3;
const STEPS = 4000;
const RATE = 0.5;

/**
 * One labelled column: its candidates' evidence vectors and which of them are right (-1: none of them,
 * the column is no census field). The mapper takes the best candidate when its confidence reaches
 * MIN_MAPPING_CONFIDENCE, so the model is fitted to that choice: a softmax over the candidates and 'none',
 * whose score is fixed at that threshold's logit.
 */
interface Example {
  xs: EvidenceVector[];
  /** each candidate's cap (vetoes.ts CAPS) as a logit: the score is min(model, cap) */
  caps: number[];
  right: Set<number>;
  w: number;
  /** the logit of 'none': the candidate must beat it to be mapped */
  none: number;
  /** file, header and candidate fields, for the list of columns the model gets wrong */
  what: string;
  fields: string[];
  /** the source repository ('' for the synthetic fixtures, always trained on) */
  source: string;
}

/**
 * Two columns of one table that both claim a field, the truth's first: the mapper keeps the better
 * scored one (one-per-field.ts), so the model must score the right one higher.
 */
interface Pair {
  right: EvidenceVector;
  wrong: EvidenceVector;
  w: number;
  source: string;
}

const NONE = -1;
const logit = (p: number) => {
  const q = Math.min(1 - 1e-9, Math.max(1e-9, p));
  return Math.log(q / (1 - q));
};
/** How much a header-removed copy of a column weighs beside the column itself. */
const HEADERLESS_WEIGHT = 0.5;
/** How much a pair of columns claiming one field weighs beside one column's choice. */
const PAIR_WEIGHT = 5;
/** Rounds of observing with the weights being fitted (two settle it; three to be sure). */
const ROUNDS = 3;

const norm = (s: unknown) => String(s ?? '').split(/\s+/).filter(Boolean).join(' ').toLowerCase();

/** file name -> source repository, from SOURCES.md's tables ('same' repeats the row above). */
function sourcesOf(): Map<string, string> {
  const out = new Map<string, string>();
  let last = '';
  for (const line of fs.readFileSync(path.join(REAL, 'SOURCES.md'), 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4 || !/\.\w+$/.test(cells[1]) || cells[1].startsWith('file')) continue;
    const repo = cells[2] === 'same' ? last : cells[2];
    last = repo;
    out.set(cells[1], repo);
  }
  return out;
}

interface TruthColumn {
  sheet?: string;
  header: string;
  field: string | null | (string | null)[];
  altHeaders?: string[];
  file?: string;
}

/** Runs the engine on some files with the observer on, and returns what the map stage saw. */
async function observe(files: { fileName: string; bytes: Uint8Array }[], asOf: string): Promise<ObservedColumn[]> {
  const seen: ObservedColumn[] = [];
  observeEvidence((c) => seen.push(c));
  try {
    await analyzeCensus(files, { asOf });
  } catch {
    // A file the engine refuses gives no examples (none of the labelled files does today).
  } finally {
    observeEvidence(null);
  }
  return seen;
}

function example(cands: { field: string; x: EvidenceVector; cap: number }[], accepted: (string | null)[], ignore: number, w: number, source: string, what: string): Example | null {
  // A candidate with no evidence at all scores 0 whatever the weights (evidence.ts): not a choice.
  const kept = cands.filter((c) => c.x[0] !== 0 || c.x[1] !== 0);
  const right = new Set<number>();
  kept.forEach((c, i) => accepted.includes(c.field) && right.add(i));
  if (accepted.includes(null)) right.add(NONE);
  // The right field was vetoed before the model: no weight can make this column right.
  if (right.size === 0) return null;
  // The mapper keeps the best candidate when it reaches MIN_MAPPING_CONFIDENCE and beats the header's 'ignore' score.
  const floor = Math.max(MIN_MAPPING_CONFIDENCE, ignore);
  return { xs: kept.map((c) => c.x), caps: kept.map((c) => logit(c.cap)), right, w, source, what, fields: kept.map((c) => c.field), none: logit(floor) };
}

/** Labelled examples: each truth column paired with the observed column of the same file, sheet and header. */
function label(truth: TruthColumn[], seen: ObservedColumn[], source: string, fileWeight: number, pairs: Pair[], fileOf?: (t: TruthColumn) => string | undefined): Example[] {
  const used = new Set<ObservedColumn>();
  const out: Example[] = [];
  const matched: { col: ObservedColumn; accepted: (string | null)[] }[] = [];
  for (const t of truth) {
    const headers = [t.header, ...(t.altHeaders ?? [])].map(norm);
    const sheet = t.sheet && !/\.(csv|txt)$/i.test(fileOf?.(t) ?? '') ? norm(t.sheet) : '';
    const col = seen.find((c) => !used.has(c) && headers.includes(norm(c.header)) && (!sheet || norm(c.sheet) === sheet) && (!fileOf || fileOf(t) === c.file));
    if (!col) continue;
    used.add(col);
    const accepted = Array.isArray(t.field) ? t.field : [t.field];
    matched.push({ col, accepted });
    if (process.env.FIT_DEBUG && new RegExp(process.env.FIT_DEBUG).test(col.header)) console.log('debug', col.file, col.header, col.settledLater, col.ignore, JSON.stringify(col.candidates));
    // A later table-wide rule (member blocks, one column per field) decides this column, not the model.
    if (col.settledLater) continue;
    const what = `${col.file} '${col.header}'`;
    const withHeader = example(col.candidates.map((c) => ({ field: c.field, x: evidenceFeatures(c.header, c.profile), cap: c.cap })), accepted, col.ignore, fileWeight, source, what);
    if (withHeader) out.push(withHeader);
    // The same column with its header removed (a table with no header row: issue 19's no-header variants):
    // values alone, for the fields values may name there. Without it no column of the labelled files
    // would teach the model what values alone are worth, as every one of them has a header.
    const valuesOnly = Object.entries(col.profiles)
      .filter(([f, p]) => p && p.fit * p.strength > 0 && (!NEEDS_HEADER.has(f as CanonicalField) || NAMED_BY_VALUES_WITHOUT_HEADERS.has(f as CanonicalField)))
      .map(([f, p]) => ({ field: f, x: evidenceFeatures(0, p), cap: capOf({ hf: 0, profile: p, namesOther: false }) }));
    const headerless = example(valuesOnly, accepted, 0, fileWeight * HEADERLESS_WEIGHT, source, `${what} without its header`);
    if (headerless) out.push(headerless);
  }
  // Columns of one table that claim the same field: the truth's must score higher than the others.
  for (const a of matched) {
    for (const ca of a.col.candidates) {
      if (!a.accepted.includes(ca.field)) continue;
      for (const b of matched) {
        if (b === a || b.col.file !== a.col.file || b.col.sheet !== a.col.sheet || b.accepted.includes(ca.field)) continue;
        const cb = b.col.candidates.find((c) => c.field === ca.field);
        if (cb) pairs.push({ right: evidenceFeatures(ca.header, ca.profile), wrong: evidenceFeatures(cb.header, cb.profile), w: fileWeight, source });
      }
    }
  }
  return out;
}

interface RealFile {
  truth: RealTruth;
  bytes: Uint8Array;
  source: string;
}

function loadReal(): RealFile[] {
  const dir = path.join(REAL, 'files');
  const sources = sourcesOf();
  return fs.readdirSync(dir).filter((f) => f.endsWith('.truth.json')).sort().map((f) => {
    const truth = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as RealTruth;
    const source = sources.get(truth.file);
    if (!source) throw new Error(`${truth.file} is in no table of SOURCES.md`);
    return { truth, bytes: new Uint8Array(fs.readFileSync(path.join(dir, truth.file))), source };
  });
}

async function examples(real: RealFile[], pairs: Pair[]): Promise<Example[]> {
  const out: Example[] = [];
  for (const r of real) {
    const seen = await observe([{ fileName: r.truth.file, bytes: r.bytes }], r.truth.asOf ?? '2026-01-01');
    const n = Math.max(1, r.truth.columns.length);
    out.push(...label(r.truth.columns, seen, r.source, 1 / n, pairs));
  }
  for (const f of fs.readdirSync(SYNTHETIC).filter((x) => x.endsWith('.truth.json')).sort()) {
    const truth = JSON.parse(fs.readFileSync(path.join(SYNTHETIC, f), 'utf8')) as { files: string[]; asOf?: string; columns: TruthColumn[] };
    const files = truth.files.map((fileName) => ({ fileName, bytes: new Uint8Array(fs.readFileSync(path.join(SYNTHETIC, fileName))) }));
    const seen = await observe(files, truth.asOf ?? '2026-01-01');
    out.push(...label(truth.columns, seen, '', 1 / Math.max(1, truth.columns.length), pairs, (t) => t.file));
  }
  return out;
}

/** Per column: the softmax over its candidates and 'none', and the loss's gradient (added into gw, returns [loss, gb]). */
function columnStep(e: Example, m: EvidenceWeights, gw: number[] | null): [number, number] {
  const raw = e.xs.map((x) => {
    let v = m.bias;
    for (let i = 0; i < x.length; i++) v += m.weights[i] * x[i];
    return v;
  });
  // A capped candidate's score no longer moves with the weights: its gradient is 0.
  const z = raw.map((v, i) => Math.min(v, e.caps[i]));
  const top = Math.max(e.none, ...z);
  const ez = z.map((v) => Math.exp(v - top));
  const eNone = Math.exp(e.none - top);
  const sum = ez.reduce((a, b) => a + b, eNone);
  let rightMass = e.right.has(NONE) ? eNone : 0;
  ez.forEach((v, i) => e.right.has(i) && (rightMass += v));
  let gb = 0;
  if (gw) {
    ez.forEach((v, i) => {
      // d loss / d z_i = p_i - p_i [i right] / P(right)
      if (raw[i] > e.caps[i]) return;
      const d = e.w * (v / sum - (e.right.has(i) ? v / rightMass : 0));
      for (let k = 0; k < gw.length; k++) gw[k] += d * e.xs[i][k];
      gb += d;
    });
  }
  return [-e.w * Math.log(rightMass / sum), gb];
}

/** A pair's ranking loss -log sigmoid(z_right - z_wrong) and its gradient (the bias cancels). */
function pairStep(p: Pair, m: EvidenceWeights, gw: number[] | null): number {
  let d = 0;
  for (let i = 0; i < p.right.length; i++) d += m.weights[i] * (p.right[i] - p.wrong[i]);
  const s = 1 / (1 + Math.exp(-d));
  if (gw) for (let i = 0; i < gw.length; i++) gw[i] -= p.w * PAIR_WEIGHT * (1 - s) * (p.right[i] - p.wrong[i]);
  return -p.w * PAIR_WEIGHT * Math.log(Math.max(1e-12, s));
}

/** The softmax model's weights, L2 on the weights (not the bias), full-batch gradient descent with momentum. */
export function fit(data: Example[], pairs: Pair[]): EvidenceWeights {
  const k = EVIDENCE_FEATURES.length;
  const m: EvidenceWeights = { features: EVIDENCE_FEATURES, bias: 0, weights: new Array<number>(k).fill(0) };
  const vw = new Array<number>(k).fill(0);
  let vb = 0;
  const total = data.reduce((s, e) => s + e.w, 0);
  for (let step = 0; step < STEPS; step++) {
    const gw = new Array<number>(k).fill(0);
    let gb = 0;
    for (const e of data) gb += columnStep(e, m, gw)[1];
    for (const p of pairs) pairStep(p, m, gw);
    for (let i = 0; i < k; i++) {
      vw[i] = 0.9 * vw[i] + gw[i] / total + LAMBDA * m.weights[i];
      m.weights[i] -= RATE * vw[i];
      // Projected descent: a weight keeps its sign (evidence.ts FEATURE_SIGNS).
      if (FEATURE_SIGNS[i] * m.weights[i] < 0) (m.weights[i] = 0), (vw[i] = 0);
    }
    vb = 0.9 * vb + gb / total;
    m.bias -= RATE * vb;
  }
  return m;
}

function logLoss(data: Example[], m: EvidenceWeights): number {
  let s = 0, t = 0;
  for (const e of data) {
    s += columnStep(e, m, null)[0];
    t += e.w;
  }
  return s / t;
}

interface Graded {
  columnsRight: number;
  columnsTotal: number;
  filesRight: number;
  files: number;
  wrong: string[];
}

/** The engine, run with these weights, graded on real files: columns by header, and lives/employees/dependents. */
async function grade(files: RealFile[], m: EvidenceWeights): Promise<Graded> {
  const g: Graded = { columnsRight: 0, columnsTotal: 0, filesRight: 0, files: files.length, wrong: [] };
  await withWeights(m, async () => {
    for (const r of files) {
      const res = await gradeVariant({ kind: 'real', lang: '', fileName: r.truth.file, bytes: r.bytes, truth: r.truth, sheet: '' });
      g.columnsRight += res.columnsRight;
      g.columnsTotal += res.columnsTotal;
      if (res.columnsRight === res.columnsTotal && res.countsRight) g.filesRight++;
      else g.wrong.push(`${r.truth.file}: ${res.problem}`);
    }
  });
  return g;
}

function render(m: EvidenceWeights, trainedOn: string): string {
  return `/**
 * GENERATED by scripts/fit-census-weights.ts: do not edit by hand. Regenerate with
 *   npx tsx scripts/fit-census-weights.ts --write
 * after a change to the evidence features (map/evidence.ts), the value profiles, the header scores or the
 * labelled files; the script prints the leave-one-source-out table that docs/census-engine.md shows.
 *
 * A logistic model: confidence = 1 / (1 + exp(-(bias + sum of weight x feature))), the features as
 * map/evidence.ts computes them. ${trainedOn}
 */
export interface EvidenceWeights {
  features: readonly string[];
  bias: number;
  weights: number[];
}

export const FITTED_WEIGHTS: EvidenceWeights = {
  features: [${m.features.map((f) => `'${f}'`).join(', ')}],
  bias: ${m.bias.toFixed(4)},
  weights: [
${m.features.map((f, i) => `    ${m.weights[i].toFixed(4)}, // ${f}`).join('\n')}
  ],
};
`;
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const real = loadReal();
  // Which columns a later table-wide rule settles (and which tables are kept) depends on the weights the
  // engine runs with: observe with the weights being fitted, a few rounds, from the committed ones.
  // After a change of features the committed weights no longer fit them: start from header and values alone.
  const same = FITTED_WEIGHTS.features.join() === EVIDENCE_FEATURES.join();
  let model: EvidenceWeights = same ? FITTED_WEIGHTS : { features: EVIDENCE_FEATURES, bias: -4, weights: EVIDENCE_FEATURES.map((f) => (f === 'header' || f === 'values' ? 6 : 0)) };
  let pairs: Pair[] = [];
  let data: Example[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    pairs = [];
    data = await withWeights(model, () => examples(real, pairs));
    const fitted = fit(data, pairs);
    // Rounded as written, so the figures below are those of the committed file.
    model = { ...fitted, bias: Number(fitted.bias.toFixed(4)), weights: fitted.weights.map((x) => Number(x.toFixed(4))) };
    console.log(`round ${round}: log loss ${logLoss(data, model).toFixed(4)}`);
  }
  const positives = data.reduce((s, e) => s + e.xs.length, 0);
  console.log(`${data.length} labelled columns, ${positives} candidates, ${pairs.length} pairs of columns claiming one field, from ${real.length} real files of ${new Set(real.map((r) => r.source)).size} sources and the synthetic fixtures`);
  console.log(`fitted on all: log loss ${logLoss(data, model).toFixed(4)}`);
  model.features.forEach((f, i) => console.log(`  ${f.padEnd(12)} ${model.weights[i].toFixed(3)}`));
  console.log(`  ${'bias'.padEnd(12)} ${model.bias.toFixed(3)}`);
  if (args.includes('--explain')) {
    // The labelled columns whose choice (best candidate over the threshold, or none) the model gets wrong.
    for (const e of data) {
      const z = e.xs.map((x, k) => Math.min(e.caps[k], x.reduce((v, xi, i) => v + model.weights[i] * xi, model.bias)));
      const best = z.reduce((b, v, i) => (v > (b < 0 ? e.none : z[b]) ? i : b), NONE);
      if (!e.right.has(best)) console.log(`  model wrong: ${e.what} -> ${best < 0 ? 'none' : e.fields[best]} [${e.fields.map((f, i) => `${f} ${(1 / (1 + Math.exp(-z[i]))).toFixed(2)} (${e.xs[i].map((v) => v.toFixed(2)).join(' ')})`).join('; ')}] right: ${[...e.right].map((i) => (i < 0 ? 'none' : e.fields[i])).join('|')}`);
    }
  }
  const inSample = await grade(real, model);
  console.log(`on the files it was fitted on: columns ${pct(inSample.columnsRight, inSample.columnsTotal)}, files fully right ${inSample.filesRight}/${inSample.files}`);
  for (const w of inSample.wrong) console.log(`  ${w}`);

  if (args.includes('--write')) {
    fs.writeFileSync(WEIGHTS_FILE, render(model, `Fitted on ${data.length} labelled columns (${positives} candidates) of ${real.length} real files and the synthetic fixtures.`));
    console.log(`wrote ${path.relative(root, WEIGHTS_FILE)}`);
  }
  if (args.includes('--no-loso')) return;

  console.log('\nLeave one source out (fitted without the source, graded on it):\n');
  console.log('| source repository | files | columns right | files fully right |');
  console.log('|---|---|---|---|');
  const sources = [...new Set(real.map((r) => r.source))].sort();
  const total: Graded = { columnsRight: 0, columnsTotal: 0, filesRight: 0, files: 0, wrong: [] };
  for (const s of sources) {
    const m = fit(data.filter((e) => e.source !== s), pairs.filter((p) => p.source !== s));
    const g = await grade(real.filter((r) => r.source === s), m);
    total.columnsRight += g.columnsRight;
    total.columnsTotal += g.columnsTotal;
    total.filesRight += g.filesRight;
    total.files += g.files;
    total.wrong.push(...g.wrong);
    console.log(`| ${s} | ${g.files} | ${g.columnsRight}/${g.columnsTotal} (${pct(g.columnsRight, g.columnsTotal)}) | ${g.filesRight}/${g.files} |`);
  }
  console.log(`| **all, each left out once** | ${total.files} | ${total.columnsRight}/${total.columnsTotal} (${pct(total.columnsRight, total.columnsTotal)}) | ${total.filesRight}/${total.files} |`);
  if (total.wrong.length) console.log(`\nwrong when left out:\n${total.wrong.map((w) => `  ${w}`).join('\n')}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
