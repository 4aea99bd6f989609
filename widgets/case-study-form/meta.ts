/**
 * <case-study-form>: the public API of the element, the one source for defineWidget's attribute
 * handling, custom-elements.json and the TypeScript declarations.
 */
import { BRAND } from '../../shared/brand';
import { MESSAGES } from '../../shared/messages';
import { API_BASE_ATTRIBUTE, defineMeta } from '../internal/meta';
import { tokenDocs } from '../internal/styles';

export const DEFAULTS = {
  caseStudyName: BRAND.caseStudyName,
  heading: MESSAGES.caseStudy.heading,
  intro: MESSAGES.caseStudy.intro,
  headingLevel: 2,
} as const;

/** The values of the three visible inputs. */
export interface CaseStudyValues {
  firstName: string;
  lastName: string;
  email: string;
}

/** Event name -> `detail` type. Keep in step with `events` below (checked by tests/widgets/types-check.tsx under npm run typecheck). */
export interface CaseStudyFormEvents {
  'case-study-success': { email: string };
  'case-study-error': { status: number; message: string };
}

export const meta = defineMeta({
  tag: 'case-study-form',
  budget: 'form',
  className: 'CaseStudyFormElement',
  summary: 'The case-study request form: first name, last name and work email; the study is mailed to the address.',
  description: [
    'Validates on submit (product-spec section 5): required fields, an e-mail pattern, and no free-mail',
    'domains (a field message plus a page-level message naming the domain, and no request). Then posts',
    '`{firstName, lastName, email, caseStudyName, website}` to `{api-base}/main/case-study` and shows the',
    'outcome (section 8). The button reads "Submitting..." and is disabled while sending. Each submission',
    'clears the previous messages; typed values are kept after failure and after success.',
  ].join(' '),
  attributes: [
    API_BASE_ATTRIBUTE,
    {
      name: 'case-study-name',
      type: 'string',
      default: DEFAULTS.caseStudyName,
      description: 'The PDF the request is for (sent as `caseStudyName`).',
    },
    { name: 'heading', type: 'string', default: DEFAULTS.heading, description: 'Heading text.' },
    {
      name: 'heading-level',
      type: 'number',
      default: DEFAULTS.headingLevel,
      description: 'Heading level, 1 to 6, to fit the page outline.',
    },
    { name: 'intro', type: 'string', default: DEFAULTS.intro, description: 'The line under the heading.' },
    { name: 'no-heading', type: 'boolean', default: false, description: 'Hides the heading.' },
    { name: 'no-intro', type: 'boolean', default: false, description: 'Hides the intro line.' },
    { name: 'disabled', type: 'boolean', default: false, description: 'Disables the inputs and the button.' },
    {
      name: 'values',
      type: 'json',
      typeText: 'Partial<{ firstName: string; lastName: string; email: string }>',
      description:
        'Prefills the inputs, e.g. `{"email":"jane@acme-insurance.com"}` (JSON attribute or object property). Applied when set; typing afterwards is kept.',
    },
  ],
  events: [
    {
      name: 'case-study-success',
      detail: '{ email: string }',
      description: 'The server accepted the request (HTTP 2xx); the study is on its way to `email`.',
    },
    {
      name: 'case-study-error',
      detail: '{ status: number; message: string }',
      description:
        'The request failed: `status` is the HTTP status (0 for a network error), `message` the text shown. Not fired for client-side validation (no request is made).',
    },
  ],
  cssParts: [
    { name: 'base', description: 'The card around everything.' },
    { name: 'heading', description: 'The heading.' },
    { name: 'intro', description: 'The intro line.' },
    { name: 'form', description: 'The <form>.' },
    { name: 'field', description: 'A label + input + error group.' },
    { name: 'label', description: 'Input labels.' },
    { name: 'input', description: 'The text inputs.' },
    { name: 'error', description: 'A field\'s validation message.' },
    { name: 'button', description: 'The submit button.' },
    { name: 'spinner', description: 'The spinner inside the button while submitting.' },
    { name: 'message', description: 'The outcome message (also `message-success` or `message-error`).' },
    { name: 'message-success', description: 'The success message.' },
    { name: 'message-error', description: 'An error message (request failure or free-mail domain).' },
  ],
  cssProperties: tokenDocs(),
});
