/**
 * The page images of a scanned (image-only) PDF, without a native canvas (issue 30). pdf.js (the
 * legacy build, as the text-layer reader uses; imported on first use) decodes each page's operator
 * list; the image XObjects it paints arrive in page.objs as raw pixels (1-bit grey, RGB or RGBA; the
 * JPEGs and Flate images of a scanner decoded by pdf.js itself). The largest image of each page (the
 * scan; a logo or a stamp beside it is smaller) is returned as grey pixels and as a greyscale PNG,
 * which tesseract.js reads. The page's /Rotate is applied as a quarter turn, so a page the scanner
 * marked as turned comes out the way it is shown. An image is cut to the part of it the page shows
 * (its placement and the clip, as a box, tracked through the operator list): a tall image printed
 * over two pages, each showing a part, gives each page its part, not the whole image twice.
 *
 * Nothing is rendered and no script runs (isEvalSupported off); fonts are never needed.
 */
import { crop, encodePng, turn, type GreyImage } from './png';

/** pdf.js's ImageKind. */
const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

export interface PageImage {
  /** 1-based page number. */
  page: number;
  /** The image, upright as the page is shown (its /Rotate applied). */
  image: GreyImage;
  /** The same as a greyscale PNG. */
  png: Buffer;
  /** Images painted on the page (the largest is returned). */
  images: number;
}

interface PdfJsImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
  bitmap?: unknown;
}

interface PdfJsPage {
  rotate: number;
  /** The page box [x0, y0, x1, y1] in user space. */
  view: number[];
  getOperatorList(): Promise<{ fnArray: number[]; argsArray: unknown[][] }>;
  objs: { get(id: string, cb?: (o: unknown) => void): unknown; has(id: string): boolean };
  commonObjs: { get(id: string, cb?: (o: unknown) => void): unknown; has(id: string): boolean };
  cleanup(): void;
}

interface PdfJs {
  getDocument(src: Record<string, unknown>): { promise: Promise<{ numPages: number; getPage(n: number): Promise<PdfJsPage>; destroy(): Promise<void> }> };
  OPS: Record<string, number>;
}

let loaded: Promise<PdfJs> | null = null;
const pdfjs = () => (loaded ??= import('pdfjs-dist/legacy/build/pdf.mjs') as unknown as Promise<PdfJs>);

/** pdf.js's decoded image -> grey pixels (null for a format we do not read: an ImageBitmap). */
export function greyOf(img: PdfJsImage): GreyImage | null {
  const { width, height, kind, data } = img;
  if (!data || !width || !height) return null;
  const out = new Uint8Array(width * height);
  if (kind === GRAYSCALE_1BPP) {
    // Rows padded to whole bytes; a set bit is white (pdf.js has applied /Decode already).
    const stride = (width + 7) >> 3;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) out[y * width + x] = data[y * stride + (x >> 3)] & (0x80 >> (x & 7)) ? 255 : 0;
    }
    return { width, height, grey: out };
  }
  const bpp = kind === RGB_24BPP ? 3 : kind === RGBA_32BPP ? 4 : data.length / (width * height);
  if (bpp !== 3 && bpp !== 4 && bpp !== 1) return null;
  for (let i = 0, j = 0; i < width * height; i++, j += bpp) {
    out[i] = bpp === 1 ? data[j] : Math.round(0.299 * data[j] + 0.587 * data[j + 1] + 0.114 * data[j + 2]);
  }
  return { width, height, grey: out };
}

type Matrix = [number, number, number, number, number, number];

/** m1 x m2: m2 applied first (pdf.js's Util.transform). */
const multiply = (m1: Matrix, m2: Matrix): Matrix => [
  m1[0] * m2[0] + m1[2] * m2[1],
  m1[1] * m2[0] + m1[3] * m2[1],
  m1[0] * m2[2] + m1[2] * m2[3],
  m1[1] * m2[2] + m1[3] * m2[3],
  m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
  m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
];

/** The bounding box [x0, y0, x1, y1] of a box under a matrix. */
function boundsOf(m: Matrix, [x0, y0, x1, y1]: number[]): number[] {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1],
  ]) {
    xs.push(m[0] * x + m[2] * y + m[4]);
    ys.push(m[1] * x + m[3] * y + m[5]);
  }
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

const intersect = (a: number[], b: number[]) => [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];

/**
 * The pixels of an image (w x h) that fall inside the page box, when painted under `ctm` (an image
 * fills the unit square; its first row at the top, v = 1). The whole image when the matrix is singular.
 */
export function visiblePart(ctm: Matrix, view: number[], w: number, h: number): { left: number; top: number; width: number; height: number } {
  const whole = { left: 0, top: 0, width: w, height: h };
  const det = ctm[0] * ctm[3] - ctm[1] * ctm[2];
  if (!Number.isFinite(det) || Math.abs(det) < 1e-9 || view.length < 4) return whole;
  const [x0, y0, x1, y1] = view;
  if (x1 <= x0 || y1 <= y0) return { left: 0, top: 0, width: 0, height: 0 };
  // The page box in the image's unit square: through the inverse of the matrix.
  const [a, b, c, d, e, f] = ctm;
  const inverse: Matrix = [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
  const [bu0, bv0, bu1, bv1] = boundsOf(inverse, [x0, y0, x1, y1]);
  const clamp = (t: number) => Math.max(0, Math.min(1, t));
  const u0 = clamp(bu0);
  const u1 = clamp(bu1);
  const v0 = clamp(bv0);
  const v1 = clamp(bv1);
  const left = Math.floor(u0 * w);
  const top = Math.floor((1 - v1) * h);
  const right = Math.ceil(u1 * w);
  const bottom = Math.ceil((1 - v0) * h);
  if (right - left < 1 || bottom - top < 1) return { left: 0, top: 0, width: 0, height: 0 };
  return { left, top, width: right - left, height: bottom - top };
}

function objectOf(page: PdfJsPage, id: string): Promise<PdfJsImage | null> {
  const store = id.startsWith('g_') ? page.commonObjs : page.objs;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 5_000);
    store.get(id, (o) => {
      clearTimeout(timer);
      resolve((o as PdfJsImage) ?? null);
    });
  });
}

/** Each page's largest image (pages without one are left out). */
export async function pdfPageImages(bytes: Uint8Array, options: { maxPages?: number } = {}): Promise<PageImage[]> {
  const lib = await pdfjs();
  const doc = await lib.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
  }).promise;
  const out: PageImage[] = [];
  try {
    const last = Math.min(doc.numPages, options.maxPages ?? doc.numPages);
    for (let n = 1; n <= last; n++) {
      const page = await doc.getPage(n);
      const ops = await page.getOperatorList();
      const found: { img: PdfJsImage; ctm: Matrix; box: number[] }[] = [];
      // The graphics state that matters here: the transform and the clip (a box in page space; a
      // clip path is taken as its bounding box, as printed pages clip to their margins).
      let ctm: Matrix = [1, 0, 0, 1, 0, 0];
      let box: number[] = page.view;
      let pendingClip = false;
      const stack: { ctm: Matrix; box: number[] }[] = [];
      const pop = () => {
        const top = stack.pop();
        if (top) ({ ctm, box } = top);
      };
      for (let i = 0; i < ops.fnArray.length; i++) {
        const fn = ops.fnArray[i];
        const args = ops.argsArray[i];
        if (fn === lib.OPS.save) stack.push({ ctm, box });
        else if (fn === lib.OPS.restore) pop();
        else if (fn === lib.OPS.transform) ctm = multiply(ctm, args as Matrix);
        else if (fn === lib.OPS.clip || fn === lib.OPS.eoClip) pendingClip = true;
        else if (fn === lib.OPS.constructPath) {
          const mm = args[2] as ArrayLike<number> | null;
          if (pendingClip && mm && mm.length >= 4) box = intersect(box, boundsOf(ctm, [mm[0], mm[1], mm[2], mm[3]]));
          pendingClip = false;
        } else if (fn === lib.OPS.paintFormXObjectBegin) {
          stack.push({ ctm, box });
          const m = args[0] as Matrix | null;
          if (Array.isArray(m) && m.length === 6) ctm = multiply(ctm, m);
        } else if (fn === lib.OPS.paintFormXObjectEnd) pop();
        else if (fn === lib.OPS.paintImageXObject || fn === lib.OPS.paintImageXObjectRepeat) {
          const img = await objectOf(page, String(args[0]));
          if (img) found.push({ img, ctm, box });
        } else if (fn === lib.OPS.paintInlineImageXObject) {
          found.push({ img: args[0] as PdfJsImage, ctm, box });
        }
      }
      const best = found
        .map(({ img, ctm: m, box: shown }) => {
          const grey = greyOf(img);
          if (!grey) return null;
          const part = visiblePart(m, shown, grey.width, grey.height);
          if (part.width === 0 || part.height === 0) return null;
          return part.width === grey.width && part.height === grey.height ? grey : crop(grey, part);
        })
        .filter((g): g is GreyImage => g !== null)
        .sort((a, b) => b.width * b.height - a.width * a.height)[0];
      if (best) {
        const rotate = ((((page.rotate ?? 0) % 360) + 360) % 360) as 0 | 90 | 180 | 270;
        const image = turn(best, rotate);
        out.push({ page: n, image, png: encodePng(image), images: found.length });
      }
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
  return out;
}
