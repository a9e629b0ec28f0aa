/** react-datetime-range-picker ships no types: these are the props the app uses (see its README). */
declare module 'react-datetime-range-picker' {
  import type { Moment } from 'moment';
  import { Component, type InputHTMLAttributes, type ReactElement, type TdHTMLAttributes } from 'react';

  export interface DatetimeRange {
    start: Date;
    end: Date;
  }

  export interface DatetimeRangePickerProps {
    startDate?: Date;
    endDate?: Date;
    onChange?: (range: DatetimeRange) => void;
    dateFormat?: boolean | string;
    timeFormat?: boolean | string;
    className?: string;
    pickerClassName?: string;
    inputProps?: InputHTMLAttributes<HTMLInputElement>;
    closeOnSelect?: boolean;
    isValidStartDate?: (current: unknown, selected: unknown) => boolean;
    isValidEndDate?: (current: unknown, selected: unknown) => boolean;
    /** react-datetime's timeConstraints for each field: per unit, `{min?, max?, step?}`. */
    startTimeConstraints?: Record<string, { min?: number; max?: number; step?: number }>;
    endTimeConstraints?: Record<string, { min?: number; max?: number; step?: number }>;
  }

  /** What react-datetime gives a day cell: its classes (rdtDay, rdtActive, rdtDisabled, ...), data-value and a click handler. */
  export type DayCellProps = TdHTMLAttributes<HTMLTableCellElement> & { className: string };

  /** What the picker hands one of its two react-datetime fields; `inputProps` go to its text input. */
  export interface PickerFieldProps {
    inputProps?: InputHTMLAttributes<HTMLInputElement>;
    [prop: string]: unknown;
  }

  /**
   * A class component: a subclass may override `renderDay`, which both calendars call for every day
   * cell, and `calcStartTimeProps`/`calcEndTimeProps`, the props of the start and the end field.
   */
  export default class DatetimeRangePicker<P extends DatetimeRangePickerProps = DatetimeRangePickerProps> extends Component<P> {
    renderDay(props: DayCellProps, currentDate: Moment): ReactElement<DayCellProps>;
    calcStartTimeProps(): PickerFieldProps;
    calcEndTimeProps(): PickerFieldProps;
  }
}
