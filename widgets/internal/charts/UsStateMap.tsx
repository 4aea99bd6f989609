/**
 * <us-state-map> as a component: SVG paths from us-atlas (d3-geo's Albers USA projection,
 * topojson-client), shaded through CSS classes (no inline styles), 5 quantized steps (d3-scale).
 */
import { geoAlbersUsa, geoPath } from 'd3-geo';
import { scaleQuantize } from 'd3-scale';
import { useEffect, useMemo, useRef, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { STATE_MAP } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages';
import { isEmptyData } from './data';
import { formatCount } from '../format';
import { whenNearViewport } from '../near-viewport';
import { MAP_DEFAULTS as DEFAULTS } from './defaults';
import { STATES } from './states';

export interface UsStateMapProps {
  data?: Record<string, number> | null;
  label?: string;
  /** What the counts are, for the top-states list's name ('lives'). */
  unit?: string;
  topologyUrl?: string;
  container?: Node;
}

export interface StateShape {
  code: string;
  name: string;
  d: string;
}

const WIDTH = 975;
/** How many states the list under the map names (most first). */
const TOP_STATES = 5;
const HEIGHT = 610;

/** states-10m.json beside the bundle: the chunk lives in chunks/, the file one level up. */
export function defaultTopologyUrl(): string {
  const here = import.meta.url;
  try {
    return new URL(`../${DEFAULTS.topologyFile}`, here).href;
  } catch {
    return DEFAULTS.topologyFile;
  }
}

/** The topology is static data: fetched once per URL and page, shared by every map. */
const topologyByUrl = new Map<string, Promise<Topology>>();

export function loadTopology(url: string): Promise<Topology> {
  let topology = topologyByUrl.get(url);
  if (!topology) {
    topology = fetch(url, { credentials: 'omit' }).then((res) => {
      if (!res.ok) throw new Error(`${res.status} for ${url}`);
      return res.json() as Promise<Topology>;
    });
    topology.catch(() => topologyByUrl.delete(url)); // a later mount may try again
    topologyByUrl.set(url, topology);
  }
  return topology;
}

/** Projecting is the costly part (d3-geo over every boundary point): once per topology and page. */
const shapesByTopology = new WeakMap<Topology, StateShape[]>();

export function shapesOf(topology: Topology): StateShape[] {
  let shapes = shapesByTopology.get(topology);
  if (!shapes) {
    shapes = toShapes(topology);
    shapesByTopology.set(topology, shapes);
  }
  return shapes;
}

/** The 50 states + DC of a us-atlas topology as projected SVG paths. */
export function toShapes(topology: Topology): StateShape[] {
  const collection = feature(topology, topology.objects.states as GeometryCollection);
  const features = collection.features.filter((f) => STATES[String(f.id)]);
  const projection = geoAlbersUsa().fitSize([WIDTH, HEIGHT], { type: 'FeatureCollection', features });
  const path = geoPath(projection);
  return features
    .map((f) => {
      const [code, name] = STATES[String(f.id)];
      return { code, name, d: path(f) ?? '' };
    })
    .filter((s) => s.d);
}

/** Step 0-4 of a count, or -1 for grey (0, or a maximum of 0). */
export function shadeSteps(data: Record<string, number>): { step(count: number): number; min: number; max: number } {
  const values = Object.values(data).map((v) => Number(v) || 0);
  const max = values.length ? Math.max(...values) : 0;
  const min = values.length ? Math.min(...values) : 0;
  const steps = STATE_MAP.quantizeSteps;
  const scale = scaleQuantize<number>()
    .domain([min, max])
    .range(Array.from({ length: steps }, (_, i) => i));
  return {
    min,
    max,
    step: (count) => (max <= 0 || count <= 0 ? -1 : min === max ? steps - 1 : scale(count)),
  };
}

export function UsStateMap({ data, label, topologyUrl, unit = 'members' }: UsStateMapProps) {
  const [topology, setTopology] = useState<Topology | null>(null);
  const [failed, setFailed] = useState(false);
  // The boundaries are fetched at mount but projected only when the map comes near the viewport (or
  // the page is printed): projecting took most of a second of a phone's main thread at load
  // (issue 21), for a map at the bottom of the report.
  const [near, setNear] = useState(false);
  const figureRef = useRef<HTMLElement>(null);
  const url = topologyUrl || defaultTopologyUrl();
  const empty = isEmptyData(data);
  const name = label || DEFAULTS.label;

  useEffect(() => {
    let live = true;
    setFailed(false);
    loadTopology(url).then(
      (t) => live && setTopology(t),
      (err: unknown) => {
        // No failure handling in the spec: the map does not render (the data table remains).
        console.warn('Benefold: could not load the map boundaries.', err);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [url]);

  useEffect(() => {
    const figure = figureRef.current;
    return figure ? whenNearViewport(figure, () => setNear(true)) : undefined;
  }, [empty]);

  // A topology that cannot be projected (not us-atlas states) fails as a fetch does: no drawing.
  const drawing = useMemo(() => {
    if (!near || !topology) return { shapes: null, broken: false };
    try {
      return { shapes: shapesOf(topology), broken: false };
    } catch (err) {
      console.warn('Benefold: could not load the map boundaries.', err);
      return { shapes: null, broken: true };
    }
  }, [near, topology]);
  const shapes = drawing.shapes;

  if (empty) {
    return (
      <div className="chart chart-empty" part="base empty" role="note" aria-label={name}>
        <p className="empty-text">{MESSAGES.census.noData}</p>
      </div>
    );
  }
  const counts = data ?? {};
  const { step, min, max } = shadeSteps(counts);
  const countOf = (code: string) => Number(counts[code]) || 0;
  const rows = Object.keys(STATES)
    .map((fips) => STATES[fips])
    .filter(([code]) => code in counts)
    .sort((a, b) => countOf(b[0]) - countOf(a[0]));
  const top = rows.slice(0, TOP_STATES);

  return (
    <figure ref={figureRef} className="chart map" part="base" role="region" aria-label={name} tabIndex={0}>
      {/* The drawing's room is taken as soon as the boundaries arrive; its states follow when drawn. */}
      {topology && !failed && !drawing.broken ? (
        <>
          {/* The drawing is for the eye (each state's count shows on hover); assistive technology
              reads the table below instead, so the map is one tab stop, not 51. */}
          <svg className="map-svg" part="map" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
            {shapes?.map((s) => {
              const n = countOf(s.code);
              const k = step(n);
              const text = `${s.name}: ${formatCount(n)}`;
              return (
                <path key={s.code} className={k < 0 ? 'state zero' : `state q${k}`} part="state" d={s.d}>
                  <title>{text}</title>
                </path>
              );
            })}
          </svg>
          <div className="legend" part="legend" aria-hidden="true">
            <div className="legend-end">
              <span className="legend-label">Low</span>
              <span className="legend-value">{formatCount(min)}</span>
            </div>
            <div className="legend-ramp">
              {Array.from({ length: STATE_MAP.quantizeSteps }, (_, i) => (
                <span key={i} className={`swatch q${i}`} />
              ))}
            </div>
            <div className="legend-end high">
              <span className="legend-label">High</span>
              <span className="legend-value">{formatCount(max)}</span>
            </div>
          </div>
        </>
      ) : null}
      {top.length ? (
        <ol className="top-states" part="top-states" aria-label={`States with the most ${unit}`}>
          {top.map(([code, stateName]) => (
            <li key={code}>
              <span className="top-name">{stateName}</span>
              <span className="top-count">{formatCount(countOf(code))}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {/* Wrapped: a table never shrinks below its rows, so a hidden table would still take height. */}
      <div className="visually-hidden">
        <table>
          <caption>{`${name} (low ${min}, high ${max})`}</caption>
          <thead>
            <tr>
              <th scope="col">State</th>
              <th scope="col">Count</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([code, stateName]) => (
              <tr key={code}>
                <th scope="row">{stateName}</th>
                <td>{formatCount(countOf(code))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

export const MAP_CSS = /* css */ `
:host{--_map-low:var(--bf-map-low,#cfe0ff);--_map-zero:var(--bf-map-zero,#3a4560)}
.chart{margin:0;position:relative;min-width:0}
.chart-empty{display:grid;place-items:center;min-height:8em;border:1px dashed var(--_color-border);border-radius:var(--_radius)}
.empty-text{margin:0;color:var(--_color-text-muted);font-size:.9375em}
.map-svg{display:block;width:100%;max-width:48em;height:auto;margin:0 auto}
.state{stroke:var(--_color-surface);stroke-width:1;outline:none;transition:opacity var(--_duration) ease}
.state:hover{opacity:.85}
.map:focus-visible{outline:2px solid var(--_color-focus);outline-offset:4px;border-radius:4px}
.top-states{list-style:none;margin:.75em auto 0;padding:0;display:flex;flex-wrap:wrap;justify-content:center;gap:.4em 1.25em;font-size:.875em;counter-reset:top}
.top-states li{display:flex;gap:.4em;counter-increment:top}
.top-states li::before{content:counter(top) ".";color:var(--_color-text-muted)}
.top-name{color:var(--_color-text-muted)}
.top-count{font-weight:700;font-variant-numeric:tabular-nums}
.zero{fill:var(--_map-zero)}
.q0{fill:var(--_map-low);background:var(--_map-low)}
.q1{fill:color-mix(in srgb,var(--_color-primary) 25%,var(--_map-low));background:color-mix(in srgb,var(--_color-primary) 25%,var(--_map-low))}
.q2{fill:color-mix(in srgb,var(--_color-primary) 50%,var(--_map-low));background:color-mix(in srgb,var(--_color-primary) 50%,var(--_map-low))}
.q3{fill:color-mix(in srgb,var(--_color-primary) 75%,var(--_map-low));background:color-mix(in srgb,var(--_color-primary) 75%,var(--_map-low))}
.q4{fill:var(--_color-primary);background:var(--_color-primary)}
.legend{display:flex;align-items:flex-end;justify-content:center;gap:.75em;margin-top:.75em;font-size:.8125em}
.legend-end{display:grid;justify-items:center;line-height:1.3}
.legend-label{color:var(--_color-text-muted)}
.legend-value{font-weight:700;font-variant-numeric:tabular-nums}
.legend-ramp{display:flex;height:.75em;width:min(14em,50%);border-radius:999px;overflow:hidden;margin-bottom:.3em}
.swatch{flex:1}
@media (forced-colors:active){.state{forced-color-adjust:none}}
`;
