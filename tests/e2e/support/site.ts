/**
 * Helpers for the site's browser tests. The site's pages run under our strict CSP, which (rightly)
 * refuses an injected inline <script>, so axe-core is evaluated through the DevTools protocol.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { settleAnimations, type AxeViolation } from './browser';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe violations of the page (WCAG 2.x A/AA and best practices). */
export async function siteAxe(page: Page): Promise<AxeViolation[]> {
  // Colours are measured in their end state, never mid-fade (the nav fades in over 400 ms).
  await settleAnimations(page);
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    // @ts-expect-error axe is evaluated above
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  })) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
