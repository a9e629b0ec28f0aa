import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { Moment } from 'moment';
import type { DatetimeRange } from 'react-datetime-range-picker';
import type { PeriodEnd } from '../../../domain/booking-period';
import { formatIndiaTime, indiaToday, toIndiaWallClock } from '../../../domain/india-time';
import type { DayState } from '../../../entities/car/busy-days';
import { AvailabilityRangePicker, pickerDay } from '../AvailabilityRangePicker';
import { pickedPeriod } from '../picked-period';
import { type DraftField, END_FIELDS, type EndError, type PeriodDrafts, type PeriodErrors } from './period-drafts';
import type { ChoiceChange } from './useCheckoutChoice';
import { t } from '../words';

/**
 * A minute step as long as the clock face makes the minute arrows leave the minutes as they are: the
 * picker offers whole hours only, and the car page's own start is a whole hour in India.
 */
const WHOLE_HOURS = { minutes: { step: 60 } };

interface EndFieldsProps {
  end: PeriodEnd;
  drafts: PeriodDrafts;
  error: EndError | undefined;
  /** The India-time note every field is read out with. */
  hintId: string;
  onType: (field: DraftField, value: string) => void;
}

/** One end's date and time fields, and its error under them, which the fields it is about are marked with. */
function EndFields({ end, drafts, error, hintId, onType }: EndFieldsProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="mb-2">
      <Row className="g-2">
        {(['date', 'time'] as const).map((type) => {
          const field = END_FIELDS[end][type];
          const invalid = error?.fields.includes(field) === true;
          return (
            <Col xs={6} key={field}>
              <Form.Label htmlFor={`${id}-${field}`} className="small mb-0">
                {t(`bookings.picker.${field}`)}
              </Form.Label>
              <Form.Control
                id={`${id}-${field}`}
                name={field}
                type={type}
                required
                min={type === 'date' ? indiaToday() : undefined}
                value={drafts[field]}
                onChange={(event) => onType(field, event.target.value)}
                isInvalid={invalid}
                aria-invalid={invalid || undefined}
                aria-errormessage={invalid ? errorId : undefined}
                aria-describedby={invalid ? `${errorId} ${hintId}` : hintId}
              />
            </Col>
          );
        })}
      </Row>
      {error ? (
        <div id={errorId} className="invalid-feedback d-block">
          {error.message}
        </div>
      ) : null}
    </div>
  );
}

interface PeriodPickerProps {
  from: Date;
  to: Date;
  drafts: PeriodDrafts;
  errors: PeriodErrors;
  onType: (field: DraftField, value: string) => void;
  pickerStart: Date;
  pickerEnd: Date;
  /** Whether a day is free, partly booked or booked: only a guide, the server decides. */
  stateOf: (day: string) => DayState;
  onPick: (change: ChoiceChange) => void;
}

/**
 * The rental period: typed date and time fields for its start and end, on India's clock, which a
 * keyboard and a screen reader can work; the calendar picker for a pointer, shown on request; then
 * both ends as India's clock reads them.
 */
export function PeriodPicker({ from, to, drafts, errors, onType, pickerStart, pickerEnd, stateOf, onPick }: PeriodPickerProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const calendarId = `${id}-calendar`;
  const [calendarShown, setCalendarShown] = useState(false);
  const pickerToday = toIndiaWallClock(new Date());
  return (
    <>
      <fieldset className="mb-3">
        <legend className="fs-6 fw-semibold mb-1">{t('bookings.picker.periodLabel')}</legend>
        <p id={hintId} className="small text-muted mb-2">
          {t('bookings.picker.indiaTime')}
        </p>
        <EndFields end="from" drafts={drafts} error={errors.from} hintId={hintId} onType={onType} />
        <EndFields end="to" drafts={drafts} error={errors.to} hintId={hintId} onType={onType} />
        <Button
          variant="link"
          className="p-0 mb-2"
          aria-expanded={calendarShown}
          aria-controls={calendarId}
          onClick={() => setCalendarShown((shown) => !shown)}
        >
          {t('bookings.picker.showCalendar')}
        </Button>
        <div id={calendarId} hidden={!calendarShown}>
          {calendarShown ? (
            <AvailabilityRangePicker
              startDate={pickerStart}
              endDate={pickerEnd}
              dateFormat="MMM DD YYYY"
              timeFormat="HH:mm"
              className="d-grid gap-2 checkout-picker"
              inputProps={{ className: 'form-control', 'aria-label': t('bookings.picker.calendarLabel') }}
              startTimeConstraints={WHOLE_HOURS}
              endTimeConstraints={WHOLE_HOURS}
              isValidStartDate={(day) => !(day as Moment).isBefore(pickerToday, 'day') && stateOf(pickerDay(day)) !== 'busy'}
              isValidEndDate={(day) => stateOf(pickerDay(day)) !== 'busy'}
              dayState={stateOf}
              onChange={(picked: DatetimeRange) => onPick(pickedPeriod(picked, { start: pickerStart, end: pickerEnd }))}
            />
          ) : null}
        </div>
      </fieldset>
      <dl className="row mb-2 price">
        <dt className="col-4 fw-normal text-muted">{t('bookings.picker.from')}</dt>
        <dd className="col-8 mb-1">{formatIndiaTime(from)}</dd>
        <dt className="col-4 fw-normal text-muted">{t('bookings.picker.to')}</dt>
        <dd className="col-8 mb-1">{formatIndiaTime(to)}</dd>
      </dl>
    </>
  );
}
