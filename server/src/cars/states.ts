import { sql, type SQL } from 'drizzle-orm';
import type { AdminCarState } from '#domain/schemas/admin';
import { cars, type CarRow } from '../db/schema';

// Where a car stands, as the admin console counts, filters and shows it: each car in exactly one
// state, archived, else delisted, else paused, else listed. The overview's counts, the Cars list's
// filter and its column are all read from here, so the three never disagree.

/** Each state as a condition on `cars`. */
export const carStateIs: Record<AdminCarState, SQL> = {
  listed: sql`${cars.archivedAt} is null and not ${cars.delisted} and ${cars.pausedAt} is null`,
  paused: sql`${cars.archivedAt} is null and not ${cars.delisted} and ${cars.pausedAt} is not null`,
  delisted: sql`${cars.archivedAt} is null and ${cars.delisted}`,
  archived: sql`${cars.archivedAt} is not null`,
};

/** The state of one car already read. */
export function carStateOf(car: Pick<CarRow, 'archivedAt' | 'delisted' | 'pausedAt'>): AdminCarState {
  if (car.archivedAt !== null) return 'archived';
  if (car.delisted) return 'delisted';
  return car.pausedAt === null ? 'listed' : 'paused';
}
