import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { PublicCar } from '../../domain/contract';
import { CAR_CARD_IMAGE_SIZES, CarImage } from '../../components/CarImage';
import { StarRating } from '../../components/StarRating';
import { formatRupees } from '../../domain/money';
import { BODY_TYPE_LABEL_IDS, FUEL_LABEL_IDS, TRANSMISSION_LABEL_IDS } from '../../domain/car-attributes';
import { t, Words } from '../../lib/i18n';
import { InstantBadge } from './InstantBadge';

export type CarSummary = Pick<
  PublicCar,
  'carName' | 'imgUrl' | 'price' | 'city' | 'bodyType' | 'seats' | 'transmission' | 'fuel'
> &
  Partial<Pick<PublicCar, 'id' | 'kind' | 'ownerName' | 'photos' | 'ratingCount' | 'ratingAverage' | 'instantBooking'>>;

/** What kind of car it is, in one line: "SUV · 7 seats · Automatic · Diesel". */
export function carKindLine(car: Pick<PublicCar, 'bodyType' | 'seats' | 'transmission' | 'fuel'>): string {
  return [
    t(BODY_TYPE_LABEL_IDS[car.bodyType]),
    t('common.carCard.seats', { count: car.seats }),
    t(TRANSMISSION_LABEL_IDS[car.transmission]),
    t(FUEL_LABEL_IDS[car.fuel]),
  ].join(' · ');
}

interface CarCardProps {
  car: CarSummary;
  /** A query string (such as "?from=…") carried to the car page so its period picker starts there. */
  linkSearch?: string;
  /** On the list's first row, whose pictures are the page's largest paint (CarImage's `priority`). */
  priority?: boolean;
}

/**
 * One car in a list: picture, name, city, what kind of car it is, price per hour and the spec's Rent
 * and Details buttons; its rating too when the car came from the server (the home page's static
 * cards cannot know it, so they show none).
 */
export function CarCard({ car, linkSearch = '', priority = false }: CarCardProps) {
  const target = `${paths.carPage(car)}${linkSearch}`;
  return (
    <Card className="h-100 shadow-sm border-0">
      <CarImage
        src={car.imgUrl}
        srcset={car.photos?.[0]?.srcset}
        sizes={CAR_CARD_IMAGE_SIZES}
        carName={car.carName}
        className="card-img-top band-light"
        priority={priority}
      />
      <Card.Body className="d-flex flex-column">
        <Card.Title as="h3" className="h5 text-break-anywhere">
          {car.carName}
        </Card.Title>
        {car.instantBooking ? (
          <p className="mb-2">
            <InstantBadge />
          </p>
        ) : null}
        <p className="mb-2">
          <span className="fs-5 fw-semibold text-primary price">{formatRupees(car.price)}</span>{' '}
          <span className="text-muted">{t('common.carCard.perHour')}</span>
        </p>
        <p className="small mb-1">{car.city}</p>
        <p className="small text-muted mb-2">{carKindLine(car)}</p>
        {car.ratingCount === undefined ? null : (
          <div className="mb-2">
            <StarRating count={car.ratingCount} average={car.ratingAverage} />
          </div>
        )}
        {car.ownerName ? (
          <p className="small text-muted mb-2">{t('common.carCard.listedBy', { ownerName: car.ownerName })}</p>
        ) : null}
        <div className="d-flex gap-2 mt-auto">
          <Link to={target} className="btn btn-primary flex-fill">
            <Words
              id="common.carCard.rent"
              values={{ carName: car.carName }}
              components={{ 0: <span className="visually-hidden" /> }}
            />
          </Link>
          <Link to={target} className="btn btn-outline-primary flex-fill">
            <Words
              id="common.carCard.details"
              values={{ carName: car.carName }}
              components={{ 0: <span className="visually-hidden" /> }}
            />
          </Link>
        </div>
      </Card.Body>
    </Card>
  );
}
