/**
 * The chart elements' components under jsdom: what a screen reader gets (the hidden data tables, the
 * focusable states), 'No data available', the spec's labels, thickness and shading rules, and the map
 * boundaries fetched over real HTTP from the stand-in server. (jsdom has no canvas: Chart.js drawing
 * itself is looked at in Chromium by scripts/dev/look-census.mjs and the e2e tests.)
 */
import { render, screen } from '@testing-library/react';
import { createRequire } from 'node:module';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { CategoryBarChart, categoryEntries } from '../../widgets/internal/charts/CategoryBarChart';
import { GenderDoughnut, genderEntries } from '../../widgets/internal/charts/GenderDoughnut';
import { TimeBarChart, timeBarThickness, timeEntries, timeLabel } from '../../widgets/internal/charts/TimeBarChart';
import { shadeSteps, UsStateMap } from '../../widgets/internal/charts/UsStateMap';
import { useApiServer } from './api-server';

const topology = createRequire(import.meta.url)('us-atlas/states-10m.json');
const api = useApiServer();
beforeEach(() => {
  api.handle((req) => (req.path === '/states-10m.json' ? { status: 200, body: topology } : req.path === '/missing.json' ? { status: 404 } : undefined));
});

const tableRows = (container: HTMLElement) =>
  [...container.querySelectorAll('table tbody tr')].map((tr) => [tr.querySelector('th')!.textContent, tr.querySelector('td')!.textContent]);

describe('every chart', () => {
  it.each([
    ['category-bar-chart', () => <CategoryBarChart data={{}} />],
    ['time-bar-chart', () => <TimeBarChart data={{}} />],
    ['gender-doughnut', () => <GenderDoughnut data={{} as never} />],
    ['us-state-map', () => <UsStateMap data={{}} topologyUrl={`${api.base}/states-10m.json`} />],
    ['category-bar-chart without data', () => <CategoryBarChart />],
  ])("%s: 'No data available' for an empty object", (_name, make) => {
    render(make());
    expect(screen.getByText(MESSAGES.census.noData)).toBeTruthy();
    expect(document.querySelector('table')).toBeNull();
  });
});

describe('<category-bar-chart>', () => {
  it('keeps key order and gives screen readers a table of the data', () => {
    const { container } = render(<CategoryBarChart label="Age band" data={{ '18-24': 4, '25-29': 1200 }} />);
    expect(container.querySelector('caption')!.textContent).toBe('Age band');
    expect(tableRows(container)).toEqual([
      ['18-24', '4'],
      ['25-29', '1,200'],
    ]);
    expect(container.querySelector('canvas')).toBeTruthy();
    expect(container.querySelector('[style]')).toBeNull();
  });

  it('reads counts as numbers', () => {
    expect(categoryEntries({ a: '3' as never, b: null as never })).toEqual([
      ['a', 3],
      ['b', 0],
    ]);
  });
});

describe('<time-bar-chart>', () => {
  it('labels buckets from timestamp / 1000 (Unix seconds, UTC), in time order, NaN last as Unknown', () => {
    const jan = Date.UTC(2024, 0, 1);
    const mar = Date.UTC(2024, 2, 1);
    expect(timeLabel(String(jan))).toBe('Jan 1, 2024');
    expect(timeLabel('NaN')).toBe('Unknown');
    expect(timeEntries({ NaN: 2, [mar]: 5, [jan]: 7 })).toEqual([
      ['Jan 1, 2024', 7],
      ['Mar 1, 2024', 5],
      ['Unknown', 2],
    ]);
    const { container } = render(<TimeBarChart data={{ [jan]: 7, NaN: 2 }} />);
    expect(tableRows(container)).toEqual([
      ['Jan 1, 2024', '7'],
      ['Unknown', '2'],
    ]);
  });

  it('bar thickness 10 above 20 bars, else 20', () => {
    expect(timeBarThickness(20)).toBe(20);
    expect(timeBarThickness(21)).toBe(10);
  });
});

describe('<gender-doughnut>', () => {
  const split = { male: { value: 49, percentage: 48.5 }, female: { value: 53, percentage: 51.4 }, unknown: { value: 1, percentage: 0.1 } };
  it("labels 'Male (pct%)', 'Female (pct%)', 'Unknown (pct%)' rounded to whole numbers", () => {
    expect(genderEntries(split).map((e) => e.label)).toEqual(['Male (49%)', 'Female (51%)', 'Unknown (0%)']);
    const { container } = render(<GenderDoughnut data={split} />);
    expect(tableRows(container)).toEqual([
      ['Male (49%)', '49'],
      ['Female (51%)', '53'],
      ['Unknown (0%)', '1'],
    ]);
  });

  it("'No data available' when every value is 0", () => {
    const zero = { value: 0, percentage: 0 };
    render(<GenderDoughnut data={{ male: zero, female: zero, unknown: zero }} />);
    expect(screen.getByText(MESSAGES.census.noData)).toBeTruthy();
  });
});

describe('<us-state-map>', () => {
  it('shades counts in 5 quantized steps; grey for 0 and when the maximum is 0', () => {
    const s = shadeSteps({ CA: 1, TX: 11, NY: 6, WY: 0 });
    expect([s.min, s.max]).toEqual([0, 11]);
    expect([s.step(0), s.step(1), s.step(6), s.step(11)]).toEqual([-1, 0, 2, 4]);
    expect(shadeSteps({ CA: 0 }).step(0)).toBe(-1);
    expect(shadeSteps({ CA: 3, TX: 3 }).step(3)).toBe(4);
  });

  it('fetches the topology when it mounts and draws 50 states plus DC; one focusable region, the states with the most listed', async () => {
    const { container } = render(<UsStateMap label="Distribution" data={{ CA: 5, TX: 11, DC: 1 }} topologyUrl={`${api.base}/states-10m.json`} />);
    await vi.waitFor(() => expect(container.querySelectorAll('path.state')).toHaveLength(51));
    expect(api.posts().map((r) => r.url)).toEqual(['/states-10m.json']);
    const region = screen.getByRole('region', { name: 'Distribution' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(container.querySelectorAll('[tabindex]')).toHaveLength(1);
    const byTitle = (name: string) => [...container.querySelectorAll('path.state')].find((p) => p.querySelector('title')?.textContent === name)!;
    expect(byTitle('California: 5').getAttribute('class')).toContain('q');
    expect(byTitle('Wyoming: 0').getAttribute('class')).toBe('state zero');
    expect(byTitle('District of Columbia: 1')).toBeTruthy();
    const top = screen.getByRole('list', { name: 'States with the most members' });
    expect([...top.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Texas11', 'California5', 'District of Columbia1']);
    const legend = container.querySelector('[part="legend"]')!;
    expect(legend.textContent).toBe('Low1High11');
    expect(tableRows(container)[0]).toEqual(['Texas', '11']);
    expect(container.querySelector('[style]')).toBeNull();
  });

  it('does not render the map when the topology cannot be fetched (the data table stays)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container } = render(<UsStateMap data={{ CA: 5 }} topologyUrl={`${api.base}/missing.json`} />);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(container.querySelector('svg')).toBeNull();
    expect(tableRows(container)).toEqual([['California', '5']]);
    warn.mockRestore();
  });
});
