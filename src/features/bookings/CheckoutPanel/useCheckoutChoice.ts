import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { defaultPeriodEnd, nextIndiaHour, toIndiaIso, toIndiaWallClock } from '../../../domain/india-time';

function instantFrom(value: string | null): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export interface ChoiceChange {
  from?: Date;
  to?: Date;
  driver?: boolean;
}

/**
 * The renter's period and driver choice, kept in the address (`from`, `to`, `driver`) so they arrive
 * from the car listing and survive the detour through sign-in; the period defaults to the next whole
 * hour in India for the default length. The picker's dates read India time wherever the renter is.
 */
export function useCheckoutChoice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [defaultStart] = useState(() => nextIndiaHour());
  // Counts picks: the picker keeps what was clicked until it is given new dates, so every pick hands
  // it fresh ones, even when the period was corrected back to the one it already showed.
  const [picks, setPicks] = useState(0);

  const fromParam = searchParams.get('from');
  const toParam = searchParams.get('to');
  const from = useMemo(() => instantFrom(fromParam) ?? defaultStart, [fromParam, defaultStart]);
  const to = useMemo(() => instantFrom(toParam) ?? defaultPeriodEnd(from), [toParam, from]);
  // The picker shows the browser's clock; these make it read India time wherever the renter is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: picks is there to renew the dates after every pick
  const pickerStart = useMemo(() => toIndiaWallClock(from), [from, picks]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  const pickerEnd = useMemo(() => toIndiaWallClock(to), [to, picks]);
  const driver = searchParams.get('driver') === '1';

  const updateChoice = (change: ChoiceChange) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (change.from) next.set('from', toIndiaIso(change.from));
        if (change.to) next.set('to', toIndiaIso(change.to));
        if (change.driver !== undefined) {
          if (change.driver) next.set('driver', '1');
          else next.delete('driver');
        }
        return next;
      },
      { replace: true },
    );
  };

  const pick = (change: ChoiceChange) => {
    setPicks((count) => count + 1);
    updateChoice(change);
  };

  return { from, to, driver, pickerStart, pickerEnd, updateChoice, pick };
}
