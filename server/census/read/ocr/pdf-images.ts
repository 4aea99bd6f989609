/**
 * The page images of a scanned (image-only) PDF, without a native canvas (issue 30). pdf.js (the
 * legacy build, as the text-layer reader uses; imported on first use) decodes each page's operator
 * list; the image XObjects it paints arrive in page.objs as raw pixels (1-bit grey, RGB or RGBA; the
 * JPEGs and Flate images of a scanner decoded by pdf.js itself). The largest image of each page (the
 * scan; a logo or a stamp beside it is smaller) is returned as grey pixels and as a greyscale PNG,
 * which tesseract.js reads. The page's /Rotate is applied as a quarter turn, so a page the scanner
 * marked as turned comes out the way it is shown.
 *
 * Nothing is rendered and no script runs (isEvalSupported off); fonts are never needed.
 */
import { encodePng, turn, type GreyImage } from './png';

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
      const found: PdfJsImage[] = [];
      for (let i = 0; i < ops.fnArray.length; i++) {
        const fn = ops.fnArray[i];
        const args = ops.argsArray[i];
        if (fn === lib.OPS.paintImageXObject || fn === lib.OPS.paintImageXObjectRepeat) {
          const img = await objectOf(page, String(args[0]));
          if (img) found.push(img);
        } else if (fn === lib.OPS.paintInlineImageXObject) {
          found.push(args[0] as PdfJsImage);
        }
      }
      const best = found
        .map((img) => greyOf(img))
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
