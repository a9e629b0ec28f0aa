import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip, type ChartOptions } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { EarningsMonth } from '../../domain/contract';
import { formatPaise } from '../../domain/money';
import { monthShort } from './format';

// Only the parts a bar chart uses, so the rest of Chart.js stays out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** The theme's green (src/styles/theme.css) and Bootstrap's danger red: a canvas cannot read CSS variables. */
const EARNED = '#0a7d32';
const LOST = '#b02a37';

/** Whether the browser draws on a canvas (jsdom, for one, does not): where it cannot, the table beside the chart says it all. */
const canDraw = (() => {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
})();

const options: ChartOptions<'bar'> = {
  responsive: true,
  maintainAspectRatio: false,
  animation: false,
  plugins: { tooltip: { callbacks: { label: (item) => formatPaise(Number(item.raw)) } } },
  scales: { y: { ticks: { callback: (value) => formatPaise(Number(value)) } } },
};

interface EarningsChartProps {
  months: readonly EarningsMonth[];
  /** What the chart shows, for someone who cannot see it. */
  label: string;
  /** The id of the table that gives the same figures. */
  describedBy: string;
}

/**
 * Net earnings by month as bars (Chart.js, loaded with this screen alone). A canvas says nothing to
 * a screen reader: it is an image named by `label` and described by the table beside it.
 */
export default function EarningsChart({ months, label, describedBy }: EarningsChartProps) {
  if (!canDraw) return null;
  const data = {
    labels: months.map(({ month }) => monthShort(month)),
    datasets: [
      {
        data: months.map(({ netPaise }) => netPaise),
        backgroundColor: months.map(({ netPaise }) => (netPaise < 0 ? LOST : EARNED)),
      },
    ],
  };
  return (
    <div className="earnings-chart mb-3">
      <Bar data={data} options={options} aria-label={label} aria-describedby={describedBy} />
    </div>
  );
}
