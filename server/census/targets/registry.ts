/**
 * Every export target, in the order the report offers them. A new target is one file in this folder
 * and one line here (docs/census-export.md, "Adding a target").
 */
import { clean } from './clean';
import { dchl } from './dchl';
import { genericCarrier } from './generic-carrier';
import { mahc } from './mahc';
import { principalOther } from './principal-other';
import { salesforceGroupCensus } from './salesforce-group-census';
import type { ExportTarget } from './types';

export const TARGETS: readonly ExportTarget[] = [clean, genericCarrier, principalOther, dchl, mahc, salesforceGroupCensus];

export const DEFAULT_TARGET = clean.id;

export function targetById(id: string): ExportTarget | undefined {
  return TARGETS.find((t) => t.id === id);
}

/** What a list of targets shows: id, name, format, description, source. */
export function targetList() {
  return TARGETS.map(({ id, name, format, description, source }) => ({ id, name, format, description, source }));
}

/** A target id as a sentence when it is not one: for the CLI and the API. */
export function unknownTargetMessage(id: string): string {
  return `Unknown export target '${id}'. Use one of: ${TARGETS.map((t) => t.id).join(', ')}.`;
}
