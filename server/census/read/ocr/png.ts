/**
 * Page images as pixels (the OCR reader, issue 30): PNG bytes -> RGBA (pngjs), RGBA -> grey, grey ->
 * PNG bytes (what tesseract.js is given), and the pixel work the reader does before recognising a
 * page: quarter turns, a box-filter downscale for the orientation probe. No native canvas.
 */
import { createRequire } from 'node:module';

export interface RgbaImage {
  width: number;
  height: number;
  /** 4 bytes a pixel, rows top to bottom. */
  data: Uint8Array;
}

export interface GreyImage {
  width: number;
  height: number;
  /** 1 byte a pixel (0 black .. 255 white), rows top to bottom. */
  grey: Uint8Array;
}

interface PngJs {
  PNG: {
    sync: {
      read(buffer: Buffer): { width: number; height: number; data: Buffer };
      write(png: { width: number; height: number; data: Buffer }, options?: Record<string, unknown>): Buffer;
    };
  };
}

let pngjs: PngJs | null = null;
// pngjs is CommonJS without types: required, typed here by the two calls used.
const lib = (): PngJs => (pngjs ??= createRequire(import.meta.url)('pngjs') as PngJs);

export const isPng = (bytes: Uint8Array) =>
  bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;

/** PNG bytes -> RGBA pixels (any bit depth, palette, alpha or interlace pngjs reads). */
export function decodePng(bytes: Uint8Array): RgbaImage {
  const png = lib().PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return { width: png.width, height: png.height, data: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.byteLength) };
}

/** RGBA -> grey (luma; transparent pixels count as white paper). */
export function toGrey(img: RgbaImage): Uint8Array {
  const n = img.width * img.height;
  const out = new Uint8Array(n);
  const d = img.data;
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    const a = d[j + 3] / 255;
    const g = 0.299 * d[j] + 0.587 * d[j + 1] + 0.114 * d[j + 2];
    out[i] = Math.round(g * a + 255 * (1 - a));
  }
  return out;
}

/** Grey pixels -> an 8-bit greyscale PNG. */
export function encodePng(img: GreyImage): Buffer {
  return lib().PNG.sync.write(
    { width: img.width, height: img.height, data: Buffer.from(img.grey.buffer, img.grey.byteOffset, img.grey.byteLength) },
    { colorType: 0, inputColorType: 0, inputHasAlpha: false, bitDepth: 8 },
  );
}

/** The image turned clockwise by 0, 90, 180 or 270 degrees. */
export function turn(img: GreyImage, degrees: 0 | 90 | 180 | 270): GreyImage {
  const { width: w, height: h, grey } = img;
  if (degrees === 0) return img;
  const out = new Uint8Array(w * h);
  if (degrees === 180) {
    for (let i = 0; i < w * h; i++) out[w * h - 1 - i] = grey[i];
    return { width: w, height: h, grey: out };
  }
  // 90 clockwise: (x, y) -> (h - 1 - y, x) in a w' = h, h' = w image; 270: (x, y) -> (y, w - 1 - x).
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const to = degrees === 90 ? x * h + (h - 1 - y) : (w - 1 - x) * h + y;
      out[to] = grey[row + x];
    }
  }
  return { width: h, height: w, grey: out };
}

/** Downscaled by an integer factor (the mean of each factor x factor box). */
export function shrink(img: GreyImage, factor: number): GreyImage {
  const f = Math.max(1, Math.floor(factor));
  if (f === 1) return img;
  const w = Math.floor(img.width / f);
  const h = Math.floor(img.height / f);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let dy = 0; dy < f; dy++) {
        const row = (y * f + dy) * img.width + x * f;
        for (let dx = 0; dx < f; dx++) sum += img.grey[row + dx];
      }
      out[y * w + x] = Math.round(sum / (f * f));
    }
  }
  return { width: w, height: h, grey: out };
}

/** A window of the image (clipped to it). */
export function crop(img: GreyImage, box: { left: number; top: number; width: number; height: number }): GreyImage {
  const left = Math.max(0, Math.min(img.width, Math.round(box.left)));
  const top = Math.max(0, Math.min(img.height, Math.round(box.top)));
  const w = Math.max(0, Math.min(img.width - left, Math.round(box.width)));
  const h = Math.max(0, Math.min(img.height - top, Math.round(box.height)));
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) out.set(img.grey.subarray((top + y) * img.width + left, (top + y) * img.width + left + w), y * w);
  return { width: w, height: h, grey: out };
}
