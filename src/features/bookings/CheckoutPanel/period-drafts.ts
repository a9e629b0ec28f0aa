import { useState } from 'react';
import { type PeriodEnd, periodProblems } from '../../../domain/booking-period';
import { indiaLocalToIso, isoToIndiaLocal } from '../../../domain/india-time';
import type { DayState } from '../../../entities/car/busy-days';
import { checkWords } from '../../../lib/form-words';
import type { ChoiceChange } from './useCheckoutChoice';
import { t } from '../words';

/** What the typed fields hold: India's date ("2030-01-31") and time ("22:30") of each end, '' while one is unfinished. */
export interface PeriodDrafts {
  fromDate: string;
  fromTime: string;
  toDate: string;
  toTime: string;
}
export type DraftField = keyof PeriodDrafts;

/** What is wrong with one end of the period, and which of its two fields it is about. */
export interface EndError {
  message: string;
  fields: DraftField[];
}
export type PeriodErrors = Partial<Record<PeriodEnd, EndError>>;

/** Each end's two fields, by what they hold. */
export const END_FIELDS = {
  from: { date: 'fromDate', time: 'fromTime' },
  to: { date: 'toDate', time: 'toTime' },
} as const satisfies Record<PeriodEnd, { date: DraftField; time: DraftField }>;

function draftsOf(from: Date, to: Date): PeriodDrafts {
  const [fromDate = '', fromTime = ''] = isoToIndiaLocal(from.toISOString()).split('T');
  const [toDate = '', toTime = ''] = isoToIndiaLocal(to.toISOString()).split('T');
  return { fromDate, fromTime, toDate, toTime };
}

/** One end's date and time read on India's clock, whatever the machine's zone; undefined while either is unfinished. */
function instantOf(drafts: PeriodDrafts, end: PeriodEnd): Date | undefined {
  const iso = indiaLocalToIso(`${drafts[END_FIELDS[end].date]}T${drafts[END_FIELDS[end].time]}`);
  return iso ? new Date(iso) : undefined;
}

/**
 * The period's problems at each end, first found first: a field left unfinished, a day the car is
 * booked all of (only a guide, as on the calendar: the server decides), then the contract's period
 * rules, the server's own.
 */
export function periodErrors(drafts: PeriodDrafts, now: Date, stateOf: (day: string) => DayState): PeriodErrors {
  const errors: PeriodErrors = {};
  for (const end of ['from', 'to'] as const) {
    const { date, time } = END_FIELDS[end];
    if (!drafts[date]) errors[end] = { message: t('bookings.picker.dateMissing'), fields: [date] };
    else if (!instantOf(drafts, end)) errors[end] = { message: t('bookings.picker.timeMissing'), fields: [time] };
    else if (stateOf(drafts[date]) === 'busy') errors[end] = { message: t('bookings.picker.dayBooked'), fields: [date] };
  }
  const from = instantOf(drafts, 'from');
  const to = instantOf(drafts, 'to');
  if (!from || !to) return errors;
  for (const problem of periodProblems(from, to, now)) {
    const { date, time } = END_FIELDS[problem.end];
    errors[problem.end] ??= { message: checkWords(problem.message), fields: [date, time] };
  }
  return errors;
}

/**
 * The typed fields of the period, kept in step with the chosen one: a finished pair of ends is
 * chosen as typed (the total and the rules follow it), and a period chosen elsewhere (the calendar,
 * the address) is shown in them.
 */
export function usePeriodDrafts(from: Date, to: Date, choose: (change: ChoiceChange) => void) {
  const chosen = `${from.getTime()}/${to.getTime()}`;
  const [shownFor, setShownFor] = useState(chosen);
  const [drafts, setDrafts] = useState(() => draftsOf(from, to));
  if (shownFor !== chosen) {
    setShownFor(chosen);
    setDrafts(draftsOf(from, to));
  }

  const type = (field: DraftField, value: string) => {
    const next = { ...drafts, [field]: value };
    setDrafts(next);
    const typedFrom = instantOf(next, 'from');
    const typedTo = instantOf(next, 'to');
    if (typedFrom && typedTo) choose({ from: typedFrom, to: typedTo });
  };

  return { drafts, type };
}
