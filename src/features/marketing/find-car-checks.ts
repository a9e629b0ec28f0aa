import { z } from 'zod';
import type { City } from '../../domain/car-attributes';

/**
 * What the home page's search checks before it goes to the Cars page, loaded once someone starts
 * filling it in (FindCarForm.tsx): the home page does not bring zod with it. The search sends no
 * body of the contract's; what it makes is the Cars page's address (`city`, `ac`, `from`), so the
 * From address must name one of the cities the catalogue has, and the journey needs its date and
 * time. `cityOf` is the form's own reading of an address (find-car-city.ts), and `noSuchCity` the
 * words that name the cities (the site catalogue's), handed over rather than imported: a module both
 * the page and this chunk imported would be a chunk of its own.
 */
export function findCarChecks(cityOf: (address: string) => City | undefined, noSuchCity: string) {
  return z.object({
    fromAddress: z.string().refine((address) => cityOf(address) !== undefined, noSuchCity),
    journeyDate: z.string().min(1),
    journeyTime: z.string().min(1),
    carType: z.enum(['ac', 'non-ac']),
  });
}
export type FindCarFields = z.input<ReturnType<typeof findCarChecks>>;
