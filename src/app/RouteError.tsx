import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';

/** The router's fallback when a screen throws: says so plainly and offers a way out. */
export function RouteError() {
  usePageTitle('Error');
  return (
    <main className="container py-5 text-center" style={{ maxWidth: '40rem' }}>
      <h1 className="h2 mb-3">Unexpected Application Error!</h1>
      <p className="mb-4">
        Something went wrong while showing this page. Reload the page to try again, or go back to the home page.
      </p>
      <Link to={paths.home} className="btn btn-primary">
        Go to the home page
      </Link>
    </main>
  );
}
