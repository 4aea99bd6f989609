/**
 * /tools/census/:id: the analytics of one processed case, the <census-report> element. The page is
 * prerendered once for every id (tools/census/[id]/index.html), so the element, which carries the
 * id, is added only in the browser; until then its space is held (.report-slot, the loaded report's
 * measured height). If the case cannot be loaded, the element shows 'Something went wrong!' and the
 * page lets go of that space, so the message is not followed by an empty screen.
 */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { WidgetTag } from '../components/WidgetTag';

export default function CensusReport() {
  const { id = '' } = useParams();
  const [mounted, setMounted] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setMounted(true);
    const onError = () => setFailed(true);
    const onLoaded = () => setFailed(false);
    document.addEventListener('census-report-error', onError);
    document.addEventListener('census-report-loaded', onLoaded);
    return () => {
      document.removeEventListener('census-report-error', onError);
      document.removeEventListener('census-report-loaded', onLoaded);
    };
  }, []);
  return (
    <section className="section" aria-labelledby="report-title">
      <div className="container">
        <p>
          <Link to="/tools/census">← Parse another file</Link>
        </p>
        <h1 id="report-title" style={{ fontSize: 'clamp(1.9rem, 1.4rem + 2vw, 2.6rem)' }}>
          Census report
        </h1>
        {mounted ? (
          <WidgetTag tag="census-report" className={failed ? 'census-slot' : 'census-slot report-slot'} case-id={id}>
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
