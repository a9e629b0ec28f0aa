import Form from 'react-bootstrap/Form';
import type { Moment } from 'moment';
import type { DatetimeRange } from 'react-datetime-range-picker';
import { formatIndiaTime, toIndiaWallClock } from '../../../domain/india-time';
import type { DayState } from '../../../entities/car/busy-days';
import { AvailabilityRangePicker, pickerDay } from '../AvailabilityRangePicker';
import { pickedPeriod } from '../picked-period';
import type { ChoiceChange } from './useCheckoutChoice';
import { t } from '../words';

/**
 * A minute step as long as the clock face makes the minute arrows leave the minutes as they are: the
 * picker offers whole hours only, and the car page's own start is a whole hour in India.
 */
const WHOLE_HOURS = { minutes: { step: 60 } };

interface PeriodPickerProps {
  from: Date;
  to: Date;
  pickerStart: Date;
  pickerEnd: Date;
  /** Whether a day is free, partly booked or booked: only a guide, the server decides. */
  stateOf: (day: string) => DayState;
  onPick: (change: ChoiceChange) => void;
}

/** The rental period: the picker of its start and end, then both as India's clock reads them. */
export function PeriodPicker({ from, to, pickerStart, pickerEnd, stateOf, onPick }: PeriodPickerProps) {
  const pickerToday = toIndiaWallClock(new Date());
  return (
    <>
      <Form.Group className="mb-3">
        <Form.Label as="p" id="checkout-period" className="fw-semibold mb-1">
          {t('bookings.picker.periodLabel')}
        </Form.Label>
        <AvailabilityRangePicker
          startDate={pickerStart}
          endDate={pickerEnd}
          dateFormat="MMM DD YYYY"
          timeFormat="HH:mm"
          className="d-grid gap-2 checkout-picker"
          inputProps={{ className: 'form-control', 'aria-labelledby': 'checkout-period' }}
          startTimeConstraints={WHOLE_HOURS}
          endTimeConstraints={WHOLE_HOURS}
          isValidStartDate={(day) => !(day as Moment).isBefore(pickerToday, 'day') && stateOf(pickerDay(day)) !== 'busy'}
          isValidEndDate={(day) => stateOf(pickerDay(day)) !== 'busy'}
          dayState={stateOf}
          onChange={(picked: DatetimeRange) => onPick(pickedPeriod(picked, { start: pickerStart, end: pickerEnd }))}
        />
      </Form.Group>
      <dl className="row mb-2 price">
        <dt className="col-4 fw-normal text-muted">{t('bookings.picker.from')}</dt>
        <dd className="col-8 mb-1">{formatIndiaTime(from)}</dd>
        <dt className="col-4 fw-normal text-muted">{t('bookings.picker.to')}</dt>
        <dd className="col-8 mb-1">{formatIndiaTime(to)}</dd>
      </dl>
      <p className="small text-muted">{t('bookings.picker.indiaTime')}</p>
    </>
  );
}
