/**
 * ZIP (XLSX) safety checks, done on the raw bytes BEFORE SheetJS sees them.
 *
 * SheetJS's unzip trusts the archive: it inflates every entry until its deflate stream ends, whatever
 * the directory declares, and keeps all of it in memory. So we walk the archive exactly the way
 * SheetJS will (same end-of-central-directory search, same fields, data located through the local
 * header) and:
 *  1. enforce the entry count, the declared total uncompressed size and the declared per-entry ratio
 *     from the central directory alone, before inflating anything;
 *  2. inflate each entry ourselves with a hard output cap (zlib maxOutputLength), one at a time,
 *     so a directory that lies about sizes is caught with bounded memory; the real sizes must match
 *     the declared ones and the CRC-32 must match (a damaged archive is rejected here, not half-read);
 *  3. reject XML parts that contain a DOCTYPE or ENTITY declaration: Excel never writes them, and they
 *     are how entity-expansion ("billion laughs") and external-entity (XXE) attacks start.
 * The output of step 2 is thrown away; SheetJS re-inflates from the same bytes, now known to be safe.
 */
import { crc32, inflateRawSync } from 'node:zlib';
import { CensusReadError } from './errors';
import { type Deadline, type ReadLimits, ZIP_RATIO_FLOOR, formatBytes, formatCount } from './limits';

export interface ZipEntryInfo {
  name: string;
  /** Compression method from the local header (the one SheetJS uses): 0 stored, 8 deflate. */
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Offset of the entry's data (just after its local header). */
  dataOffset: number;
}

export interface ZipInspection {
  entries: ZipEntryInfo[];
  /** Sum of the real (inflated) sizes. */
  extractedBytes: number;
  /**
   * The two parts every Open Packaging (OOXML) file must have are present and look right:
   * [Content_Types].xml with a Types element and _rels/.rels pointing at an officeDocument.
   * SheetJS guesses past a damaged package; we refuse it (see index.ts).
   */
  validPackage: boolean;
}

const SIG_EOCD = 0x06054b50;
const SIG_CDH = 0x02014b50;
const SIG_LFH = 0x04034b50;
const U32_MAX = 0xffffffff;

const NOT_A_WORKBOOK = 'This file is not a valid XLSX workbook: its ZIP structure is damaged.';

function damaged(detail?: string): CensusReadError {
  return new CensusReadError('corrupt', detail ? `This file is not a valid XLSX workbook: ${detail}.` : NOT_A_WORKBOOK);
}

function u16(b: Uint8Array, o: number): number {
  return b[o] | (b[o + 1] << 8);
}
function u32(b: Uint8Array, o: number): number {
  return (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) + b[o + 3] * 0x1000000;
}
function u64(b: Uint8Array, o: number): number {
  return u32(b, o) + u32(b, o + 4) * 0x100000000;
}

/** ZIP64 extended-information extra field (0x0001), read the way SheetJS reads it (usz then csz). */
function zip64Sizes(extra: Uint8Array): { usz?: number; csz?: number } {
  let p = 0;
  while (p + 4 <= extra.length) {
    const type = u16(extra, p);
    const size = u16(extra, p + 2);
    if (type === 0x0001 && p + 4 + 16 <= extra.length) {
      return { usz: u64(extra, p + 4), csz: u64(extra, p + 12) };
    }
    p += 4 + size;
  }
  return {};
}

/**
 * Finds the end-of-central-directory signature scanning backwards from the very end, exactly as
 * SheetJS does (not from length - 22): a signature planted in the last bytes must be the one we
 * check too, or SheetJS would read a directory we never looked at.
 */
function findEocd(bytes: Uint8Array): number {
  for (let i = bytes.length - 4; i >= 0; i--) {
    if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 0x05 && bytes[i + 3] === 0x06) return i;
  }
  return -1;
}

/**
 * Step 1: the central directory, with the declared-size limits. Throws 'corrupt' for a malformed
 * directory and 'limit' for too many entries, too much declared data or a suspicious ratio.
 */
export function listZipEntries(bytes: Uint8Array, limits: ReadLimits): ZipEntryInfo[] {
  const eocd = findEocd(bytes);
  if (eocd < 0 || u32(bytes, eocd) !== SIG_EOCD) throw damaged('its ZIP directory is missing');
  if (eocd + 22 > bytes.length) throw damaged('its ZIP directory is cut short');
  const count = u16(bytes, eocd + 8);
  const cdStart = u32(bytes, eocd + 16);
  if (count > limits.maxZipEntries) {
    throw new CensusReadError(
      'limit',
      `This workbook has ${formatCount(count)} parts inside, more than the ${formatCount(limits.maxZipEntries)} allowed.`,
    );
  }
  if (count === 0) throw damaged('its ZIP directory is empty');
  if (cdStart >= eocd) throw damaged('its ZIP directory is out of place');

  const entries: ZipEntryInfo[] = [];
  let declaredTotal = 0;
  let p = cdStart;
  for (let n = 0; n < count; n++) {
    if (p + 46 > bytes.length || u32(bytes, p) !== SIG_CDH) throw damaged('its ZIP directory is damaged');
    const crc = u32(bytes, p + 16);
    let csz = u32(bytes, p + 20);
    let usz = u32(bytes, p + 24);
    const nameLen = u16(bytes, p + 28);
    const extraLen = u16(bytes, p + 30);
    const commentLen = u16(bytes, p + 32);
    const localOffset = u32(bytes, p + 42);
    const next = p + 46 + nameLen + extraLen + commentLen;
    if (next > bytes.length) throw damaged('its ZIP directory is cut short');
    const cdName = latin1(bytes.subarray(p + 46, p + 46 + nameLen));
    const z64 = zip64Sizes(bytes.subarray(p + 46 + nameLen, p + 46 + nameLen + extraLen));
    if (z64.usz) usz = z64.usz;
    if (z64.csz) csz = z64.csz;
    p = next;

    // Local header: SheetJS takes the method, flags and data position from here, so do we.
    const lo = localOffset;
    if (lo + 30 > bytes.length || u32(bytes, lo) !== SIG_LFH) throw damaged(`the part "${shortName(cdName)}" is missing`);
    const flags = u16(bytes, lo + 6);
    const method = u16(bytes, lo + 8);
    const localNameLen = u16(bytes, lo + 26);
    const localExtraLen = u16(bytes, lo + 28);
    const dataOffset = lo + 30 + localNameLen + localExtraLen;
    if (dataOffset > bytes.length) throw damaged(`the part "${shortName(cdName)}" is cut short`);
    const name = latin1(bytes.subarray(lo + 30, lo + 30 + localNameLen));
    if (flags & 0x0041 || flags & 0x2000) {
      throw new CensusReadError(
        'unsupported-protection',
        'This file is a ZIP archive with encrypted contents; Excel workbooks are never encrypted that way. Save it again from Excel (File > Save As) and upload the new file.',
      );
    }
    if (method !== 0 && method !== 8) throw damaged(`the part "${shortName(name)}" uses an unsupported compression method`);
    if (csz === U32_MAX || usz === U32_MAX) throw damaged('it declares sizes beyond 4 GB');
    if (dataOffset + csz > bytes.length) throw damaged(`the part "${shortName(name)}" is cut short`);
    if (method === 0) {
      // SheetJS slices a stored part by the LOCAL header's size; it must agree with the directory's
      // or overlapping slices could add up to far more than the file.
      let localCsz = u32(bytes, lo + 18);
      const lz64 = zip64Sizes(bytes.subarray(lo + 30 + localNameLen, dataOffset));
      if (lz64.csz) localCsz = lz64.csz;
      if (localCsz !== csz || usz !== csz) throw damaged(`the part "${shortName(name)}" has inconsistent sizes`);
    }

    declaredTotal += usz;
    if (declaredTotal > limits.maxExtractedBytes) {
      throw new CensusReadError(
        'limit',
        `This workbook expands to more than ${formatBytes(limits.maxExtractedBytes)} when unpacked, more than allowed.`,
      );
    }
    if (usz > ZIP_RATIO_FLOOR && usz / Math.max(csz, 1) > limits.maxZipRatio) throw ratioError(name, usz / Math.max(csz, 1), limits);
    entries.push({ name, method, flags, crc32: crc, compressedSize: csz, uncompressedSize: usz, dataOffset });
  }
  return entries;
}

function ratioError(name: string, ratio: number, limits: ReadLimits): CensusReadError {
  return new CensusReadError(
    'limit',
    `A part of this workbook ("${shortName(name)}") expands ${Math.round(ratio)} times its packed size, more than the ${limits.maxZipRatio} times allowed; the file may be a zip bomb.`,
  );
}

function latin1(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i++) s += String.fromCharCode(b[i]);
  return s;
}

function shortName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return clean.length > 60 ? `…${clean.slice(-59)}` : clean;
}

/** Parts SheetJS parses as XML; media (SVG may legitimately carry a DOCTYPE) is never parsed. */
export function isXmlPart(name: string): boolean {
  return /\.(xml|rels|vml)$/i.test(name);
}

const DTD_MARKERS: Buffer[] = ['<!DOCTYPE', '<!doctype', '<!ENTITY', '<!entity'].flatMap((m) => [
  Buffer.from(m, 'latin1'),
  Buffer.from(m, 'utf16le'),
  Buffer.from(Buffer.from(m, 'utf16le').map((_, i, a) => a[i ^ 1])), // UTF-16BE
]);

/** ASCII text in an XML part written as UTF-8 or UTF-16 (either byte order). */
function containsText(data: Buffer, text: string): boolean {
  const le = Buffer.from(text, 'utf16le');
  const be = Buffer.from(le.map((_, i, a) => a[i ^ 1]));
  return data.indexOf(Buffer.from(text, 'latin1')) !== -1 || data.indexOf(le) !== -1 || data.indexOf(be) !== -1;
}

/** The refusal of an XML part that declares a DOCTYPE or entities (also said at upload: cases/upload-check.ts). */
export function dtdError(name: string): CensusReadError {
  return new CensusReadError(
    'corrupt',
    `This workbook was rejected as unsafe: its part "${shortName(name)}" declares XML entities (a DOCTYPE), which Excel never writes.`,
  );
}

export function hasDtd(data: Buffer): boolean {
  return DTD_MARKERS.some((m) => data.indexOf(m) !== -1);
}

/**
 * Steps 1-3 (see the file comment). Returns the entries with their real sizes checked; throws a
 * CensusReadError otherwise. `deadline` is checked between entries.
 */
export function guardZip(bytes: Uint8Array, limits: ReadLimits, deadline?: Deadline): ZipInspection {
  const entries = listZipEntries(bytes, limits);
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let extracted = 0;
  let contentTypesOk = false;
  let rootRelsOk = false;
  for (const e of entries) {
    deadline?.check();
    const remaining = limits.maxExtractedBytes - extracted;
    let data: Buffer;
    if (e.method === 0) {
      data = buf.subarray(e.dataOffset, e.dataOffset + e.compressedSize);
    } else {
      // Cap at what the limits allow for this entry; one byte more tells us the cap was hit.
      const ratioCap = Math.max(ZIP_RATIO_FLOOR, e.compressedSize * limits.maxZipRatio);
      const cap = Math.min(remaining, ratioCap, e.uncompressedSize) + 1;
      try {
        data = inflateRawSync(buf.subarray(e.dataOffset), { maxOutputLength: Math.max(cap, 1) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
          if (cap - 1 === e.uncompressedSize && e.uncompressedSize < Math.min(remaining, ratioCap)) {
            throw damaged(`the part "${shortName(e.name)}" is larger than its directory says`);
          }
          if (ratioCap < remaining) throw ratioError(e.name, (ratioCap + 1) / Math.max(e.compressedSize, 1), limits);
          throw new CensusReadError(
            'limit',
            `This workbook expands to more than ${formatBytes(limits.maxExtractedBytes)} when unpacked, more than allowed.`,
          );
        }
        throw damaged(`the part "${shortName(e.name)}" cannot be unpacked`);
      }
    }
    if (data.length !== e.uncompressedSize) throw damaged(`the part "${shortName(e.name)}" does not have the size its directory says`);
    if ((crc32(data) >>> 0) !== e.crc32) throw damaged(`the part "${shortName(e.name)}" fails its checksum`);
    extracted += data.length;
    if (extracted > limits.maxExtractedBytes) {
      throw new CensusReadError(
        'limit',
        `This workbook expands to more than ${formatBytes(limits.maxExtractedBytes)} when unpacked, more than allowed.`,
      );
    }
    if (isXmlPart(e.name) && hasDtd(data)) throw dtdError(e.name);
    const lower = e.name.toLowerCase();
    if (lower === '[content_types].xml') contentTypesOk = containsText(data, '<') && containsText(data, 'Types');
    if (lower === '_rels/.rels') rootRelsOk = containsText(data, 'Relationship') && containsText(data, 'officeDocument');
  }
  return { entries, extractedBytes: extracted, validPackage: contentTypesOk && rootRelsOk };
}

/** What kind of package the ZIP holds, from its entry names. */
export function zipKind(entries: ZipEntryInfo[]): 'ooxml-workbook' | 'opendocument' | 'other-ooxml' | 'other' {
  const names = entries.map((e) => e.name.toLowerCase());
  if (names.some((n) => n === 'mimetype' || n === 'meta-inf/manifest.xml' || n === 'content.xml')) return 'opendocument';
  const hasTypes = names.includes('[content_types].xml');
  if (names.some((n) => n.startsWith('xl/'))) return 'ooxml-workbook';
  if (hasTypes) return 'other-ooxml';
  return 'other';
}
