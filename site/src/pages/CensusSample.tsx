/**
 * /tools/census/sample: the sample report, before anyone uploads anything. A real <census-report>
 * of the sample case (server/cases/sample.ts): a fictional census we made ourselves
 * (examples/census/sample-census.xlsx), processed by the same engine as any upload. The case is
 * read-only: the report hides Delete, and the API refuses changes with a message saying why.
 */
import { Link } from 'react-router';
import { SAMPLE_CASE } from '../../../shared/constants';

export default function CensusSample() {
  return (
    <section className="section sample-report" aria-labelledby="sample-title">
      <div className="container">
        <span className="eyebrow">Sample report</span>
        <h1 id="sample-title" style={{ fontSize: 'clamp(1.9rem, 1.4rem + 2vw, 2.6rem)' }}>
          What the Census Parser gives you back
        </h1>
        <p className="lead">
          This is a real report: the census of a fictional employer (36 employees with their spouses and children, in nine states, paid hourly and by salary,
          with a retiree and a terminated member) processed by the same engine as your upload. It is the same for every visitor and cannot be changed or
          deleted.
        </p>
        <div className="btn-row" style={{ marginBottom: '2rem' }}>
          <Link className="btn btn-primary" to="/tools/census">
            Parse your own census
          </Link>
          <a className="btn btn-ghost" href={`/examples/${SAMPLE_CASE.file}`} download>
            Download the sample file (XLSX)
          </a>
        </div>
        <census-report className="census-slot report-slot" case-id={SAMPLE_CASE.id} heading-level="2" no-delete="">
          <p className="slot-note">Loading the sample report…</p>
        </census-report>
      </div>
    </section>
  );
}
