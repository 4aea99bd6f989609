/**
 * <case-study-form>'s component under React, talking over real HTTP to a local stand-in server:
 * what a visitor sees (labels, messages, the button) for every outcome of product-spec sections 5, 8.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRAND } from '../../shared/brand';
import { MESSAGES } from '../../shared/messages';
import { CaseStudyForm } from '../../widgets/case-study-form/CaseStudyForm';
import { LABELS } from '../../widgets/internal/labels';
import { deferred, useApiServer } from './api-server';

/** The window in which a request sent by mistake would have reached the test server. */
const NO_REQUEST_WINDOW_MS = 50;

const cs = MESSAGES.caseStudy;
const api = useApiServer();
afterEach(() => vi.restoreAllMocks());

function fill(values: { firstName?: string; lastName?: string; email?: string }) {
  if (values.firstName !== undefined) fireEvent.change(screen.getByLabelText(LABELS.firstName), { target: { value: values.firstName } });
  if (values.lastName !== undefined) fireEvent.change(screen.getByLabelText(LABELS.lastName), { target: { value: values.lastName } });
  if (values.email !== undefined) fireEvent.change(screen.getByLabelText(LABELS.workEmail), { target: { value: values.email } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: LABELS.submit }));
const valid = { firstName: 'Jane', lastName: 'Doe', email: 'jane.doe@acme-insurance.com' };

/** Collects the details of `name` events reaching the document, test by test. */
function listen<T>(name: string) {
  const seen: T[] = [];
  const handler = (e: Event) => seen.push((e as CustomEvent<T>).detail);
  beforeEach(() => {
    seen.length = 0;
    document.addEventListener(name, handler);
  });
  afterEach(() => document.removeEventListener(name, handler));
  return seen;
}

describe('<case-study-form> (component)', () => {
  it('shows the heading, the intro and three labelled inputs', () => {
    render(<CaseStudyForm apiBase={api.base} />);
    expect(screen.getByRole('heading', { level: 2, name: cs.heading })).toBeTruthy();
    expect(screen.getByText(cs.intro)).toBeTruthy();
    expect((screen.getByLabelText(LABELS.firstName) as HTMLInputElement).autocomplete).toBe('given-name');
    expect(screen.getByLabelText(LABELS.lastName)).toBeTruthy();
    expect((screen.getByLabelText(LABELS.workEmail) as HTMLInputElement).type).toBe('email');
    expect(screen.getByRole('form', { name: cs.heading })).toBeTruthy();
    const button = screen.getByRole('button', { name: LABELS.submit }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
  });

  it('overrides and hides the heading and intro', () => {
    const { rerender } = render(<CaseStudyForm heading="Get the study" headingLevel={3} intro="Short intro." />);
    expect(screen.getByRole('heading', { level: 3, name: 'Get the study' })).toBeTruthy();
    expect(screen.getByText('Short intro.')).toBeTruthy();
    rerender(<CaseStudyForm noHeading noIntro />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByText(cs.intro)).toBeNull();
  });

  it('shows the required messages under each field, marks them invalid, and sends nothing', async () => {
    render(<CaseStudyForm apiBase={api.base} />);
    submit();
    await screen.findByText(cs.firstNameRequired);
    for (const [label, message] of [
      [LABELS.firstName, cs.firstNameRequired],
      [LABELS.lastName, cs.lastNameRequired],
      [LABELS.workEmail, cs.emailRequired],
    ] as const) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const described = document.getElementById(input.getAttribute('aria-describedby')!);
      expect(described?.textContent).toBe(message);
    }
    expect(document.activeElement).toBe(screen.getByLabelText(LABELS.firstName));
    expect(api.requests).toHaveLength(0);
  });

  it('treats a name made only of zero-width characters as no name, and sends nothing', async () => {
    render(<CaseStudyForm apiBase={api.base} />);
    fill({ firstName: '\u200b\u200b', lastName: '\u200d\ufeff', email: 'jane.doe@acme-insurance.com' });
    submit();
    await screen.findByText(cs.firstNameRequired);
    expect(screen.getByText(cs.lastNameRequired)).toBeTruthy();
    expect(screen.getByLabelText(LABELS.firstName).getAttribute('aria-invalid')).toBe('true');
    expect(api.requests).toHaveLength(0);
  });

  it("rejects a malformed address with 'Invalid email' and clears errors as fields are fixed", async () => {
    render(<CaseStudyForm apiBase={api.base} />);
    fill({ firstName: 'Jane', lastName: 'Doe', email: 'jane@' });
    submit();
    await screen.findByText(cs.emailInvalid);
    expect(screen.queryByText(cs.firstNameRequired)).toBeNull();
    fill({ email: 'jane@acme-insurance.com' });
    expect(screen.queryByText(cs.emailInvalid)).toBeNull();
    expect(screen.getByLabelText(LABELS.workEmail).hasAttribute('aria-invalid')).toBe(false);
    expect(api.requests).toHaveLength(0);
  });

  it.each(['jane@gmail.com', 'Jane@Mail.Yahoo.com', 'jane@hotmail.co.uk', 'jane@OUTLOOK.com'])(
    'refuses the free-mail address %s: field and page messages, and no request at all',
    async (email) => {
      render(<CaseStudyForm apiBase={api.base} />);
      fill({ ...valid, email });
      submit();
      const domain = email.split('@')[1].toLowerCase().replace(/\.$/, '');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(cs.domainNotAllowed(domain));
      expect(screen.getByText(cs.workEmail)).toBeTruthy();
      expect(screen.getByLabelText(LABELS.workEmail).getAttribute('aria-invalid')).toBe('true');
      // No event says "no request is coming": a request sent would have reached the server within this.
      await new Promise((r) => setTimeout(r, NO_REQUEST_WINDOW_MS));
      expect(api.requests).toHaveLength(0);
    },
  );

  it('posts the request with the case-study name and the (empty) honeypot', async () => {
    api.reply({ status: 200, body: { message: 'sent' } });
    render(<CaseStudyForm apiBase={`${api.base}/`} />);
    fill({ firstName: '  Jane ', lastName: 'Doe', email: 'jane.doe@acme-insurance.com' });
    submit();
    await screen.findByText(cs.success);
    const [post] = api.posts();
    expect(post.method).toBe('POST');
    expect(post.url).toBe('/main/case-study');
    expect(post.headers['content-type']).toMatch(/^application\/json/);
    expect(post.body).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane.doe@acme-insurance.com',
      caseStudyName: BRAND.caseStudyName,
      website: '',
    });
  });

  it('sends the case-study-name it is given', async () => {
    api.reply({ status: 200, body: { message: 'sent' } });
    render(<CaseStudyForm apiBase={api.base} caseStudyName="other-study.pdf" />);
    fill(valid);
    submit();
    await screen.findByText(cs.success);
    expect((api.posts()[0].body as { caseStudyName: string }).caseStudyName).toBe('other-study.pdf');
  });

  it("reads 'Submitting...' and is disabled while sending; typed values stay", async () => {
    const gate = deferred();
    api.reply({ status: 200, body: { message: 'sent' }, hold: gate.promise });
    render(<CaseStudyForm apiBase={api.base} />);
    fill(valid);
    submit();
    const busy = (await screen.findByRole('button', { name: cs.submitting })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.textContent).toBe(cs.submitting);
    fireEvent.click(busy); // ignored
    gate.resolve();
    await screen.findByText(cs.success);
    expect((screen.getByRole('button', { name: LABELS.submit }) as HTMLButtonElement).disabled).toBe(false);
    expect(api.posts()).toHaveLength(1);
    expect((screen.getByLabelText(LABELS.firstName) as HTMLInputElement).value).toBe('Jane');
    expect((screen.getByLabelText(LABELS.workEmail) as HTMLInputElement).value).toBe(valid.email);
  });

  describe('outcomes (product-spec section 8)', () => {
    const successes = listen<{ email: string }>('case-study-success');
    const errors = listen<{ status: number; message: string }>('case-study-error');

    it('200: the success message in the polite live region, and case-study-success', async () => {
      api.reply({ status: 200, body: { message: 'Server wording is not shown' } });
      render(<CaseStudyForm apiBase={api.base} />);
      fill(valid);
      submit();
      const message = await screen.findByText(cs.success);
      expect(message.closest('[aria-live="polite"]')).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(successes).toEqual([{ email: valid.email }]);
      expect(errors).toEqual([]);
    });

    it.each([
      ['400 with a message', { status: 400, body: { message: 'First Name is required' } }, 400, 'First Name is required'],
      ['400 without a message', { status: 400, body: {} }, 400, cs.badRequestDefault],
      ['400 with an empty body', { status: 400 }, 400, cs.badRequestDefault],
      ['403', { status: 403 }, 403, cs.forbidden],
      ['404', { status: 404, body: { message: 'Not Found' } }, 404, cs.notFound],
      ['500', { status: 500, body: { message: 'boom' } }, 500, cs.badRequestDefault],
      ['429', { status: 429, body: { message: 'Too many requests' } }, 429, cs.badRequestDefault],
      ['a network error', { status: 0, destroy: true }, 0, cs.networkError],
    ])('%s: the message as an alert, values kept, case-study-error', async (_name, reply, status, message) => {
      api.reply(reply);
      // jsdom reports the dropped connection on the console; that is the point of the test.
      if ('destroy' in reply) vi.spyOn(console, 'error').mockImplementation(() => undefined);
      render(<CaseStudyForm apiBase={api.base} />);
      fill(valid);
      submit();
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(message);
      expect(screen.queryByText(cs.success)).toBeNull();
      expect((screen.getByLabelText(LABELS.firstName) as HTMLInputElement).value).toBe(valid.firstName);
      expect((screen.getByLabelText(LABELS.lastName) as HTMLInputElement).value).toBe(valid.lastName);
      expect((screen.getByLabelText(LABELS.workEmail) as HTMLInputElement).value).toBe(valid.email);
      expect(errors).toEqual([{ status, message }]);
      expect(successes).toEqual([]);
    });

    it('a new submission clears the previous message', async () => {
      api.reply({ status: 403 });
      render(<CaseStudyForm apiBase={api.base} />);
      fill(valid);
      submit();
      await screen.findByText(cs.forbidden);
      const gate = deferred();
      api.reply({ status: 200, body: {}, hold: gate.promise });
      submit();
      await screen.findByRole('button', { name: cs.submitting });
      expect(screen.queryByText(cs.forbidden)).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      gate.resolve();
      await screen.findByText(cs.success);
      expect(screen.queryByText(cs.forbidden)).toBeNull();
    });

    it('a rejected free-mail address after a success replaces the success message', async () => {
      api.reply({ status: 200, body: {} });
      render(<CaseStudyForm apiBase={api.base} />);
      fill(valid);
      submit();
      await screen.findByText(cs.success);
      fill({ email: 'jane@gmail.com' });
      submit();
      await screen.findByText(cs.domainNotAllowed('gmail.com'));
      expect(screen.queryByText(cs.success)).toBeNull();
      expect(api.posts()).toHaveLength(1);
    });
  });

  it('keeps a hidden honeypot out of reach', () => {
    const { container } = render(<CaseStudyForm />);
    const trap = container.querySelector('input[name="website"]') as HTMLInputElement;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.autocomplete).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: LABELS.honeypot })).toBeNull();
  });

  it('prefills from `values` and can be disabled', () => {
    render(<CaseStudyForm values={{ firstName: 'Ann', email: 'ann@acme.com' }} disabled />);
    expect((screen.getByLabelText(LABELS.firstName) as HTMLInputElement).value).toBe('Ann');
    expect((screen.getByLabelText(LABELS.workEmail) as HTMLInputElement).value).toBe('ann@acme.com');
    expect((screen.getByLabelText(LABELS.lastName) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: LABELS.submit }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('two forms on one page keep their own values and messages', async () => {
    render(
      <>
        <section aria-label="one">
          <CaseStudyForm apiBase={api.base} />
        </section>
        <section aria-label="two">
          <CaseStudyForm apiBase={api.base} />
        </section>
      </>,
    );
    const one = within(screen.getByRole('region', { name: 'one' }));
    const two = within(screen.getByRole('region', { name: 'two' }));
    fireEvent.change(one.getByLabelText(LABELS.firstName), { target: { value: 'Only here' } });
    fireEvent.click(one.getByRole('button', { name: LABELS.submit }));
    await one.findByText(cs.lastNameRequired);
    expect((two.getByLabelText(LABELS.firstName) as HTMLInputElement).value).toBe('');
    expect(two.queryByText(cs.lastNameRequired)).toBeNull();
  });

  it('uses the page configuration when no api-base is given', async () => {
    const { getBenefold } = await import('../../widgets/internal/config');
    getBenefold().configure({ apiBase: api.base });
    api.reply({ status: 200, body: {} });
    render(<CaseStudyForm />);
    fill(valid);
    submit();
    await screen.findByText(cs.success);
    expect(api.posts()).toHaveLength(1);
    expect(api.posts()[0].url).toBe('/main/case-study');
    delete (window as { Benefold?: unknown }).Benefold;
  });
});
