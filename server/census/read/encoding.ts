/**
 * Bytes -> text for CSV/TXT files. We do this ourselves (not papaparse, not SheetJS) because census
 * files come from Excel on Windows as often as from HR systems:
 *  - UTF-8 with a BOM (Excel's "CSV UTF-8"), UTF-16 LE/BE with a BOM (Excel's "Unicode Text"),
 *  - UTF-8 without a BOM, checked strictly so that a single invalid byte sends us to
 *  - Windows-1252 (Excel's plain "CSV" on a Western Windows), decoded with our own table because
 *    TextDecoder's windows-1252 depends on the ICU build and some Node versions decode it as Latin-1.
 */

export type TextEncodingName = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  /** True when the encoding came from a BOM rather than a guess. */
  fromBom: boolean;
}

/** Windows-1252 0x80..0x9F; the five undefined bytes map to the same C1 code point, as WHATWG does. */
const CP1252_HIGH: readonly number[] = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d, 0x017d, 0x008f,
  0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192; // String.fromCharCode(...) on huge arrays would overflow the call stack.
  const codes = new Array<number>(CHUNK);
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const end = Math.min(bytes.length, start + CHUNK);
    codes.length = end - start;
    for (let i = start; i < end; i++) {
      const b = bytes[i];
      codes[i - start] = b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : b;
    }
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

function decodeUtf16(bytes: Uint8Array, bigEndian: boolean): string {
  // An odd trailing byte cannot be a character; drop it rather than fail the whole file.
  const len = bytes.length - (bytes.length % 2);
  if (!bigEndian) return new TextDecoder('utf-16le').decode(bytes.subarray(0, len));
  const swapped = new Uint8Array(len);
  for (let i = 0; i < len; i += 2) {
    swapped[i] = bytes[i + 1];
    swapped[i + 1] = bytes[i];
  }
  return new TextDecoder('utf-16le').decode(swapped);
}

/**
 * Without a BOM, UTF-16 text of mostly ASCII shows a zero in every other byte. Excel always writes
 * the BOM, but other tools do not; a NUL-laden "text" would otherwise turn into garbage columns.
 */
function sniffUtf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length - (bytes.length % 2), 4096);
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    const body = bytes.subarray(3);
    try {
      return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8-bom', fromBom: true };
    } catch {
      // A UTF-8 BOM followed by invalid UTF-8: trust the BOM, replace the bad bytes.
      return { text: new TextDecoder('utf-8').decode(body), encoding: 'utf-8-bom', fromBom: true };
    }
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: decodeUtf16(bytes.subarray(2), false), encoding: 'utf-16le', fromBom: true };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: decodeUtf16(bytes.subarray(2), true), encoding: 'utf-16be', fromBom: true };
  }
  const utf16 = sniffUtf16WithoutBom(bytes);
  if (utf16) return { text: decodeUtf16(bytes, utf16 === 'utf-16be'), encoding: utf16, fromBom: false };
  try {
    // ignoreBOM: there is none here, and a stray U+FEFF later in the text must be kept, not eaten.
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), encoding: 'utf-8', fromBom: false };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252', fromBom: false };
  }
}

/** True when the decoded "text" is really binary: NULs or many C0 control characters. */
export function looksBinary(text: string): boolean {
  const sample = text.slice(0, 8192);
  if (sample.length === 0) return false;
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0) return true;
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) control++;
  }
  return control > sample.length * 0.01;
}
