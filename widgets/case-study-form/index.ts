/**
 * <case-study-form> - the case-study request form.
 *
 * @summary First name, last name and work email; the case study is mailed to the work address.
 *
 * @attr api-base - Product API origin (else Benefold.configure / data-api-base / widgets.js origin).
 * @attr case-study-name - The PDF requested, sent as `caseStudyName`. Default BRAND.caseStudyName.
 * @attr heading - Heading text. Default 'Unlock the case study'.
 * @attr heading-level - 1 to 6, default 2.
 * @attr intro - Line under the heading. Default the spec's intro.
 * @attr no-heading - Boolean: hides the heading.
 * @attr no-intro - Boolean: hides the intro.
 * @attr disabled - Boolean: disables inputs and button.
 * @attr values - JSON: prefills `{firstName, lastName, email}`.
 *
 * @prop apiBase, caseStudyName, heading, headingLevel, intro, noHeading, noIntro, disabled, values -
 *   the attributes as properties (booleans reflect; the others do not).
 *
 * @event case-study-success - `{ email: string }` after a 2xx answer.
 * @event case-study-error - `{ status: number; message: string }` after a failed request
 *   (status 0: network error). Client-side validation fires no event.
 *
 * @csspart base, heading, intro, form, field, label, input, error, button, spinner,
 *   message, message-success, message-error
 * @cssproperty --bf-* - the design tokens of widgets/internal/styles.ts.
 *
 * The full, generated reference is custom-elements.json; the source of truth is ./meta.ts.
 */
import { defineWidget } from '../internal/define-widget';
import { CaseStudyForm } from './CaseStudyForm';
import { meta } from './meta';
import { createCaseStudyStore } from './store';
import { styles } from './styles';

export const CaseStudyFormElement = defineWidget(meta.tag, CaseStudyForm, meta, {
  styles,
  createStore: createCaseStudyStore,
});
