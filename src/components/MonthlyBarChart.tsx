import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip, type ChartOptions } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { monthShort } from '../domain/month-names';
import { formatPaise } from '../domain/money';
import '../styles/monthly-chart.css';

// Only the parts a bar chart uses, so the rest of Chart.js stays out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** The theme's green (src/styles/theme.css) and Bootstrap's danger red: a canvas cannot read CSS variables. */
const GAINED = '#0a7d32';
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
  // Whole paise from zero, and at least a rupee high: months of nothing would otherwise draw fractions of a paisa.
  scales: {
    y: { beginAtZero: true, suggestedMax: 100, ticks: { precision: 0, callback: (value) => formatPaise(Number(value)) } },
  },
};

export interface MonthlyBarChartProps {
  /** The months, `YYYY-MM`, oldest first: the bars' labels. */
  months: readonly string[];
  /** Each month's amount in paise, in the same order; a negative one is drawn red. */
  values: readonly number[];
  /** What the chart shows, for someone who cannot see it. */
  label: string;
  /** The id of the table that gives the same figures. */
  describedBy: string;
}

/**
 * An amount of money by month as bars (Chart.js, loaded with the screens that draw one alone, through
 * `lazy`). A canvas says nothing to a screen reader: it is an image named by `label` and described by
 * the table beside it.
 */
export default function MonthlyBarChart({ months, values, label, describedBy }: MonthlyBarChartProps) {
  if (!canDraw) return null;
  const data = {
    labels: months.map(monthShort),
    datasets: [{ data: [...values], backgroundColor: values.map((paise) => (paise < 0 ? LOST : GAINED)) }],
  };
  return (
    <div className="monthly-chart mb-3">
      <Bar data={data} options={options} aria-label={label} aria-describedby={describedBy} />
    </div>
  );
}
