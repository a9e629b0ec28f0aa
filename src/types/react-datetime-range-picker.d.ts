/** react-datetime-range-picker ships no types: these are the props the app uses (see its README). */
declare module 'react-datetime-range-picker' {
  import type { ComponentType, InputHTMLAttributes } from 'react';

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

  const DatetimeRangePicker: ComponentType<DatetimeRangePickerProps>;
  export default DatetimeRangePicker;
}
