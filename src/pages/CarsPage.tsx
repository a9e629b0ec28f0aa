import Container from 'react-bootstrap/Container';
import { CarListing } from '../features/cars/CarListing';
import { t } from '../features/cars/words';
import { usePageTitle } from '../lib/usePageTitle';

/** /layout/cars: every car for rent. */
export default function CarsPage() {
  usePageTitle(t('cars.page.title'));
  return (
    <>
      <div className="page-banner text-center">
        <h1 className="mb-0">{t('cars.page.heading')}</h1>
      </div>
      <section className="section">
        <Container>
          <CarListing />
        </Container>
      </section>
    </>
  );
}
