/**
 * An image that stays invisible until it has loaded, then fades in (product-spec section 4), with
 * the spec's fallbacks: no source -> 'No image source provided'; load failure -> a fallback image
 * when one is given (team and offsite photos, icons), else 'Image not available'.
 * Without JavaScript the image is simply shown (the hiding rule needs the `js` class).
 */
import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { MESSAGES } from '../../../shared/messages';

type Props = ImgHTMLAttributes<HTMLImageElement> & {
  fallbackSrc?: string;
  /**
   * An image in the first screen: fetched early and painted as soon as it arrives (the browser
   * shows nothing until it has loaded anyway). Only images further down fade in.
   */
  priority?: boolean;
};

export function Img({ src, alt = '', fallbackSrc, className = '', loading = 'lazy', priority = false, ...rest }: Props) {
  const ref = useRef<HTMLImageElement>(null);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const [current, setCurrent] = useState(src);

  // The prerendered <img> may have finished (or failed) before React attached its handlers.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete) setState(img.naturalWidth > 0 ? 'loaded' : 'failed');
  }, [current]);

  useEffect(() => {
    if (state !== 'failed') return;
    if (fallbackSrc && current !== fallbackSrc) {
      setCurrent(fallbackSrc);
      setState('loading');
    }
  }, [state, fallbackSrc, current]);

  if (!src) return <span className={`img-fallback ${className}`}>{MESSAGES.image.noSource}</span>;
  if (state === 'failed' && (!fallbackSrc || current === fallbackSrc)) {
    return (
      <span className={`img-fallback ${className}`} role="img" aria-label={alt || MESSAGES.image.notAvailable}>
        {MESSAGES.image.notAvailable}
      </span>
    );
  }
  return (
    <img
      ref={ref}
      src={current}
      alt={alt}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      className={priority ? className || undefined : `fade-img${state === 'loaded' ? ' loaded' : ''} ${className}`}
      onLoad={() => setState('loaded')}
      onError={() => setState('failed')}
      {...rest}
    />
  );
}
