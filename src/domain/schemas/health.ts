import { z } from 'zod';

/** The database answered; which kind it is. */
export const HealthAnswer = z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) });
export type HealthAnswer = z.output<typeof HealthAnswer>;
