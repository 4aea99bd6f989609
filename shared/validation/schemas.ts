/**
 * Form schemas (yup), used by the widgets before sending and by the server on arrival,
 * so both give the same messages (product-spec.md section 5).
 */
import { object, string, type InferType } from 'yup';
import { MESSAGES } from '../messages';
import { EMAIL_PATTERN, blockedDomainOf } from './email';

const cs = MESSAGES.caseStudy;

/**
 * Removes CR/LF and other control characters (anything that may end up in a mail header), and the
 * bidirectional embeddings, overrides and isolates that can make a name display as something else.
 */
export function stripControl(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/[\u202a-\u202e\u2066-\u2069]/g, '').trim();
}

/**
 * True when the text has something visible in it: a name made only of spaces and invisible
 * format characters (zero-width spaces and joiners, direction marks, a BOM) is not a name.
 */
export function hasVisibleText(value: string): boolean {
  return /[^\p{Cf}\p{Z}\s]/u.test(value);
}

const visibleName = (message: string) =>
  string().trim().max(100).required(message).test('visible', message, (value) => !value || hasVisibleText(value));

export const caseStudyRequestSchema = object({
  firstName: visibleName(cs.firstNameRequired),
  lastName: visibleName(cs.lastNameRequired),
  email: string()
    .trim()
    .max(254)
    .required(cs.emailRequired)
    .matches(EMAIL_PATTERN, { message: cs.emailInvalid, excludeEmptyString: true })
    .test('work-email', cs.workEmail, (value) => !value || blockedDomainOf(value) === null),
});
export type CaseStudyRequestInput = InferType<typeof caseStudyRequestSchema>;

const wb = MESSAGES.webinar;
export const mailingListSchema = object({
  email: string()
    .trim()
    .max(254)
    .required(wb.emailRequired)
    .matches(EMAIL_PATTERN, { message: wb.emailInvalid, excludeEmptyString: true }),
  mailingListType: string().trim().max(40).matches(/^[A-Z0-9_-]+$/i).required(),
  mailingListIdentifier: string().trim().max(60).matches(/^[A-Z0-9_-]+$/i).required(),
});
export type MailingListInput = InferType<typeof mailingListSchema>;

export const webinarEmailSchema = object({
  email: string()
    .trim()
    .required(wb.emailRequired)
    .matches(EMAIL_PATTERN, { message: wb.emailInvalid, excludeEmptyString: true }),
});

/** Validates and returns {values} or {errors: {field: message}} - a form-friendly shape. */
export function validateForm<T extends Record<string, unknown>>(
  schema: { validateSync(v: unknown, o: object): unknown },
  values: Record<string, unknown>,
): { values: T; errors: null } | { values: null; errors: Record<string, string> } {
  try {
    const out = schema.validateSync(values, { abortEarly: false, stripUnknown: true }) as T;
    return { values: out, errors: null };
  } catch (err) {
    const errors: Record<string, string> = {};
    const inner = (err as { inner?: { path?: string; message: string }[] }).inner ?? [];
    for (const e of inner) if (e.path && !errors[e.path]) errors[e.path] = e.message;
    if (!inner.length) errors._ = (err as Error).message;
    return { values: null, errors };
  }
}
