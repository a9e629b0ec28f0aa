import { z } from 'zod';
import { OwnerRegistration, UserRegistration } from '../../domain/schemas/accounts';

/**
 * What the sign-up forms check before sending, loaded once someone starts filling one in
 * (SignupForms.tsx): the sign-up page does not bring zod with it.
 */
export { UserRegistration };

/** The spec leaves the owners' password confirmation to the server, which answers with its message: every other rule is checked here. */
export const OwnerFields = z.object(OwnerRegistration.shape);
