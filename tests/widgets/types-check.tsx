/**
 * Type-level checks, enforced by `npm run typecheck` (tsc includes tests/; `npm test` runs it and
 * fails with it): the generated declarations agree with the event types the components emit, and the
 * tags are typed for the DOM and React JSX. Not a Vitest file: nothing here runs, a wrong type is a
 * compile error (each `Equal<...> = true` fails to compile when the two types differ).
 */
import type { CaseStudyFormEvents } from '../../widgets/case-study-form/meta';
import type {
  CaseStudyFormElement,
  CaseStudyFormElementEventMap,
  WebinarSubscribeElement,
  WebinarSubscribeElementEventMap,
} from '../../widgets/generated/benefold-widgets';
import type { WebinarSubscribeEvents } from '../../widgets/webinar-subscribe/meta';
import type { CensusParserEvents } from '../../widgets/census-parser/meta';
import type { CensusReportEvents } from '../../widgets/census-report/meta';
import type {
  CensusParserElement,
  CensusParserElementEventMap,
  CensusReportElementEventMap,
  UsStateMapElement,
} from '../../widgets/generated/benefold-widgets';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Detail<E> = E extends CustomEvent<infer D> ? D : never;
type Details<Map, Names extends keyof Map> = { [K in Names]: Detail<Map[K]> };

// The d.ts (from meta's `detail` text) and the TS types the components use must be the same types.
const caseStudy: Equal<Details<CaseStudyFormElementEventMap, keyof CaseStudyFormEvents>, CaseStudyFormEvents> = true;
const webinar: Equal<Details<WebinarSubscribeElementEventMap, keyof WebinarSubscribeEvents>, WebinarSubscribeEvents> = true;

const parser: Equal<Details<CensusParserElementEventMap, keyof CensusParserEvents>, CensusParserEvents> = true;
const report: Equal<Details<CensusReportElementEventMap, keyof CensusReportEvents>, CensusReportEvents> = true;

function typedCensus() {
  const el: CensusParserElement = document.createElement('census-parser');
  el.reportUrl = '/reports/{caseId}';
  el.addEventListener('census-complete', (e) => (e.detail.url.startsWith('/') ? e.preventDefault() : undefined));
  const map: UsStateMapElement = document.createElement('us-state-map');
  map.data = { CA: 3 };
  return [el, map];
}

// The DOM knows the tags, their properties and their events.
function typedDom() {
  const form: CaseStudyFormElement | null = document.querySelector('case-study-form');
  const caseStudyName: string | undefined = form?.caseStudyName;
  const disabled: boolean | undefined = form?.disabled;
  form?.addEventListener('case-study-success', (e) => e.detail.email.toLowerCase());
  const webinarEl: WebinarSubscribeElement = document.createElement('webinar-subscribe');
  webinarEl.mailingListIdentifier = 'JAN2024';
  webinarEl.addEventListener('webinar-subscribe-error', (e) => e.detail.status.toFixed());
  document.addEventListener('case-study-error', (e) => e.detail.message);
  window.Benefold?.configure({ apiBase: 'https://api.example' });
  return [caseStudyName, disabled];
}

// React JSX accepts the tags with their attributes.
const jsx = [
  <case-study-form key="a" api-base="https://api.example" case-study-name="x.pdf" heading-level={3} no-intro values='{"email":"a@b.co"}' />,
  <webinar-subscribe key="b" mailing-list-type="PROMOTION" disabled />,
  // @ts-expect-error: React 18 would write disabled="false", which is present and so true
  <webinar-subscribe key="c" disabled={false} />,
  <census-parser key="d" report-url="/r/{caseId}" poll-interval={5000} />,
  <census-report key="e" case-id="abc" />,
  <category-bar-chart key="f" variant="half" data='{"a":1}' />,
];

// Exported so that the checks are not unused locals; nothing imports them.
export const typeChecks = { caseStudy, webinar, parser, report, typedDom, typedCensus, jsx };
