/**
 * PATCH /main/case?caseId= {reading} (issue 14): a corrected reading for a case, which is processed
 * again with it (202 {data: {caseId, status}}); an empty reading returns to the automatic one.
 * Registered by census-case.ts inside its own scope, so the same no-store hook, error handler and
 * rate limits apply. Also the upload's optional `reading` form field, parsed the same way.
 */
import type { FastifyInstance } from 'fastify';
import type { CensusReport } from '../../shared/census/report';
import type { AppContext } from './context';
import { HttpError } from '../http/errors';
import { isCaseId } from '../cases/service';
import { isSampleCase, SAMPLE_TEXT } from '../cases/sample-id';
import { AS_OF_TEXT, asOfOf } from '../cases/effective-date';
import { checkAgainstCase, checkEditValues, parseReading, quote, READING_MAX_BYTES, ReadingError, savedOnOf } from '../cases/reading-check';
import type { StoredReading } from '../store/stored-reading';
import { READING_SCHEMAS } from './census-case-patch-schemas';
import { ReportReplacedError } from '../cases/case-reports';
import type { CaseRow } from '../store/census-cases';

export const READING_TEXT = {
  notJson: 'Send the reading as JSON: {"reading": {"columns": [...], "sheets": [...], "codes": [...], "edits": [...], "rows": [...]}}.',
  badField: 'The reading form field must be JSON: {"columns": [...], "sheets": [...], "codes": [...]}.',
  tooLarge: `The reading is too large (at most ${READING_MAX_BYTES / (1024 * 1024)} MB).`,
  unknownKey: (key: string) => `The body may hold only reading, savedOn, asOf and keepSsn, not ${quote(key)}.`,
  badKeepSsn: 'keepSsn must be true or false.',
  badSavedOn: 'savedOn must be a day written YYYY-MM-DD.',
} as const;

/** The upload's `reading` field (JSON text) with its optional `readingSavedOn` day; 400 when malformed. */
export async function uploadReading(text: string | undefined, savedOn: string | undefined): Promise<StoredReading | undefined> {
  if (text === undefined || text === '') return undefined;
  if (text.length > READING_MAX_BYTES) throw new HttpError(400, READING_TEXT.tooLarge);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, READING_TEXT.badField);
  }
  try {
    const reading = parseReading(value);
    // Saved hand edits whose value does not read are refused now, not as a failed case (issue 28).
    await checkEditValues(reading, new Date().toISOString().slice(0, 10));
    const day = savedOnOf(savedOn);
    return day ? { reading, savedOn: day } : { reading };
  } catch (err) {
    if (err instanceof ReadingError) throw new HttpError(400, err.message);
    throw err;
  }
}

/** The case's last report, or none when a reading sent a moment before has started a new run. */
async function lastReport(ctx: AppContext, c: CaseRow): Promise<CensusReport | undefined> {
  try {
    return (await ctx.caseService.report(c)) as CensusReport | undefined;
  } catch (err) {
    if (err instanceof ReportReplacedError) return undefined;
    throw err;
  }
}

export async function censusReadingRoutes(
  app: FastifyInstance,
  opts: { ctx: AppContext; path: string; rateLimit: { max: number; timeWindow: number }; text: { notFound: string; badCaseId: string } },
): Promise<void> {
  const { ctx, text } = opts;
  app.patch(opts.path, { schema: READING_SCHEMAS.patch, bodyLimit: READING_MAX_BYTES + 1024, config: { rateLimit: opts.rateLimit } }, async (req, reply) => {
    const { caseId } = req.query as { caseId?: string };
    if (!isCaseId(caseId)) throw new HttpError(typeof caseId === 'string' && caseId !== '' ? 404 : 400, typeof caseId === 'string' && caseId !== '' ? text.notFound : text.badCaseId);
    // The sample case is public and read-only (server/cases/sample.ts).
    if (isSampleCase(caseId)) throw new HttpError(403, SAMPLE_TEXT.readOnly);
    const c = await ctx.caseService.get(caseId);
    if (!c) throw new HttpError(404, text.notFound);
    const body = req.body as { reading?: unknown; savedOn?: unknown; asOf?: unknown; keepSsn?: unknown } | undefined;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, READING_TEXT.notJson);
    // Every top-level key is checked: a misspelt one ('readings', 'saved_on') was dropped silently.
    const unknown = Object.keys(body).find((k) => k !== 'reading' && k !== 'savedOn' && k !== 'asOf' && k !== 'keepSsn');
    if (unknown !== undefined) throw new HttpError(400, READING_TEXT.unknownKey(unknown));
    if (body.savedOn !== undefined && !savedOnOf(body.savedOn)) throw new HttpError(400, READING_TEXT.badSavedOn);
    // {asOf} alone moves the effective date and keeps the reading; beside a reading it does both.
    const asOf = body.asOf === undefined ? undefined : asOfOf(body.asOf);
    if (asOf === null) throw new HttpError(400, AS_OF_TEXT.bad);
    // {keepSsn} (issue 28): full SSNs for carrier files, on or off; like {asOf}, the case runs again.
    if (body.keepSsn !== undefined && typeof body.keepSsn !== 'boolean') throw new HttpError(400, READING_TEXT.badKeepSsn);
    const keepSsn = body.keepSsn as boolean | undefined;
    if (body.reading === undefined && (asOf !== undefined || keepSsn !== undefined)) {
      const status = await ctx.caseService.setReading(caseId, undefined, asOf, keepSsn);
      if (status === null) throw new HttpError(404, text.notFound);
      return reply.code(202).send({ data: { caseId, status } });
    }
    let reading;
    try {
      reading = parseReading(body.reading);
      // Columns and sheets are checked against the last report (a case being processed has none yet:
      // the engine then names what it does not know, and the case ends in error with that sentence).
      const report = c.status === 'completed' ? await lastReport(ctx, c) : undefined;
      if (report) checkAgainstCase(reading, report.files.map((f) => f.fileName), report);
      // Hand edits whose value does not read for its field are refused now, with their reason (issue 28).
      await checkEditValues(reading, asOf ?? c.asOf);
    } catch (err) {
      if (err instanceof ReadingError) throw new HttpError(400, err.message);
      throw err;
    }
    // savedOn: the reading came from choices saved in the browser (the report says 'saved' with the day).
    const savedOn = savedOnOf(body.savedOn);
    const status = await ctx.caseService.setReading(caseId, savedOn ? { reading, savedOn } : { reading }, asOf, keepSsn);
    if (status === null) throw new HttpError(404, text.notFound);
    return reply.code(202).send({ data: { caseId, status } });
  });
}
