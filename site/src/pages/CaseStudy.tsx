/**
 * /case-study: the story, then the request section, which is the <case-study-form> widget. After a
 * successful request the form gives way to a success panel (a second identical submission would
 * only mail the same link again); the panel says where the link went and offers a fresh form for
 * another address.
 */
import { useEffect, useRef, useState } from 'react';
import { BRAND } from '../../../shared/brand';
import { CLAIMS } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages';
import { Img } from '../components/Img';
import { Reveal } from '../components/Reveal';

function RequestSection() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const done = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onSuccess = (e: Event) => setSentTo((e as CustomEvent<{ email: string }>).detail.email);
    el.addEventListener('case-study-success', onSuccess);
    return () => el.removeEventListener('case-study-success', onSuccess);
  }, []);
  useEffect(() => {
    if (sentTo) done.current?.focus();
  }, [sentTo]);

  return (
    <div ref={box} id="request">
      {sentTo ? (
        <div className="card request-done" aria-live="polite">
          <h2 ref={done} tabIndex={-1}>
            Check your inbox
          </h2>
          <p>{MESSAGES.caseStudy.success}</p>
          <p className="muted">
            We sent the link to <strong>{sentTo}</strong>. It works for 30 days; if it has not arrived in a few minutes, look in your spam folder.
          </p>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setSentTo(null);
              setRound((r) => r + 1);
            }}
          >
            Send it to another address
          </button>
        </div>
      ) : (
        <case-study-form key={round} className="widget-slot" heading-level="2">
          <noscript>
            <p className="slot-note">The request form needs JavaScript. Turn it on to have the case study mailed to your work address.</p>
          </noscript>
        </case-study-form>
      )}
    </div>
  );
}

export default function CaseStudy() {
  const { eoi } = CLAIMS;
  return (
    <>
      <section className="hero" aria-labelledby="cs-title">
        <div className="container hero-grid">
          <div className="hero-reveal">
            <span className="eyebrow">Case study</span>
            <h1 id="cs-title">Evidence of insurability, from {eoi.before} to {eoi.after}</h1>
            <p className="lead">
              How a mid-market group life and disability carrier rebuilt its evidence-of-insurability process on {BRAND.name} in {eoi.weeks} weeks, and now
              decides {eoi.shareOfCases} of cases the day they arrive.
            </p>
          </div>
          <div className="hero-art hero-reveal">
            <Img src="/img/art/case-study.svg" alt={`Decision time falling from ${eoi.before} to ${eoi.after} over ${eoi.weeks} weeks`} width={480} height={360} priority />
          </div>
        </div>
      </section>

      <section className="section" style={{ paddingTop: 0 }} aria-labelledby="story-title">
        <div className="container split">
          <Reveal className="story">
            <h2 id="story-title">The problem</h2>
            <p className="muted">
              Members who elected coverage above the guaranteed-issue amount filled in a paper health questionnaire. Forms were scanned, queued, keyed by hand
              and reviewed by an underwriter, often after a nurse call. The average decision took more than two months, and a third of members never finished
              the questionnaire at all, so the extra coverage was never issued.
            </p>
            <h2>What changed</h2>
            <p className="muted">
              The questionnaire moved into the {BRAND.name} enrollment flow, asked only of members who need it. Answers are checked against the carrier’s own
              rules as they are given. Clean applications are approved on the spot; the rest reach an underwriter with the reasons already highlighted.
            </p>
            <div className="story-figures">
              <div className="card figure-card">
                <strong>{eoi.weeks} weeks</strong>
                <span>from kickoff to production</span>
              </div>
              <div className="card figure-card">
                <strong>{eoi.shareOfCases}</strong>
                <span>of cases decided {eoi.after}</span>
              </div>
              <div className="card figure-card">
                <strong>{eoi.before}</strong>
                <span>the old decision time</span>
              </div>
            </div>
            <p className="muted">The full study covers the rule design, the rollout plan by state, and what the underwriting team does with the time it got back.</p>
          </Reveal>
          <Reveal>
            <RequestSection />
          </Reveal>
        </div>
      </section>
    </>
  );
}
