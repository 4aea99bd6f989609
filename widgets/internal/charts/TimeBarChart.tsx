/** <time-bar-chart> as a component: time buckets (ms keys) as bars. */
import { BarChart } from './bar-chart';
import { isEmptyData } from './chart';
import { TIME_BAR_DEFAULTS as DEFAULTS } from './defaults';

export interface TimeBarChartProps {
  data?: Record<string, number> | null;
  label?: string;
  container?: Node;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The label of a bucket key: the date of key / 1000 as Unix seconds; 'Unknown' for NaN or junk. */
export function timeLabel(key: string): string {
  const seconds = Number(key) / 1000;
  if (!Number.isFinite(seconds)) return DEFAULTS.unknownLabel;
  return dateFormat.format(new Date(seconds * 1000));
}

/** Entries in time order, NaN (and anything unreadable) last. */
export function timeEntries(data: Record<string, number> | null | undefined): [string, number][] {
  if (!data || typeof data !== 'object') return [];
  const keyed = Object.entries(data).map(([k, v]) => ({ t: Number(k), label: timeLabel(k), value: Number(v) || 0 }));
  keyed.sort((a, b) => (Number.isFinite(a.t) ? (Number.isFinite(b.t) ? a.t - b.t : -1) : Number.isFinite(b.t) ? 1 : 0));
  return keyed.map((e) => [e.label, e.value]);
}

/** product-spec section 9: 10 px above 20 bars, else 20. */
export function timeBarThickness(count: number): number {
  return count > DEFAULTS.thinAbove ? DEFAULTS.thin : DEFAULTS.thick;
}

export function TimeBarChart({ data, label }: TimeBarChartProps) {
  const entries = timeEntries(data);
  return (
    <BarChart
      entries={entries}
      empty={isEmptyData(data)}
      label={label || DEFAULTS.label}
      thickness={timeBarThickness(entries.length)}
      rotate
      categoryHeader="Date"
    />
  );
}
