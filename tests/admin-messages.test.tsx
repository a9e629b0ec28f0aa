import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  ADMIN_PAGE_SIZE,
  AdminOptionalReason,
  type AdminContactMessage,
  type AdminNewsletterSignup,
} from '../src/domain/contract';
import { renderRoute } from './render';
import { admin, paged, uuid } from './mocks/answers';
import { consoleMessages, contactMessage, newsletterSignup } from './mocks/admin-answers';
import { API } from './mocks/api';
import { fail, type Call } from './mocks/routes';
import { serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';

/** The contact messages, paged and filtered by status as the server pages them. */
function serveMessages(messages: AdminContactMessage[]) {
  return serve('GET /api/admin/messages', ({ query }) => {
    const matching = query.status
      ? messages.filter((message) => (query.status === 'answered') === (message.answeredAt !== null))
      : messages;
    return paged(matching, Number(query.page ?? 1), ADMIN_PAGE_SIZE);
  });
}

function serveSignups(signups: AdminNewsletterSignup[]) {
  return serve('GET /api/admin/newsletter', ({ query }) => paged(signups, Number(query.page ?? 1), ADMIN_PAGE_SIZE));
}

const signups = Array.from({ length: 70 }, (_, n) => newsletterSignup(6000 + n, `reader${n + 1}@example.com`));

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

/** Jsdom has no scrolling; the pager scrolls to the top of the new page. */
function ignoreScrolling() {
  const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  onTestFinished(() => scrolled.mockRestore());
}

describe('the contact messages', () => {
  it('shows each message with its sender, when it came and whether it is answered', async () => {
    session(admin);
    const calls = serveMessages(consoleMessages);
    renderRoute('/admin/messages');

    expect(await screen.findByRole('heading', { level: 1, name: 'Contact messages (2)' })).toBeInTheDocument();
    expect(calls[0]?.query).toEqual({});
    const lists = screen.getByRole('navigation', { name: 'Messages lists' });
    expect(within(lists).getByRole('link', { name: 'Contact messages' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'From',
      'Message',
      'Sent',
      'Status',
      'Action',
    ]);
    expect(
      within(rowOf('Priya'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Priyapriya@example.com', 'Do you rent cars in Goa?', 'Feb 05 2026 12:00', 'Awaiting an answer', 'Mark answered']);
    expect(within(rowOf('Priya')).getByRole('link', { name: 'priya@example.com' })).toHaveAttribute(
      'href',
      'mailto:priya@example.com',
    );
    const kabir = within(rowOf('Kabir'));
    expect(kabir.getAllByRole('cell')[3]).toHaveTextContent('AnsweredFeb 02 2026 12:00');
    expect(kabir.queryByRole('button')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Messages'));
  });

  it("opens on the messages awaiting an answer from the overview's link, and searches in the address and the request", async () => {
    session(admin);
    const calls = serveMessages(consoleMessages);
    const { user, router } = renderRoute('/admin/messages?status=awaiting');

    expect(await screen.findByRole('heading', { level: 1, name: 'Contact messages (1)' })).toBeInTheDocument();
    expect(calls[0]?.query).toEqual({ status: 'awaiting' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('awaiting');
    expect(screen.queryByText('Kabir')).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Name, email or message' }), 'goa{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?status=awaiting&q=goa'));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ q: 'goa', status: 'awaiting' }));
  });

  it('pages past 50 messages, from the page in the address', async () => {
    session(admin);
    ignoreScrolling();
    const many = Array.from({ length: 52 }, (_, n) => contactMessage(7000 + n, { name: `Sender ${n + 1}` }));
    const calls = serveMessages(many);
    renderRoute('/admin/messages?page=2');

    expect(await screen.findByText('Sender 52')).toBeInTheDocument();
    expect(calls.at(-1)?.query).toEqual({ page: '2' });
    expect(screen.getByRole('navigation', { name: 'Contact messages pages' })).toHaveTextContent('51–52 of 52');
  });

  it('marks a message answered after asking, naming its sender, with no reason sent when none is typed', async () => {
    session(admin);
    let messages = consoleMessages;
    serve('GET /api/admin/messages', () => paged(messages, 1, ADMIN_PAGE_SIZE));
    const marks = serve('POST /api/admin/messages/:id/answered', ({ params, body }: Call) => {
      AdminOptionalReason.parse(body);
      messages = messages.map((message) =>
        message.id === params.id ? { ...message, answeredAt: '2026-02-06T04:30:00.000Z' } : message,
      );
      return messages.find((message) => message.id === params.id) ?? fail(404, serverSays.noContactMessage);
    });
    const { user } = renderRoute('/admin/messages');

    await user.click(await screen.findByRole('button', { name: 'Mark the message from Priya answered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the message from Priya (priya@example.com) answered?' });
    expect(dialog).toHaveTextContent('The console sends nothing: answer it by mail first.');
    await user.click(within(dialog).getByRole('button', { name: 'Mark answered' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The message from Priya is marked answered.'));
    expect(marks).toHaveLength(1);
    expect(marks[0]).toMatchObject({ params: { id: uuid(501) }, body: {} });
    const row = within(rowOf('Priya'));
    expect(row.getAllByRole('cell')[3]).toHaveTextContent('AnsweredFeb 06 2026 10:00');
    expect(row.queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows the server's refusal inside the dialog, with the reason still there", async () => {
    session(admin);
    serveMessages(consoleMessages);
    serve('POST /api/admin/messages/:id/answered', fail(404, serverSays.noContactMessage));
    const { user } = renderRoute('/admin/messages');

    await user.click(await screen.findByRole('button', { name: 'Mark the message from Priya answered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the message from Priya (priya@example.com) answered?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Answered by phone.');
    await user.click(within(dialog).getByRole('button', { name: 'Mark answered' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(serverSays.noContactMessage);
    expect(within(dialog).getByRole('textbox', { name: 'Reason (optional)' })).toHaveValue('Answered by phone.');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});

describe('the newsletter sign-ups', () => {
  it('are a tab of their own in the address, with their count and the CSV of them all', async () => {
    session(admin);
    serveMessages(consoleMessages);
    const calls = serveSignups(signups);
    const { user, router } = renderRoute('/admin/messages?status=awaiting');

    await screen.findByRole('heading', { level: 1, name: 'Contact messages (1)' });
    await user.click(screen.getByRole('link', { name: 'Newsletter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Newsletter sign-ups (70)' })).toBeInTheDocument();
    // A tab starts its list afresh: the messages' filter is not the sign-ups'.
    expect(router.state.location.search).toBe('?list=newsletter');
    expect(calls[0]?.query).toEqual({});
    expect(
      within(screen.getByRole('navigation', { name: 'Messages lists' })).getByRole('link', { name: 'Newsletter' }),
    ).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Email', 'Signed up']);
    expect(
      within(rowOf('reader1@example.com'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['reader1@example.com', 'Feb 01 2026 10:00']);

    const csv = screen.getByRole('link', { name: 'Export sign-ups as CSV' });
    expect(csv).toHaveAttribute('href', `${API}/api/admin/newsletter.csv`);
    expect(csv).toHaveAttribute('download');
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Messages'));
  });

  it('search and page in the address and the request, keeping to their tab', async () => {
    session(admin);
    ignoreScrolling();
    const calls = serveSignups(signups);
    const { user, router } = renderRoute('/admin/messages?list=newsletter&page=2');

    expect(await screen.findByText('reader51@example.com')).toBeInTheDocument();
    expect(calls.at(-1)?.query).toEqual({ page: '2' });
    expect(screen.getByRole('navigation', { name: 'Newsletter sign-ups pages' })).toHaveTextContent('51–70 of 70');

    await user.type(screen.getByRole('searchbox', { name: 'Email' }), 'reader7{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?list=newsletter&q=reader7'));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ q: 'reader7' }));
    expect(screen.getByRole('heading', { level: 1, name: /^Newsletter sign-ups/ })).toBeInTheDocument();
  });
});
