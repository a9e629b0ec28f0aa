import type { Moment } from 'moment';
import { cloneElement } from 'react';
import RangePickerImport, { type DatetimeRangePickerProps, type DayCellProps } from 'react-datetime-range-picker';
import { cjsDefault } from '../../components/cjs-default';
import { DAY_WORDS, type DayState } from '../cars/busy-days';
import '../../styles/availability.css';

const DatetimeRangePicker = cjsDefault(RangePickerImport);

/** A calendar day as the picker hands it (a moment on its wall clock, which the car page makes India's), as "YYYY-MM-DD". */
export function pickerDay(day: unknown): string {
  return (day as Moment).format('YYYY-MM-DD');
}

interface AvailabilityRangePickerProps extends DatetimeRangePickerProps {
  /** How booked the day "YYYY-MM-DD" is. */
  dayState: (day: string) => DayState;
}

/**
 * react-datetime-range-picker with days marked by how booked they are: a partly booked or booked
 * day carries the class `day-partly` or `day-busy` and says so in its title and label. The package
 * draws every day cell with its own renderDay and passes no renderDay of ours through, so the marks
 * are added by overriding that method. Nothing goes inside the cell: react-datetime reads the
 * clicked day from the element clicked, which must stay the cell itself.
 */
export class AvailabilityRangePicker extends DatetimeRangePicker<AvailabilityRangePickerProps> {
  override renderDay(props: DayCellProps, currentDate: Moment) {
    const cell = super.renderDay(props, currentDate);
    const state = this.props.dayState(currentDate.format('YYYY-MM-DD'));
    if (state === 'free') return cell;
    return cloneElement(cell, {
      className: `${cell.props.className} day-${state}`,
      title: DAY_WORDS[state],
      'aria-label': `${currentDate.format('D MMMM')}: ${DAY_WORDS[state].toLowerCase()}`,
    });
  }
}
