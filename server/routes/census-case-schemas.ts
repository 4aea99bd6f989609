/**
 * JSON schemas of the census case routes: they validate the query strings and give
 * /api/openapi.json (@fastify/swagger) its description of every answer. The multipart body is
 * parsed by the handler (streamed, so the size limit holds while it arrives); its schema is shown in
 * the OpenAPI document through `consumes` and `docBody`, not validated by Ajv; answers are `docResponse`.
 */
import { errors, message } from './error-schema';
import { CASE_STATUSES } from '../../shared/census/status';

const caseId = { type: 'string', description: 'The case id the upload answered (128 random bits, base64url).' } as const;
/** The statuses a case can have (shared/census/status.ts; 'uploading' is the widget's own state, never the server's). */
const STATUS = [...CASE_STATUSES];

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
    summary: 'The census report of a case (or of one of its files), or a link to its clean export',
    querystring: {
      type: 'object',
      properties: {
        caseId,
        // No enum here: a wrong value gets the route's own sentence ('The reportType must be "census" or
        // "file".') instead of the generic validation message.
        reportType: { type: 'string', description: '"census" (default, also when empty): the report; "file": {fileURL}, a signed link to the clean XLSX' },
        fileName: { type: 'string', description: 'One file of the case (as listed in the report\'s files)' },
      },
    },
    docResponse: {
      200: {
        description: 'The report object (CENSUS.md, "The report object"), or {fileURL}: a signed link valid for 10 minutes',
        type: 'object',
        properties: { data: { type: 'object', additionalProperties: true } },
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
    summary: 'Download a clean export (the signed fileURL)',
    querystring: { type: 'object', properties: { token: { type: 'string' } } },
    docResponse: {
      200: {
        description: 'The XLSX workbook, as an attachment',
        content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } } },
      },
      ...errors(404, 429),
    },
  },
} as const;
