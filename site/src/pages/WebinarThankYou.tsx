/** /webinar/thank-you: the webinar thank-you page (product-spec section 2), revealed over 600 ms. */
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { BRAND } from '../../../shared/brand';
import { TIMING } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages';

export default function WebinarThankYou() {
  return (
    <section className="section" aria-labelledby="ty-title">
      <div className="container" style={{ maxWidth: 720 }}>
        <div className="hero-reveal" style={{ '--hero-reveal': `${TIMING.webinarRevealMs}ms` } as CSSProperties}>
          <span className="eyebrow">{BRAND.name} webinar</span>
          <h1 id="ty-title" style={{ fontSize: 'clamp(2rem, 1.4rem + 3vw, 3.2rem)' }}>
            {MESSAGES.webinar.heading}
          </h1>
          <p className="lead">
            We hope the session was useful. Leave your e-mail for the recording, the slides and the offers we mentioned, including early access to the
            {` ${BRAND.name} `}Census Parser for your team.
          </p>
          <webinar-subscribe className="widget-slot" no-heading="">
              <noscript>
                <p className="slot-note">The sign-up form needs JavaScript. Turn it on to leave your e-mail address.</p>
              </noscript>
            </webinar-subscribe>
          <p className="muted" style={{ marginTop: '2rem' }}>
            Want to try it on your own file right now? <Link to="/tools/census">Open the Census Parser</Link>.
          </p>
        </div>
      </div>
    </section>
  );
}
