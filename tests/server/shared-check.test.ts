/** The globalSetup that says once when ../shared is missing (tests/support/shared-check.ts). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkShared, missingShared, SHARED_NEEDS } from '../support/shared-check';

describe('the ../shared check', () => {
  it('finds everything the suites read in the real ../shared', () => {
    expect(missingShared()).toEqual([]);
    expect(() => checkShared()).not.toThrow();
  });

  it('names the folder and every missing part, in one error, when it is not there', () => {
    const empty = mkdtempSync(join(tmpdir(), 'no-shared-'));
    try {
      expect(missingShared(empty)).toEqual(SHARED_NEEDS);
      expect(() => checkShared(join(empty, 'shared'))).toThrow(/^\.\.\/shared is missing or incomplete \(looked in .*shared; not found: fixtures\/census\/index\.json, fixtures\/census-real, corpora\/poi\)/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
