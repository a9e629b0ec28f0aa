import { lazy, Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { CarDetails } from '../features/cars/CarDetails';
import { t } from '../features/cars/words';
import { LicenceRequirement } from '../features/licences/LicenceRequirement';
import { CarReviews } from '../features/reviews/CarReviews';
import { useHydrated } from '../lib/useHydrated';

// The period picker (with moment) and the checkout come after the page has hydrated: the car's details paint without them.
const CheckoutPanel = lazy(async () => ({ default: (await import('../features/bookings/CheckoutPanel')).CheckoutPanel }));

const CHECKOUT_HEADING = 'check-out';

function LoadingCheckout() {
  return (
    <p className="small text-muted mb-0" role="status">
      {t('cars.detailPage.loadingCheckout')}
    </p>
  );
}

/** /cars/{carName}: the car's details with its reviews under them and, beside them, the checkout. */
export default function CarDetailPage() {
  const { carName = '' } = useParams();
  // The checkout starts from the next hour and depends on who is signed in: neither is known to the prerendered page.
  const hydrated = useHydrated();
  return (
    <Container className="py-4">
      <p>
        <Link to={paths.cars}>{t('cars.detailPage.back')}</Link>
      </p>
      <CarDetails carName={carName} reviews={(car) => <CarReviews carRef={carName} car={car} />}>
        {(car) => (
          <section className="p-3 p-md-4 border rounded shadow-sm" aria-labelledby={CHECKOUT_HEADING}>
            <p className="section-title__lead mb-0">{t('cars.detailPage.payHere')}</p>
            <h2 id={CHECKOUT_HEADING} className="h3 mb-3">
              {t('cars.detailPage.checkOut')}
            </h2>
            {hydrated ? <LicenceRequirement /> : null}
            {hydrated ? (
              <Suspense fallback={<LoadingCheckout />}>
                <CheckoutPanel
                  carName={car.carName}
                  carRef={carName}
                  price={car.price}
                  payAtPickup={car.payAtPickup === true}
                  instant={car.instantBooking === true}
                  depositPaise={car.depositPaise}
                />
              </Suspense>
            ) : (
              <LoadingCheckout />
            )}
          </section>
        )}
      </CarDetails>
    </Container>
  );
}
