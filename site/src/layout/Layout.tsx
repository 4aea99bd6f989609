/**
 * The common wrapper (header, main, footer). The spec's timings reach the CSS as custom properties
 * set here from shared/constants.ts, so no duration is written twice.
 */
import type { CSSProperties, ReactNode } from 'react';
import { LAYOUT, TIMING } from '../../../shared/constants';
import { Footer } from './Footer';
import { Nav } from './Nav';
import type { LayoutKind } from './kind';

const ms = (n: number) => `${n}ms`;

export const TIMING_VARS = {
  '--nav-fade': ms(TIMING.navFadeInMs),
  '--hero-reveal': ms(TIMING.heroRevealMs),
  '--reveal-1': ms(TIMING.revealDelaysMs[0]),
  '--reveal-2': ms(TIMING.revealDelaysMs[1]),
  '--reveal-3': ms(TIMING.revealDelaysMs[2]),
  '--reveal-4': ms(TIMING.revealDelaysMs[3]),
  '--scroll-reveal-min': ms(TIMING.revealOnScrollMs.min),
  '--scroll-reveal-max': ms(TIMING.revealOnScrollMs.max),
  '--stagger-min': ms(TIMING.cardStaggerMs.min),
  '--stagger-max': ms(TIMING.cardStaggerMs.max),
  '--dropdown-width': `${LAYOUT.dropdownWidthPx}px`,
  '--ring-desktop': `${LAYOUT.logoRingRadiusPx.desktop}px`,
  '--ring-mobile': `${LAYOUT.logoRingRadiusPx.mobile}px`,
} as CSSProperties;

export function Layout({ kind, children }: { kind: LayoutKind; children: ReactNode }) {
  return (
    <div className={`shell theme-${kind}`} style={TIMING_VARS}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Nav />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
