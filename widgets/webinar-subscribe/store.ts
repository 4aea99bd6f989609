/**
 * The state of one <webinar-subscribe> and its submit flow, free of any UI framework.
 */
import type { ApiClient } from '../../shared/api/client';
import { MESSAGES } from '../../shared/messages';
import { validateForm, webinarEmailSchema } from '../../shared/validation/schemas';
import { createWidgetStore, type StoreApi } from '../internal/store';

export interface WebinarState {
  email: string;
  website: string;
  error: string | null;
  status: 'idle' | 'submitting' | 'success' | 'error';
  validated: boolean;
}

export interface WebinarActions {
  setEmail(value: string): void;
  setWebsite(value: string): void;
}

export type WebinarStore = StoreApi<WebinarState & WebinarActions>;

/** The shared schema's message for `email`, or null when valid. */
export function checkEmail(email: string): string | null {
  const result = validateForm(webinarEmailSchema, { email });
  return result.errors ? (result.errors.email ?? result.errors._ ?? null) : null;
}

export function createWebinarStore(): WebinarStore {
  return createWidgetStore<WebinarState, WebinarActions>(
    { email: '', website: '', error: null, status: 'idle', validated: false },
    (set, get) => ({
      setEmail(email) {
        set(get().validated ? { email, error: checkEmail(email) } : { email });
      },
      setWebsite(website) {
        set({ website });
      },
    }),
  );
}

export type WebinarResult =
  | { kind: 'invalid'; error: string }
  | { kind: 'success'; email: string }
  | { kind: 'error'; status: number; message: string }
  | { kind: 'busy' };

/** Validates, sends, records the outcome. The typed address is kept on failure. */
export async function submitWebinar(
  store: WebinarStore,
  client: Pick<ApiClient, 'subscribe'>,
  list: { mailingListType: string; mailingListIdentifier: string },
): Promise<WebinarResult> {
  const state = store.getState();
  if (state.status === 'submitting') return { kind: 'busy' };
  const error = checkEmail(state.email);
  if (error) {
    store.setState({ error, validated: true, status: 'idle' });
    return { kind: 'invalid', error };
  }
  const email = state.email.trim();
  store.setState({ error: null, validated: true, status: 'submitting' });
  try {
    await client.subscribe({ email, ...list, website: state.website });
    store.setState({ status: 'success' });
    return { kind: 'success', email };
  } catch (err) {
    const status = (err as { response?: { status?: number } } | null)?.response?.status ?? 0;
    store.setState({ status: 'error' });
    return { kind: 'error', status, message: MESSAGES.webinar.failure };
  }
}
