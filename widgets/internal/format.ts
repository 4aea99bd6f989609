/**
 * Counts and dates in en-US words, written out rather than through Intl. A page's first Intl call
 * loads ICU's locale data: about 15 ms on a desktop and 60 ms under a phone's CPU, and it fell in
 * the census report's first render, its longest task (issue 21, mobile Lighthouse on
 * /tools/census/sample). The output is the same as toLocaleString('en-US') for the values formatted
 * here; anything else (fractions, huge numbers) still goes through Intl.
 */

/** 12345 -> '12,345', as (12345).toLocaleString('en-US'). */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A Date's UTC day as 'November 23, 2026' (toLocaleDateString('en-US', long month, UTC)). */
export function formatLongDateUTC(d: Date): string {
  const year = d.getUTCFullYear();
  if (year < 1000 || year > 9999) return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${year}`;
}
