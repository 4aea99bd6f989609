/**
 * The browser twin of ./encryption.ts, for the engine in a Web Worker (private mode, issue 29): chosen
 * by the worker's bundle (rollup.widgets.config.mjs), never by a check in the reader.
 * officecrypto-tool is Node-only (node:crypto ciphers); this opens what it opens, the same way, with
 * @noble/hashes (SHA-1, SHA-2, MD5: synchronous) and SubtleCrypto (AES), in ./office-crypto/:
 *  - an encrypted XLSX: ECMA-376 agile encryption (what Excel writes by default, agile.ts) and
 *    standard encryption (AES-128, standard.ts); extensible encryption is refused as on the server;
 *  - an encrypted XLS: RC4, RC4 CryptoAPI and XOR obfuscation (xls.ts), written back as the same
 *    compound file the server writes.
 * Its errors are officecrypto-tool's plain ones, translated by ./encryption-text.ts as the server's
 * are (tests/server/census/encryption-twin.test.ts decrypts the same files both ways, byte for byte).
 */
import { XLSX } from './sheetjs';
import { checkPasswordLength, decryptionError } from './encryption-text';
import { u16 } from './office-crypto/bytes';
import { decryptAgile } from './office-crypto/agile';
import { decryptStandard, standardInfo } from './office-crypto/standard';
import { decryptXls, type CfbContainer, type CfbEntry } from './office-crypto/xls';

export { BAD_PASSWORD_MESSAGE, MAX_SPIN_COUNT } from './encryption-text';

const CFB = XLSX.CFB as { read(data: Uint8Array, opts: { type: 'buffer' }): CfbContainer; find(cfb: CfbContainer, path: string): CfbEntry | null };

/** The decryption, as officecrypto-tool's decrypt() goes: an EncryptionInfo stream (XLSX), else a workbook stream (XLS). */
async function decrypt(bytes: Uint8Array, password: string): Promise<Uint8Array> {
  if (!password) throw new Error('options.password is required');
  // Read as a Buffer, as officecrypto-tool and ./ole-guard.ts read it (the worker's Buffer is the
  // `buffer` package's): SheetJS's array path reads past a damaged sector chain where this one fails.
  const cfb = CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: 'buffer' });
  const content = (name: string) => {
    const e = CFB.find(cfb, name);
    return e ? new Uint8Array(e.content ?? []) : null;
  };
  const info = content('/EncryptionInfo');
  if (info) {
    const minor = u16(info, 2);
    if (minor === 2) return decryptStandard(standardInfo(info), content('/EncryptedPackage'), password);
    if (minor === 4) {
      const pkg = content('/EncryptedPackage');
      if (!pkg) throw new Error('no EncryptedPackage');
      return decryptAgile(new TextDecoder().decode(info.subarray(8)), pkg, password);
    }
    if (minor === 3) throw new Error('Unsupported encryption algorithms');
    throw new Error(`ECMA-376 Encrypted file unrecognized Version: ${minor}`);
  }
  const book = content('Workbook') ?? content('Book');
  if (book) return decryptXls(cfb, book, password, bytes);
  // Not a workbook (the reader has checked that it is one): returned as it is, as officecrypto-tool does.
  return bytes;
}

export async function decryptOffice(bytes: Uint8Array, password: string): Promise<Uint8Array> {
  checkPasswordLength(password);
  try {
    return await decrypt(bytes, password);
  } catch (err) {
    throw decryptionError(err);
  }
}
