/**
 * /tools/census/:id: the analytics of one processed case, the <census-report> element. The page is
 * prerendered once for every id (tools/census/[id]/index.html), so the element, which carries the
 * id, is added only in the browser; until then its space is held (.report-slot, the loaded report's
 * measured height). If the case cannot be loaded, the element shows 'Something went wrong!' and the
 * page lets go of that space, so the message is not followed by an empty screen.
 *
 * The element titles itself 'Census report' beside its file picker and Export. So that the page does
 * not say it twice, the page's own h1 (the same words, there for search engines, assistive
 * technology and readers without JavaScript) is visually hidden while scripts run (the `js` class on
 * <html>, set before the first paint, so nothing moves), and shown again when the element has no
 * title of its own: the error and deleted views.
 */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { WidgetTag } from '../components/WidgetTag';

export default function CensusReport() {
  const { id = '' } = useParams();
  const [mounted, setMounted] = useState(false);
  const [failed, setFailed] = useState(false);
  const [deleted, setDeleted] = useState(false);
  useEffect(() => {
    setMounted(true);
    const onError = () => setFailed(true);
    const onLoaded = () => setFailed(false);
    const onDeleted = () => setDeleted(true);
    document.addEventListener('census-report-error', onError);
    document.addEventListener('census-report-loaded', onLoaded);
    document.addEventListener('census-report-deleted', onDeleted);
    return () => {
      document.removeEventListener('census-report-error', onError);
      document.removeEventListener('census-report-loaded', onLoaded);
      document.removeEventListener('census-report-deleted', onDeleted);
    };
  }, []);
  return (
    <section className="section" aria-labelledby="report-title">
      <div className="container">
        <p>
          <Link to="/tools/census">← Parse another file</Link>
        </p>
        <h1 id="report-title" className={failed || deleted ? 'report-title' : 'report-title titled-by-element'} style={{ fontSize: 'clamp(1.9rem, 1.4rem + 2vw, 2.6rem)' }}>
          Census report
        </h1>
        {mounted ? (
          <WidgetTag tag="census-report" className={failed || deleted ? 'census-slot' : 'census-slot report-slot'} case-id={id}>
            <p className="slot-note">Loading the report…</p>
          </WidgetTag>
        ) : (
          <div className="census-slot report-slot" aria-busy="true">
            <p className="slot-note">Loading the report…</p>
          </div>
        )}
      </div>
    </section>
  );
}
