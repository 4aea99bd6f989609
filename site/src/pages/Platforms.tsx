/** /platforms: an overview of both platforms that leads to each (the spec leaves the content open). */
import { Link } from 'react-router';
import { BRAND } from '../../../shared/brand';
import { CLAIMS, LAYOUT } from '../../../shared/constants';
import { Img } from '../components/Img';
import { Reveal } from '../components/Reveal';
import { Section } from '../components/Section';

const PLATFORM_DETAILS = [
  {
    to: '/enroll',
    name: 'Enroll',
    kind: 'Enrollment automation',
    icon: '/img/icons/enroll.svg',
    text: 'For the months after the sale: members enroll on any device, elections sync to HR and payroll, reminders go out on their own and bills reconcile.',
    points: ['Guided enrollment with EOI where it applies', `Data sync to ${LAYOUT.integrationsClaim} systems`, 'Automated reminder e-mails', 'Billing automation'],
  },
  {
    to: '/group-underwriting',
    name: 'Group Underwriting',
    kind: 'Underwriting automation',
    icon: '/img/icons/underwriting.svg',
    text: `For the weeks before the sale: request documents, census files and plan designs are parsed, normalised and checked against your rules, with ${CLAIMS.underwritingPrepReduction}.`,
    points: ['Excel, CSV, PDF and ZIP parsing, with OCR', 'AI normalisation and a custom rule engine', 'Password-protected files unlocked', 'Missing birth date, gender and salary imputed'],
  },
] as const;

export default function Platforms() {
  return (
    <>
      <section className="hero" aria-labelledby="platforms-title">
        <div className="container">
          <div className="hero-reveal" style={{ maxWidth: 800 }}>
            <span className="eyebrow">Platforms</span>
            <h1 id="platforms-title">Two platforms, one record of every group</h1>
            <p className="lead">
              {BRAND.name} Group Underwriting gets a case from RFP to quote; {BRAND.name} Enroll gets it from signed to covered and billed. Both share the same
              data, so the census you quoted is the census members enroll from.
            </p>
          </div>
        </div>
      </section>
      <section className="section" style={{ paddingTop: 0 }} aria-label="The platforms">
        <div className="container grid grid-2">
          {PLATFORM_DETAILS.map((p, i) => (
            <Reveal key={p.to} index={i}>
              <Link to={p.to} className="card card-link platform-card" style={{ height: '100%' }}>
                <Img className="icon" src={p.icon} alt="" width={44} height={44} fallbackSrc="/img/icons/question.svg" />
                <span className="tag">{p.kind}</span>
                <h2 style={{ fontSize: '1.6rem' }}>
                  {BRAND.name} {p.name}
                </h2>
                <p>{p.text}</p>
                <ul className="check-list">
                  {p.points.map((pt) => (
                    <li key={pt}>{pt}</li>
                  ))}
                </ul>
                <span className="more">
                  Explore {p.name} <span aria-hidden="true">→</span>
                </span>
              </Link>
            </Reveal>
          ))}
        </div>
      </section>
      <Section id="together" eyebrow="Better together" title={`How a group moves through ${BRAND.name}`} alt center>
        <ol className="steps">
          <Reveal as="li" index={0} className="card">
            <h3>Census in</h3>
            <p>A broker sends a census in whatever layout it has. Group Underwriting reads and cleans it.</p>
          </Reveal>
          <Reveal as="li" index={1} className="card">
            <h3>Quote out</h3>
            <p>Your rules and rates produce a quote the same day, with every exception explained.</p>
          </Reveal>
          <Reveal as="li" index={2} className="card">
            <h3>Members enroll</h3>
            <p>Once the case is sold, Enroll invites members from the same records and chases the stragglers.</p>
          </Reveal>
          <Reveal as="li" index={3} className="card">
            <h3>Premiums reconcile</h3>
            <p>Bills are built from actual elections and matched to payroll deductions every cycle.</p>
          </Reveal>
        </ol>
      </Section>
    </>
  );
}
