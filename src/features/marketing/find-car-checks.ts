import { z } from 'zod';
import { cityOf, NO_SUCH_CITY } from './find-car-city';

/**
 * What the home page's search checks before it goes to the Cars page, loaded once someone starts
 * filling it in (FindCarForm.tsx): the home page does not bring zod with it. The search sends no
 * body of the contract's; what it makes is the Cars page's address (`city`, `ac`, `from`), so the
 * From address must name one of the cities the catalogue has, and the journey needs its date and time.
 */
export const FindCarChecks = z.object({
  fromAddress: z.string().refine((address) => cityOf(address) !== undefined, NO_SUCH_CITY),
  toAddress: z.string().trim().min(1),
  journeyDate: z.string().min(1),
  journeyTime: z.string().min(1),
  carType: z.enum(['ac', 'non-ac']),
});
export type FindCarFields = z.input<typeof FindCarChecks>;
