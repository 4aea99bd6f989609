/** /register: the webinar registration page, with a real sign-up through <webinar-subscribe>. */
import { BRAND } from '../../../shared/brand';
import { Reveal } from '../components/Reveal';

export const WEBINAR = { mailingListType: 'WEBINAR', mailingListIdentifier: 'CENSUS-INTAKE-2026' } as const;

export default function Register() {
  return (
    <>
      <section className="hero" aria-labelledby="reg-title">
        <div className="container split">
          <div className="hero-reveal">
            <span className="eyebrow">Live webinar · 45 minutes</span>
            <h1 id="reg-title" style={{ fontSize: 'clamp(2rem, 1.4rem + 3vw, 3.4rem)' }}>
              From messy census to quote-ready in minutes
            </h1>
            <p className="lead">
              A working session for carrier underwriting teams and brokers. We take three real (anonymised) census files, a wide spreadsheet, a split
              employee/dependent workbook and a password-protected file, and run them through {BRAND.name} live.
            </p>
            <h2 style={{ fontSize: '1.25rem', marginTop: '2rem' }}>You will see</h2>
            <ul className="check-list">
              <li>How columns are mapped when every broker names them differently</li>
              <li>How duplicates, retirees and dependents are handled, and when a human should decide</li>
              <li>What imputing a missing birth date or salary does to a rate, and how it is flagged</li>
              <li>Fifteen minutes of questions with our underwriting lead</li>
            </ul>
          </div>
          <Reveal className="seat">
            <h2 style={{ fontSize: '1.4rem' }}>Save your seat</h2>
            <p>Leave your work e-mail: we send the joining link, a calendar invite and the recording afterwards. One e-mail per step, nothing else.</p>
            <webinar-subscribe
              className="widget-slot"
              no-heading=""
              mailing-list-type={WEBINAR.mailingListType}
              mailing-list-identifier={WEBINAR.mailingListIdentifier}
            >
              <noscript>
                <p className="slot-note">The sign-up form needs JavaScript. Turn it on to leave your e-mail address.</p>
              </noscript>
            </webinar-subscribe>
          </Reveal>
        </div>
      </section>
    </>
  );
}
