import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { CarImage } from '../../components/CarImage';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { paths } from '../../config/paths';
import { BODY_TYPE_LABEL_IDS, FUEL_LABEL_IDS, TRANSMISSION_LABEL_IDS } from '../../domain/car-attributes';
import { formatPaise, formatRupees } from '../../domain/money';
import { lateFeePerHourPaise } from '../../domain/trip-extras';
import { statusOf } from '../../lib/api-error';
import { usePublicConfigNear } from '../../lib/public-config';
import { useRetry } from '../../lib/query-client';
import { usePageTitle } from '../../lib/usePageTitle';
import { AvailabilityStrip } from './AvailabilityStrip';
import { CarGallery } from './CarGallery';
import { carKeys } from '../../entities/car/keys';
import { useCarDetails, type CarDetails as Car } from '../../entities/car/queries';
import { InstantBadge } from './InstantBadge';
import { t } from './words';

/**
 * The catalogue's details, in the spec's order, with their labels' ids; an owner's car shows only
 * those it has. Transmission and seats are among the car's attributes, so they are not repeated here.
 */
const specLabels = [
  ['model', 'cars.details.model'],
  ['speed', 'cars.details.mileage'],
  ['gps', 'cars.details.gps'],
  ['brand', 'cars.details.brand'],
  ['ownerName', 'cars.details.listedBy'],
] as const satisfies readonly (readonly [keyof Car, string])[];

type SpecLabel = (typeof specLabels)[number];

/** An electric car's `speed` is how far it goes on a charge: it burns no fuel to have a mileage. */
function specLabel(car: Car, [key, label]: SpecLabel): string {
  return key === 'speed' && car.fuel === 'electric' ? t('cars.details.range') : t(label);
}

/** Where the car is and what it is. */
function carAttributes(car: Car): [label: string, value: string][] {
  return [
    [t('cars.details.bodyType'), t(BODY_TYPE_LABEL_IDS[car.bodyType])],
    [t('cars.details.seats'), t('common.carCard.seats', { count: car.seats })],
    [t('cars.details.transmission'), t(TRANSMISSION_LABEL_IDS[car.transmission])],
    [t('cars.details.fuel'), t(FUEL_LABEL_IDS[car.fuel])],
    [t('cars.details.carType'), car.ac ? t('cars.details.ac') : t('cars.details.nonAc')],
    ...(car.year === undefined ? [] : [[t('cars.details.year'), String(car.year)] as [string, string]]),
    [
      t('cars.details.kmPerDay'),
      car.kmPerDayLimit ? t('cars.details.kmIncluded', { km: car.kmPerDayLimit }) : t('cars.details.noKmLimit'),
    ],
  ];
}

/**
 * What the trip may cost beside the booking, at the rates the extras are charged at (trip-extras):
 * the deposit held at handover, a late return (once the server's fee is known), km beyond the
 * limit, and fuel or charge returned below the handover level.
 */
function tripTerms(car: Car, lateFeeBps: number | undefined): [label: string, value: string][] {
  const electric = car.fuel === 'electric';
  return [
    [t('cars.trip.deposit'), t('cars.trip.depositValue', { deposit: formatPaise(car.depositPaise) })],
    ...(lateFeeBps === undefined
      ? []
      : [
          [
            t('cars.trip.lateReturn'),
            t('cars.trip.lateReturnValue', { fee: formatPaise(lateFeePerHourPaise(car.price, lateFeeBps)) }),
          ] as [string, string],
        ]),
    ...(car.kmPerDayLimit && car.extraKmPrice !== undefined
      ? [
          [
            t('cars.trip.extraKm'),
            t('cars.trip.extraKmValue', { price: formatPaise(car.extraKmPrice), km: car.kmPerDayLimit }),
          ] as [string, string],
        ]
      : []),
    electric
      ? [t('cars.trip.battery'), t('cars.trip.batteryValue', { price: formatPaise(car.batteryTenthPrice) })]
      : [t('cars.trip.fuel'), t('cars.trip.fuelValue', { price: formatPaise(car.fuelEighthPrice) })],
  ];
}

function TripTerms({ car }: { car: Car }) {
  // Asked for as it comes near, as the checkout beside it asks for the same config.
  const { ref, data: lateFeeBps } = usePublicConfigNear((config) => config.trips?.lateFeeBps);
  return (
    <>
      <h2 className="h6 mb-2">{t('cars.trip.title')}</h2>
      <dl ref={ref} className="row row-cols-1 row-cols-md-2 g-2 mb-3" aria-label={t('cars.trip.title')}>
        {tripTerms(car, lateFeeBps).map(([label, value]) => (
          <div key={label} className="col">
            <dt className="small text-muted fw-normal">{label}</dt>
            <dd className="mb-0 fw-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function CarFacts({ car }: { car: Car }) {
  const facts = specLabels.filter(([key]) => car[key] !== undefined && car[key] !== '');
  return (
    <>
      <h1 className="h2 mb-2 text-break-anywhere">{car.carName}</h1>
      {car.instantBooking ? (
        <p className="mb-2">
          <InstantBadge />
        </p>
      ) : null}
      <p className="fs-4 fw-bold text-primary mb-2 price">{t('cars.details.price', { price: formatRupees(car.price) })}</p>
      <p className="mt-3 mb-1 fw-semibold">{car.city}</p>
      <p className="text-muted">
        {car.pickupArea ? t('cars.details.pickup', { pickupArea: car.pickupArea }) : t('cars.details.noPickup')}
      </p>
      <p>{car.description}</p>
      <dl className="row row-cols-2 row-cols-md-3 g-2 mb-3" aria-label={t('cars.details.attributesLabel')}>
        {carAttributes(car).map(([label, value]) => (
          <div key={label} className="col">
            <dt className="small text-muted fw-normal">{label}</dt>
            <dd className="mb-0 fw-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <TripTerms car={car} />
      {facts.length > 0 ? (
        <dl className="row row-cols-2 row-cols-md-3 g-2 mb-0">
          {facts.map((spec) => (
            <div key={spec[0]} className="col">
              <dt className="small text-muted fw-normal">{specLabel(car, spec)}</dt>
              <dd className="mb-0 fw-semibold">{String(car[spec[0]])}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </>
  );
}

interface CarDetailsProps {
  /** The car's name (a catalogue car) or id (an owner's car), as in the address. */
  carName: string;
  /** What goes under the details once the car is known: its reviews, which the page brings. */
  reviews: (car: Car) => ReactNode;
  /** What goes beside the details once the car is known: the checkout. */
  children: (car: Car) => ReactNode;
}

/** One car's picture and specifications; the page's title names it, so it is set here, where the car is known. */
export function CarDetails({ carName, reviews, children }: CarDetailsProps) {
  const car = useCarDetails(carName);
  const retry = useRetry(carKeys.detail(carName));
  const missing = statusOf(car.error) === 404;
  usePageTitle(car.data ? car.data.carName : missing ? t('cars.details.notFoundTitle') : t('cars.details.pageTitle'));

  if (car.isPending) return <PageSpinner />;
  if (missing) {
    return (
      <div className="text-center py-5">
        <h1 className="h2 mb-3">{t('cars.details.notFoundTitle')}</h1>
        <p>{t('cars.details.notFound', { carName })}</p>
        <Link to={paths.cars} className="btn btn-primary">
          {t('cars.details.seeAll')}
        </Link>
      </div>
    );
  }
  // A failed reload in the background keeps the car and its checkout (and any confirmation in it) on screen.
  if (car.isLoadingError) return <QueryError error={car.error} onRetry={retry} />;
  return (
    <Row className="g-4">
      <Col lg={7}>
        {car.data.photos?.length ? (
          <CarGallery carName={car.data.carName} photos={car.data.photos} className="band-light rounded mb-4" />
        ) : (
          <CarImage src={car.data.imgUrl} carName={car.data.carName} className="band-light rounded mb-4" priority />
        )}
        <CarFacts car={car.data} />
        <AvailabilityStrip carRef={carName} />
        {reviews(car.data)}
      </Col>
      <Col lg={5}>{children(car.data)}</Col>
    </Row>
  );
}
