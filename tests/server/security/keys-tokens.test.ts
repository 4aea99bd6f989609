import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deriveKey, keyFilePath, loadOrCreateMasterKey } from '../../../server/security/keys';
import { CASE_STUDY_TOKEN_TTL_MS, createTokenSigner } from '../../../server/security/tokens';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'benefold-keys-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the master key', () => {
  it('is generated once into DATA_DIR/keys with mode 0600, then reused', () => {
    const first = loadOrCreateMasterKey({ encryptionKey: null, dataDir });
    expect(first).toHaveLength(32);
    const file = keyFilePath(dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'keys')).mode & 0o777).toBe(0o700);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first)).toBe(true);
    expect(loadOrCreateMasterKey({ encryptionKey: null, dataDir }).equals(first)).toBe(true);
  });

  it('comes from ENCRYPTION_KEY when set, and then no file is written', () => {
    const key = Buffer.alloc(32, 1);
    expect(loadOrCreateMasterKey({ encryptionKey: key, dataDir })).toBe(key);
    expect(existsSync(keyFilePath(dataDir))).toBe(false);
  });

  it('derives a different key per purpose, deterministically', () => {
    const master = Buffer.alloc(32, 2);
    const a = deriveKey(master, 'case-study-token');
    expect(a).toHaveLength(32);
    expect(a.equals(deriveKey(master, 'case-study-token'))).toBe(true);
    expect(a.equals(deriveKey(master, 'census-files'))).toBe(false);
    expect(a.equals(master)).toBe(false);
  });
});

describe('case-study tokens', () => {
  const signer = createTokenSigner(Buffer.alloc(32, 3));
  const now = Date.UTC(2025, 0, 1);
  const token = signer.sign({ caseStudyName: 'x.pdf', requestId: 'r1' }, now);

  it('round-trips and expires after 30 days', () => {
    expect(signer.verify(token, now)).toEqual({ caseStudyName: 'x.pdf', requestId: 'r1', exp: (now + CASE_STUDY_TOKEN_TTL_MS) / 1000 });
    expect(CASE_STUDY_TOKEN_TTL_MS).toBe(30 * 86_400_000);
    expect(signer.verify(token, now + CASE_STUDY_TOKEN_TTL_MS - 1000)).not.toBeNull();
    expect(signer.verify(token, now + CASE_STUDY_TOKEN_TTL_MS)).toBeNull();
  });

  it('is URL-safe', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it('rejects a token signed with another key', () => {
    expect(createTokenSigner(Buffer.alloc(32, 4)).verify(token, now)).toBeNull();
  });

  it('rejects a changed payload or signature', () => {
    const [body, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ caseStudyName: 'x.pdf', requestId: 'r1', exp: 9e9 })).toString('base64url');
    expect(signer.verify(`${forged}.${sig}`, now)).toBeNull();
    const flipped = sig.slice(0, -2) + (sig.at(-2) === 'A' ? 'B' : 'A') + sig.at(-1);
    expect(signer.verify(`${body}.${flipped}`, now)).toBeNull();
    expect(signer.verify(`${body}.${sig.slice(0, -1)}`, now)).toBeNull();
  });

  it.each([undefined, null, 42, {}, '', '.', 'abc', 'a.b.c', `${'a'.repeat(2000)}.b`, 'eyJ9.!!!', ['a', 'b']])(
    'rejects garbage %j without throwing',
    (garbage) => expect(signer.verify(garbage, now)).toBeNull(),
  );
});
