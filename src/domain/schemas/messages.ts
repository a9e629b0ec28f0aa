import { z } from 'zod';
import { email } from './fields';

const NAME_MAX = 100;
const MESSAGE_MAX = 5_000;

export const ContactMessage = z.object({
  name: z.string().trim().min(1).max(NAME_MAX),
  email,
  message: z.string().trim().min(1).max(MESSAGE_MAX),
});
export type ContactMessage = z.input<typeof ContactMessage>;

export const NewsletterSignup = z.object({ email });
export type NewsletterSignup = z.input<typeof NewsletterSignup>;

/** A request done, in one sentence for the person who sent it. */
export const MessageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.output<typeof MessageAnswer>;
