/**
 * <webinar-subscribe> - the webinar thank-you page's subscription form.
 *
 * @summary One e-mail field; subscribes the address to a mailing list (PROMOTION / JAN2024 by default).
 *
 * @attr api-base - Product API origin (else Benefold.configure / data-api-base / widgets.js origin).
 * @attr heading - Heading text. Default 'Thank you for attending the webinar today'.
 * @attr heading-level - 1 to 6, default 2.
 * @attr no-heading - Boolean: hides the heading.
 * @attr placeholder - Input placeholder. Default 'Enter your email address'.
 * @attr mailing-list-type - Sent as `mailingListType`. Default BRAND.promotion ('PROMOTION').
 * @attr mailing-list-identifier - Sent as `mailingListIdentifier`. Default BRAND.promotion ('JAN2024').
 * @attr disabled - Boolean: disables the input and the button.
 *
 * @prop apiBase, heading, headingLevel, noHeading, placeholder, mailingListType,
 *   mailingListIdentifier, disabled - the attributes as properties (booleans reflect).
 *
 * @event webinar-subscribe-success - `{ email, mailingListType, mailingListIdentifier }`.
 * @event webinar-subscribe-error - `{ status: number; message: string }`; cancelable:
 *   preventDefault() suppresses the browser alert (the inline message still shows).
 *
 * @csspart base, heading, form, label, input, button, spinner, error, hint, message,
 *   message-error, success, success-icon
 * @cssproperty --bf-* - the design tokens of widgets/internal/styles.ts.
 *
 * The full, generated reference is custom-elements.json; the source of truth is ./meta.ts.
 */
import { defineWidget } from '../internal/define-widget';
import { meta } from './meta';
import { createWebinarStore } from './store';
import { styles } from './styles';
import { WebinarSubscribe } from './WebinarSubscribe';

export const WebinarSubscribeElement = defineWidget(meta.tag, WebinarSubscribe, meta, {
  styles,
  createStore: createWebinarStore,
});
