/**
 * QR codes as SVG path data (no canvas, no inline styles: the bundle must run under a strict CSP).
 * Only the qrcode package's encoder is imported (its core module), not its canvas/string renderers.
 */
import QRCodeCore from 'qrcode/lib/core/qrcode';

export interface QrPath {
  /** Width and height in modules, quiet zone included. */
  size: number;
  /** One `M x y h1 v1 h-1 z` square per dark module, merged along rows. */
  d: string;
}

/** Encodes `text` (error correction M) and returns the path of its dark modules with a 2-module margin. */
export function qrPath(text: string, margin = 2): QrPath {
  const qr = QRCodeCore.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules;
  let d = '';
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && data[y * size + x]) x++;
      d += `M${start + margin} ${y + margin}h${x - start}v1h${start - x}z`;
    }
  }
  return { size: size + margin * 2, d };
}
