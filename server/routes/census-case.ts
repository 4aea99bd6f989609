/**
 * The census case API (product-spec.md section 7; docs/server.md lists every answer).
 *
 *   POST   /main/case            multipart: file [+ caseId] [+ password] -> {data: {caseId, status}}
 *                                multipart: email + caseId [+ kind]      -> {data: {caseId}}
 *   GET    /main/case/status     ?caseId=                                 -> {data: {caseId, status, message?, code?}}
 *   GET    /main/case            ?caseId=[&reportType=census][&fileName=] -> {data: report}
 *                                ?caseId=&reportType=file[&fileName=][&target=] -> {data: {fileURL}}
 *                                ?caseId=&reportType=readiness[&fileName=][&target=] -> {data: {targets: [...]}} or, with
 *                                  target, {data: {target, ready, problems}} (docs/census-export.md)
 *                                ?caseId=&reportType=members[&fileName=][&target=] -> {data: CensusMemberTable} (issue 28)
 *   PATCH  /main/case            ?caseId= JSON {reading}                  -> 202 {data: {caseId, status}} (census-case-patch.ts)
 *   DELETE /main/case            ?caseId=                                 -> 204
 *
 * The sample case (server/cases/sample.ts) is public and read-only: deleting it or adding a file to
 * it answers 403 with SAMPLE_TEXT.readOnly; its report carries `isSample: true`.
 *   GET    /main/case/file       ?token=  (the signed fileURL)            -> the export (clean XLSX or the target's file), as an attachment
 *
 * Every answer here is no-store and no-referrer (case ids and reports are personal data). The upload
 * streams into an encrypted file under a generated name while counting bytes (413 past 5 MB, the
 * partial file deleted) and checking the first bytes against the extension (415); the case row is
 * written after the file is durable, and only then is the caseId answered.
 */
import { gunzipSync } from 'node:zlib';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PATHS, type CensusContactKind, type CensusStatusResult } from '../../shared/api/types';
import { CENSUS_UPLOAD } from '../../shared/constants';
import type { AppContext } from './context';
import { errorHandler, HttpError } from '../http/errors';
import { AS_OF_TEXT, asOfOf } from '../cases/effective-date';
import { IntakeRefusal, openFileIntake, type FileIntake, type RefusalReason } from '../cases/incoming-file';
import { isCaseId, type StoredFile } from '../cases/service';
import { ReportReplacedError } from '../cases/case-reports';
import { isSampleCase, SAMPLE_TEXT } from '../cases/sample-id';
import { UPLOAD_TEXT } from '../cases/upload-check';
import { webClient } from '../security/client-key';
import { checkAddress, hasLoneSurrogate } from '../security/email-address';
import { setNoStore } from '../http/headers';
import { API_PREFIX } from './api';
import { CASE_SCHEMAS } from './census-case-schemas';
import { censusReadingRoutes, READING_TEXT, uploadReading } from './census-case-patch';
import { READING_MAX_BYTES } from '../cases/reading-check';
import { TARGET_CATALOG, targetMeta, unknownTargetMessage } from '../census/targets/catalog';

/** The longest text field taken in an upload (caseId, password, email, kind). */
const FIELD_MAX = 1024;

export const CASE_TEXT = {
  notFound: 'This census case does not exist or has been deleted. Upload the file again to start a new one.',
  noFile: 'No file selected',
  malformed: 'The upload was cut off or is not valid form data. Please try again.',
  notMultipart: 'Send the census as multipart/form-data with the file in the "file" field.',
  oneFile: 'Send one file per upload; to add more files to a case, send each with its caseId.',
  badEmail: 'Please enter a valid e-mail address.',
  badKind: 'The kind must be "notify" or "help".',
  badCaseId: 'The caseId is missing or not valid. Use the caseId the upload answered.',
  badText: 'A field holds characters that are not valid text.',
  fieldTooLong: (name: string, max = FIELD_MAX) => `The ${name} field is too long: at most ${max} characters.`,
  notReady: 'This census is still being processed. Try again when its status is completed.',
  failed: 'This census could not be processed, so it has no report. Upload a corrected file to start a new case.',
  noSuchFile: (name: string) => `This case has no file named "${name}".`,
  badReportType: 'The reportType must be "census", "file", "readiness" or "members".',
  exportFailed: 'The export could not be made.',
  linkExpired: 'This download link has expired or is not valid. Go back to the report and export again.',
  badKeepSsn: 'The keepSsn field must be true or false.',
} as const;

interface UploadFields {
  caseId?: string;
  password?: string;
  email?: string;
  kind?: string;
  /** JSON: a reading saved in the visitor's browser for files with these headers (issue 14). */
  reading?: string;
  readingSavedOn?: string;
  /** YYYY-MM-DD: the effective date ages and tenure are counted at (issue 21); today when absent. */
  asOf?: string;
  /** 'true': keep full SSNs for carrier files (issue 28; store/case-options.ts); 'false' or absent: not. */
  keepSsn?: string;
}

/** The sample case (server/cases/sample.ts) is read-only: every route that would change it calls this first. */
export function refuseSample(caseId: string): void {
  if (isSampleCase(caseId)) throw new HttpError(403, SAMPLE_TEXT.readOnly);
}

function caseIdOf(value: unknown): string {
  if (!isCaseId(value)) throw new HttpError(typeof value === 'string' && value !== '' ? 404 : 400, typeof value === 'string' && value !== '' ? CASE_TEXT.notFound : CASE_TEXT.badCaseId);
  return value;
}

/** What a refused file is answered: 415 for a name or content we do not take, 413 too large, 400 empty. */
const REFUSAL_STATUS: Record<RefusalReason, number> = { type: 415, mismatch: 415, 'too-large': 413, empty: 400, unsafe: 422 };

/** Multipart errors from the parser: too large (413), anything else a malformed body (400). */
function uploadError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof IntakeRefusal) return new HttpError(REFUSAL_STATUS[err.reason], err.message);
  const code = (err as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, UPLOAD_TEXT.tooLarge);
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, CASE_TEXT.oneFile);
  return new HttpError(400, CASE_TEXT.malformed);
}

/** The file part through the shared intake (server/cases/incoming-file.ts): this route only streams it. */
async function receiveFile(ctx: AppContext, part: MultipartFile): Promise<StoredFile> {
  // A body cut short makes the file stream emit an error after we have stopped reading it: it is
  // answered (400) through the parser; this listener keeps it from becoming an uncaught exception.
  part.file.on('error', () => {});
  let intake: FileIntake | null = null;
  try {
    intake = await openFileIntake(ctx.caseService, part.filename ?? '');
    for await (const chunk of part.file as AsyncIterable<Buffer>) await intake.write(chunk);
    // The parser stops one byte past the limit; the intake has refused by then, this is a second guard.
    if (part.file.truncated) throw new IntakeRefusal('too-large', UPLOAD_TEXT.tooLarge);
    return await intake.finish();
  } catch (err) {
    part.file.resume();
    await intake?.discard();
    throw uploadError(err);
  }
}

/** A text value (a form field or a query parameter), named in the answer when it is too long. */
function text(value: unknown, name: string, truncated = false, max = FIELD_MAX): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, CASE_TEXT.malformed);
  // The parser cuts a field one character past its limit and marks it truncated.
  if (truncated || value.length > max) throw new HttpError(400, max === READING_MAX_BYTES ? READING_TEXT.tooLarge : CASE_TEXT.fieldTooLong(name, max));
  if (hasLoneSurrogate(value)) throw new HttpError(400, CASE_TEXT.badText);
  return value;
}

function noStore(_req: FastifyRequest, reply: FastifyReply, done: () => void): void {
  setNoStore(reply);
  done();
}

export async function censusCaseRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const { config } = ctx;
  const casePath = API_PATHS.censusCase.slice(API_PREFIX.length);
  const statusPath = API_PATHS.censusCaseStatus.slice(API_PREFIX.length);
  const uploadLimit = { max: config.rateLimits.censusUpload.max, timeWindow: config.rateLimits.censusUpload.timeWindowMs };
  const readLimit = { max: config.rateLimits.censusStatus.max, timeWindow: config.rateLimits.censusStatus.timeWindowMs };

  await app.register(multipart, {
    limits: {
      // One byte over the limit is enough to know; the stream is cut there.
      fileSize: CENSUS_UPLOAD.maxBytes + 1,
      files: 1,
      fields: 10,
      // The reading field may be up to READING_MAX_BYTES; every other field is checked for FIELD_MAX.
      fieldSize: READING_MAX_BYTES + 1,
      parts: 12,
      headerPairs: 100,
    },
  });
  app.addHook('onRequest', noStore);
  app.setErrorHandler((error: FastifyError | HttpError, req, reply) => {
    setNoStore(reply);
    if (!(error instanceof HttpError)) {
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return errorHandler(new HttpError(415, CASE_TEXT.notMultipart), req, reply);
      if (req.method === 'POST' && typeof error.code === 'string' && /^FST_(REQ_FILE|FILES|PARTS|FIELDS|PROTO|INVALID_MULTIPART|INVALID_JSON_FIELD|ERR_CTP)/.test(error.code)) {
        return errorHandler(uploadError(error), req, reply);
      }
    }
    return errorHandler(error, req, reply);
  });

  app.post(casePath, {
    schema: CASE_SCHEMAS.post,
    config: { rateLimit: uploadLimit },
    handler: async (req, reply) => {
      if (!req.isMultipart()) throw new HttpError(415, CASE_TEXT.notMultipart);
      const fields: UploadFields = {};
      let file: StoredFile | null = null;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || file) {
              part.file.resume();
              throw new HttpError(400, CASE_TEXT.oneFile);
            }
            file = await receiveFile(ctx, part);
          } else if (part.fieldname === 'reading') {
            fields.reading = text(part.value, part.fieldname, part.valueTruncated, READING_MAX_BYTES);
          } else if (['caseId', 'password', 'email', 'kind', 'readingSavedOn', 'asOf', 'keepSsn'].includes(part.fieldname)) {
            fields[part.fieldname as keyof UploadFields] = text(part.value, part.fieldname, part.valueTruncated);
          }
        }
      } catch (err) {
        if (file) await ctx.caseService.discard(file.incoming);
        throw uploadError(err);
      }

      if (file) {
        try {
          const stored: StoredFile = { ...file, password: fields.password || null };
          if (fields.caseId !== undefined && fields.caseId !== '') {
            const caseId = caseIdOf(fields.caseId);
            refuseSample(caseId);
            const added = await ctx.caseService.addFile(caseId, stored);
            if (added === null) throw new HttpError(404, CASE_TEXT.notFound);
            return { data: { caseId, status: (await ctx.caseService.get(caseId))?.status ?? 'classified' } };
          }
          const asOf = fields.asOf === undefined || fields.asOf === '' ? undefined : asOfOf(fields.asOf);
          if (asOf === null) throw new HttpError(400, AS_OF_TEXT.bad);
          if (fields.keepSsn !== undefined && !['', 'true', 'false'].includes(fields.keepSsn)) throw new HttpError(400, CASE_TEXT.badKeepSsn);
          const caseId = await ctx.caseService.createCase(stored, 'web', undefined, {
            reading: await uploadReading(fields.reading, fields.readingSavedOn),
            asOf,
            client: webClient(req.ip),
            ...(fields.keepSsn === 'true' ? { keepSsn: true } : {}),
          });
          reply.code(200);
          return { data: { caseId, status: (await ctx.caseService.get(caseId))?.status ?? 'classified' } };
        } catch (err) {
          await ctx.caseService.discard(file.incoming).catch(() => {});
          throw err;
        }
      }

      if (fields.email !== undefined) {
        const caseId = caseIdOf(fields.caseId);
        // The sample's id is public: a notify or help request on it would let anyone have us mail any
        // address (or our own team) on demand.
        if (isSampleCase(caseId)) throw new HttpError(403, SAMPLE_TEXT.noContact);
        const email = checkAddress(fields.email);
        if (!email) throw new HttpError(400, CASE_TEXT.badEmail);
        const kind = (fields.kind ?? 'notify') as CensusContactKind;
        if (kind !== 'notify' && kind !== 'help') throw new HttpError(400, CASE_TEXT.badKind);
        if (!(await ctx.caseService.contact(caseId, email, kind))) throw new HttpError(404, CASE_TEXT.notFound);
        return { data: { caseId } };
      }
      throw new HttpError(400, CASE_TEXT.noFile);
    },
  });

  await censusReadingRoutes(app, { ctx, path: casePath, rateLimit: uploadLimit, text: { notFound: CASE_TEXT.notFound, badCaseId: CASE_TEXT.badCaseId } });

  app.get(statusPath, { schema: CASE_SCHEMAS.status, config: { rateLimit: readLimit } }, async (req) => {
    const { caseId } = req.query as { caseId?: string };
    const c = await ctx.caseService.get(caseIdOf(caseId));
    if (!c) throw new HttpError(404, CASE_TEXT.notFound);
    const data: CensusStatusResult = { caseId: c.id, status: c.status };
    if (c.status === 'error') {
      data.message = c.message ?? CASE_TEXT.failed;
      if (c.code) data.code = c.code;
    }
    if (c.status === 'completed' && c.message) data.notice = c.message;
    return { data };
  });

  app.get(casePath, { schema: CASE_SCHEMAS.get, config: { rateLimit: readLimit } }, async (req, reply) => {
    const q = req.query as { caseId?: string; reportType?: string; fileName?: string; target?: string };
    // The request's own mistake first, whatever the case: a sentence that says what to send.
    const reportType = q.reportType === undefined || q.reportType === '' ? 'census' : q.reportType;
    if (reportType !== 'census' && reportType !== 'file' && reportType !== 'readiness' && reportType !== 'members') throw new HttpError(400, CASE_TEXT.badReportType);
    const targetId = q.target === undefined || q.target === '' ? undefined : text(q.target, 'target', false, 64);
    if (targetId !== undefined && !targetMeta(targetId)) throw new HttpError(400, unknownTargetMessage(targetId));
    const c = await ctx.caseService.get(caseIdOf(q.caseId));
    if (!c) throw new HttpError(404, CASE_TEXT.notFound);
    const fileName = q.fileName === undefined || q.fileName === '' ? undefined : text(q.fileName, 'fileName');
    if (c.status === 'error') throw new HttpError(409, CASE_TEXT.failed);
    if (c.status !== 'completed') throw new HttpError(409, CASE_TEXT.notReady);
    if (reportType === 'readiness') {
      const made = await ctx.caseService.readiness(c, fileName);
      if (!made) throw new HttpError(404, CASE_TEXT.noSuchFile(fileName ?? ''));
      if ('error' in made) throw new HttpError(503, `${CASE_TEXT.exportFailed} ${made.error}`);
      const all = made.readiness as { target: string }[];
      if (targetId !== undefined) return { data: all.find((r) => r.target === targetId) };
      // Each target's readiness with what the report shows beside it: its name and format.
      return { data: { targets: TARGET_CATALOG.map(({ id, name, format }) => ({ id, name, format, ...all.find((r) => r.target === id) })) } };
    }
    if (reportType === 'members') {
      // The member table (issue 28), stored as the answer, gzipped: sent as it is to a client that
      // takes gzip (every browser), inflated for one that does not; never parsed again here.
      const made = await ctx.caseService.members(c, fileName, targetId);
      if (!made) throw new HttpError(404, CASE_TEXT.noSuchFile(fileName ?? ''));
      if ('error' in made) throw new HttpError(503, `${CASE_TEXT.exportFailed} ${made.error}`);
      const vary = reply.getHeader('vary');
      reply.type('application/json; charset=utf-8').header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send(made.gzip);
      return reply.send(gunzipSync(made.gzip));
    }
    if (reportType === 'file') {
      const made = await ctx.caseService.exportUrl(c, fileName, targetId);
      if (!made) throw new HttpError(404, CASE_TEXT.noSuchFile(fileName ?? ''));
      if ('error' in made) throw new HttpError(503, `${CASE_TEXT.exportFailed} ${made.error}`);
      return { data: { fileURL: made.url } };
    }
    // A reading sent a moment ago has started a new run: answered as for a case being processed.
    const report = await ctx.caseService.report(c, fileName).catch((err: unknown) => {
      throw err instanceof ReportReplacedError ? new HttpError(409, CASE_TEXT.notReady) : err;
    });
    if (report === undefined) throw new HttpError(404, CASE_TEXT.noSuchFile(fileName ?? ''));
    // The sample says so, so the report can tell the visitor it is read-only; a case that keeps full
    // SSNs for carrier files says so (the flag only: the numbers are never in a report).
    if (isSampleCase(c.id)) return { data: { ...(report as object), isSample: true } };
    return { data: (await ctx.caseService.keepsSsn(c)) ? { ...(report as object), keepSsn: true } : report };
  });

  app.delete(casePath, { schema: CASE_SCHEMAS.delete, config: { rateLimit: readLimit } }, async (req, reply) => {
    const { caseId } = req.query as { caseId?: string };
    refuseSample(caseIdOf(caseId));
    if (!(await ctx.caseService.delete(caseIdOf(caseId)))) throw new HttpError(404, CASE_TEXT.notFound);
    return reply.code(204).send();
  });

  app.get(`${casePath}/file`, { schema: CASE_SCHEMAS.file, config: { rateLimit: readLimit } }, async (req, reply) => {
    const { token } = req.query as { token?: string };
    const file = await ctx.caseService.readExport(token);
    if (!file) throw new HttpError(404, CASE_TEXT.linkExpired);
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.downloadName}"`)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(file.bytes);
  });
}
