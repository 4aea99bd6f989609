/**
 * /tools/census: the census tool list page, the one light page of the site. The tool itself is the
 * <census-parser> element from the widget bundle; its space is reserved so nothing moves when it
 * arrives. On completion the element opens /tools/census/{caseId} (its default report-url).
 * 'Keep my file on this device' (issue 29, off by default) swaps in the private parser: the file is
 * read in the browser and its report shown below it, in place (a light <census-report private-result>).
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { BRAND } from '../../../shared/brand';
import { CENSUS_UPLOAD, RETENTION, SAMPLE_CASE } from '../../../shared/constants';
import { WidgetTag } from '../components/WidgetTag';

export const PRIVATE_CHOICE = {
  label: 'Keep my file on this device',
  hint: 'Your file is read in this browser and never uploaded; the report stays in this tab, so we cannot e-mail it or keep it for you.',
} as const;

export default function CensusTool() {
  const [keepHere, setKeepHere] = useState(false);
  const choiceId = useId();
  return (
    <>
      <section className="section" style={{ paddingBottom: '2rem' }} aria-labelledby="census-title">
        <div className="container">
          <span className="eyebrow">Free tool</span>
          <h1 id="census-title" style={{ fontSize: 'clamp(2.1rem, 1.5rem + 3vw, 3.4rem)' }}>
            Census Parser
          </h1>
          <p className="lead">
            AI/ML-powered data cleansing, parsing and merging of files and sheets. Drop a census in any layout ({CENSUS_UPLOAD.extensions.join(', ').toUpperCase().replace(/\./g, '')}, up to{' '}
            {CENSUS_UPLOAD.maxMb} MB) and get one clean, deduplicated member list with a lives summary.
          </p>
          <p>
            <Link className="btn btn-ghost" to={SAMPLE_CASE.path}>
              See a sample report
            </Link>
          </p>
        </div>
      </section>
      <section className="section" style={{ paddingTop: 0 }} aria-label="Upload a census file">
        <div className="container">
          <p className="private-choice">
            <input id={choiceId} type="checkbox" checked={keepHere} onChange={(e) => setKeepHere(e.currentTarget.checked)} aria-describedby={`${choiceId}-hint`} />
            <label htmlFor={choiceId}>{PRIVATE_CHOICE.label}</label>
            <span id={`${choiceId}-hint`} className="muted">
              {PRIVATE_CHOICE.hint}
            </span>
          </p>
          {keepHere ? (
            <>
              <WidgetTag key="private" tag="census-parser" className="census-slot" private no-heavy-lifting>
                <p className="slot-note">Loading the Census Parser…</p>
              </WidgetTag>
              <WidgetTag tag="census-report" private-result theme="light" />
            </>
          ) : (
            <WidgetTag key="upload" tag="census-parser" className="census-slot">
              <p className="slot-note">Loading the Census Parser…</p>
            </WidgetTag>
          )}
        </div>
      </section>
      <section className="section section-alt" aria-labelledby="how-title">
        <div className="container">
          <h2 id="how-title">What happens to your file</h2>
          <ol className="steps">
            <li className="card">
              <h3>Analysing</h3>
              <p>Each sheet is read and its header row and table found, wherever they sit.</p>
            </li>
            <li className="card">
              <h3>Extracting</h3>
              <p>Columns are matched to employee, dependent, birth date, gender, salary, class and more.</p>
            </li>
            <li className="card">
              <h3>Deduplicating</h3>
              <p>Employees and dependents from every sheet are merged, and repeated rows removed.</p>
            </li>
            <li className="card">
              <h3>Post processing</h3>
              <p>Values are normalised and gaps flagged, then the lives report is built.</p>
            </li>
          </ol>
          <p className="muted" style={{ marginTop: '2rem' }}>
            Files are encrypted at rest and deleted with their results after {RETENTION.censusDays} days; you can delete a case sooner from its report page.
            Details in our <Link to="/privacy#retention">Privacy Policy</Link>. Prefer e-mail? Send the file to{' '}
            <a href={`mailto:${BRAND.emails.censusIntake}`}>{BRAND.emails.censusIntake}</a>.
          </p>
        </div>
      </section>
    </>
  );
}
