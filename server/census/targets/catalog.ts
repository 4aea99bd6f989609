/**
 * The export targets as the server's main thread and the API know them: id, name, format,
 * description and source, with no engine code behind them (the main thread never loads the engine:
 * a fast cold start). Each target file takes its entry from here (meta()); registry.ts checks that
 * the two lists agree when it loads.
 */
export type TargetFormat = 'xlsx' | 'csv' | 'json';

export interface TargetMeta {
  id: string;
  name: string;
  format: TargetFormat;
  description: string;
  /** Where the layout comes from (a fixture of the real corpus, or a public document). */
  source: string;
}

export const TARGET_CATALOG = [
  {
    id: 'clean',
    name: 'Clean census',
    format: 'xlsx',
    description: 'Our clean member list: human headers, date cells, every change we made on its own sheet.',
    source: 'Benefold (CENSUS.md, "The command line").',
  },
  {
    id: 'generic-carrier',
    name: 'Carrier quoting census (generic)',
    format: 'xlsx',
    description: 'The columns carriers commonly require to quote medical, dental, vision, life and disability; one row per member.',
    source: "The requirement notes of the carrier templates in the real fixtures (Principal, AXA, a quoting platform's core census).",
  },
  {
    id: 'principal-other',
    name: 'Principal quoting census',
    format: 'xlsx',
    description: "Principal's 'other census': notes row, 25 columns, dependents as rows with the legend's coverage-status codes.",
    source: 'Fixture principal-other-census.xls (iso13/cucumber-typescript testData/principal/census/OtherCensusFile.xls).',
  },
  {
    id: 'dchl',
    name: 'DC Health Link employee census',
    format: 'xlsx',
    description: "DC Health Link's employee census template v1.1: title row, machine and human header rows, one row per member with a family id.",
    source: 'Fixture dchl-census-import.xlsx (ideacrew/enroll spec/test_data/census_employee_import/DCHL Employee Census.xlsx).',
  },
  {
    id: 'mahc',
    name: 'MA Health Connector employee census',
    format: 'xlsx',
    description: "The Massachusetts Health Connector's roster upload template v1.1: title row, machine and human header rows, one row per member.",
    source: 'Fixture mahc-roster-upload-template.xlsx (health-connector/quoting_tool clients/html/src/assets/roster_upload_template.xlsx).',
  },
  {
    id: 'launchpad-census',
    name: 'Ben-admin employee census import (CSV)',
    format: 'csv',
    description: 'A benefits-administration census import template: SSN first, address, birth and hire dates, one row per employee.',
    source: 'Fixture launchpad-census-template.csv (isabellaprada-byte/launchpad-ai-isabella frontend/public/census-template.csv).',
  },
  {
    id: 'salesforce-group-census',
    name: 'Salesforce Insurance group census (JSON)',
    format: 'json',
    description: 'The members body of the Salesforce Insurance Group Census Members API: one record per member, dependents tied to their primary.',
    source:
      'Salesforce Insurance Developer Guide: "Insurance Group Census Members (POST, PATCH, DELETE)", "Group Census Member Input", ConnectApi.GroupCensusMemberInputRepresentation (v65.0) and InsCensusServiceStd:addMembers.',
  },
] as const satisfies readonly TargetMeta[];

export type TargetId = (typeof TARGET_CATALOG)[number]['id'];

export const CONTENT_TYPES: Record<TargetFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

export function targetMeta(id: string): TargetMeta | undefined {
  return (TARGET_CATALOG as readonly TargetMeta[]).find((t) => t.id === id);
}

/** A target's catalog entry, for its own file (throws at load for an id the catalog does not list). */
export function meta(id: TargetId): TargetMeta {
  return targetMeta(id)!;
}

/** A target id as a sentence when it is not one: for the CLI and the API. */
export function unknownTargetMessage(id: string): string {
  return `Unknown export target '${id}'. Use one of: ${TARGET_CATALOG.map((t) => t.id).join(', ')}.`;
}
