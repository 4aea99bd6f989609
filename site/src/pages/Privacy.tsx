/**
 * /privacy: 'Privacy at a Glance' and the full policy in ten sections (product-spec section 2).
 * Retention periods are the server's defaults (shared/constants.ts RETENTION), the figures the API
 * applies through RETENTION_DAYS and FORM_RETENTION_DAYS.
 */
import { Link } from 'react-router';
import { BRAND } from '../../../shared/brand';
import { PRIVACY, RETENTION } from '../../../shared/constants';

const SECTIONS = [
  ['collect', 'Information we collect'],
  ['use', 'How we use information'],
  ['sharing', 'How we share information'],
  ['security', 'How we protect information'],
  ['choices', 'Your choices and rights'],
  ['retention', 'How long we keep information'],
  ['children', `Children under ${PRIVACY.minimumAge}`],
  ['links', 'Third-party links'],
  ['changes', 'Changes to this policy'],
  ['contact', 'Contact us'],
] as const;

export default function Privacy() {
  const mail = BRAND.emails.privacy;
  const { inTransit, atRest } = PRIVACY.encryption;
  return (
    <section className="section" aria-labelledby="privacy-title">
      <div className="container policy">
        <span className="eyebrow">Legal</span>
        <h1 id="privacy-title" style={{ fontSize: 'clamp(2.1rem, 1.5rem + 3vw, 3.2rem)' }}>
          Privacy Policy
        </h1>
        <p className="muted">Effective {PRIVACY.effectiveDate}</p>

        <div className="card glance" role="region" aria-labelledby="glance-title">
          <h2 id="glance-title" style={{ marginTop: 0 }}>
            Privacy at a Glance
          </h2>
          <ul>
            <li>We collect what you give us (your name and work e-mail, census files you upload) and basic technical data needed to run the site.</li>
            <li>We use it to answer you, send what you asked for and process your census. We do not sell personal information.</li>
            <li>
              Data is encrypted with {inTransit} in transit and {atRest} at rest.
            </li>
            <li>
              Census files and their results are deleted after {RETENTION.censusDays} days; form sign-ups after {RETENTION.formDays} days.
            </li>
            <li>
              Questions, or want something deleted sooner? Write to <a href={`mailto:${mail}`}>{mail}</a>.
            </li>
          </ul>
        </div>

        <nav aria-label="Sections of the policy">
          <ol className="toc">
            {SECTIONS.map(([id, title]) => (
              <li key={id}>
                <a href={`#${id}`}>{title}</a>
              </li>
            ))}
          </ol>
        </nav>

        <p>
          This policy explains how {BRAND.name}, Inc. (“{BRAND.name}”, “we”) handles personal information on {BRAND.domain}, in the Census Parser and in the
          forms on this site. Our platform customers (carriers, brokers and employers) have their own agreements with us that govern member data in the
          {` ${BRAND.name} `}platform itself.
        </p>

        <h2 id="collect">1. {SECTIONS[0][1]}</h2>
        <ul>
          <li>
            <strong>Information you give us:</strong> your first name, last name and work e-mail when you request a case study; your e-mail when you register for a
            webinar, subscribe to updates or ask to be notified about a census file.
          </li>
          <li>
            <strong>Census files:</strong> the spreadsheets you upload to the Census Parser or send to {BRAND.emails.censusIntake}. They usually contain employee and
            dependent names, birth dates, genders, salaries and addresses. Upload only files you are allowed to share with us.
          </li>
          <li>
            <strong>Technical data:</strong> IP address, browser type and the pages you visit, in our server logs, used to keep the service running and secure.
            When page analytics are switched on, an analytics tag records page views.
          </li>
        </ul>

        <h2 id="use">2. {SECTIONS[1][1]}</h2>
        <p>
          We use personal information to send the case study or webinar material you requested, to process your census file and show you its report, to notify
          you when processing is done, to answer your questions, to protect the site against abuse (for example rate limits) and to improve our products. We
          do not use census data to train models, and we never sell personal information.
        </p>

        <h2 id="sharing">3. {SECTIONS[2][1]}</h2>
        <p>
          We share personal information only with service providers who run parts of the service for us (hosting, e-mail delivery), under contracts that limit
          their use to that purpose; when the law requires it; or as part of a merger or acquisition, in which case this policy continues to apply. A census
          report is reachable only through its own unguessable link, which we show to the person who uploaded the file.
        </p>

        <h2 id="security">4. {SECTIONS[3][1]}</h2>
        <p>
          All traffic to {BRAND.name} is encrypted with {inTransit} in transit. Uploaded census files and stored results are encrypted at rest with {atRest}.
          Access to production systems is limited to the staff who need it, protected by single sign-on, and logged. No system is perfectly secure; if we
          learn of a breach that affects you, we will tell you without undue delay.
        </p>

        <h2 id="choices">5. {SECTIONS[4][1]}</h2>
        <p>
          You can unsubscribe from any e-mail through the link it carries, or by writing to us. You can ask us for a copy of the personal information we hold
          about you, ask us to correct it, or ask us to delete it. Depending on where you live (for example in California or the European Economic Area) you
          have further rights; we honour them for everyone.
        </p>

        <h2 id="retention">6. {SECTIONS[5][1]}</h2>
        <ul>
          <li>
            <strong>Census files and their results</strong> (uploaded files, parsed rows, reports and exports) are deleted automatically {RETENTION.censusDays} days
            after upload.
          </li>
          <li>
            <strong>Form data</strong> (case-study requests and mailing-list sign-ups) is deleted {RETENTION.formDays} days after it was given, unless you
            subscribe again.
          </li>
          <li>
            <strong>Deleting a census case sooner:</strong> open the case’s report page (the link you received when processing finished) and use its delete action; the
            file, its rows and its exports are removed at once. You can also write to <a href={`mailto:${mail}`}>{mail}</a> with the case link, and we will
            delete it within two business days.
          </li>
        </ul>

        <h2 id="children">7. {SECTIONS[6][1]}</h2>
        <p>
          This site is meant for businesses. We do not knowingly collect personal information from children under {PRIVACY.minimumAge}. Census files may list
          dependents of any age; we process those only on behalf of the employer, carrier or broker who uploaded them. If you believe a child has given us
          personal information directly, write to us and we will delete it.
        </p>

        <h2 id="links">8. {SECTIONS[7][1]}</h2>
        <p>
          Our pages link to other sites, such as our blog, our jobs board, our scheduling page and social networks. Their own privacy policies apply there; we
          are not responsible for how they handle information.
        </p>

        <h2 id="changes">9. {SECTIONS[8][1]}</h2>
        <p>
          We may update this policy. The date at the top tells you when it last changed; if a change matters, we will say so on this site before it takes
          effect.
        </p>

        <h2 id="contact">10. {SECTIONS[9][1]}</h2>
        <p>
          Write to our privacy contact at <a href={`mailto:${mail}`}>{mail}</a>. We answer within thirty days, usually much sooner. You can also read about how
          the Census Parser works on the <Link to="/tools/census">tool page</Link>.
        </p>
      </div>
    </section>
  );
}
