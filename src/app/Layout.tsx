import { Outlet } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';

/** The frame of the /layout/* pages. */
export default function Layout() {
  return (
    <>
      <a href="#main" className="visually-hidden-focusable position-absolute top-0 start-0 p-2 bg-white">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
