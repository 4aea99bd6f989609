/** True when the visitor asked for less motion (every animation checks this or uses the CSS media query). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}
