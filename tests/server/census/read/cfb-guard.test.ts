/**
 * cfb-guard.ts alone: OLE2 containers tampered so that the CFB reader inside SheetJS (and `cfb`, used
 * by officecrypto-tool) would loop or exhaust memory. Each must be refused before parsing, quickly.
 * (The FAT-cycle file below kills an unguarded `XLSX.read` with "heap out of memory".)
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { CensusReadError, readCensusFile } from '../../../../server/census/read';
import { checkCfbStructure } from '../../../../server/census/read/cfb-guard';

const SSZ = 512;

function sampleXls(rows = 300): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(Array.from({ length: rows }, (_, i) => [i, `name${i}`, 'x'.repeat(20)])), 'S');
  return Buffer.from(XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }));
}

/** Offsets into a version-3 (512-byte sector) compound file written by SheetJS. */
function layout(buf: Buffer) {
  const dirStart = buf.readInt32LE(0x30);
  const fatSector = buf.readInt32LE(0x4c);
  const fatOff = (fatSector + 1) * SSZ;
  const dirOff = (dirStart + 1) * SSZ;
  const entries: { name: string; off: number }[] = [];
  for (let i = 0; i < SSZ / 128; i++) {
    const off = dirOff + i * 128;
    const nl = buf.readUInt16LE(off + 0x40);
    entries.push({ name: nl >= 2 ? buf.toString('utf16le', off, off + nl - 2) : '', off });
  }
  const entry = (name: string) => entries.find((e) => e.name === name)!;
  return { dirStart, fatOff, dirOff, entries, entry };
}

function codeOf(bytes: Uint8Array): string | undefined {
  try {
    checkCfbStructure(bytes);
  } catch (e) {
    if (e instanceof CensusReadError) return e.code;
    throw e;
  }
  return undefined;
}

describe('checkCfbStructure', () => {
  it('accepts real workbooks', () => {
    expect(codeOf(sampleXls())).toBeUndefined();
    expect(codeOf(sampleXls(5))).toBeUndefined();
  });

  it('refuses a stream whose sector chain loops (the heap-exhaustion case)', async () => {
    const buf = sampleXls();
    const { fatOff, entry } = layout(buf);
    const wbEntry = entry('Workbook');
    const s = buf.readInt32LE(wbEntry.off + 0x74);
    expect(buf.readInt32LE(wbEntry.off + 0x78)).toBeGreaterThanOrEqual(4096);
    buf.writeInt32LE(s + 1, fatOff + s * 4);
    buf.writeInt32LE(s, fatOff + (s + 1) * 4);
    buf.writeInt32LE(s + 1, wbEntry.off + 0x74); // starts mid-chain: the reader's unchecked path
    expect(codeOf(buf)).toBe('corrupt');
    const t0 = performance.now();
    await expect(readCensusFile({ fileName: 'loop.xls', bytes: buf })).rejects.toMatchObject({
      code: 'corrupt',
      message: expect.stringMatching(/^This file looks like an Excel 97-2003 file, but its internal structure is damaged/),
    });
    expect(performance.now() - t0).toBeLessThan(500);
  });

  it('refuses a chain that leaves the file', () => {
    const buf = sampleXls();
    const { fatOff, entry } = layout(buf);
    const s = buf.readInt32LE(entry('Workbook').off + 0x74);
    buf.writeInt32LE(100_000, fatOff + s * 4);
    expect(codeOf(buf)).toBe('corrupt');
  });

  it('refuses many streams sharing one long chain (each would be copied)', () => {
    const buf = sampleXls(2000);
    const { entries, entry } = layout(buf);
    const wb = entry('Workbook');
    const s = buf.readInt32LE(wb.off + 0x74);
    // Point the other entries at the same big chain, one sector further each.
    entries.filter((e) => e !== wb && e.name && e.name !== 'Root Entry').forEach((e, k) => {
      buf[e.off + 0x42] = 2;
      buf.writeInt32LE(s + 1 + k, e.off + 0x74);
      buf.writeInt32LE(buf.readInt32LE(wb.off + 0x78), e.off + 0x78);
    });
    expect(codeOf(buf)).toBe('corrupt');
  });

  it('refuses directory references outside the directory and looping directory trees', () => {
    const a = sampleXls();
    const la = layout(a);
    a.writeInt32LE(5000, la.entry('Workbook').off + 0x44);
    expect(codeOf(a)).toBe('corrupt');

    // A directory "tree" with cycles on which the reader's build_full_paths grows its queue until
    // the heap is exhausted (found by replaying it on random 4-entry directories).
    const b = sampleXls();
    const lb = layout(b);
    const cyclic = [
      { L: 2, R: 3, C: -1, type: 5 },
      { L: 0, R: 1, C: 0, type: 2 },
      { L: 0, R: 1, C: 0, type: 2 },
      { L: 1, R: 0, C: 0, type: 2 },
    ];
    cyclic.forEach((c, i) => {
      const off = lb.entries[i].off;
      b.writeInt32LE(c.L, off + 0x44);
      b.writeInt32LE(c.R, off + 0x48);
      b.writeInt32LE(c.C, off + 0x4c);
      b[off + 0x42] = c.type;
    });
    expect(codeOf(b)).toBe('corrupt');

    // Parent links whose path strings double at every step.
    const c = sampleXls();
    const lc = layout(c);
    [
      { L: 0, R: 1, C: 0, type: 5 },
      { L: 0, R: -1, C: 0, type: 2 },
      { L: 1, R: 0, C: 3, type: 2 },
      { L: 1, R: 1, C: 0, type: 2 },
    ].forEach((d, i) => {
      const off = lc.entries[i].off;
      c.writeInt32LE(d.L, off + 0x44);
      c.writeInt32LE(d.R, off + 0x48);
      c.writeInt32LE(d.C, off + 0x4c);
      c[off + 0x42] = d.type;
    });
    expect(codeOf(c)).toBe('corrupt');
  });

  it('refuses a directory chain that loops and a DIFAT chain that loops', () => {
    const a = sampleXls();
    const { dirStart, fatOff } = layout(a);
    a.writeInt32LE(dirStart, fatOff + dirStart * 4);
    expect(codeOf(a)).toBe('corrupt');

    const b = sampleXls();
    const sector = 1;
    b.writeInt32LE(sector, 0x44); // first DIFAT sector
    b.writeInt32LE(5, 0x48); // five of them
    b.writeInt32LE(sector, (sector + 1) * SSZ + SSZ - 4); // ...each pointing to itself
    expect(codeOf(b)).toBe('corrupt');
  });

  it('refuses unknown versions, bad sector sizes and truncated headers', () => {
    const a = sampleXls();
    a.writeUInt16LE(7, 0x1a);
    expect(codeOf(a)).toBe('corrupt');
    const b = sampleXls();
    b.writeUInt16LE(12, 0x1e);
    expect(codeOf(b)).toBe('corrupt');
    expect(codeOf(sampleXls().subarray(0, 300))).toBe('corrupt');
  });

  it('refuses a file cut inside a directory entry (the two CFB readers read the cut entry differently)', () => {
    // officecrypto-tool's XOR sample (tests/fixtures/encrypted): its directory's chain ends in the file's last sector.
    const xls = readFileSync(fileURLToPath(new URL('../../../fixtures/encrypted/xor_pass_test.xls', import.meta.url)));
    const last = xls.length - SSZ;
    expect(() => checkCfbStructure(xls)).not.toThrow();
    expect(() => checkCfbStructure(xls.subarray(0, last + 1))).toThrow(/cut short/);
    expect(() => checkCfbStructure(xls.subarray(0, last + 200))).toThrow(/cut short/);
    // Cut between entries: the entries left are whole, and read alike.
    expect(() => checkCfbStructure(xls.subarray(0, last + 256))).not.toThrow();
  });

  it('lets nothing but CensusReadError out for random damage to the header, FAT and directory (property)', async () => {
    const good = sampleXls(50);
    const { fatOff, dirOff } = layout(good);
    const region = fc.oneof(
      fc.integer({ min: 0x18, max: 0x1ff }),
      fc.integer({ min: fatOff, max: fatOff + SSZ - 1 }),
      fc.integer({ min: dirOff, max: dirOff + SSZ - 1 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(region, fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }), async (edits) => {
        const bytes = Buffer.from(good);
        for (const [at, v] of edits) bytes[at] = v;
        try {
          await readCensusFile({ fileName: 'fuzz.xls', bytes });
        } catch (e) {
          expect(e).toBeInstanceOf(CensusReadError);
        }
      }),
      { numRuns: 400 },
    );
  });
});
