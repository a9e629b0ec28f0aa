// Before any module that makes a Zod schema (the module says why).
import './lib/zod-without-eval';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { routes } from './app/routes';
import './styles/theme.css';

/**
 * Loads the screens of the address's routes before the router starts. A router that starts with a
 * screen still to load shows the spinner first, which would not match a prerendered page's HTML.
 * Their chunks are already on the way: the page's boot script (src/boot.ts) asked for them with the entry.
 */
async function loadScreensOf(table: RouteObject[]): Promise<void> {
  const matches = matchRoutes(table, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/**
 * The prerender moves each style attribute (which the CSP refuses in HTML) to data-prerender-style,
 * matched by a stylesheet until now; set through the CSSOM, which the CSP allows, the styles are
 * back where React put them, so the page hydrates as rendered.
 */
function restoreStyles(mountPoint: HTMLElement): void {
  for (const element of mountPoint.querySelectorAll<HTMLElement>('[data-prerender-style]')) {
    element.style.cssText = element.dataset.prerenderStyle ?? '';
    element.removeAttribute('data-prerender-style');
  }
}

/**
 * The prerender disables the page's controls until the app has hydrated them (build/prerender.ts
 * says why); this enables them again once it has. React committed the hydrated page before its effects run.
 */
function ReleaseControls({ mountPoint, children }: { mountPoint: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    for (const control of mountPoint.querySelectorAll<HTMLElement>('[data-until-app]')) {
      control.removeAttribute('disabled');
      control.removeAttribute('data-until-app');
    }
  }, [mountPoint]);
  return children;
}

async function start(mountPoint: HTMLElement): Promise<void> {
  // The build prerenders the public pages (build/prerender.ts); every other address gets the empty #root.
  const prerendered = mountPoint.hasChildNodes();
  if (prerendered) {
    await loadScreensOf(routes);
    restoreStyles(mountPoint);
  }
  // The query cache is provided by the layout (app/Layout.tsx): the landing page has none.
  const app = (
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routes)} />
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page, which would count as Total Blocking Time; the page is already
  // on screen.
  if (prerendered) {
    startTransition(() => {
      hydrateRoot(mountPoint, <ReleaseControls mountPoint={mountPoint}>{app}</ReleaseControls>);
    });
  } else createRoot(mountPoint).render(app);
}

// index.html always has the mount point; without it there is nothing to show, so fail loudly.
const mountPoint = document.getElementById('root');
if (!mountPoint) throw new Error('index.html has no #root element to mount the app in');
// Awaited, so a prerendered page's boot script (src/boot.ts) learns when the app could not start.
await start(mountPoint);
