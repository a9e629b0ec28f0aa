import { client } from '../../lib/api-client';
import type { ContactMessage, MessageAnswer, NewsletterSignup } from '../../domain/contract';

export async function sendContactMessage(body: ContactMessage): Promise<MessageAnswer> {
  return (await client.post<MessageAnswer>('/api/contact', body)).data;
}

export async function subscribeNewsletter(body: NewsletterSignup): Promise<MessageAnswer> {
  return (await client.post<MessageAnswer>('/api/newsletter', body)).data;
}
