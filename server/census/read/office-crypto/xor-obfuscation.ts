/**
 * XOR obfuscation (MS-OFFCRYPTO 2.3.7, method 1), the oldest XLS password protection, as
 * officecrypto-tool undoes it on the server (its crypto/xor_obfuscation.js): the password's 16-bit
 * verifier, and the 16-byte XOR array its bytes are undone with. Excel's passwords here have at most
 * 15 characters; a longer one is computed as officecrypto-tool computes it (a missing table entry is 0).
 */
const PAD = [0xbb, 0xff, 0xff, 0xba, 0xff, 0xff, 0xb9, 0x80, 0x00, 0xbe, 0x0f, 0x00, 0xbf, 0x0f, 0x00];

const INITIAL_CODE = [0xe1f0, 0x1d0f, 0xcc9c, 0x84c0, 0x110c, 0x0e10, 0xf1ce, 0x313e, 0x1872, 0xe139, 0xd40f, 0x84f9, 0x280c, 0xa96a, 0x4ec3];

const XOR_MATRIX = [
  0xaefc, 0x4dd9, 0x9bb2, 0x2745, 0x4e8a, 0x9d14, 0x2a09, 0x7b61, 0xf6c2, 0xfda5, 0xeb6b, 0xc6f7, 0x9dcf, 0x2bbf, 0x4563, 0x8ac6, 0x05ad, 0x0b5a, 0x16b4, 0x2d68,
  0x5ad0, 0x0375, 0x06ea, 0x0dd4, 0x1ba8, 0x3750, 0x6ea0, 0xdd40, 0xd849, 0xa0b3, 0x5147, 0xa28e, 0x553d, 0xaa7a, 0x44d5, 0x6f45, 0xde8a, 0xad35, 0x4a4b, 0x9496,
  0x390d, 0x721a, 0xeb23, 0xc667, 0x9cef, 0x29ff, 0x53fe, 0xa7fc, 0x5fd9, 0x47d3, 0x8fa6, 0x0f6d, 0x1eda, 0x3db4, 0x7b68, 0xf6d0, 0xb861, 0x60e3, 0xc1c6, 0x93ad,
  0x377b, 0x6ef6, 0xddec, 0x45a0, 0x8b40, 0x06a1, 0x0d42, 0x1a84, 0x3508, 0x6a10, 0xaa51, 0x4483, 0x8906, 0x022d, 0x045a, 0x08b4, 0x1168, 0x76b4, 0xed68, 0xcaf1,
  0x85c3, 0x1ba7, 0x374e, 0x6e9c, 0x3730, 0x6e60, 0xdcc0, 0xa9a1, 0x4363, 0x86c6, 0x1dad, 0x3331, 0x6662, 0xccc4, 0x89a9, 0x0373, 0x06e6, 0x0dcc, 0x1021, 0x2042,
  0x4084, 0x8108, 0x1231, 0x2462, 0x48c4,
];

/** Whether the password gives the file's verification bytes (2.3.7.1; its code points, after its length in UTF-16 units). */
export function xorPasswordMatches(password: string, verificationBytes: number): boolean {
  const bytes = [password.length, ...[...password].map((ch) => ch.charCodeAt(0))].reverse();
  let verifier = 0;
  for (const b of bytes) verifier = (((verifier & 0x4000) === 0 ? 0 : 1) ^ ((verifier * 2) & 0x7fff)) ^ b;
  return (verifier ^ 0xce4b) === verificationBytes;
}

function xorKey(password: string): number {
  let key = INITIAL_CODE[password.length - 1] ?? 0;
  let element = 0x68;
  for (let i = password.length - 1; i >= 0; --i) {
    let char = password.charCodeAt(i);
    for (let j = 0; j !== 7; ++j) {
      if (char & 0x40) key ^= XOR_MATRIX[element] ?? 0;
      char *= 2;
      --element;
    }
  }
  return key;
}

const xorRor = (a: number, b: number) => {
  const byte = a ^ b;
  return ((byte / 2) | (byte * 128)) & 0xff;
};

/** The 16-byte XOR array of method 1 (2.3.7.2). */
function xorArray(password: string): number[] {
  const key = xorKey(password);
  const out = new Array<number>(16).fill(0);
  let index = password.length;
  if (index % 2 === 1) {
    out[index] = xorRor(PAD[0], key >> 8);
    index -= 1;
    out[index] = xorRor(password.charCodeAt(password.length - 1), key & 0xff);
  }
  while (index > 0) {
    index -= 1;
    out[index] = xorRor(password.charCodeAt(index), key >> 8);
    index -= 1;
    out[index] = xorRor(password.charCodeAt(index), key & 0xff);
  }
  index = 15;
  let pad = 15 - password.length;
  while (pad > 0) {
    out[index] = xorRor(PAD[pad], key >> 8);
    index -= 1;
    pad -= 1;
    out[index] = xorRor(PAD[pad], key & 0xff);
    index -= 1;
    pad -= 1;
  }
  return out;
}

/**
 * The stream undone: `plain` holds, per byte of the stream, its plain value, or -1 (a record's data)
 * or -2 (a BoundSheet8 record's data after its stream position), whose bytes of `data` are un-XORed
 * from the array's place at the end of the run (2.3.7.4); plain bytes are copied from `data`.
 */
export function xorDecrypt(password: string, data: Uint8Array, plain: Int16Array): Uint8Array {
  const array = xorArray(password);
  const out: number[] = [];
  let read = 0;
  for (let at = 0; at < plain.length; ) {
    let count = 1;
    if (plain[at] < 0) {
      while (at + count < plain.length && plain[at + count] < 0) count++;
      let x = (at + count + (plain[at] === -2 ? 4 : 0)) % 16;
      for (let n = 0; n < count; n++) {
        const v = (read < data.length ? data[read] : 0) ^ array[x];
        read++;
        out.push(((v >> 5) | (v << 3)) & 0xff);
        x = (x + 1) % 16;
      }
    } else {
      if (read < data.length) out.push(data[read]);
      read++;
    }
    at += count;
  }
  return Uint8Array.from(out);
}
