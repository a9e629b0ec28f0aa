import Container from 'react-bootstrap/Container';
import { CarListing } from '../features/cars/CarListing';
import { usePageTitle } from '../lib/usePageTitle';

/** /layout/cars: every car for rent. */
export default function CarsPage() {
  usePageTitle('Cars');
  return (
    <>
      <div className="page-banner text-center">
        <h1 className="mb-0">Car Listing</h1>
      </div>
      <section className="section">
        <Container>
          <CarListing />
        </Container>
      </section>
    </>
  );
}
