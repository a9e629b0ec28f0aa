import type { DayState } from './busy-days';
import { t } from './words';

/** Each state's words' id in the catalogue. */
const DAY_WORD_IDS = {
  free: 'cars.availability.free',
  partly: 'cars.availability.partly',
  busy: 'cars.availability.busy',
} as const satisfies Record<DayState, string>;

/** What a day's state is called where a day shows it: "Free", "Partly booked", "Booked". */
export const dayWord = (state: DayState): string => t(DAY_WORD_IDS[state]);
