/**
 * The shared layout of the two platform pages (/enroll and /group-underwriting): hero with badges,
 * key features, benefits, reasons to choose, and the Book a Demo / View Case Study call to action.
 * Sections fade in on scroll over 400-700 ms; cards are staggered 100-150 ms (TIMING).
 */
import { Link } from 'react-router';
import { BRAND } from '../../../shared/brand';
import { NewTabLink } from './ExternalLink';
import { Img } from './Img';
import { Reveal } from './Reveal';
import { CardGrid, Section } from './Section';

export interface ProductContent {
  eyebrow: string;
  title: string;
  lead: string;
  art: string;
  artAlt: string;
  /** An extra hero link (Group Underwriting: the sample census report its art shows). */
  heroLink?: { to: string; label: string };
  badges: readonly string[];
  featuresTitle: string;
  /** A feature's `link` goes where a visitor can try what it claims (the census tool for document parsing). */
  features: readonly { icon: string; title: string; text: string; link?: { to: string; label: string } }[];
  benefitsTitle: string;
  benefits: readonly { title: string; text: string }[];
  reasonsTitle: string;
  reasons: readonly { title: string; text: string }[];
  ctaTitle: string;
  ctaText: string;
}

export function ProductPage({ c }: { c: ProductContent }) {
  return (
    <>
      <section className="hero" aria-labelledby="product-title">
        <div className="container hero-grid">
          <div className="hero-reveal">
            <span className="eyebrow">{c.eyebrow}</span>
            <h1 id="product-title">{c.title}</h1>
            <p className="lead">{c.lead}</p>
            <ul className="badges" aria-label="At a glance">
              {c.badges.map((b) => (
                <li key={b} className="badge">
                  {b}
                </li>
              ))}
            </ul>
            <div className="btn-row">
              <NewTabLink className="btn btn-primary" href={BRAND.links.bookDemo}>
                Book a Demo
              </NewTabLink>
              <Link className="btn btn-ghost" to="/case-study">
                View Case Study
              </Link>
              {c.heroLink && (
                <Link className="btn btn-ghost" to={c.heroLink.to}>
                  {c.heroLink.label}
                </Link>
              )}
            </div>
          </div>
          <div className="hero-art hero-reveal">
            {c.heroLink ? (
              <Link to={c.heroLink.to} className="hero-art-link" aria-label={c.heroLink.label}>
                <Img src={c.art} alt={c.artAlt} width={560} height={460} priority />
              </Link>
            ) : (
              <Img src={c.art} alt={c.artAlt} width={560} height={460} priority />
            )}
          </div>
        </div>
      </section>

      <Section id="features" eyebrow="Key features" title={c.featuresTitle} alt headDuration="var(--scroll-reveal-min)">
        <CardGrid columns={4} className={c.features.length === 5 ? 'grid-five' : undefined}>
          {c.features.map((f, i) => (
            <Reveal as="li" key={f.title} index={i} className="card feature" duration="var(--scroll-reveal-min)">
              <Img className="icon" src={f.icon} alt="" width={44} height={44} fallbackSrc="/img/icons/question.svg" />
              <h3>{f.title}</h3>
              <p>{f.text}</p>
              {f.link ? (
                <p className="feature-more">
                  <Link className="feature-link" to={f.link.to}>
                    {f.link.label}
                  </Link>
                </p>
              ) : null}
            </Reveal>
          ))}
        </CardGrid>
      </Section>

      <section className="section" aria-labelledby="benefits-title">
        <div className="container split">
          <Reveal duration="var(--scroll-reveal-max)">
            <span className="eyebrow">Benefits</span>
            <h2 id="benefits-title">{c.benefitsTitle}</h2>
          </Reveal>
          <ul className="grid" style={{ listStyle: 'none', padding: 0, gap: '1.6rem' }}>
            {c.benefits.map((b, i) => (
              <Reveal as="li" key={b.title} index={i} className="benefit" duration="var(--scroll-reveal-max)">
                <h3>{b.title}</h3>
                <p>{b.text}</p>
              </Reveal>
            ))}
          </ul>
        </div>
      </section>

      <Section id="reasons" eyebrow="Why choose it" title={c.reasonsTitle} alt center headDuration="var(--scroll-reveal-min)">
        <CardGrid as="ol" columns={4}>
          {c.reasons.map((r, i) => (
            <Reveal as="li" key={r.title} index={i} className="card feature" duration="var(--scroll-reveal-min)">
              <span className="num" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{r.title}</h3>
              <p>{r.text}</p>
            </Reveal>
          ))}
        </CardGrid>
      </Section>

      <section className="section" aria-labelledby="cta-title">
        <div className="container">
          <Reveal className="cta-band" duration="var(--scroll-reveal-max)">
            <h2 id="cta-title">{c.ctaTitle}</h2>
            <p>{c.ctaText}</p>
            <div className="btn-row">
              <NewTabLink className="btn btn-primary" href={BRAND.links.bookDemo}>
                Book a Demo
              </NewTabLink>
              <Link className="btn btn-ghost" to="/case-study">
                View Case Study
              </Link>
            </div>
          </Reveal>
        </div>
      </section>
    </>
  );
}
