/** Any unknown path: 'Page not found!' (the server answers it with HTTP 404). */
import { Link } from 'react-router';
import { MESSAGES } from '../../../shared/messages';

export default function NotFound() {
  return (
    <section className="notfound" aria-labelledby="nf-title">
      <p className="code" aria-hidden="true">
        404
      </p>
      <h1 id="nf-title">{MESSAGES.site.notFound}</h1>
      <p className="muted">{MESSAGES.site.notFoundHint}</p>
      <div className="btn-row">
        <Link className="btn btn-primary" to="/">
          Go to the home page
        </Link>
        <Link className="btn btn-ghost" to="/tools/census">
          Open the Census Parser
        </Link>
      </div>
    </section>
  );
}
