/** Home (/): hero, statistics, Why, What we Offer, integrations hub, careers (product-spec section 2). */
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { BRAND } from '../../../shared/brand';
import { CLAIMS, LAYOUT } from '../../../shared/constants';
import { StatsStrip } from '../components/CountUp';
import { NewTabLink } from '../components/ExternalLink';
import { Img } from '../components/Img';
import { LogoMark } from '../components/Logo';
import { Reveal } from '../components/Reveal';
import { ADVANTAGES, ARTICLES, OFFERS, offerIcon } from '../content/home';
import { PARTNERS } from '../content/partners';
import { PLATFORMS } from '../content/nav';
import { CardGrid, Section } from '../components/Section';

const QUESTION_ICON = '/img/icons/question.svg';

export default function Home() {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-grid">
          <div className="hero-reveal">
            <span className="eyebrow">Group insurance, sold and serviced online</span>
            <h1 id="hero-title">
              <span className="grad">Ecommerce for Insurance</span>
            </h1>
            <p className="lead">
              {BRAND.name} runs quoting, underwriting and enrollment for group carriers, brokers and employers with no manual work in between. A census goes in;
              a quote, enrolled members and a reconciled bill come out.
            </p>
            <div className="btn-row">
              <NewTabLink className="btn btn-primary" href={BRAND.links.bookDemo}>
                BOOK A DEMO
              </NewTabLink>
              <Link className="btn btn-ghost" to="/tools/census">
                Try the Census Parser
              </Link>
            </div>
          </div>
          <div className="hero-art hero-reveal">
            <Img src="/img/art/hero.svg" alt="A census spreadsheet flowing into a quote, an enrollment screen and a premium bill" width={560} height={460} priority />
          </div>
        </div>
      </section>

      <div className="section-alt">
        <div className="container">
          <StatsStrip />
        </div>
      </div>

      <Section
        id="why"
        eyebrow={`Why ${BRAND.name}`}
        title="Group benefits move at the speed of your slowest spreadsheet. Ours do not."
        lead={`Carriers lose weeks between an RFP and a bound case, and employees lose interest between an enrollment e-mail and a decision. ${BRAND.name} takes the re-keying, chasing and reconciling out of both.`}
        headDuration="var(--reveal-1)"
      >
        <CardGrid columns={4}>
          {ADVANTAGES.map((a, i) => (
            <Reveal as="li" key={a.title} index={i} className="card" duration="var(--reveal-2)">
              <Img className="icon" src={a.icon} alt="" width={44} height={44} fallbackSrc={QUESTION_ICON} />
              <h3>{a.title}</h3>
              <p>{a.text}</p>
            </Reveal>
          ))}
        </CardGrid>
        <div className="grid grid-2" style={{ marginTop: '1.25rem' }}>
          {PLATFORMS.map((p, i) => (
            <Reveal key={p.to} index={i} duration="var(--reveal-3)">
              <Link to={p.to} className="card card-link platform-card">
                <span className="tag">Platform</span>
                <h3>
                  {BRAND.name} {p.name}
                </h3>
                <p>
                  {p.to === '/enroll'
                    ? 'Guided enrollment, data sync to every connected system, automated reminder e-mails and billing that reconciles itself.'
                    : `Census, plan design and RFP parsing with AI normalisation, OCR and your own rule engine: ${CLAIMS.underwritingPrepReduction}.`}
                </p>
                <span className="more">
                  Explore {p.name} <span aria-hidden="true">→</span>
                </span>
              </Link>
            </Reveal>
          ))}
        </div>
      </Section>

      <Section
        id="offer"
        eyebrow="What we Offer"
        title="Everything between the quote request and the first premium"
        lead="Six building blocks you configure, not commission."
        alt
        center
        headDuration="var(--reveal-1)"
      >
        <CardGrid columns={3}>
          {OFFERS.map((o, i) => (
            <Reveal as="li" key={o.title} index={i % 3} className="card" duration="var(--reveal-2)">
              <Img className="icon" src={offerIcon(o.icon)} alt="" width={44} height={44} fallbackSrc={QUESTION_ICON} />
              <h3>{o.title}</h3>
              <p>{o.text}</p>
            </Reveal>
          ))}
        </CardGrid>
        <div style={{ marginTop: '3rem' }}>
          {ARTICLES.map((a) => (
            <Reveal as="article" key={a.id} className="article" duration="var(--reveal-4)" aria-labelledby={`article-${a.id}`}>
              <div>
                <span className="eyebrow">{a.eyebrow}</span>
                <h3 id={`article-${a.id}`} style={{ fontSize: 'clamp(1.4rem, 1.1rem + 1vw, 1.9rem)' }}>
                  {a.title}
                </h3>
                <p className="muted">{a.text}</p>
                <ul className="check-list">
                  {a.points.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </div>
              <div className="article-art">
                <Img src={a.art} alt="" width={480} height={360} />
              </div>
            </Reveal>
          ))}
        </div>
      </Section>

      <section className="section" aria-labelledby="hub-title">
        <div className="container hub-wrap">
          <Reveal duration="var(--reveal-2)">
            <span className="eyebrow">Native integrations</span>
            <h2 id="hub-title">{LAYOUT.integrationsClaim} platforms, connected on day one</h2>
            <p className="lead">
              {BRAND.name} talks to the HR, payroll, benefits-administration and enrollment systems your groups already run. A few of the connectors carriers use most:
            </p>
            <ul className="partner-names">
              {PARTNERS.map((p) => (
                <li key={p.name}>
                  <strong>{p.name}</strong> <span className="muted">{p.kind}</span>
                </li>
              ))}
            </ul>
          </Reveal>
          <ul className="hub" aria-label="Integration partners around Benefold">
            <li className="hub-center">
              <LogoMark size={64} title={BRAND.name} />
            </li>
            {PARTNERS.map((p, i) => (
              <li key={p.name} className="hub-item" style={{ '--a': `${(360 / PARTNERS.length) * i}deg` } as CSSProperties}>
                <Img src={p.logo} alt={p.name} width={76} height={76} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="careers-title" style={{ paddingTop: 0 }}>
        <div className="container">
          <Reveal className="cta-band" duration="var(--reveal-3)">
            <span className="eyebrow">Careers</span>
            <h2 id="careers-title">Help us take the paperwork out of group insurance</h2>
            <p>
              We are a small, fully remote team of engineers, designers and insurance people. If you like hard data problems with a real customer at the end of them,
              we would like to meet you.
            </p>
            <div className="btn-row">
              <a className="btn btn-primary" href={BRAND.links.jobs}>
                Join Us
              </a>
              <Link className="btn btn-ghost" to="/aboutus#teamSection">
                Meet Our Team
              </Link>
            </div>
          </Reveal>
        </div>
      </section>
    </>
  );
}
