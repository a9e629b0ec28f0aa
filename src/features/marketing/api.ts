import { client } from '../../lib/api-client';
import type { ContactMessage, LatestReviews, MessageAnswer, NewsletterSignup } from '../../domain/contract';

export async function sendContactMessage(body: ContactMessage): Promise<MessageAnswer> {
  return (await client.post<MessageAnswer>('/api/contact', body)).data;
}

export async function subscribeNewsletter(body: NewsletterSignup): Promise<MessageAnswer> {
  return (await client.post<MessageAnswer>('/api/newsletter', body)).data;
}

/** The newest reviews with a comment, whatever their rating, for the home page. */
export async function latestReviews(signal?: AbortSignal): Promise<LatestReviews> {
  return (await client.get<LatestReviews>('/api/reviews/latest', { signal })).data;
}
