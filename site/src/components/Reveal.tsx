/**
 * A block that fades in when it scrolls into view (product-spec section 4). Duration comes from the
 * spec's constants through CSS custom properties; `index` staggers cards. Content is hidden only
 * when JavaScript runs (the `js` class on <html>) and motion is allowed, so it is always readable
 * without JavaScript.
 */
import { createElement, useEffect, useRef, type CSSProperties, type ReactNode } from 'react';

let observer: IntersectionObserver | null = null;
function observe(el: Element): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    el.classList.add('in');
    return () => {};
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        e.target.classList.add('in');
        observer!.unobserve(e.target);
      }
    },
    { rootMargin: '0px 0px -8% 0px' },
  );
  observer.observe(el);
  return () => observer?.unobserve(el);
}

interface Props {
  as?: 'div' | 'section' | 'article' | 'li' | 'header';
  /** Fade duration, a CSS value such as 'var(--reveal-2)'. */
  duration?: string;
  /** Position in a staggered group of cards. */
  index?: number;
  className?: string;
  id?: string;
  children: ReactNode;
  'aria-labelledby'?: string;
}

export function Reveal({ as = 'div', duration, index, className = '', children, ...rest }: Props) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => (ref.current ? observe(ref.current) : undefined), []);
  const style = { ...(duration ? { '--reveal-d': duration } : {}), ...(index !== undefined ? { '--i': index } : {}) } as CSSProperties;
  return createElement(as, { ref, className: `reveal ${className}`, style, ...rest }, children);
}
