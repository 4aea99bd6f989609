/** /tools/census/upload: the census upload screen on its own (the <census-parser> element). */
import { Link } from 'react-router';
import { WidgetTag } from '../components/WidgetTag';

export default function CensusUpload() {
  return (
    <section className="section" aria-labelledby="upload-title">
      <div className="container" style={{ maxWidth: 960 }}>
        <p>
          <Link to="/tools/census">← Census Parser</Link>
        </p>
        <h1 id="upload-title" style={{ fontSize: 'clamp(1.9rem, 1.4rem + 2vw, 2.6rem)' }}>
          Upload a census
        </h1>
        <p className="lead">Watch your file processed step by step, or leave your e-mail and we will send it when it is ready.</p>
        <WidgetTag tag="census-parser" className="census-slot">
          <p className="slot-note">Loading the Census Parser…</p>
        </WidgetTag>
      </div>
    </section>
  );
}
