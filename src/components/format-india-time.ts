import moment from 'moment-timezone/builds/moment-timezone-with-data-10-year-range';
import { INDIA_TIME_ZONE } from '../domain/limits';

/** The spec's date format, shown in India time wherever the reader is. */
export const INDIA_DATE_TIME_FORMAT = 'MMM DD YYYY HH:mm';

/**
 * An instant as 'MMM DD YYYY HH:mm' in India time. The ten-year-range build of the zone data is a
 * third of the full one; India's zone has not changed since 1945, so the range loses nothing here.
 */
export function formatIndiaTime(instant: Date | string | number): string {
  return moment(instant).tz(INDIA_TIME_ZONE).format(INDIA_DATE_TIME_FORMAT);
}
