import { z } from 'zod';
import { AdminOptionalReason, type AccountStatus } from '#domain/schemas/admin';
import type { AccountRow } from '../db/schema';

// What the admin console's route files share: each section of the console has its own file.

export const ADMIN_TAGS = ['admin'];

/** Why any admin route refuses a caller before looking at anything else. */
export const REFUSED = { 401: 'Not signed in.', 403: "Signed in with an account that is not an admin's." } as const;

/** A bodiless POST reaches the validator as null: no body is no reason. */
export const optionalReasonBody = z.preprocess((body) => body ?? {}, AdminOptionalReason);

export const accountStatusOf = (row: Pick<AccountRow, 'disabled'>): AccountStatus => (row.disabled ? 'disabled' : 'enabled');
