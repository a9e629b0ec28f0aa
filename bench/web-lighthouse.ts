/**
 * Lighthouse's mobile preset (its default configuration: a mid-range phone's screen, a slow 4G link and
 * a 4× slower CPU, simulated from one unthrottled load) on a Chromium of its own, started by
 * chrome-launcher with a remote-debugging port, the way Lighthouse's own command line does.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../e2e/support/browser';
import { ACCEPT_ENCODING } from './web-load';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
} as const;

export interface LighthouseReport {
  /** 0 to 100, as Lighthouse's report shows them; null where the category could not be scored. */
  scores: Record<Category, number | null>;
  /** Lighthouse's own (simulated) metrics. */
  metrics: Record<keyof typeof METRICS, number | null>;
  /** The audits that cost points outside the performance category's metrics: `category: title`. */
  lostPoints: string[];
  warnings: string[];
}

export interface LighthouseRunner {
  /** Audits `url` `runs` times and keeps the run with the median performance score. */
  audit: (url: string, runs: number) => Promise<LighthouseReport>;
  stop: () => Promise<void>;
}

async function auditOnce(url: string, port: number): Promise<LighthouseReport> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    extraHeaders: { 'Accept-Encoding': ACCEPT_ENCODING },
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (category: Category) => {
    const value = lhr.categories[category]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? null;
  const lostPoints: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.group === 'metrics' || !audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
      lostPoints.push(`${category}: ${audit.title}`);
    }
  }
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    metrics: {
      fcpMs: numeric(METRICS.fcpMs),
      lcpMs: numeric(METRICS.lcpMs),
      tbtMs: numeric(METRICS.tbtMs),
      cls: numeric(METRICS.cls),
      speedIndexMs: numeric(METRICS.speedIndexMs),
    },
    lostPoints,
    warnings: lhr.runWarnings,
  };
}

export async function startLighthouse(): Promise<LighthouseRunner> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  return {
    audit: async (url, runs) => {
      const reports: LighthouseReport[] = [];
      for (let run = 0; run < runs; run += 1) reports.push(await auditOnce(url, chrome.port));
      const byScore = reports.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
      const middle = byScore[Math.floor(byScore.length / 2)];
      if (!middle) throw new Error('Lighthouse runs at least once');
      return middle;
    },
    stop: async () => {
      if (chrome.process.exitCode === null && chrome.process.signalCode === null) chrome.kill();
    },
  };
}
