/**
 * What the chart elements share: Chart.js and react-chartjs-2 loaded on first use (./runtime.ts), the
 * value-label plugin of the bar charts, colours read from the element's `--bf-*` tokens, the canvas
 * (react-chartjs-2's `<Chart>` once near the viewport), and the frame every chart draws in (the
 * canvas, 'No data available', and a visually hidden table of the data for screen readers).
 *
 * Chart.js sets the canvas size through the CSSOM (canvas.style.width = ...), which a strict
 * `style-src` CSP allows (it blocks style attributes in markup and setAttribute('style'), not CSSOM).
 */
import type { ChartConfiguration, Plugin } from 'chart.js';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MESSAGES } from '../../../shared/messages';
import { formatCount } from '../format';
import { whenNearViewport } from '../near-viewport';

export { isEmptyData } from './data';

/** Chart.js, react-chartjs-2's `<Chart>` and the registration helpers (./runtime.ts), a chunk of its own. */
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

/** The element (shadow host) `node` is drawn in; `node` itself outside a shadow root. */
function hostOf(node: Element | null): Element | null {
  return node ? ((node.getRootNode() as ShadowRoot).host ?? node) : null;
}

/** The element's resolved tokens (the `--_*` copies on :host carry page overrides and defaults). */
export function chartColors(node: Element | null): ChartColors {
  const host = hostOf(node);
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

/** What a chart element draws: made once the chart is drawn, when the element's colours are read. */
/** Makes a chart's configuration: `host` for its tokens, `width` the chart's own box (px) when drawn. */
export type MakeChart = (charts: ChartRuntime, colors: ChartColors, host: Element | null, width: number | null) => ChartConfiguration;

export interface ChartCanvasProps {
  /** Names the canvas (inside the frame's aria-hidden box; the frame's table is what is read). */
  label: string;
  make: MakeChart;
  /** Changes when what `make` draws changes (the data, as a string): the chart is then updated. */
  version: string;
}

/** jsdom (component tests) has no canvas and logs for every getContext call: no chart there. */
const noCanvas = () => typeof navigator !== 'undefined' && /jsdom/.test(navigator.userAgent);

/**
 * The chart's canvas: react-chartjs-2's `<Chart>` (it owns the Chart instance: created on mount,
 * updated in place when `make` gives new data or options, destroyed on unmount), rendered only once
 * the canvas comes near the viewport or the page is about to print (./near-viewport.ts says why) and
 * Chart.js has loaded. Until then an empty canvas holds its place; the frame's data table for screen
 * readers is in the page from the start.
 */
export function ChartCanvas({ label, make, version }: ChartCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLSpanElement>(null);
  const [charts, setCharts] = useState<ChartRuntime | null>(null);
  const [, setRendered] = useState(false);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || noCanvas()) return;
    let live = true;
    prefetchChartRuntime();
    const stop = whenNearViewport(canvas, () => {
      if (loadedRuntime) setCharts(loadedRuntime);
      else
        loadChartRuntime().then(
          (rt) => live && setCharts(rt),
          (err: unknown) => console.warn('Benefold: could not load the charts.', err),
        );
    });
    return () => {
      live = false;
      stop();
    };
  }, []);
  // react-chartjs-2 creates the Chart in an effect, and effects run after the next paint: too late
  // for a page about to print (its snapshot is taken once 'beforeprint' and its microtasks are done).
  // A second render at once runs them first (effects are flushed before any new render).
  useLayoutEffect(() => {
    if (charts) setRendered(true);
  }, [charts]);
  // Read when the chart is first drawn and when `version` changes (the element's colours then).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const config = useMemo(() => charts && make(charts, chartColors(boxRef.current), hostOf(boxRef.current), boxRef.current?.clientWidth ?? null), [charts, version]);
  return (
    <>
      <span ref={boxRef} hidden />
      {charts && config ? (
        <charts.Chart type={config.type} data={config.data} options={config.options} plugins={config.plugins} aria-label={label} />
      ) : (
        <canvas ref={canvasRef} role="img" aria-label={label} />
      )}
    </>
  );
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
