/**
 * Events: CustomEvents with `bubbles: true, composed: true` (they cross the shadow boundary and reach
 * document listeners) and a typed `detail`, dispatched on the host element.
 */

/**
 * The element that hosts `node`: the shadow host when `node` is rendered inside a shadow root
 * (the custom element), otherwise `node` itself (the component rendered directly, e.g. under React).
 */
export function hostOf(node: Node): HTMLElement {
  const root = node.getRootNode();
  return (root instanceof ShadowRoot ? root.host : node) as HTMLElement;
}

/**
 * Dispatches `name` on `target`. Returns false when the event was cancelable and a listener called
 * preventDefault() (the caller then skips its default action).
 */
/** `M` maps event names to detail types, e.g. `{ 'case-study-success': { email: string } }`. */
export function emit<M extends object, K extends keyof M & string>(
  target: EventTarget,
  name: K,
  detail: M[K],
  options: { cancelable?: boolean } = {},
): boolean {
  return target.dispatchEvent(
    new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: !!options.cancelable }),
  );
}
