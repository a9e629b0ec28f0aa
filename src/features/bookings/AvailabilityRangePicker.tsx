import type { Moment } from 'moment';
import { cloneElement } from 'react';
import RangePickerImport, {
  type DatetimeRangePickerProps,
  type DayCellProps,
  type PickerFieldProps,
} from 'react-datetime-range-picker';
import { cjsDefault } from '../../components/cjs-default';
import type { DayState } from '../../entities/car/busy-days';
import { dayWord } from '../../entities/car/day-words';
import '../../styles/availability.css';
import { t } from './words';

const DatetimeRangePicker = cjsDefault(RangePickerImport);

/** A calendar day as the picker hands it (a moment on its wall clock, which the car page makes India's), as "YYYY-MM-DD". */
export function pickerDay(day: unknown): string {
  return (day as Moment).format('YYYY-MM-DD');
}

interface AvailabilityRangePickerProps extends DatetimeRangePickerProps {
  /** How booked the day "YYYY-MM-DD" is. */
  dayState: (day: string) => DayState;
}

/** Gives a field's text input its own name: the package hands both inputs the same inputProps. */
function named(field: PickerFieldProps, name: string): PickerFieldProps {
  return { ...field, inputProps: { ...field.inputProps, name } };
}

/**
 * react-datetime-range-picker with days marked by how booked they are: a partly booked or booked
 * day carries the class `day-partly` or `day-busy` and says so in its title and label. The package
 * draws every day cell with its own renderDay and passes no renderDay of ours through, so the marks
 * are added by overriding that method. Nothing goes inside the cell: react-datetime reads the
 * clicked day from the element clicked, which must stay the cell itself.
 *
 * Its two inputs are named `from` and `to` (the car page's period in its address): an input with
 * neither an id nor a name is one the browser cannot autofill, and Chrome lists each in its Issues panel.
 */
export class AvailabilityRangePicker extends DatetimeRangePicker<AvailabilityRangePickerProps> {
  override calcStartTimeProps() {
    return named(super.calcStartTimeProps(), 'from');
  }

  override calcEndTimeProps() {
    return named(super.calcEndTimeProps(), 'to');
  }

  override renderDay(props: DayCellProps, currentDate: Moment) {
    const cell = super.renderDay(props, currentDate);
    const state = this.props.dayState(currentDate.format('YYYY-MM-DD'));
    if (state === 'free') return cell;
    return cloneElement(cell, {
      className: `${cell.props.className} day-${state}`,
      title: dayWord(state),
      'aria-label': t('bookings.picker.dayLabel', { day: currentDate.format('D MMMM'), state }),
    });
  }
}
