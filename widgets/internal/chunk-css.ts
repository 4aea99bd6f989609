/**
 * The styles of a lazy chunk (the member table, the 'Not counted' list): adopted into the element's
 * shadow root once, one constructed sheet per CSS text, so a chunk's CSS never grows the first
 * script. Where the browser cannot adopt sheets (or outside a shadow root) the caller writes the CSS
 * inline instead: `useChunkCss` says which.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';
import { canAdoptSheets } from './styles';

const sheets = new Map<string, CSSStyleSheet>();

/** Adopts `css` into the shadow root that holds `node`; false when it cannot (write it inline). */
export function adoptChunkCss(node: Node, css: string): boolean {
  const root = node.getRootNode();
  if (typeof ShadowRoot === 'undefined' || !(root instanceof ShadowRoot) || !canAdoptSheets()) return false;
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  return true;
}

/** True when the chunk's CSS must be written inline in a <style> (it could not be adopted). */
export function useChunkCss(ref: RefObject<HTMLElement | null>, css: string): boolean {
  const [inline, setInline] = useState(false);
  useLayoutEffect(() => {
    if (ref.current && !adoptChunkCss(ref.current, css)) setInline(true);
  }, [ref, css]);
  return inline;
}
