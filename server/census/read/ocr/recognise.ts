/**
 * Scanned pages -> text items (issue 30): image bytes in, an OcrPageText out (the grid builder's
 * PageText, each word with tesseract's confidence beside it).
 *
 * tesseract.js 6 (LSTM engine) runs in a worker thread of its own. Everything is read from disk and
 * nothing is fetched: the worker script and the WebAssembly core are the packages' own files
 * (tesseract.js/src/worker-script/node, tesseract.js-core), the English model is
 * @tesseract.js-data/eng's gzipped 4.0.0_best_int/eng.traineddata.gz (langPath a folder, gzip on),
 * and no cache is read or written (cacheMethod 'none': tesseract.js would otherwise write
 * eng.traineddata into the working folder). The library is imported on first use only (dynamic
 * import), so a spreadsheet never loads it.
 *
 * A page is put upright first (orientation.ts: downscaled probes at the quarter turns, upright
 * first), then read whole at that turn. Tesseract reads with its own deskew (rotateAuto: the small angle of a page laid a little crooked), so the
 * coordinates are those of the upright, deskewed image, in pixels. Only the ratios matter to the grid
 * builder (its tolerances are fractions of the font height).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { decodeJpegGrey, isJpeg } from './jpeg';
import { decodePng, encodePng, isPng, toGrey, turn, type GreyImage } from './png';
import { readsUpright, uprightTurn, type QuarterTurn } from './orientation';
import type { OcrPageText, OcrTextItem } from './types';

/** The subset of tesseract.js's worker used here. */
export interface OcrWorker {
  recognize(
    image: Buffer,
    options?: Record<string, unknown>,
    output?: Record<string, boolean>,
  ): Promise<{ data: { blocks: TessBlock[] | null; confidence: number; rotateRadians: number | null } }>;
  setParameters(params: Record<string, string>): Promise<unknown>;
  terminate(): Promise<unknown>;
}

interface TessBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface TessWord {
  text: string;
  confidence: number;
  bbox: TessBox;
  symbols?: { text: string; bbox: TessBox }[];
}
interface TessLine {
  words: TessWord[];
  bbox: TessBox;
  baseline: TessBox & { has_baseline: boolean };
  rowAttributes: { row_height: number; ascenders: number; descenders: number };
}
interface TessBlock {
  paragraphs: { lines: TessLine[] }[];
}

const require = createRequire(import.meta.url);

/** The local files tesseract.js is given (exported for the tests: every one exists on disk). */
export function ocrPaths() {
  const eng = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };
  return {
    workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
    corePath: dirname(require.resolve('tesseract.js-core/package.json')),
    // The LSTM-only model (2.9 MB gzipped; the 4.0.0 folder beside it adds the legacy engine's data).
    langPath: join(dirname(eng.langPath), '4.0.0_best_int'),
    gzip: eng.gzip,
  };
}

/**
 * Page segmentation for reading a page: 3 (automatic). tesseract.js's default (6, one block) loses
 * most rows of a ruled table; 11 (sparse) drops one-character cells ('N', '2'); 4 (one column)
 * reads the fixtures as well as 3 but dropped every 'M'/'F' of a page of 35 rows (3 kept all 25).
 */
export const PAGE_READ_PSM = '3';

let shared: Promise<OcrWorker> | null = null;

/** A new worker (English, LSTM only), everything from disk. */
export async function createOcrWorker(): Promise<OcrWorker> {
  const mod = (await import('tesseract.js')) as unknown as { default?: TesseractModule } & TesseractModule;
  const tesseract = mod.default ?? mod;
  const paths = ocrPaths();
  const worker = await tesseract.createWorker('eng', tesseract.OEM.LSTM_ONLY, {
    workerPath: paths.workerPath,
    corePath: paths.corePath,
    langPath: paths.langPath,
    gzip: paths.gzip,
    cacheMethod: 'none',
    legacyCore: false,
    legacyLang: false,
    logger: () => {},
    errorHandler: () => {},
  });
  // Page segmentation 4 (one column of lines of varying size) for the orientation probes (their
  // scores are measured with it); a page itself is read with PAGE_READ_PSM.
  // debug_file: tesseract's own notes ('Detected 52 diacritics') go nowhere instead of the server's stdout.
  // tessedit_do_invert 0: a line read unsure is not read a second time as white on black (a census
  // page is dark on light): the same words, 10-15% less time on a page of 40 rows.
  await worker.setParameters({ tessedit_pageseg_mode: '4', preserve_interword_spaces: '1', user_defined_dpi: '200', debug_file: '/dev/null', tessedit_do_invert: '0' });
  return worker;
}

interface TesseractModule {
  createWorker(langs: string, oem: number, options: Record<string, unknown>): Promise<OcrWorker>;
  OEM: { LSTM_ONLY: number };
}

/** The worker shared by the reads of this process (created on first use). */
export function ocrWorker(): Promise<OcrWorker> {
  shared ??= createOcrWorker().catch((err) => {
    shared = null;
    throw err;
  });
  return shared;
}

/** Ends the shared worker (tests, shutdown). */
export async function closeOcr(): Promise<void> {
  const w = shared;
  shared = null;
  if (w) await (await w).terminate();
}

/**
 * A word without the table's rules read as characters: a border or a speck read as a lone mark
 * ('|', an apostrophe, a bracket, a dot) is dropped, such a mark stuck to a word's end is cut
 * ("'M", 'N|'), and so is a bracket stuck to a number ('[3' beside a border) or a dot after one
 * ('123456716.'). A dash alone is kept (a cell's 'none').
 */
export function cleanWord(text: string): string {
  let s = text.trim();
  if (/^[|¦'‘’`"“”.,:;!\[\](){}_~]+$/.test(s)) return '';
  s = s.replace(/^[|¦'‘’`"“”]+|[|¦'‘’`"“”]+$/g, '');
  if (/^[[\]]?[\d.,-]+[[\]]?$/.test(s)) s = s.replace(/^[[\]]|[[\]]$/g, '');
  // A number never ends in a dot or a dash in a census: a speck after it ('123456716.', '2900.00.',
  // '62183.85-'); nor does a date start with a dash ('-10/10/1973'); a one-digit code is not '.0'.
  if (/^\d[\d,]*(\.\d+)?[.-]$/.test(s)) s = s.slice(0, -1);
  if (/^-\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}$/.test(s)) s = s.slice(1);
  if (/^\.\d$/.test(s)) s = s.slice(1);
  return s.trim();
}

/**
 * A word cleaned (cleanWord), its box narrowed to the characters kept: a border read as '|' at a
 * word's end otherwise widens the word over the gap to the next cell, and the cells run together.
 */
export function trimWord(w: TessWord): { text: string; confidence: number; bbox: TessBox; symbols?: TessWord['symbols'] } {
  const text = cleanWord(w.text);
  const symbols = w.symbols ?? [];
  if (text === w.text) return { text, confidence: w.confidence, bbox: w.bbox, ...(w.symbols ? { symbols: w.symbols } : {}) };
  if (!text || symbols.map((c) => c.text).join('') !== w.text) return { text, confidence: w.confidence, bbox: w.bbox };
  const start = w.text.indexOf(text);
  const kept = start >= 0 ? symbols.slice(start, start + text.length) : [];
  if (!kept.length) return { text, confidence: w.confidence, bbox: w.bbox };
  const bbox = {
    x0: Math.min(...kept.map((c) => c.bbox.x0)),
    y0: Math.min(...kept.map((c) => c.bbox.y0)),
    x1: Math.max(...kept.map((c) => c.bbox.x1)),
    y1: Math.max(...kept.map((c) => c.bbox.y1)),
  };
  return { text, confidence: w.confidence, bbox, symbols: kept };
}

/** Cap height over font size for the sans faces of office documents (Arial, Helvetica, DejaVu Sans: 0.72-0.73). */
export const CAP_HEIGHT = 0.72;

/** A word whose box runs from the baseline to the cap height: it starts with a capital or a digit, and has no descender. */
const CAP_WORD = /^[A-Z0-9][A-Za-z0-9.:%$#&*+=-]*$/;
const DESCENDER = /[gjpqy]/;

const median = (xs: number[]) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/**
 * A line's font height. Tesseract's row height counts the table's rules read as '|' and runs a cell
 * taller; the words themselves say it better: the median box of the line's capital-or-digit words
 * without descenders is the cap height (about 0.72 of the font size); failing those, the median box of
 * all its words (ascender to descender, about the font size).
 */
export function fontHeight(words: { text: string; bbox: TessBox }[]): number {
  const caps = words.filter((w) => CAP_WORD.test(w.text) && !DESCENDER.test(w.text)).map((w) => w.bbox.y1 - w.bbox.y0);
  if (caps.length) return median(caps) / CAP_HEIGHT;
  return median(words.map((w) => w.bbox.y1 - w.bbox.y0));
}

/** Capitals whose ink is over half a font height wide in the faces of office documents. */
const WIDE = /^[ABCDGHKMNOQRUVWXY]$/;
/** A character narrower than this many font heights is a speck, whatever it was read as ('1' one pixel wide). */
const HAIRLINE = 0.06;
/** Below this confidence a thin stroke as narrow as a speck, alone, is a table's rule read as a character. */
const RULE_CONFIDENCE = 40;

/** Characters whose ink is a thin stroke (a narrow box is no sign of a speck for them). */
const THIN = /^[1lIij|!.,:;'`]$/;

/**
 * A speck read as a character: a one-character word narrower than any letter's ink (under 0.15 of
 * the font height; a thin stroke such as '1' or 'l' excepted), or a dash narrower than a dash
 * (under 0.2 of it), a thin stroke as narrow, barely recognised (a rule read as '1'), anything under
 * a pixel or two (HAIRLINE), or a wide capital a quarter of a font height wide. A blurred scan's dust
 * reads as 'A' two or six pixels wide, '-' three, '1' one.
 */
export function isSpeck(w: { text: string; confidence?: number; bbox: TessBox }, height: number): boolean {
  if (!Number.isFinite(height) || height <= 0) return false;
  const width = w.bbox.x1 - w.bbox.x0;
  if (w.text.length === 1 && !THIN.test(w.text) && width < 0.15 * height) return true;
  // A table's rule between two cells read as '1' or 'l', three pixels wide and barely recognised.
  if (w.text.length === 1 && THIN.test(w.text) && width < 0.15 * height && (w.confidence ?? 100) < RULE_CONFIDENCE) return true;
  // Narrower than the thinnest stroke a character has (a pixel at 200 dpi): a speck however sure.
  if (w.text.length === 1 && width < HAIRLINE * height) return true;
  // A wide capital ('A', 'M', 'W': over half a font height of ink) read from a mark a third as wide.
  if (w.text.length === 1 && WIDE.test(w.text) && width < 0.25 * height) return true;
  return SPECK_MARK.test(w.text) && w.text.length === 1 && width < 0.2 * height;
}

/**
 * A word whose last (or first) character's box is far wider than its others (2.5 times their median):
 * tesseract let that character swallow what followed it and OCR dropped (the underscores of
 * 'Date_of_Birth' read as 'Date' with an 'e' 130 pixels wide, over the words 'of' and 'Birth' read on
 * their own). The word's box is cut back to where that character would end.
 */
export function narrowSwollen<W extends { text: string; bbox: TessBox; symbols?: { text: string; bbox: TessBox }[] }>(w: W): W {
  const sym = w.symbols;
  if (!sym || sym.length < 3 || sym.map((c) => c.text).join('') !== w.text) return w;
  const widths = sym.map((c) => c.bbox.x1 - c.bbox.x0);
  const usual = median(widths.slice(1, -1));
  if (!(usual > 0)) return w;
  let { x0, x1 } = w.bbox;
  const last = sym[sym.length - 1];
  if (widths[widths.length - 1] > 2.5 * usual) x1 = Math.min(x1, last.bbox.x0 + usual);
  if (widths[0] > 2.5 * usual) x0 = Math.max(x0, sym[0].bbox.x1 - usual);
  return x0 === w.bbox.x0 && x1 === w.bbox.x1 ? w : { ...w, bbox: { ...w.bbox, x0, x1 } };
}

/**
 * A gap between two letters of one word wider than this many font heights is a lost character or
 * space (an underscore is half a font height wide; letters of a word stand under a fifth apart).
 * Digits are never split: a '1' beside another stands a third of a font height off in some faces.
 */
const INNER_GAP = 0.35;
const LETTER = /^[A-Za-z]$/;

/**
 * A word split where two of its letters stand further apart than INNER_GAP font heights: OCR
 * dropped what was between them (the underscore of 'Employee_ID' read 'EmployeeID' with a gap where
 * the underscore was, or a space). The parts become words of their own, so the grid builder puts a
 * space between them (and a header written with underscores gets its underscore back: pdf-grid.ts).
 */
export function splitAtGaps<W extends { text: string; confidence: number; bbox: TessBox; symbols?: { text: string; bbox: TessBox }[] }>(w: W, height: number): W[] {
  const sym = w.symbols;
  if (!sym || sym.length < 2 || !Number.isFinite(height) || height <= 0 || sym.map((c) => c.text).join('') !== w.text) return [w];
  const parts: { text: string; bbox: TessBox }[][] = [[sym[0]]];
  for (let i = 1; i < sym.length; i++) {
    if (LETTER.test(sym[i].text) && LETTER.test(sym[i - 1].text) && sym[i].bbox.x0 - sym[i - 1].bbox.x1 > INNER_GAP * height) parts.push([]);
    parts[parts.length - 1].push(sym[i]);
  }
  if (parts.length === 1) return [w];
  return parts.map((cs) => ({
    ...w,
    text: cs.map((c) => c.text).join(''),
    symbols: cs,
    bbox: { x0: Math.min(...cs.map((c) => c.bbox.x0)), y0: Math.min(...cs.map((c) => c.bbox.y0)), x1: Math.max(...cs.map((c) => c.bbox.x1)), y1: Math.max(...cs.map((c) => c.bbox.y1)) },
  }));
}

/** A mark OCR reads from a speck or a rule: a dash, an equals sign, a tilde. */
const SPECK_MARK = /^[-=~_\u2013\u2014\u00a9\u00ae\u00b0\u00b7\u2022]+$/;
/** Below this confidence (0..100) a lone mark beside a word is a speck, not a cell's dash. */
const SPECK_CONFIDENCE = 50;

/**
 * A lone mark read with little confidence next to a word of the same line (closer than a cell's
 * padding: half a font height) is a speck or the end of a rule glued to the cell ('FALSE -',
 * '= After-Tax', a '1' two pixels wide before a date); a dash alone in its own cell (a 'none') stands
 * apart from any word and is kept.
 */
function isSpeckBesideWord(
  w: { text: string; confidence: number; bbox: TessBox },
  prev: { text: string; bbox: TessBox } | undefined,
  next: { text: string; bbox: TessBox } | undefined,
  height: number,
): boolean {
  const h = Number.isFinite(height) && height > 0 ? height : w.bbox.y1 - w.bbox.y0;
  // A mark, or a thin stroke as narrow as a speck ('1' two pixels wide before a date), read unsure.
  const thinSpeck = THIN.test(w.text) && w.bbox.x1 - w.bbox.x0 < 0.15 * h && w.confidence < 60;
  // A dash glued before a date or a number ('- 08/28/1975'): a speck, however sure (a negative figure is written '-5', one word).
  if (/^[-\u2013\u2014]$/.test(w.text) && next && /^\d/.test(next.text) && next.bbox.x0 - w.bbox.x1 <= h / 2) return true;
  if (!(SPECK_MARK.test(w.text) && w.confidence < SPECK_CONFIDENCE) && !thinSpeck) return false;
  const near = (o: { text: string; bbox: TessBox } | undefined, gap: number) => !!o && !SPECK_MARK.test(o.text) && gap <= h / 2;
  return near(prev, prev ? w.bbox.x0 - prev.bbox.x1 : Infinity) || near(next, next ? next.bbox.x0 - w.bbox.x1 : Infinity);
}

/** Tesseract's blocks -> items: one item per word, baseline from its line, font height from the line's words. */
export function itemsOf(blocks: TessBlock[] | null): OcrTextItem[] {
  const lines: { line: TessLine; words: { text: string; confidence: number; bbox: TessBox }[]; height: number }[] = [];
  for (const block of blocks ?? []) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        const trimmed = line.words.map(trimWord).filter((w) => w.text !== '');
        const height = fontHeight(trimmed);
        const kept = trimmed.filter((w) => !isSpeck(w, height)).map(narrowSwollen).flatMap((w) => splitAtGaps(w, height));
        const words = kept.filter((w, i) => !isSpeckBesideWord(w, kept[i - 1], kept[i + 1], height));
        if (words.length) lines.push({ line, words, height });
      }
    }
  }
  // A line of one odd word ('-', a speck) gets the page's usual height rather than its own.
  const page = median(lines.map((l) => l.height).filter((h) => Number.isFinite(h) && h > 0));
  const out: OcrTextItem[] = [];
  for (const { line, words, height } of lines) {
    const h = Number.isFinite(height) && height > 0 ? Math.min(Math.max(height, 0.6 * page), 1.6 * page) : page;
    const b = line.baseline;
    for (const w of words) {
      const mid = (w.bbox.x0 + w.bbox.x1) / 2;
      // The line's baseline at the word (straight after deskew, but it may still lean a little).
      const y = b && b.has_baseline !== false && b.x1 !== b.x0 ? b.y0 + ((b.y1 - b.y0) * (mid - b.x0)) / (b.x1 - b.x0) : w.bbox.y1;
      out.push({
        str: w.text,
        x: w.bbox.x0,
        y: Math.round(y * 10) / 10,
        width: w.bbox.x1 - w.bbox.x0,
        height: Math.round(h * 10) / 10,
        confidence: Math.round(w.confidence * 10) / 10,
      });
    }
  }
  // Reading order: by baseline, then left to right (the grid builder sorts again; tests read this).
  return out.sort((a, b) => a.y - b.y || a.x - b.x);
}

export interface RecogniseOptions {
  /** 1-based page number for the PageText (default 1). */
  page?: number;
  /** Find and undo a quarter turn first (default true). */
  orient?: boolean;
  /** A worker to use (default: the shared one). */
  worker?: OcrWorker;
  /**
   * The turn the page before needed (a scanner feeds a document's pages the same way): the page is
   * read whole at that turn first and kept when it reads well (orientation.ts readsUpright); only
   * otherwise is it probed. Saves the probes on pages 2..N.
   */
  likelyTurn?: QuarterTurn;
}

/** Grey pixels -> the page's words. */
export async function recogniseGrey(image: GreyImage, options: RecogniseOptions = {}): Promise<OcrPageText> {
  const started = Date.now();
  const worker = options.worker ?? (await ocrWorker());
  const read = async (t: 0 | 90 | 180 | 270) => {
    const upright = turn(image, t);
    const { data } = await worker.recognize(encodePng(upright), { rotateAuto: true, tessedit_pageseg_mode: PAGE_READ_PSM }, { blocks: true, text: false });
    return { t, upright, data };
  };
  // The turn of the page before, when it reads well at it; else the way up from downscaled probes
  // (orientation.ts), then the page read whole at that turn.
  let r = options.likelyTurn !== undefined && options.orient !== false ? await read(options.likelyTurn) : null;
  if (r && !readsUpright(wordsOf(r.data.blocks))) {
    const t = await uprightTurn(image, worker);
    if (t !== r.t) r = await read(t);
  }
  r ??= await read(options.orient === false ? 0 : await uprightTurn(image, worker));
  const items = itemsOf(r.data.blocks);
  const confidence = items.length ? items.reduce((s, it) => s + it.confidence, 0) / items.length : 0;
  return {
    page: options.page ?? 1,
    items,
    unit: 'px',
    width: r.upright.width,
    height: r.upright.height,
    turned: r.t,
    skew: Math.round(((r.data.rotateRadians ?? 0) * 180 * 100) / Math.PI) / 100,
    confidence: Math.round(confidence * 10) / 10,
    ms: Date.now() - started,
  };
}

/**
 * Image bytes -> the page's words. A PNG or a JPEG is decoded here (so its orientation can be probed:
 * a page scanned sideways is turned); any other format tesseract reads (BMP, WebP, PBM) is read as
 * it is, upright assumed.
 */
export async function recogniseImage(bytes: Uint8Array, options: RecogniseOptions = {}): Promise<OcrPageText> {
  if (isPng(bytes)) return recogniseGrey(toGreyImage(bytes), options);
  if (isJpeg(bytes)) return recogniseGrey(await decodeJpegGrey(bytes), options);
  const started = Date.now();
  const worker = options.worker ?? (await ocrWorker());
  const { data } = await worker.recognize(Buffer.from(bytes), { rotateAuto: true, tessedit_pageseg_mode: PAGE_READ_PSM }, { blocks: true, text: false });
  const items = itemsOf(data.blocks);
  const confidence = items.length ? items.reduce((s, it) => s + it.confidence, 0) / items.length : 0;
  const right = Math.max(0, ...items.map((it) => it.x + it.width));
  const bottom = Math.max(0, ...items.map((it) => it.y));
  return {
    page: options.page ?? 1,
    items,
    unit: 'px',
    width: right,
    height: bottom,
    turned: 0,
    skew: Math.round(((data.rotateRadians ?? 0) * 180 * 100) / Math.PI) / 100,
    confidence: Math.round(confidence * 10) / 10,
    ms: Date.now() - started,
  };
}

const wordsOf = (blocks: TessBlock[] | null) => (blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)));

function toGreyImage(png: Uint8Array): GreyImage {
  const rgba = decodePng(png);
  return { width: rgba.width, height: rgba.height, grey: toGrey(rgba) };
}
