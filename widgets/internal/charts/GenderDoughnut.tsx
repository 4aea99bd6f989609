/** <gender-doughnut> as a component: the male / female / unknown split. */
import type { ChartConfiguration } from 'chart.js';
import { ChartCanvas, ChartFrame, isEmptyData, type MakeChart } from './chart';
import { formatCount } from '../format';
import { DOUGHNUT_DEFAULTS as DEFAULTS } from './defaults';

/** The narrowest chart that keeps its legend on the right (the spec's place); a narrower one has it below. */
const LEGEND_BESIDE_MIN_PX = 340;

interface Share {
  value: number;
  percentage: number;
}
export interface GenderSplit {
  male?: Share;
  female?: Share;
  unknown?: Share;
}

export interface GenderDoughnutProps {
  data?: GenderSplit | null;
  label?: string;
  container?: Node;
}

const KEYS = [
  ['male', 'Male'],
  ['female', 'Female'],
  ['unknown', 'Unknown'],
] as const;

/** 'Male (48%)' ... (product-spec section 9: whole numbers). */
export function genderEntries(data: GenderSplit | null | undefined): { label: string; value: number }[] {
  return KEYS.map(([key, name]) => {
    const share = data?.[key];
    const pct = Math.round(Number(share?.percentage) || 0);
    return { label: `${name} (${pct}%)`, value: Number(share?.value) || 0 };
  });
}

export function GenderDoughnut({ data, label }: GenderDoughnutProps) {
  const entries = genderEntries(data);
  const empty = isEmptyData(data) || entries.every((e) => e.value === 0);
  const name = label || DEFAULTS.label;
  const make: MakeChart = (charts, c, host, width) => {
    charts.registerDoughnut();
    const style = host ? getComputedStyle(host) : null;
    const female = style?.getPropertyValue('--bf-chart-female').trim() || '#e879c6';
    const unknown = style?.getPropertyValue('--bf-chart-unknown').trim() || '#8a94ad';
    // Below 340 px the legend beside the ring has under half of it and cuts 'Unknown (100%)' short.
    const narrow = (width ?? 400) < LEGEND_BESIDE_MIN_PX;
    const config: ChartConfiguration<'doughnut'> = {
      type: 'doughnut',
      data: {
        labels: entries.map((e) => e.label),
        datasets: [{ data: entries.map((e) => e.value), backgroundColor: [c.primary, female, unknown], borderColor: c.surface, borderWidth: 2 }],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        cutout: '62%',
        animation: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? false : undefined,
        plugins: {
          legend: {
            // The spec's legend on the right; below it when the element is narrow.
            position: narrow ? 'bottom' : 'right',
            labels: { color: c.text, font: { family: c.font, size: 13 }, boxWidth: 14, boxHeight: 14, padding: 14 },
          },
          tooltip: { enabled: true },
        },
      },
    };
    return config as unknown as ChartConfiguration;
  };
  return (
    <ChartFrame label={name} empty={empty} headers={['Gender', 'Lives']} rows={entries.map((e) => [e.label, formatCount(e.value)] as const)}>
      <ChartCanvas label={name} make={make} version={JSON.stringify(entries)} />
    </ChartFrame>
  );
}
