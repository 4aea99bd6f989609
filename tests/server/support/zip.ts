/**
 * A minimal ZIP writer for the ZIP guard's and the upload's tests: local headers + data, central
 * directory, end record; each entry can lie in exactly one way (sizes, CRC, flags, entry count,
 * directory offset).
 */
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import * as XLSX from 'xlsx';
import { DEFAULT_READ_LIMITS } from '../../../server/census/read';
import { listZipEntries } from '../../../server/census/read/zip-guard';

export interface EntrySpec {
  name: string;
  data: Buffer;
  method?: 0 | 8;
  /** Lies written into the central directory (and the local header). */
  declaredSize?: number;
  declaredCompressed?: number;
  crc?: number;
  flags?: number;
}

/** A minimal, standard ZIP writer: local headers + data, central directory, end record. */
export function buildZip(specs: EntrySpec[], opts: { entryCountOverride?: number; cdOffsetOverride?: number } = {}): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const s of specs) {
    const method = s.method ?? 8;
    const payload = method === 8 ? deflateRawSync(s.data) : s.data;
    const name = Buffer.from(s.name, 'latin1');
    const crc = s.crc ?? crc32(s.data);
    const usz = s.declaredSize ?? s.data.length;
    const csz = s.declaredCompressed ?? payload.length;
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(20, 4);
    lh.writeUInt16LE(s.flags ?? 0, 6);
    lh.writeUInt16LE(method, 8);
    lh.writeUInt32LE(crc >>> 0, 14);
    lh.writeUInt32LE(csz, 18);
    lh.writeUInt32LE(usz, 22);
    lh.writeUInt16LE(name.length, 26);
    locals.push(lh, name, payload);
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE(20, 4);
    ch.writeUInt16LE(20, 6);
    ch.writeUInt16LE(s.flags ?? 0, 8);
    ch.writeUInt16LE(method, 10);
    ch.writeUInt32LE(crc >>> 0, 16);
    ch.writeUInt32LE(csz, 20);
    ch.writeUInt32LE(usz, 24);
    ch.writeUInt16LE(name.length, 28);
    ch.writeUInt32LE(offset, 42);
    central.push(ch, name);
    offset += 30 + name.length + payload.length;
  }
  const cd = Buffer.concat(central);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(opts.entryCountOverride ?? specs.length, 8);
  eocd.writeUInt16LE(opts.entryCountOverride ?? specs.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(opts.cdOffsetOverride ?? offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

/** The parts of a small real workbook (SheetJS), to tamper with and rebuild. */
export function workbookParts(rows: unknown[][] = [['Employee ID', 'First Name', 'Last Name'], ['E1', 'Ann', 'Lee']]): EntrySpec[] {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Census');
  const bytes: Buffer = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true });
  return listZipEntries(bytes, DEFAULT_READ_LIMITS).map((e) => ({
    name: e.name,
    data: e.method === 8 ? inflateRawSync(bytes.subarray(e.dataOffset)) : Buffer.from(bytes.subarray(e.dataOffset, e.dataOffset + e.compressedSize)),
  }));
}
