/**
 * A JPEG scan or photo as grey pixels (issue 30), so that it is put upright like a PNG or a PDF's
 * page: a payroll register scanned sideways and saved as JPEG was read as it came, found no table and
 * was refused. Decoded by pdf.js's own JPEG decoder (`pdfjs-dist`'s image decoders, the legacy build
 * the document reader already ships; imported on the first JPEG only): baseline and progressive,
 * grey, YCbCr/RGB and CMYK/YCCK. An EXIF orientation tag is not read: the orientation probe finds the
 * way up from the words, whichever way the camera held the page.
 */
import type { GreyImage } from './png';

interface JpegDecoder {
  width: number;
  height: number;
  numComponents: number;
  parse(data: Uint8Array): void;
  getData(options: { width: number; height: number; forceRGB?: boolean; isSourcePDF?: boolean }): Uint8Array | Uint8ClampedArray;
}

interface ImageDecoders {
  JpegImage: new () => JpegDecoder;
}

/** The decoders' module (it ships no types: typed here by the one class used). */
const DECODERS = 'pdfjs-dist/legacy/image_decoders/pdf.image_decoders.mjs';
let decoders: Promise<ImageDecoders> | null = null;
const load = () => (decoders ??= import(DECODERS) as Promise<ImageDecoders>);

/** JPEG's start of image and the first marker byte (FF D8 FF). */
export const isJpeg = (bytes: Uint8Array) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/** JPEG bytes -> grey pixels (luma of the RGB the decoder gives; a grey JPEG as it is). */
export async function decodeJpegGrey(bytes: Uint8Array): Promise<GreyImage> {
  const { JpegImage } = await load();
  const jpeg = new JpegImage();
  jpeg.parse(bytes);
  const { width, height } = jpeg;
  const grey = jpeg.numComponents === 1;
  const data = jpeg.getData({ width, height, forceRGB: !grey, isSourcePDF: false });
  if (grey) return { width, height, grey: Uint8Array.from(data) };
  const n = width * height;
  const out = new Uint8Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3) out[i] = Math.round(0.299 * data[j] + 0.587 * data[j + 1] + 0.114 * data[j + 2]);
  return { width, height, grey: out };
}
