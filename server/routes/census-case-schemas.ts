/**
 * JSON schemas of the census case routes: they validate the query strings and give
 * /api/openapi.json (@fastify/swagger) its description of every answer. The multipart body is
 * parsed by the handler (streamed, so the size limit holds while it arrives); its schema is shown in
 * the OpenAPI document through `consumes` and `docBody`, not validated by Ajv; answers are `docResponse`.
 */
import { errors, message } from './error-schema';
import { CASE_STATUSES } from '../../shared/census/status';
import { MEMBER_TABLE_FIELDS, NOT_COUNTED_REASONS } from '../../shared/census/report';

const caseId = { type: 'string', description: 'The case id the upload answered (128 random bits, base64url).' } as const;
/** The statuses a case can have (shared/census/status.ts; 'uploading' is the widget's own state, never the server's). */
const STATUS = [...CASE_STATUSES];

/** The member table (shared/census/members.ts CensusMemberTable): every member read, with its values and problems. */
const MEMBER_VALUE = { type: ['string', 'number', 'null'] } as const;
const MEMBER_TABLE = {
  type: 'object',
  description: 'The member table (issue 28): every member read, counted or not, in file, sheet and row order',
  properties: {
    asOf: { type: 'string', format: 'date' },
    members: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          file: { type: 'string' },
          sheet: { type: 'string' },
          row: { type: 'integer', description: '1-based source row, as the Not counted list names it' },
          column: { type: 'string', description: "A wide layout's dependent: the header it was read from" },
          key: { type: 'string', description: "Opaque keyed hash of the row's own id or name ('' without either); edits and row marks carry it back" },
          counted: { type: 'boolean' },
          reason: { type: 'string', enum: Object.keys(NOT_COUNTED_REASONS) },
          values: { type: 'object', properties: Object.fromEntries(MEMBER_TABLE_FIELDS.map((f) => [f, MEMBER_VALUE])) },
          age: { type: ['integer', 'null'] },
          ssnLast4: { type: ['string', 'null'] },
          edited: { type: 'array', items: { type: 'string', enum: [...MEMBER_TABLE_FIELDS] } },
          problems: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                field: { type: ['string', 'null'], enum: [...MEMBER_TABLE_FIELDS, null] },
                source: { type: 'string', enum: ['review', 'check', 'readiness'] },
                reason: { type: 'string' },
              },
              required: ['field', 'source', 'reason'],
            },
          },
        },
        required: ['file', 'sheet', 'row', 'key', 'counted', 'values', 'age', 'ssnLast4', 'edited', 'problems'],
      },
    },
  },
  required: ['asOf', 'members'],
} as const;

/** What a census lacks for an export target (server/census/targets/readiness.ts): counts and fields, never a person's data. */
const READINESS = {
  type: 'object',
  description: 'Readiness for one export target',
  properties: {
    target: { type: 'string' },
    ready: { type: 'boolean', description: 'False when a blocking problem is listed' },
    holds: { type: 'string', description: "Which members the file holds, counted: '34 employees; dependents are not part of this import.'" },
    problems: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          field: { type: 'string', description: 'The field missing or invalid (zip, dateOfBirth, coverageTier, ssn, ...)' },
          count: { type: 'integer', description: 'How many members (or employees) it concerns' },
          blocking: { type: 'boolean', description: 'True: the target refuses or misquotes the file without it; false: advised' },
          askEmployer: { type: 'boolean', description: "Data the employer can send or correct ('Ask the employer' lists these), not a note on the template" },
          message: { type: 'string', description: "In words: '12 employees have no ZIP code: the carrier rates by ZIP.'" },
        },
        required: ['field', 'count', 'blocking', 'message'],
      },
    },
  },
  required: ['target', 'ready', 'problems'],
} as const;

export const CASE_SCHEMAS = {
  post: {
    tags: ['census'],
    summary: 'Upload a census file (a new case, or another file of a case), or ask to be e-mailed',
    description:
      'multipart/form-data. Upload: `file` (.xlsx, .xls or .csv, at most 5 MB), optional `caseId` (add the file to that case), optional `password` (an encrypted workbook). ' +
      'Optional `reading` (JSON, as PATCH /main/case takes it) and `readingSavedOn` (YYYY-MM-DD) apply a saved reading to the new case. ' +
      'Contact: `email` and `caseId` without a file, optional `kind` (`notify`, the default: mail the report link when the case completes; `help`: our team answers).',
    consumes: ['multipart/form-data'],
    docBody: {
      type: 'object',
      properties: {
        file: {
          type: 'string',
          format: 'binary',
          description:
            'The census file (.xlsx, .xls, .csv; at most 5 MB; its content must match its name). Its name is stored without path, control characters, bidi overrides or zero-width spaces.',
        },
        caseId: { type: 'string', maxLength: 1024, description: 'Add the file to this case; or, with email, the case to be mailed about' },
        password: { type: 'string', maxLength: 1024, description: 'The password of an encrypted workbook' },
        email: { type: 'string', format: 'email', maxLength: 1024, description: 'Without a file: who to mail' },
        kind: { type: 'string', enum: ['notify', 'help'], default: 'notify' },
        reading: {
          type: 'string',
          description: 'With a new case: a reading as JSON (the body of PATCH /main/case without its wrapper), e.g. choices saved in the browser for files with these headers',
        },
        readingSavedOn: { type: 'string', format: 'date', description: 'With reading: the day it was saved (the report then says reading.source "saved")' },
        asOf: { type: 'string', format: 'date', description: 'The effective date ages and tenure are counted at (YYYY-MM-DD, 1950-01-01 to 2100-12-31); today when absent' },
        keepSsn: { type: 'string', enum: ['true', 'false'], description: 'true: keep full SSNs for carrier files (read again from the encrypted upload for the export targets that require the SSN, never in the report); false or absent: only the last four digits' },
      },
    },
    docResponse: {
      200: {
        description: 'Stored durably (upload) or recorded (contact)',
        type: 'object',
        properties: {
          data: {
            type: 'object',
            properties: { caseId, status: { type: 'string', enum: STATUS } },
            required: ['caseId'],
          },
        },
        required: ['data'],
      },
      ...errors(403, 404, 429),
      400: { ...message, description: 'Malformed or cut-off form data, an empty file, no file, a bad e-mail or kind, two files, or a text field over 1024 characters (the message names the field)' },
      413: { ...message, description: 'The file passed 5 MB (counted while it arrives; the connection is closed after the answer)' },
      415: {
        ...message,
        description:
          'Not .xlsx, .xls or .csv, content that does not match the name (the message says what the file is, or that it is not a spreadsheet), or not multipart. Answered as soon as it is known, with Connection: close',
      },
      422: {
        ...message,
        description: 'An .xlsx whose ZIP directory or XML parts the reader refuses (too many parts, too large unpacked, a zip bomb, damaged, an XML entity declaration): the reader\'s own sentence; nothing is kept',
      },
    },
  },
  status: {
    tags: ['census'],
    summary: 'The processing status of a case',
    querystring: { type: 'object', properties: { caseId } },
    docResponse: {
      200: {
        description: 'The status; with status error a message, and a code when the widget can help (password-required, password-incorrect)',
        type: 'object',
        properties: {
          data: {
            type: 'object',
            properties: {
              caseId,
              status: { type: 'string', enum: STATUS },
              message: { type: 'string' },
              code: { type: 'string', enum: ['password-required', 'password-incorrect'] },
              notice: { type: 'string', description: "With status completed, what the figures cannot show: 'No rows under the header: ...'" },
            },
            required: ['caseId', 'status'],
          },
        },
        required: ['data'],
      },
      ...errors(400, 403, 404, 429),
    },
  },
  get: {
    tags: ['census'],
    summary: 'The census report of a case (or of one of its files), a link to an export, the readiness of each export target, or the member table',
    querystring: {
      type: 'object',
      properties: {
        caseId,
        // No enum here: a wrong value gets the route's own sentence ('The reportType must be "census" or
        // "file".') instead of the generic validation message.
        reportType: {
          type: 'string',
          description:
            '"census" (default, also when empty): the report; "file": {fileURL}, a signed link to the export (the clean XLSX, or the target\'s file); "readiness": what the census lacks for each export target; "members": the member table (every member read, counted or not, with its problems; with target, that target\'s missing fields per member)',
        },
        fileName: { type: 'string', description: 'One file of the case (as listed in the report\'s files)' },
        target: {
          type: 'string',
          description:
            'With reportType file, readiness or members: an export target (clean, generic-carrier, principal-other, dchl, mahc, launchpad-census, salesforce-group-census; docs/census-export.md). file: the default is clean. readiness: without it, every target',
        },
      },
    },
    docResponse: {
      200: {
        description:
          'The report object (CENSUS.md, "The report object"); or {fileURL}: a signed link valid for 10 minutes; or readiness: {targets: [{id, name, format, target, ready, problems}]}, with target {target, ready, problems}; or members: {asOf, members: [...]} (shared/census/members.ts)',
        type: 'object',
        properties: {
          data: {
            oneOf: [
              { type: 'object', additionalProperties: true, description: 'The report object' },
              { type: 'object', properties: { fileURL: { type: 'string', format: 'uri' } }, required: ['fileURL'] },
              READINESS,
              MEMBER_TABLE,
              {
                type: 'object',
                properties: {
                  targets: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: { id: { type: 'string' }, name: { type: 'string' }, format: { type: 'string', enum: ['xlsx', 'csv', 'json'] }, ...READINESS.properties },
                      required: ['id', 'name', 'format', 'target', 'ready', 'problems'],
                    },
                  },
                },
                required: ['targets'],
              },
            ],
          },
        },
        required: ['data'],
      },
      ...errors(400, 403, 404, 409, 429, 503),
    },
  },
  delete: {
    tags: ['census'],
    summary: 'Delete a case, its files and exports now',
    querystring: { type: 'object', properties: { caseId } },
    docResponse: { 204: { description: 'Deleted; the id answers 404 from now on', type: 'null' }, ...errors(400, 403, 404, 429) },
  },
  file: {
    tags: ['census'],
    summary: 'Download an export (the signed fileURL): the clean XLSX or an export target\'s file',
    querystring: { type: 'object', properties: { token: { type: 'string' } } },
    docResponse: {
      200: {
        description: 'The file, as an attachment: an XLSX workbook, a CSV or JSON, as the target is',
        content: {
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
          'text/csv': { schema: { type: 'string', format: 'binary' } },
          'application/json': { schema: { type: 'string', format: 'binary' } },
        },
      },
      ...errors(404, 429),
    },
  },
} as const;
