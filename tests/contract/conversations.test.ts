import { describe, expect, it } from 'vitest';
import { signIn } from '../../src/features/auth/api';
import { DEFAULT_QUOTAS } from '../../server/src/limits/quotas';
import { newAccount, TEST_QUOTAS } from '../../server/tests/helpers';
import { createBooking } from '../../src/features/bookings/api';
import { getConversation, markSeen, sendMessage } from '../../src/features/conversations/api';
import { addOwnerCar, listOwnerCars } from '../../src/features/owner-cars/api';
import { indiaToday } from '../../src/domain/india-time';
import { BookingMessage, Conversation } from '../../src/domain/contract';
import { MASKED_CONTACT } from '../../src/domain/contact-masking';
import { serverSays } from '../mocks/server-says';
import { conforms } from './conforms';
import { startLiveServer } from './live-server';
import { signUpAndIn } from './registrations';

const admin = newAccount();
// The limits as shipped, so the 11th message in a minute meets the real refusal.
const live = startLiveServer({
  admin,
  quotas: { ...TEST_QUOTAS, bookingMessagesPerMinute: DEFAULT_QUOTAS.bookingMessagesPerMinute },
});

const DAY = 24 * 60 * 60 * 1000;

describe("a booking's conversation, against the real server", () => {
  it('carries a masked message to the owner, marks it seen, and refuses the 11th message in a minute in the fakes’ words', async () => {
    live.browser('owner');
    await signUpAndIn('owner');
    await addOwnerCar({ url: '/uploads/i20.jpg', carname: 'Hyundai i20 talk', description: '', price: 50 });
    const [car] = await listOwnerCars();

    live.browser('renter');
    await signUpAndIn('user');
    const date = indiaToday(new Date(Date.now() + 5 * DAY));
    const booking = await createBooking({
      carName: car?.id ?? '',
      from: `${date}T10:00:00+05:30`,
      to: `${date}T14:00:00+05:30`,
      driver: false,
    });
    const sent = conforms(BookingMessage, await sendMessage(booking.id, { text: 'Call me on 98765 43210' }));
    expect(sent).toMatchObject({ text: `Call me on ${MASKED_CONTACT}`, masked: true, from: 'renter' });

    live.browser('owner');
    const seen = conforms(Conversation, await markSeen(booking.id));
    expect(seen.you).toBe('carKeeper');
    expect(seen.messages.map((message) => message.text)).toEqual([`Call me on ${MASKED_CONTACT}`]);

    live.browser('renter');
    expect(conforms(Conversation, await getConversation(booking.id)).messages[0]?.seenAt).not.toBeNull();
    for (let n = 2; n <= 10; n += 1) await sendMessage(booking.id, { text: `Message ${n}` });
    await expect(sendMessage(booking.id, { text: 'One too many' })).rejects.toMatchObject({
      status: 429,
      message: serverSays.tenMessagesAMinute,
    });
  });

  it('sends an admin to the console for a listed car’s conversation', async () => {
    live.browser('owner2');
    await signUpAndIn('owner');
    await addOwnerCar({ url: '/uploads/i20.jpg', carname: 'Hyundai i20 console', description: '', price: 50 });
    const [car] = await listOwnerCars();
    live.browser('renter2');
    await signUpAndIn('user');
    const date = indiaToday(new Date(Date.now() + 6 * DAY));
    const booking = await createBooking({
      carName: car?.id ?? '',
      from: `${date}T10:00:00+05:30`,
      to: `${date}T14:00:00+05:30`,
      driver: false,
    });

    live.browser('admin');
    await signIn({ email: admin.email, password: admin.password });
    await expect(getConversation(booking.id)).rejects.toMatchObject({ status: 403, message: serverSays.adminReadsInConsole });
  });
});
