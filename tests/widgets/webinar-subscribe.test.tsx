/**
 * <webinar-subscribe>'s component under React, talking over real HTTP to a local stand-in server.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRAND } from '../../shared/brand';
import { MESSAGES } from '../../shared/messages';
import { LABELS } from '../../widgets/internal/labels';
import { WebinarSubscribe } from '../../widgets/webinar-subscribe/WebinarSubscribe';
import { deferred, useApiServer } from './api-server';

const wb = MESSAGES.webinar;
const api = useApiServer();
let alertSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const input = () => screen.getByLabelText(LABELS.email) as HTMLInputElement;
const type = (value: string) => fireEvent.change(input(), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: LABELS.submit }));

function listen<T>(name: string, handle?: (e: Event) => void) {
  const seen: T[] = [];
  const handler = (e: Event) => {
    seen.push((e as CustomEvent<T>).detail);
    handle?.(e);
  };
  document.addEventListener(name, handler);
  return { seen, stop: () => document.removeEventListener(name, handler) };
}

describe('<webinar-subscribe> (component)', () => {
  it('shows the heading, a labelled e-mail input with the placeholder, and Submit', () => {
    render(<WebinarSubscribe apiBase={api.base} />);
    expect(screen.getByRole('heading', { level: 2, name: wb.heading })).toBeTruthy();
    expect(input().placeholder).toBe(wb.placeholder);
    expect(input().type).toBe('email');
    expect((screen.getByRole('button', { name: LABELS.submit }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('overrides or hides the heading', () => {
    const { rerender } = render(<WebinarSubscribe heading="Thanks for coming" />);
    expect(screen.getByRole('heading', { name: 'Thanks for coming' })).toBeTruthy();
    rerender(<WebinarSubscribe noHeading />);
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it.each([
    ['', wb.emailRequired],
    ['   ', wb.emailRequired],
    ['not-an-address', wb.emailInvalid],
    ['jane@acme', wb.emailInvalid],
  ])('%j: the validation message and the hint beneath the field, no request', async (value, message) => {
    render(<WebinarSubscribe apiBase={api.base} />);
    type(value);
    submit();
    await screen.findByText(message);
    expect(screen.getByText(wb.correctEmail)).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    const described = input().getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual([message, wb.correctEmail]);
    expect(document.activeElement).toBe(input());
    expect(api.requests).toHaveLength(0);
    type('jane@acme-insurance.com');
    expect(screen.queryByText(wb.correctEmail)).toBeNull();
  });

  it('sends the promotion subscription, spins while sending, then shows the tick and the thanks', async () => {
    const success = listen('webinar-subscribe-success');
    const gate = deferred();
    api.reply({ status: 200, body: { ok: true }, hold: gate.promise });
    render(<WebinarSubscribe apiBase={api.base} />);
    type(' jane@acme-insurance.com ');
    submit();
    const busy = (await screen.findByRole('button', { name: LABELS.submit })) as HTMLButtonElement;
    await vi.waitFor(() => expect(busy.disabled).toBe(true));
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.querySelector('.spinner')).toBeTruthy();
    gate.resolve();
    const thanks = await screen.findByText(wb.success);
    expect(thanks.textContent).toContain(BRAND.name);
    expect(thanks.closest('[aria-live="polite"]')).toBeTruthy();
    expect(document.querySelector('[part~="success-icon"]')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    const [post] = api.posts();
    expect(post.url).toBe('/main/mailing-list');
    expect(post.body).toEqual({
      email: 'jane@acme-insurance.com',
      mailingListType: BRAND.promotion.mailingListType,
      mailingListIdentifier: BRAND.promotion.mailingListIdentifier,
      website: '',
    });
    expect(success.seen).toEqual([{ email: 'jane@acme-insurance.com', ...BRAND.promotion }]);
    expect(alertSpy).not.toHaveBeenCalled();
    success.stop();
  });

  it('sends the mailing list it is given', async () => {
    api.reply({ status: 200, body: { ok: true } });
    render(<WebinarSubscribe apiBase={api.base} mailingListType="NEWS" mailingListIdentifier="MAY2025" />);
    type('jane@acme-insurance.com');
    submit();
    await screen.findByText(wb.success);
    expect(api.posts()[0].body).toMatchObject({ mailingListType: 'NEWS', mailingListIdentifier: 'MAY2025' });
  });

  it.each([
    ['400', { status: 400, body: { message: 'Invalid email' } }, 400],
    ['500', { status: 500 }, 500],
    ['a network error', { status: 0, destroy: true }, 0],
  ])('%s: an alert plus the inline message; the address stays', async (_name, reply, status) => {
    if ('destroy' in reply) vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = listen('webinar-subscribe-error');
    api.reply(reply);
    render(<WebinarSubscribe apiBase={api.base} />);
    type('jane@acme-insurance.com');
    submit();
    const inline = await screen.findByRole('alert');
    expect(inline.textContent).toBe(wb.failure);
    expect(alertSpy).toHaveBeenCalledWith(wb.failure);
    expect(input().value).toBe('jane@acme-insurance.com');
    expect(failure.seen).toEqual([{ status, message: wb.failure }]);
    failure.stop();
  });

  it('preventDefault() on webinar-subscribe-error suppresses the alert, not the inline message', async () => {
    const failure = listen('webinar-subscribe-error', (e) => e.preventDefault());
    api.reply({ status: 500 });
    render(<WebinarSubscribe apiBase={api.base} />);
    type('jane@acme-insurance.com');
    submit();
    await screen.findByText(wb.failure);
    expect(failure.seen).toHaveLength(1);
    expect(alertSpy).not.toHaveBeenCalled();
    failure.stop();
  });

  it('a new submission clears the failure message', async () => {
    api.reply({ status: 500 });
    render(<WebinarSubscribe apiBase={api.base} />);
    type('jane@acme-insurance.com');
    submit();
    await screen.findByText(wb.failure);
    const gate = deferred();
    api.reply({ status: 200, body: { ok: true }, hold: gate.promise });
    submit();
    await vi.waitFor(() => expect(screen.queryByText(wb.failure)).toBeNull());
    gate.resolve();
    await screen.findByText(wb.success);
  });

  it('keeps the honeypot hidden and out of the tab order, and can be disabled', () => {
    const { container } = render(<WebinarSubscribe disabled />);
    const trap = container.querySelector('input[name="website"]') as HTMLInputElement;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(input().disabled).toBe(true);
    expect((screen.getByRole('button', { name: LABELS.submit }) as HTMLButtonElement).disabled).toBe(true);
  });
});
