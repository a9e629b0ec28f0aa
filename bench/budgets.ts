/**
 * `npm run bench:budgets`: builds the app with a manifest and, for each public page, adds up the
 * brotli bytes of every script and stylesheet the page loads before anyone touches it: the entry
 * with its static imports, the layout and the page's chunk with theirs, the chunks the page imports
 * by itself once it runs (the sliders once the browser is idle, the car page's checkout), and, in a
 * build with its prerendered pages, whatever else the page's HTML names. It fails when a page's
 * JavaScript is over its budget. `--dir <built app>` reads an existing build (one with
 * `.vite/manifest.json`) instead of building.
 *
 * Each file counts as the server sends it to a browser that accepts brotli: the build's own brotli
 * copy beside it ({file}.br, quality 11, build/precompress.ts) when there is one, as
 * plugins/static-app.ts sends it; otherwise as @fastify/compress would make it, brotli at quality 4,
 * and files under its 1 KB threshold as they are; and with the status line and headers of its
 * answer, as `npm run bench:web` counts them in Chromium (bytes over the wire). This is the quick
 * check that needs no browser.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants } from 'node:zlib';
import { catalogueCars } from '#data/cars';
import { blogPosts } from '#data/blogs';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** What @fastify/compress does with a file the build did not compress (server/src/http/kept-answer.ts has the same threshold). */
const BROTLI_QUALITY = 4;
const COMPRESS_FROM_BYTES = 1024;
/**
 * The status line and headers of a hashed file's answer (the security headers, Vary, ETag, type,
 * length, caching, encoding, Date, keep-alive) as Chromium counts them in `npm run bench:web`: its
 * bytes for a script less the script's own, 507 to 511. On a page of twenty small scripts they
 * weighed more than the scripts.
 */
const ANSWER_HEAD_BYTES = 510;
const KB = 1024;

const LAYOUT = 'src/app/Layout.tsx';
/** Where the build's prerender writes each public page's HTML (build/prerender.ts). */
const PRERENDERED_DIR = 'prerendered';
/** The car page's checkout (period picker, moment), fetched as soon as the page has hydrated. */
const CHECKOUT = 'src/features/bookings/CheckoutPanel/index.tsx';
/** react-slick, fetched by the sliders when the browser is first idle. */
const CAROUSEL = 'src/components/SlickCarousel.tsx';

interface RouteBudget {
  path: string;
  /** Budget in KB of brotli over the wire: JavaScript to fetch before a page answers a touch. */
  budgetKb: number;
  /** Source modules whose chunks the page loads without a user action, beside the entry. */
  loads: string[];
}

const layoutPage = (page: string, ...more: string[]): string[] => [LAYOUT, `src/pages/${page}.tsx`, ...more];

const car = catalogueCars[0];
const post = blogPosts[0];
if (!car || !post) throw new Error('the catalogue or the blog has no sample to measure');

export const routeBudgets: RouteBudget[] = [
  { path: '/', budgetKb: 100, loads: ['src/pages/LandingPage.tsx'] },
  { path: '/layout/home', budgetKb: 150, loads: layoutPage('HomePage', CAROUSEL) },
  { path: '/layout/about', budgetKb: 150, loads: layoutPage('AboutPage') },
  { path: '/layout/cars', budgetKb: 150, loads: layoutPage('CarsPage') },
  { path: '/layout/blogs', budgetKb: 150, loads: layoutPage('BlogsPage') },
  { path: '/layout/contact', budgetKb: 150, loads: layoutPage('ContactPage') },
  { path: `/cars/${encodeURIComponent(car.carName)}`, budgetKb: 220, loads: layoutPage('CarDetailPage', CHECKOUT) },
  { path: `/blogs/${encodeURIComponent(post.title)}`, budgetKb: 150, loads: layoutPage('BlogDetailPage') },
  { path: '/login', budgetKb: 150, loads: layoutPage('LoginPage') },
  { path: '/signup', budgetKb: 150, loads: layoutPage('SignupPage') },
  { path: '/forgotpassword', budgetKb: 150, loads: layoutPage('ForgotPasswordPage') },
  { path: '/start', budgetKb: 150, loads: layoutPage('StartPage') },
  { path: '/privacy', budgetKb: 150, loads: layoutPage('PrivacyPage') },
  { path: '/terms', budgetKb: 150, loads: layoutPage('TermsPage') },
];

/** A chunk this small that always arrives with others costs a request and buys no caching: worth merging. */
const SMALL_CHUNK_BYTES = 2 * KB;

export interface RouteWeight {
  path: string;
  budgetKb: number;
  jsKb: number;
  cssKb: number;
  totalKb: number;
  files: string[];
  /** The page's scripts under SMALL_CHUNK_BYTES on the wire. */
  smallChunks: string[];
  /** The page's files the build left without a brotli copy, counted as the server compresses them on the fly. */
  compressedOnTheFly: string[];
}

/** The files a page loads: each named module's chunk, its static imports (recursively) and their stylesheets. */
function filesLoaded(manifest: Manifest, modules: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: has it moved, or stopped being a chunk of its own?`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the build manifest names no entry');
  visit(entry);
  modules.forEach(visit);
  const files = new Set<string>();
  for (const key of seen) {
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return [...files];
}

/**
 * The scripts and stylesheets a prerendered page's HTML names (the entry, its modulepreload links,
 * its stylesheets), none when the build has no prerender: the browser fetches every one, whatever
 * the page's screens need.
 */
function namedInHtml(dir: string, address: string): string[] {
  const page = path.join(dir, PRERENDERED_DIR, decodeURIComponent(address), 'index.html');
  if (!existsSync(page)) return [];
  const html = readFileSync(page, 'utf8');
  return [...html.matchAll(/<(?:script|link)\b[^>]*?\s(?:src|href)="\/([^"]+\.(?:js|css))"/g)].flatMap((match) =>
    match[1] === undefined ? [] : [match[1]],
  );
}

export function weighRoutes(dir: string, routes: RouteBudget[] = routeBudgets): RouteWeight[] {
  const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const wireBytes = new Map<string, number>();
  const precompressed = (file: string) => existsSync(path.join(dir, `${file}.br`));
  const onWire = (file: string): number => {
    const known = wireBytes.get(file);
    if (known !== undefined) return known;
    const raw = readFileSync(path.join(dir, file));
    const bytes = precompressed(file)
      ? statSync(path.join(dir, `${file}.br`)).size
      : raw.length < COMPRESS_FROM_BYTES
        ? raw.length
        : brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }).length;
    wireBytes.set(file, bytes);
    return bytes;
  };
  return routes.map((route) => {
    const files = [...new Set([...filesLoaded(manifest, route.loads), ...namedInHtml(dir, route.path)])];
    const sum = (ext: string) =>
      files.filter((file) => file.endsWith(ext)).reduce((total, file) => total + ANSWER_HEAD_BYTES + onWire(file), 0) / KB;
    const jsKb = sum('.js');
    const cssKb = sum('.css');
    return {
      path: route.path,
      budgetKb: route.budgetKb,
      jsKb,
      cssKb,
      totalKb: jsKb + cssKb,
      files,
      smallChunks: files.filter((file) => file.endsWith('.js') && onWire(file) < SMALL_CHUNK_BYTES),
      compressedOnTheFly: files.filter((file) => !precompressed(file)),
    };
  });
}

/** The budgets are on the JavaScript ("less JavaScript before the first interaction"); the stylesheets are shown beside it. */
const withinBudget = (weight: RouteWeight): boolean => weight.jsKb <= weight.budgetKb;

function report(weights: RouteWeight[]): boolean {
  const rows = weights.map((weight) => ({
    page: weight.path,
    'JS KB': weight.jsKb.toFixed(1),
    'CSS KB': weight.cssKb.toFixed(1),
    'total KB': weight.totalKb.toFixed(1),
    'JS budget': weight.budgetKb,
    files: weight.files.length,
    'under 2 KB': weight.smallChunks.length,
    ok: withinBudget(weight) ? 'yes' : 'OVER',
  }));
  console.table(rows);
  const onTheFly = new Set(weights.flatMap((weight) => weight.compressedOnTheFly));
  console.log(
    onTheFly.size === 0
      ? "every file counted as the build's brotli copy (quality 11), which the server sends"
      : `${onTheFly.size} files without the build's brotli copy, counted as the server compresses them on the fly (brotli quality ${BROTLI_QUALITY}, files under ${COMPRESS_FROM_BYTES} bytes as they are)`,
  );
  return weights.every(withinBudget);
}

function main(): void {
  const { values } = parseArgs({ options: { dir: { type: 'string' } } });
  const built = values.dir ? path.resolve(values.dir) : mkdtempSync(path.join(tmpdir(), 'wheelsonweb-budgets-'));
  try {
    if (!values.dir) {
      execFileSync('npx', ['vite', 'build', '--manifest', '--outDir', built, '--logLevel', 'error'], { stdio: 'inherit' });
    } else if (!existsSync(path.join(built, '.vite/manifest.json'))) {
      throw new Error(`${built} has no .vite/manifest.json: build with --manifest`);
    }
    if (!report(weighRoutes(built))) process.exitCode = 1;
  } finally {
    if (!values.dir) rmSync(built, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
