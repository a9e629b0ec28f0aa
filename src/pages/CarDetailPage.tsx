import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router-dom';
import { getCar } from '../features/cars/api';
import { toApiError } from '../lib/api-client';
import { usePageTitle } from '../lib/usePageTitle';
import { CarImage } from '../components/CarImage';
import { CheckoutPanel } from '../features/bookings/CheckoutPanel';
import { ErrorAlert } from '../components/ErrorAlert';
import { PageSpinner } from '../components/PageSpinner';
import { StarRating } from '../components/StarRating';
import { paths } from '../config/paths';
import { PRODUCT_NAME } from '../config/product';
import { catalogueCars } from '../data/cars';
import type { PublicCar } from '../domain/contract';

type CarDetails = Pick<PublicCar, 'carName' | 'imgUrl' | 'price' | 'description'> &
  Partial<Pick<PublicCar, 'brand' | 'model' | 'rating' | 'speed' | 'gps' | 'seatType' | 'automatic' | 'ownerName'>>;

type LoadState =
  | { status: 'ready'; car: CarDetails }
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; message: string };

function catalogueCar(carName: string): CarDetails | undefined {
  const wanted = carName.toLowerCase();
  return catalogueCars.find((car) => car.carName.toLowerCase() === wanted);
}

/** The specifications the spec lists, in its order; an owner's car shows only those it has. */
const specLabels: readonly [keyof CarDetails, string][] = [
  ['model', 'Model'],
  ['automatic', 'Transmission'],
  ['speed', 'Mileage'],
  ['gps', 'GPS'],
  ['seatType', 'Seats'],
  ['brand', 'Brand'],
  ['ownerName', 'Listed by'],
];

function CarFacts({ car }: { car: CarDetails }) {
  const facts = specLabels.filter(([key]) => car[key] !== undefined && car[key] !== '');
  return (
    <>
      <h1 className="h2 mb-2 text-break-anywhere">{car.carName}</h1>
      <p className="fs-4 fw-bold text-primary mb-2 price">Rs{car.price}.00 / Day</p>
      {car.rating !== undefined ? <StarRating count={car.rating} /> : null}
      <p className="mt-3">{car.description}</p>
      {facts.length > 0 ? (
        <dl className="row row-cols-2 row-cols-md-3 g-2 mb-0">
          {facts.map(([key, label]) => (
            <div key={key} className="col">
              <dt className="small text-muted fw-normal">{label}</dt>
              <dd className="mb-0 fw-semibold">{String(car[key])}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </>
  );
}

/**
 * /cars/{carName}: a catalogue car shows at once from the app's own data; an owner's car is asked
 * of the server. Below the details, the checkout.
 */
export default function CarDetailPage() {
  const { carName = '' } = useParams();
  const fromCatalogue = catalogueCar(carName);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ carName: string; state: LoadState } | null>(null);

  useEffect(() => {
    if (fromCatalogue) return;
    let current = true;
    setLoaded(null);
    getCar(carName).then(
      (car) => current && setLoaded({ carName, state: { status: 'ready', car } }),
      (error: unknown) => {
        if (!current) return;
        const apiError = toApiError(error);
        setLoaded({ carName, state: apiError.status === 404 ? { status: 'missing' } : { status: 'failed', message: apiError.message } });
      },
    );
    return () => {
      current = false;
    };
  }, [carName, fromCatalogue, attempt]);

  const state: LoadState = fromCatalogue
    ? { status: 'ready', car: fromCatalogue }
    : loaded?.carName === carName
      ? loaded.state
      : { status: 'loading' };

  usePageTitle(state.status === 'ready' ? state.car.carName : state.status === 'missing' ? 'Car not found' : 'Car');

  return (
    <>
      <header className="border-bottom bg-white">
        <Container className="d-flex flex-wrap align-items-center justify-content-between gap-2 py-2">
          <Link to={paths.cars} className="py-1">
            <img src="/images/logo.svg" alt={`${PRODUCT_NAME}: back to the car listing`} width={176} height={38} />
          </Link>
          <Link to={paths.cars}>← Car Listing</Link>
        </Container>
      </header>
      <Container as="main" className="py-4">
        {state.status === 'loading' ? <PageSpinner /> : null}
        {state.status === 'missing' ? (
          <div className="text-center py-5">
            <h1 className="h2 mb-3">Car not found</h1>
            <p>No car called “{carName}” is listed. It may have been taken off the list.</p>
            <Link to={paths.cars} className="btn btn-primary">
              See all cars
            </Link>
          </div>
        ) : null}
        {state.status === 'failed' ? (
          <ErrorAlert message={state.message}>
            <Button variant="outline-danger" size="sm" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </Button>
          </ErrorAlert>
        ) : null}
        {state.status === 'ready' ? (
          <Row className="g-4">
            <Col lg={7}>
              <CarImage src={state.car.imgUrl} carName={state.car.carName} className="band-light rounded mb-4" />
              <CarFacts car={state.car} />
            </Col>
            <Col lg={5}>
              <section className="p-3 p-md-4 border rounded shadow-sm" aria-labelledby="check-out">
                <p className="section-title__lead mb-0">Pay Here</p>
                <h2 id="check-out" className="h3 mb-3">
                  Check Out
                </h2>
                <CheckoutPanel carName={state.car.carName} carRef={carName} price={state.car.price} />
              </section>
            </Col>
          </Row>
        ) : null}
      </Container>
    </>
  );
}
