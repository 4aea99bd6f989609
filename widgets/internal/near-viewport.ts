/**
 * whenNearViewport(el, show): calls `show` once, when `el` comes within half a screen of the
 * viewport, or just before the page is printed, whichever is first. Returns the cleanup.
 *
 * The expensive drawings of a report (six Chart.js charts and the projected map) are built this way
 * rather than at load: building them all at once kept a phone's main thread busy for over a second
 * (issue 21, Lighthouse on /tools/census/sample). Printing (a broker files the report with the quote)
 * must still show everything, hence beforeprint. Without IntersectionObserver (jsdom, old browsers)
 * `show` runs at once.
 */
export function whenNearViewport(el: Element, show: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') {
    show();
    return () => {};
  }
  let done = false;
  const now = () => {
    if (done) return;
    done = true;
    stop();
    show();
  };
  const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && now(), { rootMargin: '50% 0px' });
  const stop = () => {
    observer.disconnect();
    window.removeEventListener('beforeprint', now);
  };
  observer.observe(el);
  window.addEventListener('beforeprint', now);
  return () => {
    done = true;
    stop();
  };
}
