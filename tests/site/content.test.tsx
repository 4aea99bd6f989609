/**
 * The site's route table, head tags, content and guard, without a browser: the rules a future edit
 * must not break (one title per route, the spec's counts and roles, brand values from one place).
 */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { BRAND } from '../../shared/brand';
import { LAYOUT, STATS } from '../../shared/constants';
import { hasSession } from '../../site/src/auth-guard';
import { OFFSITES, PERKS, TEAM, TRAITS, VALUES } from '../../site/src/content/about';
import { ADVANTAGES, ARTICLES, OFFERS } from '../../site/src/content/home';
import { PLATFORMS } from '../../site/src/content/nav';
import { PARTNERS } from '../../site/src/content/partners';
import { headHtml, headOf } from '../../site/src/head';
import { NOT_FOUND, ROUTES } from '../../site/src/routes';
import { StatsStrip } from '../../site/src/components/CountUp';
import { Img } from '../../site/src/components/Img';
import { MESSAGES } from '../../shared/messages';
import GroupUnderwriting from '../../site/src/pages/GroupUnderwriting';

describe('routes', () => {
  it('has one entry per path and per file, each with its own title and a real description', () => {
    const all = [...ROUTES, NOT_FOUND];
    expect(new Set(all.map((r) => r.path)).size).toBe(all.length);
    expect(new Set(all.map((r) => r.file)).size).toBe(all.length);
    expect(new Set(all.map((r) => r.title)).size).toBe(all.length);
    for (const r of all) {
      expect(r.description.length, r.path).toBeGreaterThan(10);
      expect(r.description.length, r.path).toBeLessThan(170);
      expect(r.title, r.path).toContain(BRAND.name);
    }
  });

  it('covers every route of the spec, with the census list page light and the rest dark', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const p of ['/', '/aboutus', '/platforms', '/enroll', '/group-underwriting', '/case-study', '/register', '/tools/census', '/tools/census/:id', '/login', '/signup', '/privacy']) {
      expect(paths).toContain(p);
    }
    expect(ROUTES.filter((r) => r.layout === 'light').map((r) => r.path)).toEqual(['/tools/census']);
    // Case pages hold one visitor's data: never indexed.
    expect(ROUTES.find((r) => r.path === '/tools/census/:id')!.indexed).toBe(false);
  });

  it('writes escaped head tags with the canonical address, and none for a page served at many addresses', () => {
    const home = headHtml(headOf(ROUTES[0], 'https://benefold.example', '/'));
    expect(home).toContain('<link rel="canonical" href="https://benefold.example/" />');
    expect(home).toContain('<meta property="og:image" content="https://benefold.example/img/og-card.png" />');
    expect(home).not.toContain('noindex');
    const caseHead = headHtml(headOf(ROUTES.find((r) => r.path === '/tools/census/:id')!, 'https://benefold.example', null));
    expect(caseHead).not.toContain('canonical');
    expect(caseHead).toContain('<meta name="robots" content="noindex" />');
    expect(headHtml({ origin: 'x', title: 'a "b" <c>', description: 'd & e', canonical: null, indexed: true })).toContain('<title>a &#34;b&#34; &#60;c&#62;</title>');
  });
});

describe('content', () => {
  it('has the counts the spec fixes', () => {
    expect(ADVANTAGES).toHaveLength(4);
    expect(PLATFORMS).toHaveLength(2);
    expect(OFFERS).toHaveLength(6);
    expect(ARTICLES.map((a) => a.id)).toEqual(['security', 'connectivity', 'scalability']);
    expect(PARTNERS).toHaveLength(LAYOUT.partnerLogoCount);
    expect(VALUES.map((v) => v.title)).toEqual(['Customer Obsession', 'Innovation', 'Collaboration']);
    expect(PERKS).toHaveLength(6);
    expect(TRAITS).toHaveLength(5);
    expect(OFFSITES).toHaveLength(LAYOUT.carouselImageCount);
  });

  it('has eleven team members with the roles of the spec', () => {
    expect(TEAM).toHaveLength(11);
    const roles = new Set(TEAM.map((m) => m.title));
    for (const role of ['Founder & CEO', 'Founding Engineer', 'Engineer', 'Product Manager', 'Product Designer']) expect(roles).toContain(role);
    expect(new Set(TEAM.map((m) => m.id)).size).toBe(11);
    for (const m of TEAM) expect(m.linkedin).toMatch(/^https:\/\/www\.linkedin\.com\/in\//);
  });

  it('contains no placeholder text', () => {
    const text = JSON.stringify([ADVANTAGES, OFFERS, ARTICLES, PARTNERS, VALUES, PERKS, TRAITS, TEAM, OFFSITES, ROUTES.map((r) => [r.title, r.description])]);
    expect(text).not.toMatch(/lorem|ipsum|TODO|TBD|placeholder text|\{the product\}|\{email\}|\{host\}/i);
  });
});

describe('components', () => {
  it("links the Group Underwriting page's document claim to the census tool, where it can be tried", () => {
    render(
      <MemoryRouter>
        <GroupUnderwriting />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Try it on a census: spreadsheets, PDFs and scans' }).getAttribute('href')).toBe('/tools/census');
  });

  it('prerenders the statistics at their final values', () => {
    render(<StatsStrip />);
    for (const s of STATS) expect(screen.getByText(s.title)).toBeTruthy();
  });

  it("shows the spec's image fallbacks", () => {
    render(
      <MemoryRouter>
        <Img src="" alt="x" />
      </MemoryRouter>,
    );
    expect(screen.getByText(MESSAGES.image.noSource)).toBeTruthy();
  });
});

describe('the login guard', () => {
  it('sees a session only when the bf_session marker has a value', () => {
    expect(hasSession('')).toBe(false);
    expect(hasSession('a=1; bf_session=')).toBe(false);
    expect(hasSession('a=1; bf_session=abc')).toBe(true);
    expect(hasSession('bf_session_old=1')).toBe(false);
  });
});

describe('the error screen', () => {
  it("shows 'Unexpected Application Error!' with the error when a page throws", async () => {
    const { ErrorBoundary } = await import('../../site/src/App');
    function Broken(): never {
      throw new Error('boom');
    }
    const spy = console.error;
    console.error = () => {};
    try {
      render(
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>,
      );
    } finally {
      console.error = spy;
    }
    expect(screen.getByRole('heading', { name: MESSAGES.site.routerError })).toBeTruthy();
    expect(screen.getByText('boom')).toBeTruthy();
  });
});

describe('offer icons', () => {
  it("logs 'Image not found' and falls back for an unknown icon key", async () => {
    const { offerIcon, OFFER_ICON_FALLBACK } = await import('../../site/src/content/home');
    for (const o of OFFERS) expect(offerIcon(o.icon)).toMatch(/^\/img\/icons\/\w+\.svg$/);
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args.join(' '));
    try {
      expect(offerIcon('no-such-icon')).toBe(OFFER_ICON_FALLBACK);
    } finally {
      console.error = original;
    }
    expect(logged).toEqual(['Image not found']);
  });
});
