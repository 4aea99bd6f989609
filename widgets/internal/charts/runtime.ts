/**
 * Chart.js with only the parts the chart elements use registered, and react-chartjs-2's `<Chart>`
 * that draws them (under preact/compat in the bundle). Loaded on first use through
 * loadChartRuntime() in ./chart.tsx, not with the elements: a chart is drawn only when it comes near
 * the viewport, and Chart.js was over 40% of <census-report>'s first use (issue 21, mobile Lighthouse
 * on /tools/census/sample), bytes a phone downloaded and compiled before the page settled.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';

/** react-chartjs-2's component: `<Chart type="bar" ...>` (its `Bar`, `Doughnut`... would register their controllers themselves). */
export { Chart } from 'react-chartjs-2';

let barsReady = false;
let doughnutReady = false;

/** Registers what the bar charts use: bar controller/element, category + linear scales, tooltip. */
export function registerBars(): void {
  if (barsReady) return;
  barsReady = true;
  ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);
}

/** Registers what the doughnut uses: doughnut controller, arcs, legend, tooltip. */
export function registerDoughnut(): void {
  if (doughnutReady) return;
  doughnutReady = true;
  ChartJS.register(DoughnutController, ArcElement, Legend, Tooltip);
}
