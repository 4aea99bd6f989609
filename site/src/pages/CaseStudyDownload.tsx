/**
 * /case-study/download: the case-study viewer the request mail links to (product-spec section 2).
 * It passes every query-string parameter to GET /main/case-study and, with a link in the answer,
 * shows the PDF full-screen without the site's wrapper, as the spec says.
 *
 * When it fails (a bad or expired link, or no network) the visitor is not left on
 * a bare page: the failure is shown inside the site's frame (logo, navigation, footer) with the
 * spec's message, what happened and what to do next: request the study again.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { createApiClient } from '../../../shared/api/client';
import { MESSAGES } from '../../../shared/messages';
import { Layout } from '../layout/Layout';

type ViewerState = { kind: 'loading' } | { kind: 'pdf'; link: string } | { kind: 'failed'; message: string };

export default function CaseStudyDownload() {
  const [state, setState] = useState<ViewerState>({ kind: 'loading' });
  useEffect(() => {
    const params = Object.fromEntries(new URLSearchParams(window.location.search));
    let live = true;
    createApiClient()
      .getCaseStudy(params)
      .then(({ link }) => live && setState(link ? { kind: 'pdf', link } : { kind: 'failed', message: MESSAGES.caseStudy.viewerMissingLink }))
      .catch((err: unknown) => {
        console.error(err);
        if (live) setState({ kind: 'failed', message: MESSAGES.caseStudy.viewerError });
      });
    return () => {
      live = false;
    };
  }, []);

  if (state.kind === 'pdf') return <iframe className="viewer-pdf" title="Case study PDF" src={state.link} />;
  if (state.kind === 'loading') {
    return (
      <div className="viewer-loading" aria-live="polite">
        <p>Loading the case study…</p>
      </div>
    );
  }
  return (
    <Layout kind="dark">
      <section className="section viewer-failed" aria-labelledby="viewer-title">
        <div className="container" style={{ maxWidth: 720 }}>
          <span className="eyebrow">Case study</span>
          <h1 id="viewer-title">This link did not open the case study</h1>
          <p className="viewer-error" role="alert">
            {state.message}
          </p>
          <p className="lead">
            Case-study links are personal: each one works for 30 days, and only when it is opened exactly as it arrived in the mail. A link that was cut
            short or changed on the way (some mail programs break long links), or that is older than 30 days, no longer opens the study.
          </p>
          <p className="lead">Request the study again and we will mail you a fresh link at once.</p>
          <div className="btn-row">
            <Link className="btn btn-primary" to="/case-study#request">
              Request the case study again
            </Link>
            <Link className="btn btn-ghost" to="/">
              Back to the home page
            </Link>
          </div>
        </div>
      </section>
    </Layout>
  );
}
