import Container from 'react-bootstrap/Container';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';

/** /bookcar: the spec's placeholder greeting, with the way to where booking really happens. */
export default function BookCarPage() {
  usePageTitle('Book a car');
  return (
    <Container as="main" className="py-5 text-center" style={{ maxWidth: '40rem' }}>
      <h1 className="h2 mb-3">Hello!</h1>
      <p className="mb-4">Pick a car from the Car Listing to book it.</p>
      <Link to={paths.cars} className="btn btn-primary">
        Go to the Car Listing
      </Link>
    </Container>
  );
}
