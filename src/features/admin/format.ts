import type { AdminCarState } from '../../domain/schemas/admin';

/** Counts with India's digit grouping (1,23,456), as the product writes rupees. */
const countFormat = new Intl.NumberFormat('en-IN');

export function formatCount(count: number): string {
  return countFormat.format(count);
}

/** A car's state as the overview counts it and the Cars section filters and shows it. */
export const CAR_STATE_LABELS: Record<AdminCarState, string> = {
  listed: 'Listed',
  paused: 'Paused',
  delisted: 'Delisted',
  archived: 'Archived',
};
