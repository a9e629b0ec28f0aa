import type { CarOccupancy } from '../../domain/contract';
import { percentOf } from './format';
import { t } from './words';

/** Each car's booked hours over its listed hours in the last 30 days. */
export function OccupancySection({ cars }: { cars: readonly CarOccupancy[] }) {
  return (
    <section aria-labelledby="earnings-occupancy" className="mb-4">
      <h2 id="earnings-occupancy" className="h4">
        {t('earnings.occupancy.title')}
      </h2>
      {cars.length === 0 ? (
        <p>{t('earnings.occupancy.none')}</p>
      ) : (
        <ul className="list-unstyled d-grid gap-3 mb-2">
          {cars.map((car) => (
            <li key={car.carId}>
              <div className="d-flex flex-wrap justify-content-between gap-2">
                <span className="fw-semibold">{car.carName}</span>
                <span>
                  {car.occupancyBps === null
                    ? t('earnings.occupancy.notListed')
                    : t('earnings.occupancy.booked', {
                        booked: car.bookedHours,
                        listed: car.listedHours,
                        percent: percentOf(car.occupancyBps),
                      })}
                </span>
              </div>
              {car.occupancyBps === null ? null : (
                <div className="progress mt-1">
                  <div
                    className="progress-bar"
                    role="progressbar"
                    style={{ width: `${car.occupancyBps / 100}%` }}
                    aria-valuenow={car.occupancyBps / 100}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-label={t('earnings.occupancy.share', { car: car.carName })}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="small text-muted mb-0">{t('earnings.occupancy.note')}</p>
    </section>
  );
}
