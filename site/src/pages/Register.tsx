/**
 * /register: the webinar registration page. The webinar's title, date, time (with its time zone)
 * and speaker come from one content file (content/webinar.ts). The form registers the address on
 * the webinar's mailing list (POST /main/mailing-list, as <webinar-subscribe> does, but with a
 * 'Register' button and a registration confirmation: the widget's 'Thank you for subscribing' text
 * belongs to the webinar thank-you page). The confirmation offers an .ics calendar file made in the
 * browser.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { createApiClient } from '../../../shared/api/client';
import { BRAND } from '../../../shared/brand';
import { MESSAGES } from '../../../shared/messages';
import { isEmail } from '../../../shared/validation/email';
import { icsFile } from '../calendar';
import { Reveal } from '../components/Reveal';
import { WEBINAR, webinarWhen } from '../content/webinar';

export { WEBINAR };

type FormState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'registered'; email: string } | { kind: 'failed' };

export const ICS_FILE_NAME = 'benefold-webinar.ics';

function CalendarLink() {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    const start = new Date(WEBINAR.startsAt);
    const ics = icsFile({
      uid: `${WEBINAR.mailingListIdentifier}@benefold.example`,
      title: `${BRAND.name} webinar: ${WEBINAR.title}`,
      description: `With ${WEBINAR.speaker.name}, ${WEBINAR.speaker.role}. The joining link is mailed to you before the session.`,
      location: WEBINAR.location,
      start,
      end: new Date(start.getTime() + WEBINAR.durationMinutes * 60_000),
      url: `${window.location.origin}/register`,
    });
    const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar' }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, []);
  if (!href) return null;
  return (
    <a className="btn btn-primary" href={href} download={ICS_FILE_NAME}>
      Add to calendar (.ics)
    </a>
  );
}

function RegisterForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<FormState>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const done = useRef<HTMLHeadingElement>(null);
  const when = useMemo(webinarWhen, []);
  useEffect(() => {
    if (state.kind === 'registered') done.current?.focus();
  }, [state.kind]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    const problem = !value ? MESSAGES.webinar.emailRequired : !isEmail(value) ? MESSAGES.webinar.emailInvalid : null;
    setError(problem);
    if (problem) return input.current?.focus();
    setState({ kind: 'sending' });
    try {
      await createApiClient().subscribe({ email: value, mailingListType: WEBINAR.mailingListType, mailingListIdentifier: WEBINAR.mailingListIdentifier, website: '' });
      setState({ kind: 'registered', email: value });
    } catch {
      setState({ kind: 'failed' });
    }
  };

  if (state.kind === 'registered') {
    return (
      <div className="registered" aria-live="polite">
        <h3 ref={done} tabIndex={-1}>
          You are registered
        </h3>
        <p>
          See you on {when.date}, {when.time}. We will mail the joining link to <strong>{state.email}</strong> the day before.
        </p>
        <div className="btn-row">
          <CalendarLink />
        </div>
      </div>
    );
  }
  const sending = state.kind === 'sending';
  return (
    <form className="register-form" noValidate onSubmit={submit}>
      <label htmlFor="reg-email">Work e-mail</label>
      <input
        ref={input}
        id="reg-email"
        className="input"
        type="email"
        autoComplete="email"
        placeholder={MESSAGES.webinar.placeholder}
        value={email}
        disabled={sending}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'reg-email-error' : undefined}
        onChange={(e) => setEmail(e.target.value)}
      />
      {error && (
        <p id="reg-email-error" className="field-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={sending} aria-busy={sending || undefined}>
        {sending ? 'Registering…' : 'Register'}
      </button>
      {state.kind === 'failed' && (
        <p className="field-error" role="alert">
          We could not register you just now. Please try again in a moment.
        </p>
      )}
    </form>
  );
}

export default function Register() {
  const when = webinarWhen();
  return (
    <>
      <section className="hero" aria-labelledby="reg-title">
        <div className="container split">
          <div className="hero-reveal">
            <span className="eyebrow">Live webinar · {WEBINAR.durationMinutes} minutes</span>
            <h1 id="reg-title" style={{ fontSize: 'clamp(2rem, 1.4rem + 3vw, 3.4rem)' }}>
              {WEBINAR.title}
            </h1>
            <dl className="webinar-facts">
              <div>
                <dt>Date</dt>
                <dd>{when.date}</dd>
              </div>
              <div>
                <dt>Time</dt>
                <dd>{when.time}</dd>
              </div>
              <div>
                <dt>Speaker</dt>
                <dd>
                  {WEBINAR.speaker.name}, {WEBINAR.speaker.role}
                </dd>
              </div>
            </dl>
            <p className="lead">
              A working session for carrier underwriting teams and brokers. We take three real (anonymised) census files, a wide spreadsheet, a split
              employee/dependent workbook and a password-protected file, and run them through {BRAND.name} live.
            </p>
            <h2 style={{ fontSize: '1.25rem', marginTop: '2rem' }}>You will see</h2>
            <ul className="check-list">
              <li>How columns are mapped when every broker names them differently</li>
              <li>How duplicates, retirees and dependents are handled, and when a human should decide</li>
              <li>What imputing a missing birth date or salary does to a rate, and how it is flagged</li>
              <li>Fifteen minutes of questions with {WEBINAR.speaker.name}</li>
            </ul>
          </div>
          <Reveal className="seat">
            <h2 style={{ fontSize: '1.4rem' }}>Save your seat</h2>
            <p>Leave your work e-mail: we send the joining link, a calendar invite and the recording afterwards. One e-mail per step, nothing else.</p>
            <RegisterForm />
          </Reveal>
        </div>
      </section>
    </>
  );
}
