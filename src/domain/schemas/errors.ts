import { z } from 'zod';

/**
 * Every error answer: one sentence a person can act on. The routes the spec reads `code` from
 * (`/get-cars`, `/get-car/{id}`, `/edit-cars`, `/delete-cars`) also carry the HTTP status as `code`.
 */
export const ErrorBody = z
  .object({
    message: z.string(),
    code: z.int().optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.output<typeof ErrorBody>;
