import type { FastifyInstance } from 'fastify';
import { publicPageAddresses } from '#data/public-pages';

/** Like the app's unhashed files: both change only with a new build or a new PUBLIC_URL. */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * Where a crawler has nothing to read: the API, and the pages that only show something to a
 * signed-in person (their lists, receipts, account and the admin console, each a sign-in form to
 * anyone else) or a reset link's token. Prefixes, as robots.txt matches them; none is the start of a public page's address.
 */
const UNLISTED_PREFIXES = ['/api/', '/account', '/admin', '/bookings', '/get/', '/owner', '/renting', '/reset-password'] as const;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...UNLISTED_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

function sitemapXml(publicUrl: string): string {
  const urls = publicPageAddresses.map((address) => `  <url><loc>${escapeXml(`${publicUrl}${address}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * /robots.txt and /sitemap.xml, written once at start from PUBLIC_URL (the addresses a search engine
 * must list are absolute). Registered as routes, so the app's page fallback never answers them
 * with its HTML; hidden from the API's docs, which they are no part of.
 */
export async function siteFileRoutes(app: FastifyInstance, { publicUrl }: { publicUrl: string }): Promise<void> {
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl);
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', CACHE_CONTROL).send(sitemap),
  );
}
