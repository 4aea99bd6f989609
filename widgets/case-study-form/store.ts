/**
 * The state of one <case-study-form> and its submit flow, free of any UI framework.
 */
import type { ApiClient } from '../../shared/api/client';
import { MESSAGES } from '../../shared/messages';
import { blockedDomainOf } from '../../shared/validation/email';
import { caseStudyRequestSchema, validateForm } from '../../shared/validation/schemas';
import { createWidgetStore, type StoreApi } from '../internal/store';
import type { CaseStudyValues } from './meta';

const cs = MESSAGES.caseStudy;

export type CaseStudyField = keyof CaseStudyValues;
export const FIELDS: readonly CaseStudyField[] = ['firstName', 'lastName', 'email'];

export interface CaseStudyState {
  values: CaseStudyValues & { website: string };
  errors: Partial<Record<CaseStudyField, string>>;
  status: 'idle' | 'submitting' | 'success' | 'error';
  /** The page-level message: success text, request failure, or the free-mail domain message. */
  message: string | null;
  /** After the first submit, fields re-validate as they change (so errors clear when fixed). */
  validated: boolean;
}

export interface CaseStudyActions {
  setValue(field: CaseStudyField | 'website', value: string): void;
  prefill(values: Partial<CaseStudyValues> | undefined): void;
}

export type CaseStudyStore = StoreApi<CaseStudyState & CaseStudyActions>;

export function createCaseStudyStore(): CaseStudyStore {
  return createWidgetStore<CaseStudyState, CaseStudyActions>(
    {
      values: { firstName: '', lastName: '', email: '', website: '' },
      errors: {},
      status: 'idle',
      message: null,
      validated: false,
    },
    (set, get) => ({
      setValue(field, value) {
        const values = { ...get().values, [field]: value };
        if (get().validated && field !== 'website') {
          // Re-check this field only; a fixed field loses its error, others stay as they are.
          const { errors } = check(values);
          set({ values, errors: { ...get().errors, [field]: errors[field] } });
        } else {
          set({ values });
        }
      },
      prefill(values) {
        if (!values || typeof values !== 'object') return;
        const next = { ...get().values };
        for (const f of FIELDS) if (typeof values[f] === 'string') next[f] = values[f] as string;
        set({ values: next });
      },
    }),
  );
}

/** Validates with the shared schema; returns per-field messages and the blocked domain, if any. */
export function check(values: CaseStudyValues): {
  errors: Partial<Record<CaseStudyField, string>>;
  blockedDomain: string | null;
} {
  const result = validateForm(caseStudyRequestSchema, { ...values });
  const errors: Partial<Record<CaseStudyField, string>> = {};
  if (result.errors) for (const f of FIELDS) if (result.errors[f]) errors[f] = result.errors[f];
  const blockedDomain = errors.email === cs.workEmail ? blockedDomainOf(values.email) : null;
  return { errors, blockedDomain };
}

/** HTTP failure -> the status and the message product-spec section 8 prescribes. */
export function failureOf(error: unknown): { status: number; message: string } {
  const response = (error as { response?: { status?: number; data?: unknown } } | null)?.response;
  const status = typeof response?.status === 'number' ? response.status : 0;
  if (!status) return { status: 0, message: cs.networkError };
  if (status === 400) {
    const m = (response?.data as { message?: unknown } | null)?.message;
    return { status, message: typeof m === 'string' && m.trim() ? m : cs.badRequestDefault };
  }
  if (status === 403) return { status, message: cs.forbidden };
  if (status === 404) return { status, message: cs.notFound };
  return { status, message: cs.badRequestDefault };
}

export type SubmitResult =
  | { kind: 'invalid'; errors: Partial<Record<CaseStudyField, string>>; blockedDomain: string | null }
  | { kind: 'success'; email: string }
  | { kind: 'error'; status: number; message: string }
  | { kind: 'busy' };

/**
 * The submit flow: clears the previous messages, validates (no request when invalid, including a
 * free-mail domain), sends, and records the outcome. Values are never cleared.
 */
export async function submitCaseStudy(
  store: CaseStudyStore,
  client: Pick<ApiClient, 'requestCaseStudy'>,
  caseStudyName: string,
): Promise<SubmitResult> {
  const state = store.getState();
  if (state.status === 'submitting') return { kind: 'busy' };
  const { errors, blockedDomain } = check(state.values);
  if (Object.keys(errors).length) {
    store.setState({
      errors,
      validated: true,
      status: 'error',
      message: blockedDomain ? cs.domainNotAllowed(blockedDomain) : null,
    });
    return { kind: 'invalid', errors, blockedDomain };
  }
  store.setState({ errors: {}, validated: true, status: 'submitting', message: null });
  const { firstName, lastName, email, website } = state.values;
  try {
    await client.requestCaseStudy({
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      email: email.trim(),
      caseStudyName,
      website,
    });
    store.setState({ status: 'success', message: cs.success });
    return { kind: 'success', email: email.trim() };
  } catch (error) {
    const failure = failureOf(error);
    store.setState({ status: 'error', message: failure.message });
    return { kind: 'error', ...failure };
  }
}
