/**
 * About (/aboutus): header and vision, core values, working here (six perks), the offsites
 * carousel, 'Is This You?', the team grid (#teamSection), the founder story and the hiring banner.
 */
import { BRAND } from '../../../shared/brand';
import { LAYOUT } from '../../../shared/constants';
import { Carousel } from '../components/Carousel';
import { Img } from '../components/Img';
import { Reveal } from '../components/Reveal';
import { OFFSITES, PERKS, TEAM, TRAITS, VALUES } from '../content/about';
import { CardGrid, Section } from '../components/Section';

const QUESTION_ICON = '/img/icons/question.svg';

export default function AboutUs() {
  if (OFFSITES.length !== LAYOUT.carouselImageCount) throw new Error('the offsite carousel needs its 16 images');
  return (
    <>
      <section className="hero" aria-labelledby="about-title">
        <div className="container">
          <div className="hero-reveal" style={{ maxWidth: 820 }}>
            <span className="eyebrow">About Us</span>
            <h1 id="about-title">We build the software group insurance should have had all along</h1>
            <p className="lead">
              {BRAND.name} started with a simple observation: a mid-size employer's benefits renewal still travels as a spreadsheet attached to an e-mail, and
              somebody re-types it at every stop. We are a remote team of engineers, designers and insurance people replacing those stops with software.
            </p>
          </div>
          <Reveal className="card" duration="var(--reveal-1)">
            <span className="eyebrow">Our Vision</span>
            <h2 style={{ fontSize: 'clamp(1.4rem, 1.1rem + 1.2vw, 2rem)' }}>Buying group benefits should be as simple as buying anything else online.</h2>
            <p>
              A broker should be able to send a census on Monday and bind a case on Tuesday. An employee should be able to pick a plan on a phone in five minutes
              and understand what they chose. A carrier should see every application, every EOI and every premium in one place. That is the market we are building
              toward, one carrier at a time.
            </p>
          </Reveal>
        </div>
      </section>

      <Section id="values" eyebrow="Core Values" title="What we hold each other to" alt className="values">
        <CardGrid columns={3}>
          {VALUES.map((v, i) => (
            <Reveal as="li" key={v.title} index={i} className="card">
              <h3>{v.title}</h3>
              <p>{v.text}</p>
            </Reveal>
          ))}
        </CardGrid>
      </Section>

      <Section id="perks" eyebrow={`Working at ${BRAND.name}`} title="How we work, and what we offer in return" className="perks">
        <CardGrid columns={3}>
          {PERKS.map((p, i) => (
            <Reveal as="li" key={p.title} index={i % 3} className="card">
              <Img className="icon" src={p.icon} alt="" width={44} height={44} fallbackSrc={QUESTION_ICON} />
              <div>
                <h3>{p.title}</h3>
                <p>{p.text}</p>
              </div>
            </Reveal>
          ))}
        </CardGrid>
      </Section>

      <section className="section section-alt" aria-labelledby="offsites-title">
        <div className="container">
          <Reveal className="section-head center">
            <span className="eyebrow">Our Team Offsites</span>
            <h2 id="offsites-title">Twice a year, in the same room</h2>
            <p className="lead">Sixteen offsites so far. Each one produced at least one feature our customers use every day.</p>
          </Reveal>
          <Carousel slides={OFFSITES} label="Our Team Offsites" />
        </div>
      </section>

      <section className="section" aria-labelledby="you-title">
        <div className="container split">
          <Reveal>
            <span className="eyebrow">Is This You?</span>
            <h2 id="you-title">The people who do well here</h2>
            <p className="lead">No insurance background needed. These matter more:</p>
            <a className="btn btn-primary" href={`mailto:${BRAND.emails.reachOut}?subject=${encodeURIComponent("Let's talk")}`}>
              Let's Talk
            </a>
          </Reveal>
          <Reveal>
            <ol className="traits">
              {TRAITS.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ol>
          </Reveal>
        </div>
      </section>

      <Section id="team" eyebrow="Our Team" title="Eleven people, four time zones" alt anchor="teamSection">
        <ul className="team">
          {TEAM.map((m, i) => (
            <Reveal as="li" key={m.id} index={i % 4} className="card member">
              <Img src={`/img/team/${m.image}.svg`} alt={`Portrait of ${m.name}`} width={112} height={112} fallbackSrc="/img/team/placeholder.svg" />
              <h3>{m.name}</h3>
              <p>{m.title}</p>
              <a href={m.linkedin} aria-label={`${m.name} on LinkedIn`}>
                LinkedIn
              </a>
            </Reveal>
          ))}
        </ul>
      </Section>

      <section className="section" aria-labelledby="founder-title">
        <div className="container founder">
          <Img src="/img/team/member-01.svg" alt="Portrait of Amara Osei, founder and CEO" width={260} height={260} fallbackSrc="/img/team/placeholder.svg" />
          <Reveal>
            <span className="eyebrow">Founder story</span>
            <h2 id="founder-title">Why I started {BRAND.name}</h2>
            <blockquote>“I spent eight years pricing group life and disability. The hardest part of the job was never the risk. It was the spreadsheet.”</blockquote>
            <p className="muted">
              Amara Osei led a group underwriting desk at a regional carrier, where a typical week meant forty census files in forty layouts. Her team built
              macros, then more macros, and still lost days to re-keying birth dates and salary bands before a single rate could be set.
            </p>
            <p className="muted">
              In 2021 she left to fix it properly, with Jonas and Priya as the first engineers. The census parser came first, because everything else depends on
              clean data. Enrollment and billing followed, because a quote is only worth something once members are covered and premiums reconcile.
            </p>
          </Reveal>
        </div>
      </section>

      <section className="section" style={{ paddingTop: 0 }} aria-labelledby="hiring-title">
        <div className="container">
          <Reveal className="cta-band">
            <span className="eyebrow">We are hiring</span>
            <h2 id="hiring-title">Engineers, designers and underwriters welcome</h2>
            <p>See the open roles, or write to us if the role you would be great at is not listed yet.</p>
            <div className="btn-row">
              <a className="btn btn-primary" href={BRAND.links.jobs}>
                View Open Roles
              </a>
              <a className="btn btn-ghost" href={`mailto:${BRAND.emails.reachOut}`}>
                Reach Out
              </a>
            </div>
          </Reveal>
        </div>
      </section>
    </>
  );
}
