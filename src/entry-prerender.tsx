import { isValidElement, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from './app/routes';
import { blogPosts } from './data/blogs';
import { catalogueCars } from './data/cars';
import { publicPageAddresses } from './data/public-pages';
import { formatRupees } from './domain/money';
import { blogPostPath, carPagePath, publicPages } from './domain/page-addresses';
import { PageHeadContext, type PageHead } from './lib/page-head';
import { createQueryClient } from './lib/query-client';

/**
 * The build's prerender (build/prerender.ts) renders the public pages with this module,
 * bundled for Node: the same route table and components as the browser's, so the browser hydrates
 * what it finds instead of drawing the page again.
 */

/** Every page built to HTML: the public pages whose content the app knows before any request. */
export const prerenderedAddresses: readonly string[] = [...publicPageAddresses, '/layout'];

const fixedDescriptions: Record<string, string> = {
  [publicPages.landing]: 'Rent a car by the hour anywhere in India, or earn by listing yours. Payment is simple.',
  [publicPages.home]: 'Hot offers on cars for rent by the hour across India, our services, and what our customers say.',
  '/layout': 'Hot offers on cars for rent by the hour across India, our services, and what our customers say.',
  [publicPages.about]: 'Who we are: a car rental platform for India, where owners earn by listing their cars.',
  [publicPages.cars]: 'Every car for rent by the hour: filter by city, body type, seats, transmission and fuel.',
  [publicPages.blogs]: 'Tips on driving, renting and owning a car in India, from the WheelsOnWeb blog.',
  [publicPages.contact]: 'Write to us or call: our address, phone number and a form for your message.',
};

/** A search result shows about this many characters of a description. */
const DESCRIPTION_LENGTH = 155;

function shortened(text: string): string {
  if (text.length <= DESCRIPTION_LENGTH) return text;
  return `${text.slice(0, text.lastIndexOf(' ', DESCRIPTION_LENGTH - 1))}…`;
}

/** The page's own words for search results: a car's or a post's from the data the page shows. */
function descriptionOf(address: string): string {
  const car = catalogueCars.find((candidate) => carPagePath(candidate) === address);
  if (car) return shortened(`${car.carName} for rent in ${car.city} at ${formatRupees(car.price)} an hour. ${car.description}`);
  const post = blogPosts.find((candidate) => blogPostPath(candidate.title) === address);
  if (post) return shortened(post.description);
  const fixed = fixedDescriptions[address];
  if (fixed === undefined) throw new Error(`no description written for the prerendered page ${address}`);
  return fixed;
}

export interface PrerenderedPage {
  /** What goes inside #root. */
  html: string;
  title: string;
  description: string;
  /** The source modules of the route's screens ("src/pages/HomePage.tsx"), as the client build's manifest names them. */
  modules: string[];
  /** How many of the route's screens load on demand: each should be among `modules`. */
  lazyScreens: number;
}

/** Where the prerender's build marks each module's default export (build/prerender.ts). */
function sourceOf(component: unknown): string | undefined {
  if (typeof component !== 'function' || !('prerenderSource' in component)) return undefined;
  return typeof component.prerenderSource === 'string' ? component.prerenderSource : undefined;
}

export async function render(address: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  // The router reads the address as the browser would send it, so it is encoded the same way.
  const context = await handler.query(new Request(new URL(address, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${address} answered ${context.status} instead of a page`);
  if (context.statusCode !== 200 || context.errors) {
    throw new Error(`${address} rendered as an error (${context.statusCode})`, { cause: Object.values(context.errors ?? {})[0] });
  }

  const head: PageHead = {};
  // Hydration matches this tree to the browser's (src/main.tsx), whose layout provides an empty query
  // cache as this one does; a fresh one for each page, so no page's queries show in another's HTML.
  const html = renderToString(
    <StrictMode>
      <PageHeadContext value={head}>
        <QueryClientProvider client={createQueryClient()}>
          <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
        </QueryClientProvider>
      </PageHeadContext>
    </StrictMode>,
  );
  if (!head.title) throw new Error(`${address} set no page title`);

  // The router keeps a loaded screen as an element of its component.
  const modules = context.matches.flatMap(({ route }) => {
    const source = sourceOf(route.Component ?? (isValidElement(route.element) ? route.element.type : undefined));
    return source ? [source] : [];
  });
  const lazyScreens = context.matches.filter(({ route }) => 'lazy' in route).length;
  return { html, title: head.title, description: descriptionOf(address), modules, lazyScreens };
}
