import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, type Conversation } from '../src/domain/contract';
import { renderRoute } from './render';
import { admin, paged, uuid } from './mocks/answers';
import { adminBooking } from './mocks/admin-answers';
import { serve, session } from './mocks/serve';

/** A conversation as sent: the renter's number shows whole to an admin. */
function conversation(bookingId: string): Conversation {
  return {
    bookingId,
    you: null,
    contactsHidden: false,
    messages: [
      {
        id: uuid(951),
        from: 'carKeeper',
        author: 'ravi',
        text: 'Pay me in cash: 98765 43210',
        masked: false,
        sentAt: '2026-02-05T10:00:00+05:30',
        seenAt: null,
        reported: true,
      },
    ],
  };
}

describe("the console's reported conversations", () => {
  it('lists them, latest report first, and reads one as sent, once per opening', async () => {
    session(admin);
    serve('GET /api/admin/conversations/reported', [
      {
        bookingId: uuid(301),
        bookingNumber: 'WOW-00301',
        carName: 'Maruti Swift',
        renter: 'asha',
        reportedMessages: 2,
        lastReportedAt: '2026-02-05T11:30:00+05:30',
      },
    ]);
    const reads = serve('POST /api/admin/bookings/:id/messages', ({ params }) => conversation(String(params.id)));
    const { user } = renderRoute('/admin/conversations');

    expect(await screen.findByRole('heading', { level: 1, name: 'Reported conversations (1)' })).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /WOW-00301/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['WOW-00301', 'Maruti Swift', 'asha', '2', 'Feb 05 2026 11:30', 'Read messages Close reports']);
    expect(reads).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Read messages of booking WOW-00301' }));
    const dialog = await screen.findByRole('dialog', { name: 'Messages of booking WOW-00301' });
    expect(dialog).toHaveTextContent('Your reading is recorded in the audit log.');
    expect(await within(dialog).findByText('Pay me in cash: 98765 43210')).toBeInTheDocument();
    expect(within(dialog).getByText("ravi (car's side), Feb 05 2026 10:00")).toBeInTheDocument();
    expect(reads.map((call) => call.params.id)).toEqual([uuid(301)]);
  });

  it('says when no report is open', async () => {
    session(admin);
    serve('GET /api/admin/conversations/reported', []);
    renderRoute('/admin/conversations');
    expect(await screen.findByText('No report is open.')).toBeInTheDocument();
  });

  it('closes a conversation’s reports with what the admin did, and the list is asked again', async () => {
    session(admin);
    const reported = {
      bookingId: uuid(302),
      bookingNumber: 'WOW-00302',
      carName: 'Maruti Swift',
      renter: 'asha',
      reportedMessages: 1,
      lastReportedAt: '2026-02-05T11:30:00+05:30',
    };
    let open = [reported];
    const lists = serve('GET /api/admin/conversations/reported', () => open);
    const closings = serve('POST /api/admin/conversations/:id/close-reports', () => {
      open = [];
      return { closedReports: 1 };
    });
    const { user } = renderRoute('/admin/conversations');

    await user.click(await screen.findByRole('button', { name: 'Close reports of booking WOW-00302' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the reports of booking WOW-00302' });
    // A reason is required: nothing is sent without one.
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await user.click(within(dialog).getByRole('button', { name: 'Close reports' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription(/^Reason is required/));
    expect(closings).toHaveLength(0);
    await user.type(reason, 'Warned the owner by phone.');
    await user.click(within(dialog).getByRole('button', { name: 'Close reports' }));

    expect(await screen.findByText('Closed the reports of booking WOW-00302.')).toBeInTheDocument();
    expect(closings.map(({ params, body }) => ({ id: params.id, body }))).toEqual([
      { id: uuid(302), body: { reason: 'Warned the owner by phone.' } },
    ]);
    expect(await screen.findByText('No report is open.')).toBeInTheDocument();
    expect(lists.length).toBeGreaterThan(1);
  });

  it("reads any booking's conversation from the console's bookings", async () => {
    session(admin);
    serve('GET /api/admin/bookings', paged([adminBooking()], 1, ADMIN_PAGE_SIZE));
    const reads = serve('POST /api/admin/bookings/:id/messages', ({ params }) => conversation(String(params.id)));
    const { user } = renderRoute('/admin/bookings');

    await user.click(await screen.findByRole('button', { name: 'Read messages of booking WOW-00301' }));
    const dialog = await screen.findByRole('dialog', { name: 'Messages of booking WOW-00301' });
    expect(await within(dialog).findByText('Pay me in cash: 98765 43210')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(reads.map((call) => call.params.id)).toEqual([adminBooking().id]);
  });
});
