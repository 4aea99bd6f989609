/**
 * OLE2 / Compound File structure checks, done on the raw bytes BEFORE any CFB parser sees them.
 *
 * Why: the CFB reader inside SheetJS 0.20.3 (and the nearly identical `cfb` 1.2.2 that
 * officecrypto-tool uses) trusts the file's sector chains and directory tree:
 *  - a stream whose first sector sits in the middle of another chain is followed by get_sector_list,
 *    which has no loop check: a two-sector cycle in the FAT grows an array until the process dies of
 *    "heap out of memory" (not a catchable exception). An 8 KB file is enough; the tests build one;
 *  - many streams starting inside one long chain each copy the rest of the chain;
 *  - the directory red-black tree is walked by build_full_paths with loops bounded only by the
 *    tree being a tree, and with q.lastIndexOf (quadratic in the entry count).
 * So we read the header, the DIFAT/FAT, the directory and every stream's chain the way that reader
 * does, and refuse anything cyclic, out of range or oversized. We then replay build_full_paths on
 * the directory with step counters. A real Excel file passes all this trivially.
 */
import { CensusReadError } from './errors';

const ENDOFCHAIN = -2;
const FREESECT = -1;
const NOSTREAM = -1;
/** Real XLS files have a handful of directory entries; embedded objects add a few each. */
export const MAX_DIRECTORY_ENTRIES = 2048;

function damaged(why: string): CensusReadError {
  return new CensusReadError('corrupt', `This file looks like an Excel 97-2003 file, but its internal structure is damaged (${why}).`);
}

export function checkCfbStructure(bytes: Uint8Array): void {
  const len = bytes.length;
  if (len < 512) throw damaged('it is cut short');
  const hdrU16 = (o: number) => bytes[o] | (bytes[o + 1] << 8);
  const hdrI32 = (o: number) => bytes[o] | (bytes[o + 1] << 8) | (bytes[o + 2] << 16) | (bytes[o + 3] << 24);

  const major = hdrU16(0x1a);
  const ssz = major === 3 ? 512 : major === 4 ? 4096 : 0;
  if (!ssz) throw damaged('unknown version');
  const shift = hdrU16(0x1e);
  if ((major === 3 && shift !== 9) || (major === 4 && shift !== 12)) throw damaged('bad sector size');
  if (hdrU16(0x20) !== 6) throw damaged('bad mini sector size');
  if (len < ssz + 1) throw damaged('it is cut short');

  // Sectors as the reader slices them: sector i is bytes [(i+1)*ssz, (i+2)*ssz), the last one
  // possibly short; reading past the end yields zeros (its readInt32LE ORs undefined bytes).
  const nsectors = Math.ceil(len / ssz) - 1;
  const hasSector = (i: number | undefined): i is number => i !== undefined && Number.isInteger(i) && i >= 0 && i < nsectors;
  const i32 = (sector: number, off: number): number => {
    const base = (sector + 1) * ssz + off;
    const end = Math.min(len, (sector + 2) * ssz);
    const b = (k: number) => (base + k < end ? bytes[base + k] : 0);
    return b(0) | (b(1) << 8) | (b(2) << 16) | (b(3) << 24);
  };

  // FAT sector list: up to 109 in the header (stopping at the first negative), then the DIFAT chain.
  const fat: number[] = [];
  for (let j = 0; j < 109; j++) {
    const q = hdrI32(0x4c + j * 4);
    if (q < 0) break;
    fat.push(q);
  }
  let idx = hdrI32(0x44);
  let cnt = hdrI32(0x48);
  const difatSeen = new Set<number>();
  for (;;) {
    if (idx === ENDOFCHAIN) {
      if (cnt !== 0) throw damaged('its sector table is cut short');
      break;
    }
    if (idx === FREESECT || !hasSector(idx)) break;
    if (difatSeen.has(idx)) throw damaged('its sector table loops');
    difatSeen.add(idx);
    for (let i = 0; i < ssz / 4 - 1; i++) {
      const q = i32(idx, i * 4);
      if (q === ENDOFCHAIN) break;
      fat.push(q);
    }
    if (cnt >= 1) {
      idx = i32(idx, ssz - 4);
      cnt -= 1;
    } else break;
  }

  const next = (j: number): number | null => {
    const addr = fat[Math.floor((j * 4) / ssz)];
    if (!hasSector(addr)) return null;
    return i32(addr, (j * 4) & (ssz - 1));
  };

  // Every chain we follow must stay inside the file and never revisit a sector. Distinct streams
  // use disjoint chains, so all chains together visit at most every sector once; we allow that
  // plus a little slack, which bounds both our work and the reader's copies.
  let budget = nsectors + 16;
  const chain = (start: number, what: string): number[] => {
    const seen = new Set<number>();
    const out: number[] = [];
    for (let j: number | null = start; j !== null && j >= 0; j = next(j)) {
      if (!hasSector(j)) throw damaged(`${what} points outside the file`);
      if (seen.has(j)) throw damaged(`${what} loops`);
      if (--budget < 0) throw damaged('its streams overlap');
      seen.add(j);
      out.push(j);
    }
    return out;
  };

  const dirStart = hdrI32(0x30);
  if (!hasSector(dirStart)) throw damaged('its directory is missing');
  const dirSectors = chain(dirStart, 'its directory');
  const dirBytes = dirSectors.length * ssz - (dirSectors.includes(nsectors - 1) ? (nsectors + 1) * ssz - len : 0);
  // A directory entry cut by the end of the file is read as zeros by SheetJS's reader and differently
  // by officecrypto-tool's `cfb` (an entry short, then a crash): both places refuse it here alike.
  if (dirBytes % 128) throw damaged('it is cut short');
  const n = Math.ceil(dirBytes / 128);
  if (n > MAX_DIRECTORY_ENTRIES) throw damaged(`its directory has more than ${MAX_DIRECTORY_ENTRIES} entries`);
  const dirI32 = (pos: number): number => i32(dirSectors[Math.floor(pos / ssz)], pos % ssz);
  const dirU8 = (pos: number): number => {
    const s = dirSectors[Math.floor(pos / ssz)];
    const at = (s + 1) * ssz + (pos % ssz);
    return at < Math.min(len, (s + 2) * ssz) ? bytes[at] : 0;
  };

  const L = new Array<number>(n);
  const R = new Array<number>(n);
  const C = new Array<number>(n);
  const type = new Array<number>(n);
  const starts = new Set<number>();
  for (let e = 0; e < n; e++) {
    const base = e * 128;
    type[e] = dirU8(base + 0x42);
    L[e] = dirI32(base + 0x44);
    R[e] = dirI32(base + 0x48);
    C[e] = dirI32(base + 0x4c);
    const start = dirI32(base + 0x74);
    const size = dirI32(base + 0x78);
    if (size < 0 && start < 0) type[e] = 0;
    for (const ref of [L[e], R[e], C[e]]) {
      if (ref !== NOSTREAM && (ref < 0 || ref >= n)) throw damaged('its directory points outside itself');
    }
    // Streams of 4096 bytes or more live in FAT chains (smaller ones in the size-bounded mini stream).
    if (type[e] !== 5 && size >= 4096 && start >= 0 && !starts.has(start)) {
      starts.add(start);
      chain(start, 'a stream');
    }
  }
  replayBuildFullPaths(n, L, R, C, type);
}

/**
 * build_full_paths from the CFB reader, replayed on lengths instead of strings, with step limits.
 * If it would not finish quickly here, it would not finish there: we refuse the file.
 */
function replayBuildFullPaths(n: number, L: number[], R: number[], C: number[], type: number[]): void {
  const dad: number[] = [];
  const q: number[] = [];
  const lastPos = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    dad[i] = i;
    q[i] = i;
    lastPos.set(i, i);
  }
  const maxQueue = 4 * n + 64;
  const push = (v: number) => {
    lastPos.set(v, q.length);
    q.push(v);
    if (q.length > maxQueue) throw damaged('its directory tree is malformed');
  };
  for (let j = 0; j < q.length; j++) {
    const i = q[j];
    const l = L[i];
    const r = R[i];
    const c = C[i];
    if (dad[i] === i) {
      if (l !== NOSTREAM && dad[l] !== l) dad[i] = dad[l];
      if (r !== NOSTREAM && dad[r] !== r) dad[i] = dad[r];
    }
    if (c !== NOSTREAM) dad[c] = i;
    if (l !== NOSTREAM && i !== dad[i]) {
      dad[l] = dad[i];
      if ((lastPos.get(l) ?? -1) < j) push(l);
    }
    if (r !== NOSTREAM && i !== dad[i]) {
      dad[r] = dad[i];
      if ((lastPos.get(r) ?? -1) < j) push(r);
    }
  }
  // (The reader's second pass only reassigns parents of roots; it uses the last L/R and cannot loop.)
  const lastL = n > 0 ? L[q[q.length - 1]] : NOSTREAM;
  const lastR = n > 0 ? R[q[q.length - 1]] : NOSTREAM;
  for (let i = 1; i < n; i++) {
    if (dad[i] === i) {
      if (lastR !== NOSTREAM && dad[lastR] !== lastR) dad[i] = dad[lastR];
      else if (lastL !== NOSTREAM && dad[lastL] !== lastL) dad[i] = dad[lastL];
    }
  }
  // Path building: follow parents; names are at most 64 characters (a 128-byte entry).
  const pathLen = new Array<number>(n).fill(64);
  let steps = 0;
  let chars = 0;
  for (let i = 1; i < n; i++) {
    if (type[i] === 0) continue;
    let j = i;
    if (j !== dad[j]) {
      do {
        j = dad[j];
        if (j === undefined || j < 0 || j >= n) throw damaged('its directory tree is malformed');
        pathLen[i] += pathLen[j] + 1;
        chars += pathLen[i];
        if (++steps > 64 * n + 1024 || chars > 16 * 1024 * 1024) throw damaged('its directory tree is malformed');
      } while (j !== 0 && dad[j] !== -1 && j !== dad[j]);
    }
    dad[i] = -1;
  }
}
