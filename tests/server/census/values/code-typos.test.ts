import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { distance } from 'fastest-levenshtein';
import { withinOneEdit } from '../../../../server/census/values/codes';

// The one-typo rule (values/codes.ts) decides "at most one letter off" in one scan; it must agree with
// the Levenshtein distance it replaced, on every pair.
describe('withinOneEdit', () => {
  it('agrees with distance(a, b) <= 1', () => {
    const word = fc.string({ maxLength: 8, unit: fc.constantFrom('a', 'b', 'c', 'é', ' ') });
    const edited = word.chain((a) => fc.tuple(fc.constant(a), fc.oneof(word, fc.nat({ max: 9 }).chain((p) => fc.constantFrom(
      a.slice(0, p) + a.slice(p + 1), a.slice(0, p) + 'b' + a.slice(p), a.slice(0, p) + 'c' + a.slice(p + 1))))));
    fc.assert(fc.property(edited, ([a, b]) => withinOneEdit(a, b) === distance(a, b) <= 1), { numRuns: 5000, seed: 7 });
  });
  it('reads the usual cases', () => {
    expect(withinOneEdit('spouse', 'spouse')).toBe(true);
    expect(withinOneEdit('spouse', 'spose')).toBe(true);
    expect(withinOneEdit('spouse', 'spousee')).toBe(true);
    expect(withinOneEdit('spouse', 'spoute')).toBe(true);
    expect(withinOneEdit('spouse', 'sposue')).toBe(false);
    expect(withinOneEdit('child', 'chi')).toBe(false);
  });
});
