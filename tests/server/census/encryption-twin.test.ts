/**
 * The browser twin of read/encryption.ts (private mode, issue 29): read/encryption.browser.ts
 * decrypts what Excel writes by default (ECMA-376 agile) with @noble/hashes and SubtleCrypto, byte
 * for byte as officecrypto-tool does on the server; a wrong password and the protections it does
 * not open answer with the server's codes and sentences.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import officeCrypto from 'officecrypto-tool';
import { describe, expect, it } from 'vitest';
import * as server from '../../../server/census/read/encryption';
import * as twin from '../../../server/census/read/encryption.browser';

const examples = fileURLToPath(new URL('../../../examples/census/', import.meta.url));

describe('encryption.browser.ts', () => {
  it('keeps the server module\'s limit and sentence', () => {
    expect(twin.MAX_SPIN_COUNT).toBe(server.MAX_SPIN_COUNT);
    expect(twin.BAD_PASSWORD_MESSAGE).toBe(server.BAD_PASSWORD_MESSAGE);
  });

  it('decrypts an agile-encrypted XLSX as officecrypto-tool does (examples/census/locked.xlsx, and one encrypted here)', { timeout: 60_000 }, async () => {
    const locked = new Uint8Array(readFileSync(join(examples, 'locked.xlsx')));
    expect(Buffer.from(await twin.decryptOffice(locked, 'secret')).equals(Buffer.from(await server.decryptOffice(locked, 'secret')))).toBe(true);
    const plain = readFileSync(join(examples, 'sample-census.xlsx'));
    const encrypted = new Uint8Array(await officeCrypto.encrypt(plain, { password: 'Renewal 2026 ✓' }));
    expect(Buffer.from(await twin.decryptOffice(encrypted, 'Renewal 2026 ✓')).equals(plain)).toBe(true);
  });

  it('a wrong password: bad-password with the server\'s sentence', { timeout: 60_000 }, async () => {
    const locked = new Uint8Array(readFileSync(join(examples, 'locked.xlsx')));
    await expect(twin.decryptOffice(locked, 'wrong')).rejects.toMatchObject({ code: 'bad-password', message: server.BAD_PASSWORD_MESSAGE });
  });

  it('standard encryption (ECMA-376 3.2/4.2) is refused as a protection it cannot open here', { timeout: 60_000 }, async () => {
    const standard = new Uint8Array(await officeCrypto.encrypt(readFileSync(join(examples, 'staff.xlsx')), { password: 'x', type: 'standard' }));
    expect(Buffer.from(await server.decryptOffice(standard, 'x')).subarray(0, 2).toString('latin1')).toBe('PK');
    await expect(twin.decryptOffice(standard, 'x')).rejects.toMatchObject({ code: 'unsupported-protection' });
  });
});
