/**
 * <webinar-subscribe>: the public API of the element, the one source for defineWidget's attribute
 * handling, custom-elements.json and the TypeScript declarations.
 */
import { BRAND } from '../../shared/brand';
import { MESSAGES } from '../../shared/messages';
import { API_BASE_ATTRIBUTE, defineMeta } from '../internal/meta';
import { tokenDocs } from '../internal/styles';

export const DEFAULTS = {
  heading: MESSAGES.webinar.heading,
  headingLevel: 2,
  placeholder: MESSAGES.webinar.placeholder,
  mailingListType: BRAND.promotion.mailingListType,
  mailingListIdentifier: BRAND.promotion.mailingListIdentifier,
} as const;

/** Event name -> `detail` type. Keep in step with `events` below (checked by tests/widgets/types-check.tsx under npm run typecheck). */
export interface WebinarSubscribeEvents {
  'webinar-subscribe-success': { email: string; mailingListType: string; mailingListIdentifier: string };
  'webinar-subscribe-error': { status: number; message: string };
}

export const meta = defineMeta({
  tag: 'webinar-subscribe',
  budget: 'form',
  className: 'WebinarSubscribeElement',
  summary: 'The webinar thank-you form: one e-mail field that subscribes the visitor to a mailing list.',
  description: [
    'Validates the address (required, e-mail pattern; product-spec section 5), then posts',
    '`{email, mailingListType, mailingListIdentifier, website}` to `{api-base}/main/mailing-list`.',
    'The Submit button shows a spinner while sending. Success replaces the form with a tick and a',
    'thank-you line; failure shows a browser alert (cancelable through the error event) and an inline',
    'message, and keeps the typed address.',
  ].join(' '),
  attributes: [
    API_BASE_ATTRIBUTE,
    { name: 'heading', type: 'string', default: DEFAULTS.heading, description: 'Heading text.' },
    {
      name: 'heading-level',
      type: 'number',
      default: DEFAULTS.headingLevel,
      description: 'Heading level, 1 to 6, to fit the page outline.',
    },
    { name: 'no-heading', type: 'boolean', default: false, description: 'Hides the heading.' },
    { name: 'placeholder', type: 'string', default: DEFAULTS.placeholder, description: 'Placeholder of the e-mail input.' },
    {
      name: 'mailing-list-type',
      type: 'string',
      default: DEFAULTS.mailingListType,
      description: 'Sent as `mailingListType`.',
    },
    {
      name: 'mailing-list-identifier',
      type: 'string',
      default: DEFAULTS.mailingListIdentifier,
      description: 'Sent as `mailingListIdentifier`.',
    },
    { name: 'disabled', type: 'boolean', default: false, description: 'Disables the input and the button.' },
  ],
  events: [
    {
      name: 'webinar-subscribe-success',
      detail: '{ email: string; mailingListType: string; mailingListIdentifier: string }',
      description: 'The server accepted the subscription.',
    },
    {
      name: 'webinar-subscribe-error',
      detail: '{ status: number; message: string }',
      cancelable: true,
      description:
        'The request failed (`status` 0: network error; `message`: the inline text). Cancelable: `preventDefault()` suppresses the browser alert.',
    },
  ],
  cssParts: [
    { name: 'base', description: 'The card around everything.' },
    { name: 'heading', description: 'The heading.' },
    { name: 'form', description: 'The <form>.' },
    { name: 'label', description: 'The e-mail label.' },
    { name: 'input', description: 'The e-mail input.' },
    { name: 'button', description: 'The Submit button.' },
    { name: 'spinner', description: 'The spinner inside the button while submitting.' },
    { name: 'error', description: 'The validation message under the field.' },
    { name: 'hint', description: "The 'Please enter correct email address' line under the error." },
    { name: 'message', description: 'The outcome message (also `message-success` or `message-error`).' },
    { name: 'message-error', description: 'The inline failure message.' },
    { name: 'success', description: 'The panel that replaces the form on success.' },
    { name: 'success-icon', description: 'The tick in the success panel.' },
  ],
  cssProperties: tokenDocs(),
});
