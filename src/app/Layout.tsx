import { Outlet, useMatches } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';

/** Whether a route asked for the footer (routes.tsx marks the spec's /layout/* pages with `handle: { footer: true }`). */
function asksForFooter(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && 'footer' in handle && handle.footer === true;
}

/** The frame of every page but the landing page: the same header everywhere, each page in `main`. */
export default function Layout() {
  const footer = useMatches().some((match) => asksForFooter(match.handle));
  return (
    <>
      <a href="#main" className="visually-hidden-focusable position-absolute top-0 start-0 p-2 bg-white">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {footer ? <Footer /> : null}
    </>
  );
}
