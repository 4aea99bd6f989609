/**
 * The Our Team Offsites carousel (product-spec section 4): advances every TIMING.carouselIntervalMs,
 * wraps around, pauses while hovered or while keyboard focus is inside, and has previous/next
 * buttons and one dot per image. Slides slide; with reduced motion they switch without movement.
 */
import { useEffect, useState } from 'react';
import { TIMING } from '../../../shared/constants';
import { Img } from './Img';

export interface Slide {
  src: string;
  alt: string;
  caption: string;
}

export function Carousel({ slides, label }: { slides: readonly Slide[]; label: string }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const count = slides.length;

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), TIMING.carouselIntervalMs);
    return () => clearInterval(timer);
  }, [paused, count, index]);

  const go = (i: number) => setIndex(((i % count) + count) % count);

  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-paused={paused ? 'true' : 'false'}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="carousel-viewport">
        <div className="carousel-track" style={{ transform: `translateX(-${index * 100}%)` }} aria-live={paused ? 'polite' : 'off'}>
          {slides.map((s, i) => (
            <div
              key={s.src}
              className="carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i !== index}
              inert={i !== index}
            >
              <figure>
                <Img src={s.src} alt={s.alt} width={960} height={540} fallbackSrc="/img/offsites/placeholder.svg" loading={i === 0 ? 'eager' : 'lazy'} />
                <figcaption>{s.caption}</figcaption>
              </figure>
            </div>
          ))}
        </div>
      </div>
      <div className="carousel-controls">
        <button type="button" className="carousel-arrow" aria-label="Previous photo" onClick={() => go(index - 1)}>
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M12.5 4 6.5 10l6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <div className="carousel-dots">
          {slides.map((s, i) => (
            <button
              key={s.src}
              type="button"
              className="carousel-dot"
              aria-label={`Show photo ${i + 1}: ${s.caption}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
        <p className="carousel-counter" aria-hidden="true">
          {index + 1} / {count}
        </p>
        <button type="button" className="carousel-arrow" aria-label="Next photo" onClick={() => go(index + 1)}>
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <path d="m7.5 4 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}
