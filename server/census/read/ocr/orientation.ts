/**
 * Which way up a scanned page is (issue 30: "some at 90 degrees"). Tesseract's own orientation
 * detection (OSD) needs the legacy engine and osd.traineddata, which we do not ship; instead a small
 * probe is read at each quarter turn and the turn whose words tesseract is surest of wins.
 *
 * The probe: the page downscaled to about PROBE_LONG_SIDE pixels on its long side (halved at least
 * for a 200 dpi scan), its middle band (where a census table is) at most PROBE_BAND of the height.
 * Its score is the number of characters in words read with confidence >= GOOD_WORD: a page on its
 * side yields few short, doubtful 'words' (measured on the fixtures: 66-184 good characters upright,
 * 0-12 at the wrong turns). Upright is probed first, so an upright page costs one probe (0.1-1 s);
 * reading a sideways page whole before probing cost up to 30 s on a full page (tesseract labours
 * over text on its side), hence probe first. The small skew left after the
 * quarter turn is tesseract's (recognise.ts asks for rotateAuto).
 */
import { crop, encodePng, shrink, turn, type GreyImage } from './png';
import type { OcrWorker } from './recognise';

export const PROBE_LONG_SIDE = 1400;
/** Share of the (turned, downscaled) page's height the probe reads, centred... */
export const PROBE_BAND = 0.35;
/** ...but at least this many pixels (a short page is read whole). */
export const PROBE_MIN_BAND = 200;
/** A word this sure (0..100) counts towards a turn's score. */
export const GOOD_WORD = 75;
/** A turn whose probe reads this many characters in good words is taken without probing further. */
export const PROBE_ENOUGH = 24;
/** A full read this good is kept as read (readsUpright): this many good characters... */
export const UPRIGHT_CHARS = 40;
/** ...and that share of its characters in good words. */
export const UPRIGHT_SHARE = 0.7;

export type QuarterTurn = 0 | 90 | 180 | 270;

export interface TurnScore {
  turn: QuarterTurn;
  /** Characters in words read with confidence >= GOOD_WORD. */
  good: number;
  /** All characters read. */
  chars: number;
}

/** A probe's words -> its score. */
export function scoreWords(words: { text: string; confidence: number }[]): { good: number; chars: number } {
  let good = 0;
  let chars = 0;
  for (const w of words) {
    const n = w.text.replace(/[^\p{L}\p{N}]/gu, '').length;
    chars += n;
    // A one-character 'word' is as often a speck read as a letter.
    if (n >= 2 && w.confidence >= GOOD_WORD) good += n;
  }
  return { good, chars };
}

/** The probe image for a turn: downscaled, then the middle band. */
export function probeImage(page: GreyImage, t: QuarterTurn): GreyImage {
  const factor = Math.max(2, Math.round(Math.max(page.width, page.height) / PROBE_LONG_SIDE));
  const small = turn(shrink(page, factor), t);
  const band = Math.max(PROBE_MIN_BAND, Math.round(small.height * PROBE_BAND));
  return small.height > band ? crop(small, { left: 0, top: (small.height - band) / 2, width: small.width, height: band }) : small;
}

async function probe(page: GreyImage, t: QuarterTurn, worker: OcrWorker): Promise<TurnScore> {
  const { data } = await worker.recognize(encodePng(probeImage(page, t)), {}, { blocks: true, text: false });
  const words = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)));
  return { turn: t, ...scoreWords(words) };
}

/** Scores -> the turn to apply (ties go to the smaller turn: upright first). */
export function bestTurn(scores: TurnScore[]): QuarterTurn {
  return [...scores].sort((a, b) => b.good - a.good || a.turn - b.turn)[0]?.turn ?? 0;
}

/** A page read upright is kept as read (no probe) when its words score this well. */
export function readsUpright(words: { text: string; confidence: number }[]): boolean {
  const s = scoreWords(words);
  return s.good >= UPRIGHT_CHARS && s.good >= UPRIGHT_SHARE * s.chars;
}

/**
 * The clockwise quarter turn that puts the page upright. Upright is probed first and taken when its
 * probe reads well (most scans); then the two sideways turns, then upside down; when no probe reads
 * well, the best of the four.
 */
export async function uprightTurn(page: GreyImage, worker: OcrWorker): Promise<QuarterTurn> {
  const scores: TurnScore[] = [await probe(page, 0, worker)];
  if (scores[0].good >= PROBE_ENOUGH) return 0;
  for (const t of [90, 270] as const) scores.push(await probe(page, t, worker));
  if (Math.max(scores[1].good, scores[2].good) >= PROBE_ENOUGH) return bestTurn(scores);
  scores.push(await probe(page, 180, worker));
  return bestTurn(scores);
}
