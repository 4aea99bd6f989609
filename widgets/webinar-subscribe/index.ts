/**
 * <webinar-subscribe> - the webinar thank-you page's subscription form.
 *
 * Attributes, properties, events, parts and custom properties: ./meta.ts, the one source (custom-elements.json
 * and the declarations are generated from it).
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
