import { z } from 'zod';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from '../limits';
import { email } from './fields';

export const ContactMessage = z.object({
  name: z.string().trim().min(1).max(CONTACT_NAME_MAX),
  email,
  message: z.string().trim().min(1).max(CONTACT_MESSAGE_MAX),
});
export type ContactMessage = z.input<typeof ContactMessage>;

/**
 * An Indian mobile number as people write it: ten digits, the first 6, 7, 8 or 9, after an optional
 * +91, 0091, 91 or 0, with spaces or dashes anywhere between.
 */
export const indianMobile = z
  .string()
  .trim()
  .regex(/^(?:(?:\+|00)?91|0)?[\s-]*[6-9](?:[\s-]*\d){9}$/, 'checks.callRequest.phone');

/**
 * "Request a call": who to call and on which mobile, with an email to write to should the call not
 * get through. The app sends it to `POST /api/contact` as a message asking for the call.
 */
export const CallRequest = z.object({
  name: ContactMessage.shape.name,
  phone: indianMobile,
  email,
});
export type CallRequest = z.input<typeof CallRequest>;

export const NewsletterSignup = z.object({ email });
export type NewsletterSignup = z.input<typeof NewsletterSignup>;

/** A request done, in one sentence for the person who sent it. */
export const MessageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.output<typeof MessageAnswer>;
