import { describe, expect, it } from 'vitest';
import {
  listAdminBookings,
  listAdminCars,
  listAdminContent,
  listAdminMessages,
  listAdminNewsletter,
  markAdminMessageAnswered,
  removeAdminContent,
  setAdminCarListing,
  takeAdminBookingStep,
} from '../../src/features/admin/api';
import { signIn } from '../../src/features/auth/api';
import { postComment } from '../../src/features/blog/api';
import { createBooking } from '../../src/features/bookings/api';
import { sendContactMessage, subscribeNewsletter } from '../../src/features/marketing/api';
import { addOwnerCar, deleteOwnerCars, listOwnerCars } from '../../src/features/owner-cars/api';
import { blogPosts } from '../../src/data/blogs';
import {
  AdminBooking,
  AdminBookingPage,
  AdminCar,
  AdminCarPage,
  AdminContactMessage,
  AdminContactMessagePage,
  AdminContent,
  AdminContentPage,
  AdminNewsletterPage,
} from '../../src/domain/contract';
import { indiaToday } from '../../src/domain/india-time';
import { newAccount } from '../../server/tests/helpers';
import { serverSays } from '../mocks/server-says';
import { conforms } from './conforms';
import { startLiveServer } from './live-server';
import { signUpAndIn } from './registrations';

const admin = newAccount();
const live = startLiveServer({ admin });

/** Tomorrow on India's clock, 10:00 to 14:00. */
function tomorrow(): { from: string; to: string } {
  const date = indiaToday(new Date(Date.now() + 24 * 60 * 60 * 1000));
  return { from: `${date}T10:00:00+05:30`, to: `${date}T14:00:00+05:30` };
}

async function asAdmin() {
  live.browser('admin');
  await signIn({ email: admin.email, password: admin.password });
}

/** Text no other test writes, for a search to find only this test's rows. */
const unique = (words: string) => `${words} ${crypto.randomUUID().slice(0, 8)}`;

describe("the console's Cars, Bookings, Comments and reviews and Messages sections, against the real server", () => {
  it('lists, delists and relists a car, cancels its booking with a reason, and refuses to delist it once archived', async () => {
    live.browser('owner');
    const owner = await signUpAndIn('owner');
    const carName = unique('Maruti Swift');
    await addOwnerCar({ url: '/uploads/swift.jpg', carname: carName, description: '', price: 40 });
    const [car] = await listOwnerCars();

    await asAdmin();
    const listed = conforms(AdminCarPage, await listAdminCars({ q: carName, kind: 'listed', state: 'listed' }));
    expect(listed).toMatchObject({ total: 1, pageSize: 50, data: [{ id: car?.id, owner: { id: owner.id, status: 'enabled' } }] });
    const id = car?.id ?? '';
    const delisted = conforms(AdminCar, await setAdminCarListing(id, 'delist', { reason: 'Contract test.' }));
    expect(delisted).toMatchObject({ state: 'delisted', delistedReason: 'Contract test.', delistedAt: expect.any(String) });
    expect(conforms(AdminCar, await setAdminCarListing(id, 'relist', {}))).toMatchObject({
      state: 'listed',
      delistedReason: null,
    });

    live.browser('renter');
    await signUpAndIn('user');
    const booking = await createBooking({ carName: id, ...tomorrow(), driver: false });

    await asAdmin();
    const found = conforms(AdminBookingPage, await listAdminBookings({ q: booking.number, status: 'requested', kind: 'listed' }));
    expect(found.data).toMatchObject([{ id: booking.id, owner: { id: owner.id }, adminActions: ['cancel'] }]);
    const cancelled = conforms(AdminBooking, await takeAdminBookingStep(booking.id, 'cancel', { reason: 'Contract test.' }));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Contract test.', adminActions: [] });

    // A car with a booking in its history is archived, not deleted, when its owner removes it.
    live.browser('owner');
    await deleteOwnerCars([id]);
    await asAdmin();
    await expect(setAdminCarListing(id, 'delist', { reason: 'Too late.' })).rejects.toMatchObject({
      status: 409,
      message: serverSays.carArchived,
    });
  });

  it('lists and removes a comment, lists and marks a contact message answered and lists sign-ups, in the words the dialogs show', async () => {
    live.browser('reader');
    const reader = await signUpAndIn('user');
    const text = unique('Is a licence from abroad enough?');
    await postComment({ content: text, post: blogPosts[1].title });
    live.browser('visitor');
    const message = unique('Do you rent cars in Goa?');
    await sendContactMessage({ name: 'Priya', email: 'priya@example.com', message });
    const email = `${crypto.randomUUID().slice(0, 8)}@example.in`;
    await subscribeNewsletter({ email });

    await asAdmin();
    const [comment] = conforms(AdminContentPage, await listAdminContent({ q: text, kind: 'comment', state: 'shown' })).data;
    expect(comment).toMatchObject({ author: reader.username, text, on: { type: 'post', title: blogPosts[1].title } });
    const removed = conforms(
      AdminContent,
      await removeAdminContent({ id: comment?.id ?? '', kind: 'comment' }, { reason: 'Contract test.' }),
    );
    expect(removed.state).toBe('removed');
    await expect(
      removeAdminContent({ id: crypto.randomUUID(), kind: 'reply' }, { reason: 'Contract test.' }),
    ).rejects.toMatchObject({
      status: 404,
      message: serverSays.noCommentOrReply,
    });

    const [sent] = conforms(AdminContactMessagePage, await listAdminMessages({ q: message, status: 'awaiting' })).data;
    expect(sent).toMatchObject({ name: 'Priya', message, answeredAt: null });
    const answered = conforms(AdminContactMessage, await markAdminMessageAnswered(sent?.id ?? '', {}));
    expect(answered.answeredAt).toEqual(expect.any(String));
    await expect(markAdminMessageAnswered(crypto.randomUUID(), {})).rejects.toMatchObject({
      status: 404,
      message: serverSays.noContactMessage,
    });

    expect(conforms(AdminNewsletterPage, await listAdminNewsletter({ q: email })).data).toMatchObject([{ email }]);
  });
});
