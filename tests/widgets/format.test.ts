/**
 * widgets/internal/format.ts writes counts and dates without Intl (its first call is costly on a
 * phone); the text must be exactly what toLocaleString('en-US') gives.
 */
import { describe, expect, it } from 'vitest';
import { formatCount, formatLongDateUTC } from '../../widgets/internal/format';

describe('formatCount and formatLongDateUTC', () => {
  it("counts read as toLocaleString('en-US'): thousands separated, the sign kept, fractions through Intl", () => {
    const values = [0, -0, 1, -1, 7, 999, 1000, 1234, -1234, 12345, 123456, 1234567, 98765432, Number.MAX_SAFE_INTEGER, 2 ** 53, 1.5, 1234.56, NaN, Infinity];
    for (let i = 0; i < 500; i++) values.push(Math.floor(Math.random() * 1e12) * (i % 2 ? 1 : -1));
    for (const n of values) expect(formatCount(n), String(n)).toBe(n.toLocaleString('en-US'));
  });

  it("dates read as toLocaleDateString('en-US', long month, UTC), every day of several years", () => {
    const options = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } as const;
    for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2029, 0, 1); t += 86_400_000) {
      const d = new Date(t);
      expect(formatLongDateUTC(d)).toBe(d.toLocaleDateString('en-US', options));
    }
    expect(formatLongDateUTC(new Date(Date.UTC(999, 5, 1)))).toBe(new Date(Date.UTC(999, 5, 1)).toLocaleDateString('en-US', options));
  });
});
