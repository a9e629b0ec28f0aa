import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { blogPostPath, bookingPagePath, carPagePath } from '#domain/page-addresses';
import { type KeptAnswer, keptAnswer, sendKept } from '../http/kept-answer';
import { sendNotFound } from './errors';

const INDEX = 'index.html';
/** Vite names everything under assets/ after its content hash, so a file there never changes. */
const HASHED_ASSETS_DIR = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Files from public/ (the pictures) keep their names across builds: kept for a month, then
 * revalidated. A picture changed under its old name reaches a returning visitor within that month;
 * a new name reaches everyone at once.
 */
const UNHASHED = 'public, max-age=2592000';
const ALWAYS_REVALIDATE = 'no-cache';
/** Where the build's prerender (build/prerender.ts) writes each public page, as {address}/index.html. */
const PRERENDERED_DIR = 'prerendered';

function firstSegment(url: string): string {
  return url.split('?')[0]?.split('/')[1] ?? '';
}

/** A browser asking for a page: the fallback must not answer an API client's JSON request with HTML. */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept;
  return accept === undefined || accept.trim() === '*/*' || accept.includes('text/html');
}

/** A page's HTML, read once at start: small, and sent with every page load, compressed once per encoding. */
async function readPage(file: string): Promise<KeptAnswer> {
  return keptAnswer(await readFile(file));
}

/**
 * The prerendered pages by address ("/cars/Tata Nexon EV", decoded, no trailing slash). None when
 * the build made none.
 */
async function prerenderedPages(root: string): Promise<Map<string, KeptAnswer>> {
  const entries = await readdir(path.join(root, PRERENDERED_DIR), { recursive: true }).catch(() => []);
  const pages = new Map<string, KeptAnswer>();
  for (const entry of entries) {
    if (path.basename(entry) !== INDEX) continue;
    const folder = path.dirname(entry).split(path.sep).join('/');
    pages.set(folder === '.' ? '/' : `/${folder}`, await readPage(path.join(root, PRERENDERED_DIR, folder, INDEX)));
  }
  return pages;
}

/** The address a request names, decoded, without a trailing slash; undefined for one with a query, which the page may read. */
function pageAddress(url: string): string | undefined {
  if (url.includes('?')) return undefined;
  try {
    const address = decodeURIComponent(url);
    return address.length > 1 && address.endsWith('/') ? address.slice(0, -1) : address;
  } catch {
    return undefined;
  }
}

/**
 * The app's pages whose last segment is a name people give (a car's, a blog post's): "Swift 1.2" or
 * "Nexon EV.max" is a page there, not a file.
 */
const NAMED_PAGE_PREFIXES = [carPagePath({ carName: '' }), blogPostPath(''), bookingPagePath('')];

/**
 * An address that asks for a file (its last segment has an extension, or a segment is a dot-file
 * or dot-folder such as .env or .git) the build does not have: a 404, so a scanner probing for /.env or /backup.bak is not told
 * every such file exists, and a missing file is never answered with the app's HTML.
 */
function asksForMissingFile(address: string): boolean {
  // index.html is the app's page itself, answered here with a page's headers rather than as a file.
  if (address === `/${INDEX}` || NAMED_PAGE_PREFIXES.some((prefix) => address.startsWith(prefix))) return false;
  const segments = address.split('/');
  return segments.some((segment) => segment.startsWith('.')) || /\.[^.]+$/.test(segments.at(-1) ?? '');
}

interface StaticAppOptions {
  root: string;
  /**
   * Page addresses that moved for good, decoded and in lower case, with where each moved to: a
   * request for one is redirected (301) there, whether or not a page was prerendered at it.
   */
  moved?: ReadonlyMap<string, string>;
}

/**
 * Serves the built single-page app next to the API: hashed assets cached for a year, everything
 * else revalidated, the prerendered HTML of a public page at its address (the browser hydrates it),
 * and index.html for any other page address of the app, so reloading /get/cars works. Call it before the API routes: it watches them being added, and an address under any of
 * their first path segments (/api, /get-cars, /register...) is never answered with the page.
 */
async function staticApp(app: FastifyInstance, options: StaticAppOptions): Promise<void> {
  const root = path.resolve(options.root);
  const assetsDir = path.join(root, HASHED_ASSETS_DIR) + path.sep;
  const pages = await prerenderedPages(root);
  const appPage = await readPage(path.join(root, INDEX));

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // "/" and the prerendered pages are answered below, by address, rather than as files.
    index: false,
    // The build writes every asset's brotli and gzip copies beside it (build/precompress.ts); they are
    // sent for the asset's own address to a browser that accepts them, never at addresses of their own.
    preCompressed: true,
    // index.html is a page: it gets a page's headers from the handler below, never a file's.
    globIgnore: [`${PRERENDERED_DIR}/**`, '**/*.br', '**/*.gz', INDEX],
    cacheControl: false,
    // Every header costs bytes on each of a page's scripts, within the pages' budgets. The ETag
    // revalidates a file on its own, and nothing here is worth fetching in ranges.
    lastModified: false,
    acceptRanges: false,
    setHeaders: (reply, filePath) => {
      const header = filePath.startsWith(assetsDir)
        ? IMMUTABLE
        : path.basename(filePath) === INDEX
          ? ALWAYS_REVALIDATE
          : UNHASHED;
      reply.header('cache-control', header);
    },
  });

  // A missing hashed asset (an old page after a new build) must be a 404, never HTML parsed as a script.
  const notPageSegments = new Set<string>([HASHED_ASSETS_DIR]);
  app.addHook('onRoute', (route) => {
    const segment = firstSegment(route.url ?? route.path);
    if (segment !== '') notPageSegments.add(segment);
  });

  // Kept in memory and compressed here: @fastify/compress only reaches routes, and this handler is none.
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (wantsPage(request) && !notPageSegments.has(firstSegment(request.url))) {
      const address = pageAddress(request.url);
      const movedTo = address === undefined ? undefined : options.moved?.get(address.toLowerCase());
      if (movedTo !== undefined) return reply.redirect(movedTo, 301);
      const prerendered = address === undefined ? undefined : pages.get(address);
      if (!prerendered && asksForMissingFile(address ?? request.url.split('?')[0] ?? '')) return sendNotFound(request, reply);
      const page = prerendered ?? appPage;
      return sendKept(request, reply.asPage().type('text/html; charset=utf-8').header('cache-control', ALWAYS_REVALIDATE), page);
    }
    return sendNotFound(request, reply);
  });
}

export const staticAppPlugin = fp(staticApp, { name: 'static-app', fastify: '5.x', dependencies: ['security'] });
