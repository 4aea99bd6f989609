/**
 * JSON schemas of PATCH /main/case (issue 14) for /api/openapi.json. The body is parsed by the
 * handler (server/cases/reading-check.ts: plain sentences naming what is wrong), so it is shown as
 * `docBody`, not compiled; answers are `docResponse`.
 */
import { errors } from './error-schema';
import { CANONICAL_FIELDS, CODE_VALUES, MEMBER_TABLE_FIELDS } from '../../shared/census/report';
import { CASE_STATUSES } from '../../shared/census/status';

const caseId = { type: 'string', description: 'The case id the upload answered (128 random bits, base64url).' } as const;
const STATUS = [...CASE_STATUSES];
const FIELDS = [...CANONICAL_FIELDS];
const where = {
  file: { type: 'string', description: "The file's name in the case (as the report's files list it)" },
  sheet: { type: 'string', description: "The sheet's name (a CSV file has one sheet, named as in the report)" },
} as const;

/** Where a hand edit or row mark is: the member table's row (shared/census/members.ts). */
const rowWhere = {
  ...where,
  row: { type: 'integer', minimum: 1, description: '1-based source row, as the member table and the Not counted list name it' },
  column: { type: 'string', description: "A wide layout's dependent: the header it was read from" },
  key: { type: 'string', maxLength: 64, description: "The member table's key of the row: applied only while the row at that place still has it (otherwise not applied, and the report's review says so)" },
} as const;

/** The reading (shared/census/report.ts CensusReading), also the upload's `reading` form field. */
export const READING_DOC_SCHEMA = {
  type: 'object',
  description: 'A reading given from outside; every part optional. {} (or every list empty) is the automatic reading. At most 1 MB of JSON.',
  properties: {
    columns: {
      type: 'array',
      items: {
        type: 'object',
        properties: { ...where, header: { type: 'string' }, field: { type: ['string', 'null'], enum: [...FIELDS, null], description: 'null: not used' } },
        required: ['file', 'sheet', 'header', 'field'],
      },
    },
    sheets: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          ...where,
          read: { type: 'boolean', description: 'false skips the sheet; true reads it even when the engine would skip it' },
          headerRow: { type: 'integer', minimum: 1, description: 'The header row, 1-based as the spreadsheet shows it' },
        },
        required: ['file', 'sheet'],
      },
    },
    codes: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          ...where,
          header: { type: 'string' },
          value: { type: 'string', description: 'A distinct value of a relationship, status or coverage tier column' },
          as: { type: 'string', description: `A value of that field (${Object.values(CODE_VALUES).map((v) => v.join(', ')).join('; ')}), or '' for blank` },
        },
        required: ['file', 'sheet', 'header', 'value', 'as'],
      },
    },
    edits: {
      type: 'array',
      maxItems: 5000,
      description: "Cells edited by hand in the member table (issue 28): the value replaces the member's, read as a cell of that field is (a value that does not read is answered 400 with its reason once the case is read again)",
      items: {
        type: 'object',
        properties: {
          ...rowWhere,
          field: { type: 'string', enum: [...MEMBER_TABLE_FIELDS] },
          value: { type: 'string', maxLength: 200, description: "As typed ('' clears the cell): a date as 1980-01-02 or 01/02/1980, a salary as 85000, a code as the table shows it" },
        },
        required: ['file', 'sheet', 'row', 'field', 'value'],
      },
    },
    rows: {
      type: 'array',
      maxItems: 5000,
      description: 'Rows marked by hand: counted false = not a person (Not counted, reason not-a-person); counted true = count this person (a row not read as a person, a duplicate, a retired or terminated member)',
      items: { type: 'object', properties: { ...rowWhere, counted: { type: 'boolean' } }, required: ['file', 'sheet', 'row', 'counted'] },
    },
  },
} as const;

export const READING_SCHEMAS = {
  patch: {
    tags: ['census'],
    summary: 'Correct how a case was read, and process it again',
    description:
      'The reading replaces any earlier one; the case starts a new run (the same status flow as an upload: poll /main/case/status). ' +
      'The report then carries reading: {source: "yours", changed: [...]}; an empty reading returns to the automatic one. ' +
      'Columns and sheets the case does not have are answered 400 with a sentence naming them, and so is a hand edit whose value does not read for its field (with its reason). ' +
      'Hand edits and row marks whose row is not there, or no longer has their key, are not applied: the report\'s review says how many. ' +
      'Readings sent while a run is in progress replace it: the newest wins.',
    querystring: { type: 'object', properties: { caseId } },
    docBody: {
      type: 'object',
      properties: {
        reading: READING_DOC_SCHEMA,
        savedOn: { type: 'string', format: 'date', description: 'The reading comes from choices saved in the browser on this day: the report says reading.source "saved"' },
        asOf: { type: 'string', format: 'date', description: 'The effective date ages and tenure are counted at (YYYY-MM-DD, 1950-01-01 to 2100-12-31). Alone: only the date changes and the reading is kept; beside a reading: both.' },
        keepSsn: { type: 'boolean', description: 'Keep full SSNs for carrier files (true) or not (false): read again from the encrypted upload for the export targets that require the SSN, never in the report. The case is processed again; alone, the reading is kept.' },
      },
    },
    docResponse: {
      202: {
        description: 'Stored; the case is being processed again',
        type: 'object',
        properties: {
          data: { type: 'object', properties: { caseId, status: { type: 'string', enum: STATUS } }, required: ['caseId', 'status'] },
        },
        required: ['data'],
      },
      ...errors(400, 403, 404, 413, 415, 429),
    },
  },
} as const;
