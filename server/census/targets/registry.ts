/**
 * Every export target, in the order the report offers them. A new target is one file in this folder
 * and one line here (docs/census-export.md, "Adding a target").
 */
import { clean } from './clean';
import { dchl } from './dchl';
import { genericCarrier } from './generic-carrier';
import { launchpadCensus } from './launchpad-census';
import { mahc } from './mahc';
import { principalOther } from './principal-other';
import { salesforceGroupCensus } from './salesforce-group-census';
import type { ExportTarget } from './types';
import { TARGET_CATALOG, unknownTargetMessage } from './catalog';

export { unknownTargetMessage };

export const TARGETS: readonly ExportTarget[] = [clean, genericCarrier, principalOther, dchl, mahc, launchpadCensus, salesforceGroupCensus];

// The catalog (what the API and the main thread know) and the targets must list the same files.
if (TARGETS.map((t) => `${t.id}.${t.format}`).join() !== TARGET_CATALOG.map((t) => `${t.id}.${t.format}`).join()) {
  throw new Error('server/census/targets: registry.ts and catalog.ts list different targets.');
}

export const DEFAULT_TARGET = clean.id;

export function targetById(id: string): ExportTarget | undefined {
  return TARGETS.find((t) => t.id === id);
}

/** What a list of targets shows: id, name, format, description, source. */
export function targetList() {
  return TARGETS.map(({ id, name, format, description, source }) => ({ id, name, format, description, source }));
}
