import { useContext } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useMatches } from 'react-router-dom';
import { t } from '../lib/i18n';
import { appQueryClient } from '../lib/query-client';
import { Footer } from './Footer';
import { Header } from './Header';
import { SignedInAsNote } from './SignedInAsNote';

/** Whether a route asked for the footer (routes.tsx marks the spec's /layout/* pages with `handle: { footer: true }`). */
function asksForFooter(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && 'footer' in handle && handle.footer === true;
}

/**
 * The frame of every page but the landing page: the same header everywhere, each page in `main`.
 * It provides the app's query cache, which only its pages use, so the landing page loads no React
 * Query; a cache given from outside (a test's, the prerender's for one page) is used instead.
 */
export default function Layout() {
  const footer = useMatches().some((match) => asksForFooter(match.handle));
  const given = useContext(QueryClientContext);
  return (
    <QueryClientProvider client={given ?? appQueryClient()}>
      <a href="#main" className="visually-hidden-focusable position-absolute top-0 start-0 p-2 bg-white">
        {t('common.layout.skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <SignedInAsNote />
        <Outlet />
      </main>
      {footer ? <Footer /> : null}
    </QueryClientProvider>
  );
}
