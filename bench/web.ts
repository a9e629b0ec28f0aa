/**
 * How fast the public pages paint and how much they load, in Chromium on this machine.
 *
 *   npm run bench:web                          build, then 5 measured loads per page and Lighthouse on five of them
 *   npm run bench:web -- --runs 9              the median of 9 loads
 *   npm run bench:web -- --lighthouse-runs 3   Lighthouse 3 times per page, keeping its median performance run
 *   npm run bench:web -- --reuse-build         keep dist-bench/ when it is newer than its sources
 *   npm run bench:web -- --smoke               one load per page, no Lighthouse; fails only when a page does not load
 *
 * The app is built (server/src/static-build.ts, as `npm start` builds it) into dist-bench/, with no
 * payment keys in the environment, and served by the compiled server (dist-server/main.js) on a fresh
 * PGlite folder holding only the sample data. Each page is loaded once unmeasured (the server's caches
 * warm), then `--runs` times, the pages taking turns, each load in a fresh browser context with the
 * CPU slowed 4× and the cache off (bench/web-load.ts says what is measured and how). Bytes are over
 * the wire; the pages' JavaScript budgets are checked against the median JavaScript bytes.
 *
 * It measures; it never judges: the run exits 0 whatever the numbers (a page over budget is marked
 * FAIL in the table), and 1 only when it could not run or, with --smoke, when a page did not load.
 * Results go to bench/results/web.json (web-smoke.json for --smoke), each run replacing the last.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { blogPosts } from '#data/blogs';
import { catalogueCars } from '#data/cars';
import { launchBrowser } from '../e2e/support/browser';
import { buildWithVite, isBuildStale } from '../server/src/static-build';
import {
  definedMedian,
  ensureServerBuild,
  gitState,
  markdownTable,
  median,
  onCleanUp,
  positiveInteger,
  projectDir,
  runBench,
  startServer,
  writeResults,
} from './server-process';
import { type LighthouseReport, startLighthouse } from './web-lighthouse';
import { CPU_SLOWDOWN, type LoadSample, measureLoad, QUIET_MS, RESOURCE_KINDS, type ResourceKind, VIEWPORT } from './web-load';

const BUILD_DIR = path.join(projectDir, 'dist-bench');
const KB = 1024;

// ---------------------------------------------------------------- settings

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string' },
    'lighthouse-runs': { type: 'string' },
    'reuse-build': { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
  },
});
const smoke = flags.smoke;
const settings = {
  runs: smoke ? 1 : positiveInteger('runs', flags.runs, 5),
  lighthouseRuns: smoke ? 0 : positiveInteger('lighthouse-runs', flags['lighthouse-runs'], 1),
  cpuSlowdown: CPU_SLOWDOWN,
  cacheDisabled: true,
  viewport: VIEWPORT,
  quietMs: QUIET_MS,
  smoke,
};

// ---------------------------------------------------------------- pages

interface WebRoute {
  label: string;
  path: string;
  /** The most JavaScript the page may load over the wire, in KB, counting all it loads without a user action. */
  jsBudgetKb: number;
  lighthouse: boolean;
}

function webRoutes(): WebRoute[] {
  const car = catalogueCars[0];
  const post = blogPosts[0];
  if (!car || !post) throw new Error('the sample data has no catalogue car or no blog post');
  const page = (label: string, pathname: string, jsBudgetKb: number, lighthouse = false): WebRoute => ({
    label,
    path: pathname,
    jsBudgetKb,
    lighthouse,
  });
  return [
    page('/', '/', 100, true),
    page('/layout/home', '/layout/home', 150, true),
    page('/layout/about', '/layout/about', 150),
    page('/layout/cars', '/layout/cars', 150, true),
    page('/layout/blogs', '/layout/blogs', 150),
    page('/layout/contact', '/layout/contact', 150),
    page(`car page (${car.carName})`, `/cars/${encodeURIComponent(car.carName)}`, 220, true),
    page(`blog post (${post.title})`, `/blogs/${encodeURIComponent(post.title)}`, 150, true),
  ];
}

/** The build must not offer payments: the checkouts' keys stay out of the bench's build and server. */
function clearPaymentSettings(): void {
  for (const name of Object.keys(process.env)) {
    if (/^(VITE_)?(STRIPE|RAZORPAY)_/.test(name)) delete process.env[name];
  }
  // As `npm start` in a plain shell: the build calls its own origin and is a production one.
  delete process.env.VITE_API_URL;
  delete process.env.NODE_ENV;
}

// ---------------------------------------------------------------- report

interface RouteResult {
  label: string;
  path: string;
  jsBudgetKb: number;
  /** Undefined when a load failed: `error` says why. */
  median?: Record<`${ResourceKind}Bytes`, number> & { jsRequests: number; fcpMs?: number; lcpMs?: number; tbtMs: number };
  withinJsBudget?: boolean;
  /** Content-Encodings the page's scripts came with. */
  jsEncodings: string[];
  lcpElements: string[];
  consoleErrors: string[];
  failedRequests: string[];
  lighthouse?: LighthouseReport;
  error?: string;
  /** Each load's numbers; the first load's requests one by one. */
  runs: Array<Omit<LoadSample, 'resources'>>;
  resources: LoadSample['resources'];
}

const unique = (values: string[]) => [...new Set(values)];

function summarize(route: WebRoute, samples: LoadSample[], error: string | undefined): RouteResult {
  const [first] = samples;
  const base = {
    label: route.label,
    path: decodeURIComponent(route.path),
    jsBudgetKb: route.jsBudgetKb,
    jsEncodings: unique(samples.flatMap((sample) => sample.resources.filter((r) => r.kind === 'js').map((r) => r.encoding))),
    lcpElements: unique(samples.flatMap((sample) => (sample.lcpElement ? [sample.lcpElement] : []))),
    consoleErrors: unique(samples.flatMap((sample) => sample.consoleErrors)),
    failedRequests: unique(samples.flatMap((sample) => sample.failedRequests)),
    runs: samples.map(({ resources: _resources, ...rest }) => rest),
    resources: first?.resources ?? [],
  };
  if (error !== undefined || samples.length === 0) return { ...base, error: error ?? 'no load' };
  const bytes = Object.fromEntries(
    RESOURCE_KINDS.map((kind) => [`${kind}Bytes`, median(samples.map((sample) => sample.bytes[kind]))]),
  ) as Record<`${ResourceKind}Bytes`, number>;
  return {
    ...base,
    median: {
      ...bytes,
      jsRequests: median(samples.map((sample) => sample.requests.js)),
      fcpMs: definedMedian(samples.map((sample) => sample.fcpMs)),
      lcpMs: definedMedian(samples.map((sample) => sample.lcpMs)),
      tbtMs: median(samples.map((sample) => sample.tbtMs)),
    },
    withinJsBudget: bytes.jsBytes <= route.jsBudgetKb * KB,
  };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const ms = (value: number | undefined) => (value === undefined ? '–' : `${Math.round(value).toLocaleString('en-US')} ms`);
const scoreCell = (value: number | null | undefined) => (value === undefined ? '' : value === null ? '?' : String(value));

function table(results: RouteResult[]): string {
  return markdownTable([
    ['page', 'JS (files)', 'CSS', 'images', 'FCP', 'LCP', 'TBT', 'JS budget', 'LH perf', 'a11y', 'BP', 'SEO'],
    ...results.map((result) => {
      const m = result.median;
      const scores = result.lighthouse?.scores;
      if (!m) return [result.label, `did not load: ${result.error ?? ''}`, '', '', '', '', '', '', '', '', '', ''];
      return [
        result.label,
        `${kb(m.jsBytes)} (${m.jsRequests})`,
        kb(m.cssBytes),
        kb(m.imageBytes),
        ms(m.fcpMs),
        ms(m.lcpMs),
        ms(m.tbtMs),
        `${result.withinJsBudget ? 'pass' : 'FAIL'} (≤ ${result.jsBudgetKb} KB)`,
        scoreCell(scores?.performance),
        scoreCell(scores?.accessibility),
        scoreCell(scores?.['best-practices']),
        scoreCell(scores?.seo),
      ];
    }),
  ]);
}

function scoresLine({ scores }: LighthouseReport): string {
  return (
    `performance ${scoreCell(scores.performance)}, accessibility ${scoreCell(scores.accessibility)}, ` +
    `best practices ${scoreCell(scores['best-practices'])}, SEO ${scoreCell(scores.seo)}`
  );
}

function notes(results: RouteResult[]): string[] {
  const lines: string[] = [];
  for (const result of results) {
    if (result.lcpElements.length > 0) lines.push(`${result.label}: LCP element ${result.lcpElements.join(' | ')}`);
    const notBrotli = result.jsEncodings.filter((encoding) => encoding !== 'br');
    if (notBrotli.length > 0) lines.push(`${result.label}: scripts came ${notBrotli.join(', ')}, not only brotli`);
    for (const error of result.consoleErrors) lines.push(`${result.label}: console error: ${error}`);
    for (const failed of result.failedRequests) lines.push(`${result.label}: request failed: ${failed}`);
    const lighthouse = result.lighthouse;
    if (lighthouse) {
      const { lcpMs, tbtMs, cls } = lighthouse.metrics;
      lines.push(
        `${result.label}: Lighthouse's simulated LCP ${ms(lcpMs ?? undefined)}, TBT ${ms(tbtMs ?? undefined)}, CLS ${cls ?? '?'}`,
      );
      for (const lost of lighthouse.lostPoints) lines.push(`${result.label}: Lighthouse: ${lost}`);
      for (const warning of lighthouse.warnings) lines.push(`${result.label}: Lighthouse warns: ${warning}`);
    }
  }
  return lines;
}

// ---------------------------------------------------------------- the run

async function main(): Promise<number> {
  clearPaymentSettings();
  const git = gitState();
  const routes = webRoutes();
  const started = performance.now();

  const buildStarted = performance.now();
  const rebuild = !flags['reuse-build'] || (await isBuildStale(projectDir, BUILD_DIR));
  if (rebuild) {
    console.log(`Building the app into ${path.relative(projectDir, BUILD_DIR)}/ ...`);
    buildWithVite(projectDir, BUILD_DIR);
  }
  const buildMs = Math.round(performance.now() - buildStarted);
  await ensureServerBuild();

  const dataDir = await mkdtemp(path.join(tmpdir(), 'wow-bench-web-'));
  onCleanUp(() => rm(dataDir, { recursive: true, force: true }));
  const server = await startServer({ databaseUrl: undefined, dataDir, staticDir: BUILD_DIR });
  console.log(
    `bench:web at ${git.commit}${git.dirty ? ' (with uncommitted changes)' : ''}: ${settings.runs} load(s) per page, ` +
      `CPU ${CPU_SLOWDOWN}× slower, cache off, ${VIEWPORT.width}×${VIEWPORT.height}, server at ${server.base}`,
  );

  const browser = await launchBrowser();
  onCleanUp(() => browser.close());
  const samples = new Map<WebRoute, LoadSample[]>(routes.map((route) => [route, []]));
  const errors = new Map<WebRoute, string>();
  const load = async (route: WebRoute) => {
    try {
      return await measureLoad(browser, `${server.base}${route.path}`);
    } catch (error) {
      errors.set(route, error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error));
      return undefined;
    }
  };
  if (!smoke) {
    for (const route of routes) await load(route);
  }
  for (let run = 1; run <= settings.runs; run += 1) {
    for (const route of routes) {
      if (errors.has(route)) continue;
      const sample = await load(route);
      if (!sample) continue;
      samples.get(route)?.push(sample);
      console.log(
        `  run ${run}/${settings.runs}  ${route.label.padEnd(44)} JS ${kb(sample.bytes.js).padStart(9)}  ` +
          `FCP ${ms(sample.fcpMs).padStart(8)}  LCP ${ms(sample.lcpMs).padStart(8)}  TBT ${ms(sample.tbtMs).padStart(8)}`,
      );
    }
  }
  await browser.close();

  const lighthouse = new Map<WebRoute, LighthouseReport>();
  if (settings.lighthouseRuns > 0) {
    const runner = await startLighthouse();
    onCleanUp(runner.stop);
    for (const route of routes.filter((candidate) => candidate.lighthouse && !errors.has(candidate))) {
      try {
        const report = await runner.audit(`${server.base}${route.path}`, settings.lighthouseRuns);
        lighthouse.set(route, report);
        console.log(`  Lighthouse ${route.label.padEnd(44)} ${scoresLine(report)}`);
      } catch (error) {
        console.error(`  Lighthouse ${route.label}: ${error instanceof Error ? error.message : error}`);
      }
    }
    await runner.stop();
  }
  await server.stop();

  const results = routes.map((route) => ({
    ...summarize(route, samples.get(route) ?? [], errors.get(route)),
    ...(lighthouse.has(route) ? { lighthouse: lighthouse.get(route) } : {}),
  }));
  console.log(
    `\n${smoke ? 'smoke test, one load' : `median of ${settings.runs} loads`} per page, CPU ${CPU_SLOWDOWN}× slower, ` +
      `cache off, at ${git.commit}${git.dirty ? ' (with uncommitted changes)' : ''}` +
      (settings.lighthouseRuns > 0 ? `; Lighthouse ${settings.lighthouseRuns} run(s), mobile preset` : ''),
  );
  console.log(table(results));
  for (const line of notes(results)) console.log(line);

  await writeResults(smoke ? 'web-smoke.json' : 'web.json', git, {
    ...settings,
    build: { dir: path.relative(projectDir, BUILD_DIR), rebuilt: rebuild, ms: buildMs },
    seconds: Math.round((performance.now() - started) / 1000),
    routes: results,
  });

  for (const [route, error] of errors) console.error(`${route.label} did not load: ${error}`);
  // Numbers never fail a run; with --smoke (meant for CI) a page that did not load does.
  return smoke && errors.size > 0 ? 1 : 0;
}

await runBench(main);
