/**
 * What the chart elements share: Chart.js loaded on first use (./runtime.ts), the value-label
 * plugin of the bar charts, colours read from the element's `--bf-*` tokens, the hook that owns one
 * Chart instance, and the frame every chart draws in (the canvas, 'No data available', and a
 * visually hidden table of the data for screen readers).
 *
 * Chart.js sets the canvas size through the CSSOM (canvas.style.width = ...), which a strict
 * `style-src` CSP allows (it blocks style attributes in markup and setAttribute('style'), not CSSOM).
 */
import type { Chart, ChartConfiguration, Plugin } from 'chart.js';
import { useEffect, useRef, type ReactNode } from 'react';
import { MESSAGES } from '../../../shared/messages';
import { formatCount } from '../format';
import { whenNearViewport } from '../near-viewport';

export { isEmptyData } from './data';

/** Chart.js and its registration helpers (./runtime.ts), a chunk of its own. */
export type ChartRuntime = typeof import('./runtime');

let runtime: Promise<ChartRuntime> | null = null;
/** Set once the runtime has loaded, so that a chart can be drawn synchronously (before printing). */
let loadedRuntime: ChartRuntime | null = null;

/** Loads Chart.js once per page; a failed load is tried again by the next chart. */
export function loadChartRuntime(): Promise<ChartRuntime> {
  runtime ??= import('./runtime').then(
    (rt) => (loadedRuntime = rt),
    (err: unknown) => {
      runtime = null;
      throw err;
    },
  );
  return runtime;
}

/**
 * Loads Chart.js once the page has loaded and the browser is idle, though no chart is near the
 * viewport yet: a visitor who scrolls or prints then gets the charts at once (printing draws them
 * synchronously, so the runtime must be there before 'beforeprint').
 */
let prefetching = false;
function prefetchChartRuntime(): void {
  if (prefetching) return;
  prefetching = true;
  const load = () => void loadChartRuntime().catch(() => {}); // a chart near the viewport tries again
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(load, { timeout: 5000 }) : setTimeout(load, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

export interface ChartColors {
  primary: string;
  text: string;
  muted: string;
  surface: string;
  border: string;
  success: string;
  danger: string;
  font: string;
}

/** The element's resolved tokens (the `--_*` copies on :host carry page overrides and defaults). */
export function chartColors(node: Element | null): ChartColors {
  const host = node ? ((node.getRootNode() as ShadowRoot).host ?? node) : null;
  const style = host ? getComputedStyle(host) : null;
  const read = (name: string, fallback: string) => style?.getPropertyValue(`--_${name}`).trim() || fallback;
  return {
    primary: read('color-primary', '#4f5fe8'),
    text: read('color-text', '#eef2fb'),
    muted: read('color-text-muted', '#a7b1c9'),
    surface: read('color-surface', '#111a2e'),
    border: read('color-border', '#56648a'),
    success: read('color-success', '#5ee59a'),
    danger: read('color-danger', '#ff8b8b'),
    font: read('font-family', 'system-ui, sans-serif'),
  };
}

/** Draws each bar's value just above it (the bar charts have no y axis). */
export const valueLabels: Plugin<'bar'> = {
  id: 'bfValueLabels',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    const color = (chart.options.plugins as { bfValueLabels?: { color?: string } } | undefined)?.bfValueLabels?.color ?? '#fff';
    ctx.save();
    ctx.fillStyle = color;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    ctx.font = `600 12px ${chart.options.font?.family ?? 'system-ui, sans-serif'}`;
    chart.data.datasets.forEach((dataset, i) => {
      const meta = chart.getDatasetMeta(i);
      if (meta.hidden) return;
      meta.data.forEach((bar, j) => {
        const value = dataset.data[j];
        if (typeof value !== 'number') return;
        ctx.fillText(formatCount(value), bar.x, bar.y - 4);
      });
    });
    ctx.restore();
  },
};

/**
 * Owns one Chart on `canvas`: created when there is data and a 2D context (jsdom has none), updated
 * in place when the config changes, destroyed on unmount.
 *
 * The Chart is created only once its canvas comes near the viewport, or before the page is printed
 * (./near-viewport.ts says why); its data table for screen readers is in the page from the start.
 */
export function useChart(config: ((charts: ChartRuntime) => ChartConfiguration) | null, deps: unknown[]) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const chartRef = useRef<Chart | null>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    // jsdom (component tests) has no canvas and logs for every getContext call: skip it there.
    if (!config || !canvas || /jsdom/.test(navigator.userAgent)) return;
    let chart: Chart | null = null;
    let live = true;
    const build = (charts: ChartRuntime) => {
      if (!live || chart) return;
      let context: CanvasRenderingContext2D | null = null;
      try {
        context = canvas.getContext('2d');
      } catch {
        context = null;
      }
      if (!context) return;
      chart = new charts.Chart(canvas, config(charts));
      chartRef.current = chart;
    };
    const draw = () => {
      if (loadedRuntime) build(loadedRuntime);
      else loadChartRuntime().then(build, (err: unknown) => console.warn('Benefold: could not load the charts.', err));
    };
    prefetchChartRuntime();
    const stop = whenNearViewport(canvas, draw);
    return () => {
      live = false;
      stop();
      chart?.destroy();
      chartRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return canvasRef;
}

export interface ChartFrameProps {
  /** Names the chart for assistive technology (and captions the data table). */
  label: string;
  empty: boolean;
  /** [label, value] rows of the hidden table. */
  rows: readonly (readonly [string, string])[];
  headers: readonly [string, string];
  children?: ReactNode;
  className?: string;
}

/** The box every chart draws in: 'No data available', or the chart with its hidden data table. */
export function ChartFrame({ label, empty, rows, headers, children, className }: ChartFrameProps) {
  if (empty) {
    return (
      <div className="chart chart-empty" part="base empty" role="note" aria-label={label}>
        <p className="empty-text">{MESSAGES.census.noData}</p>
      </div>
    );
  }
  return (
    <figure className={className ? `chart ${className}` : 'chart'} part="base">
      <div className="chart-box" part="chart" aria-hidden="true">
        {children}
      </div>
      {/* The wrapper, not the table, is visually hidden: a table never shrinks below its rows, so a
          1px-high hidden table still pushed the page down by its full height. */}
      <div className="visually-hidden">
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">{headers[0]}</th>
              <th scope="col">{headers[1]}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, value]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** The chart elements' CSS, on top of BASE_CSS. */
export const CHART_CSS = /* css */ `
:host{--_chart-height:var(--bf-chart-height,16em)}
.chart{margin:0;position:relative;min-width:0}
.chart-box{position:relative;height:var(--_chart-height);min-width:0}
.chart-box canvas{display:block;max-width:100%}
.chart-empty{display:grid;place-items:center;min-height:8em;height:var(--_chart-height);border:1px dashed var(--_color-border);border-radius:var(--_radius)}
.empty-text{margin:0;color:var(--_color-text-muted);font-size:.9375em}
`;

export const CHART_CSS_PROPERTY = {
  name: '--bf-chart-height',
  default: '16em',
  description: 'Height of the chart area.',
} as const;
