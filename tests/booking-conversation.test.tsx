import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookingMessage, BookingReceipt, Conversation } from '../src/domain/contract';
import { MASKED_CONTACT } from '../src/domain/contact-masking';
import { renderRoute } from './render';
import { asha, booking, ravi, uuid } from './mocks/answers';
import { fail } from './mocks/routes';
import { serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';

const BOOKING_ID = uuid(301);
const DATABASE_AWAY = 'The database is not answering. Please try again in a moment.';

function receipt(fields: Partial<BookingReceipt> = {}): BookingReceipt {
  return { ...booking(), history: [{ status: 'requested', at: '2026-01-05T14:30:00+05:30' }], contacts: {}, ...fields };
}

function message(n: number, fields: Partial<BookingMessage> = {}): BookingMessage {
  return {
    id: uuid(900 + n),
    from: 'renter',
    author: asha.username,
    text: `Message ${n}`,
    masked: false,
    sentAt: `2026-01-05T1${n}:00:00+05:30`,
    seenAt: null,
    reported: false,
    ...fields,
  };
}

/** The conversation as the server keeps it for this test: each call answers it as it then stands. */
function serveConversation(you: 'renter' | 'carKeeper', messages: BookingMessage[]) {
  const state: Conversation = { bookingId: BOOKING_ID, you, contactsHidden: true, messages };
  serve('GET /api/bookings/:id', receipt());
  const reads = serve('GET /api/bookings/:id/messages', () => state);
  const seen = serve('POST /api/bookings/:id/messages/seen', () => {
    state.messages = state.messages.map((item) => (item.from === you ? item : { ...item, seenAt: '2026-01-05T20:00:00+05:30' }));
    return state;
  });
  return { state, reads, seen };
}

const messageList = () => screen.findByRole('list', { name: 'Messages about this booking' });

describe('a booking’s conversation', () => {
  it('shows the messages oldest first, "Seen" under the renter’s read ones, and marks the owner’s as seen once shown', async () => {
    session(asha);
    const { seen } = serveConversation('renter', [
      message(1, { seenAt: '2026-01-05T12:00:00+05:30' }),
      message(2, { from: 'carKeeper', author: ravi.username, text: `Call me on ${MASKED_CONTACT}`, masked: true }),
    ]);
    renderRoute(`/bookings/${BOOKING_ID}`);

    const items = within(await messageList()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'You, Jan 05 2026 11:00Message 1Seen',
      `ravi, Jan 05 2026 12:00Call me on ${MASKED_CONTACT}Report`,
    ]);
    expect(
      screen.getByText(
        'Contact details show after the booking is accepted: until then, phone numbers and email addresses in messages read •••.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(seen).toHaveLength(1));
  });

  it('asks once to mark the messages read when the server is away, says so, and asks again for the next message', async () => {
    session(asha);
    const { state } = serveConversation('renter', [message(1, { from: 'carKeeper', author: ravi.username })]);
    let away = true;
    const seen = serve('POST /api/bookings/:id/messages/seen', () => {
      if (away) return fail(503, DATABASE_AWAY);
      state.messages = state.messages.map((item) => ({ ...item, seenAt: '2026-01-05T20:00:00+05:30' }));
      return state;
    });
    serve('POST /api/bookings/:id/messages', ({ body }) => {
      const added = message(2, { text: (body as { text: string }).text });
      // The owner answers while the renter writes: their new message is the newest unread one.
      state.messages = [...state.messages, added, message(3, { from: 'carKeeper', author: ravi.username })];
      return added;
    });
    const { user } = renderRoute(`/bookings/${BOOKING_ID}`);

    expect(
      await screen.findByText(`The other side cannot yet see that you read their messages: ${DATABASE_AWAY}`),
    ).toBeInTheDocument();
    expect(seen).toHaveLength(1);

    away = false;
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'On my way');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Messages about this booking' })).getAllByRole('listitem')).toHaveLength(3),
    );
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(state.messages.filter((item) => item.from === 'carKeeper').every((item) => item.seenAt !== null)).toBe(true);
  });

  it('says a booking no longer going ahead keeps contact details masked, not that acceptance shows them', async () => {
    session(asha);
    serveConversation('renter', [
      message(1, { from: 'carKeeper', author: ravi.username, text: `Call ${MASKED_CONTACT}`, masked: true }),
    ]);
    serve('GET /api/bookings/:id', receipt({ status: 'cancelled' }));
    renderRoute(`/bookings/${BOOKING_ID}`);

    expect(
      await screen.findByText('This booking is not going ahead, so phone numbers and email addresses in messages read •••.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Contact details show after the booking is accepted/)).not.toBeInTheDocument();
  });

  it('sends a message and shows it at the bottom, the field emptied', async () => {
    session(asha);
    const { state } = serveConversation('renter', [message(1)]);
    const sent = serve('POST /api/bookings/:id/messages', ({ body }) => {
      const text = (body as { text: string }).text;
      const added = message(2, { text });
      state.messages = [...state.messages, added];
      return added;
    });
    const { user } = renderRoute(`/bookings/${BOOKING_ID}`);

    await messageList();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Is the car clean?');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Messages about this booking' })).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(sent.map((call) => [call.params.id, call.body])).toEqual([[BOOKING_ID, { text: 'Is the car clean?' }]]);
    expect(
      within(screen.getByRole('list', { name: 'Messages about this booking' })).getAllByRole('listitem')[1],
    ).toHaveTextContent('Is the car clean?');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('says an empty message must not be empty, and sends nothing', async () => {
    session(asha);
    serveConversation('renter', []);
    const sent = serve('POST /api/bookings/:id/messages', message(1));
    const { user } = renderRoute(`/bookings/${BOOKING_ID}`);

    expect(await screen.findByText('No messages yet. Ask about the car, the pickup or the trip here.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Message must not be empty.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('shows the server’s words when it refuses a flood of messages', async () => {
    session(asha);
    serveConversation('renter', []);
    const limit = serverSays.tenMessagesAMinute;
    serve('POST /api/bookings/:id/messages', fail(429, limit, { 'retry-after': '60' }));
    const { user } = renderRoute(`/bookings/${BOOKING_ID}`);

    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello again');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(limit)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Hello again');
  });

  it('lets the owner report the renter’s message, which then reads as reported', async () => {
    session(ravi);
    const { state } = serveConversation('carKeeper', [message(1, { text: 'Pay me in cash' })]);
    const reports = serve('POST /api/bookings/:id/messages/:messageId/report', ({ params }) => {
      const [first] = state.messages;
      const reported = { ...message(1, { text: 'Pay me in cash' }), ...first, reported: true };
      state.messages = [reported];
      expect(params.messageId).toBe(uuid(901));
      return reported;
    });
    const { user } = renderRoute(`/bookings/${BOOKING_ID}`);

    await user.click(await screen.findByRole('button', { name: 'Report this message to WheelsOnWeb' }));

    expect(await screen.findByText('Reported to WheelsOnWeb')).toBeInTheDocument();
    expect(reports).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Report this message to WheelsOnWeb' })).not.toBeInTheDocument();
  });

  it('shows nothing of it to an admin whom the server sends to the console', async () => {
    session({ ...ravi, role: 'admin' });
    serve('GET /api/bookings/:id', receipt());
    const reads = serve('GET /api/bookings/:id/messages', fail(403, serverSays.adminReadsInConsole));
    renderRoute(`/bookings/${BOOKING_ID}`);

    await screen.findByRole('heading', { level: 1, name: 'Booking WOW-00301' });
    await waitFor(() => expect(reads).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Messages' })).not.toBeInTheDocument();
  });
});
