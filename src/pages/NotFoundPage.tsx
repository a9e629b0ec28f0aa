import Container from 'react-bootstrap/Container';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';

/** Any address the app does not know: say so and offer the two places most people want. */
export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Container className="py-5 text-center" style={{ maxWidth: '40rem' }}>
      <h1 className="h2 mb-3">Page not found</h1>
      <p className="mb-4">There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <div className="d-flex flex-wrap justify-content-center gap-3">
        <Link to={paths.home} className="btn btn-primary">
          Go to the home page
        </Link>
        <Link to={paths.cars} className="btn btn-outline-primary">
          Browse cars
        </Link>
      </div>
    </Container>
  );
}
