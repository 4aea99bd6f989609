/**
 * The statistics strip (product-spec sections 2 and 4): each figure counts from 0 to its target
 * over TIMING.countUpMs with an ease-out curve, items starting TIMING.countUpGapMs apart, once,
 * when the strip comes into view; then it stays at the final value. The prerendered HTML holds the
 * final values (readable without JavaScript); reduced motion shows them at once.
 */
import { useEffect, useRef, useState } from 'react';
import { STATS, TIMING } from '../../../shared/constants';
import { prefersReducedMotion } from '../motion';

const format = (n: number) => n.toLocaleString('en-US');
const easeOut = (t: number) => 1 - Math.pow(1 - t, 3);

export function StatsStrip() {
  const ref = useRef<HTMLDListElement>(null);
  const [values, setValues] = useState<number[]>(() => STATS.map((s) => s.target));
  const [phase, setPhase] = useState<'static' | 'waiting' | 'counting' | 'done'>('static');

  useEffect(() => {
    const el = ref.current;
    if (!el || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') {
      setPhase('done');
      return;
    }
    setValues(STATS.map(() => 0));
    setPhase('waiting');
    let frame = 0;
    const io = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      setPhase('counting');
      const start = performance.now();
      const tick = (now: number) => {
        let finished = true;
        setValues(
          STATS.map((s, i) => {
            const t = Math.min(1, Math.max(0, (now - start - i * TIMING.countUpGapMs) / TIMING.countUpMs));
            if (t < 1) finished = false;
            return Math.round(s.target * easeOut(t));
          }),
        );
        if (finished) setPhase('done');
        else frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    });
    io.observe(el);
    return () => {
      io.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <dl ref={ref} className={`stats stats-${phase}`} aria-label="Benefold in numbers">
      {STATS.map((s, i) => (
        <div className="stat" key={s.title}>
          <dt>{s.title}</dt>
          <dd>
            {/* The live number is hidden from assistive tech; the final value is read instead. */}
            <span className="stat-value" aria-hidden="true" data-testid={`stat-${i}`}>
              {format(values[i])}
              {s.suffix}
            </span>
            <span className="visually-hidden">
              {format(s.target)}
              {s.suffix}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
