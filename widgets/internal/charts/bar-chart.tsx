/**
 * The bar chart both bar elements draw (product-spec section 9): value labels above the bars, no y
 * axis, no legend; every category label shown (no auto-skip: Chart.js tilts them when they crowd); a fixed bar thickness, or a share of the category width; x labels upright or at
 * 45 degrees.
 */
import type { ChartConfiguration } from 'chart.js';
import { ChartCanvas, ChartFrame, valueLabels, type MakeChart } from './chart';
import { formatCount } from '../format';

export interface BarChartProps {
  /** [label, count] in display order. */
  entries: readonly (readonly [string, number])[];
  label: string;
  /** Fixed bar thickness in px; ignored when `barPercentage` is set. */
  thickness?: number;
  /** Bar width as a share of its category (0.5 = 50%). */
  barPercentage?: number;
  /** Rotate the x labels by 45 degrees. */
  rotate?: boolean;
  empty: boolean;
  /** Header of the label column in the hidden table. */
  categoryHeader?: string;
}

export function BarChart({ entries, label, thickness, barPercentage, rotate, empty, categoryHeader = 'Category' }: BarChartProps) {
  const make: MakeChart = (charts, c): ChartConfiguration => {
    charts.registerBars();
    return {
      type: 'bar',
      data: {
        labels: entries.map(([l]) => l),
        datasets: [
          {
            label,
            data: entries.map(([, v]) => v),
            backgroundColor: c.primary,
            borderRadius: 4,
            ...(barPercentage ? { barPercentage, categoryPercentage: 1 } : { barThickness: thickness ?? 20 }),
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? false : undefined,
        layout: { padding: { top: 22 } },
        font: { family: c.font },
        scales: {
          x: {
            grid: { display: false },
            border: { color: c.border },
            ticks: { color: c.muted, font: { family: c.font }, autoSkip: false, ...(rotate ? { minRotation: 45, maxRotation: 45 } : { maxRotation: 45 }) },
          },
          y: { display: false, beginAtZero: true },
        },
        plugins: {
          legend: { display: false },
          tooltip: { enabled: true },
          // Read by the valueLabels plugin.
          ...({ bfValueLabels: { color: c.text } } as object),
        },
      },
      plugins: [valueLabels as never],
    };
  };
  return (
    <ChartFrame
      label={label}
      empty={empty}
      headers={[categoryHeader, 'Count']}
      rows={entries.map(([l, v]) => [l, formatCount(v)] as const)}
    >
      <ChartCanvas label={label} make={make} version={JSON.stringify([label, entries, thickness, barPercentage, rotate])} />
    </ChartFrame>
  );
}
