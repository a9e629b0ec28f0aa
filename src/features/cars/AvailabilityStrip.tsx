import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { indiaDays, type DayState } from '../../entities/car/busy-days';
import { dayWord } from '../../entities/car/day-words';
import { useBusyDays } from '../../entities/car/queries';
import '../../styles/availability.css';
import { t } from './words';

const STRIP_DAYS = 30;
const TITLE_ID = 'availability-title';

/** Each state's mark: with its words, the colour is never the only sign. */
const DAY_MARKS: Record<DayState, string> = { free: '✓', partly: '◐', busy: '✕' };

const dayParts = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });

/** India's day "YYYY-MM-DD" as its weekday, day and month ("Tue", "24", "Nov"), whatever the reader's zone. */
function nameOf(day: string) {
  const parts = dayParts.formatToParts(new Date(`${day}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return { weekday: part('weekday'), date: part('day'), month: part('month') };
}

/**
 * The car's next 30 days on India's calendar, each marked free, partly booked or booked by accepted
 * bookings. Only a guide: the server decides when a request is sent. A failure to load says so in
 * a line and leaves the rest of the page as it is.
 */
export function AvailabilityStrip({ carRef }: { carRef: string }) {
  const { availability, stateOf, today } = useBusyDays(carRef);

  let content: ReactNode;
  if (availability.isPending) {
    content = (
      <p className="small text-muted mb-0" role="status">
        <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
        {t('cars.availability.loading')}
      </p>
    );
  } else if (availability.isError) {
    content = (
      <p className="small text-muted mb-0" role="note">
        {t('cars.availability.failed')}{' '}
        <Button variant="link" size="sm" className="p-0 align-baseline" onClick={() => availability.refetch()}>
          {t('cars.availability.tryAgain')}
        </Button>
      </p>
    );
  } else {
    content = (
      <>
        <ul className="availability-strip mb-2" aria-labelledby={TITLE_ID}>
          {indiaDays(today, STRIP_DAYS).map((day) => {
            const state = stateOf(day);
            const { weekday, date, month } = nameOf(day);
            const label = t('cars.availability.day', { weekday, date, month, state });
            return (
              <li key={day} className={`availability-day availability-day--${state}`} title={label} data-day={day}>
                <span className="availability-day__weekday" aria-hidden="true">
                  {weekday}
                </span>
                <span className="availability-day__date" aria-hidden="true">
                  {date}
                </span>
                <span className="availability-day__mark" aria-hidden="true">
                  {DAY_MARKS[state]}
                </span>
                <span className="visually-hidden">{label}</span>
              </li>
            );
          })}
        </ul>
        <ul className="list-inline small mb-0" aria-label={t('cars.availability.legend')}>
          {(['free', 'partly', 'busy'] as const).map((state) => (
            <li key={state} className="list-inline-item me-3">
              <span className={`availability-swatch availability-day--${state}`} aria-hidden="true">
                {DAY_MARKS[state]}
              </span>
              {dayWord(state)}
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <section className="mt-4" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID} className="h5 mb-1">
        {t('cars.availability.title', { count: STRIP_DAYS })}
      </h2>
      <p className="small text-muted mb-2">{t('cars.availability.note')}</p>
      {content}
    </section>
  );
}
