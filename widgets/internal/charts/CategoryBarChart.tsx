/** <category-bar-chart> as a component: counts by label, thickness 20, or the 50% variant. */
import { BarChart } from './bar-chart';
import { isEmptyData } from './chart';
import { CATEGORY_BAR_DEFAULTS as DEFAULTS } from './defaults';

export interface CategoryBarChartProps {
  data?: Record<string, number> | null;
  label?: string;
  variant?: string;
  container?: Node;
}

/** The entries to draw: numeric counts only, in key order. */
export function categoryEntries(data: Record<string, number> | null | undefined): [string, number][] {
  if (!data || typeof data !== 'object') return [];
  return Object.entries(data).map(([k, v]) => [k, Number(v) || 0]);
}

export function CategoryBarChart({ data, label, variant }: CategoryBarChartProps) {
  const half = variant === 'half';
  return (
    <BarChart
      entries={categoryEntries(data)}
      empty={isEmptyData(data)}
      label={label || DEFAULTS.label}
      thickness={DEFAULTS.thickness}
      barPercentage={half ? DEFAULTS.halfWidth : undefined}
      rotate={half}
    />
  );
}
