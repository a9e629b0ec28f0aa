import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Nav from 'react-bootstrap/Nav';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatIndiaTime } from '../../domain/india-time';
import {
  ADMIN_SEARCH_MAX,
  ContactMessageStatus,
  type AdminContactMessage,
  AdminMessagesQuery,
  AdminNewsletterQuery,
  type AdminNewsletterSignup,
} from '../../domain/schemas/admin';
import { useRetry } from '../../lib/query-client';
import { ActionNotice } from '../../components/ActionNotice';
import { AdminFilters, type AdminFilter } from './AdminFilters';
import { AdminFrame } from './AdminFrame';
import { AdminTable, type AdminColumn } from './AdminTable';
import { newsletterCsvUrl } from './api';
import { pageParam, paramInUrl } from './list-params';
import { adminKeys, useAdminMessages, useAdminNewsletter, useMarkMessageAnswered } from './queries';
import { ReasonDialog } from './ReasonDialog';
import { useAskedAction } from './useAskedAction';

/**
 * The section's two lists, one at a time: the contact page's messages, or (`?list=newsletter`) the
 * newsletter's sign-ups. Each keeps its own search and page in the address; a tab starts its list afresh.
 */
type MessageList = 'messages' | 'newsletter';

const LISTS: readonly { list: MessageList; label: string; to: string }[] = [
  { list: 'messages', label: 'Contact messages', to: paths.adminMessages },
  // Short enough for both tabs to sit side by side on a phone; the heading names the list in full.
  { list: 'newsletter', label: 'Newsletter', to: `${paths.adminMessages}?list=newsletter` },
];

function ListTabs({ current }: { current: MessageList }) {
  return (
    <Nav as="nav" variant="tabs" aria-label="Messages lists" className="mb-3">
      {LISTS.map(({ list, label, to }) => (
        <Nav.Link key={list} as={Link} to={to} active={list === current} aria-current={list === current ? 'page' : undefined}>
          {label}
        </Nav.Link>
      ))}
    </Nav>
  );
}

const STATUS_LABELS: Record<ContactMessageStatus, string> = { awaiting: 'Awaiting an answer', answered: 'Answered' };

const messageFilters: readonly AdminFilter[] = [
  { kind: 'search', name: 'q', label: 'Name, email or message', maxLength: ADMIN_SEARCH_MAX },
  {
    kind: 'choice',
    name: 'status',
    label: 'Status',
    anyLabel: 'Any status',
    choices: ContactMessageStatus.options.map((status) => [status, STATUS_LABELS[status]]),
  },
];

function messagesQueryIn(params: URLSearchParams): Partial<AdminMessagesQuery> {
  return {
    q: params.get('q')?.trim() || undefined,
    status: paramInUrl(params, 'status', ContactMessageStatus),
    ...pageParam(params),
  };
}

const messageColumns = (ask: (message: AdminContactMessage) => void): readonly AdminColumn<AdminContactMessage>[] => [
  {
    header: 'From',
    cell: (message) => (
      <>
        {message.name}
        <div className="small">
          <a href={`mailto:${message.email}`}>{message.email}</a>
        </div>
      </>
    ),
  },
  { header: 'Message', cell: (message) => <div className="admin-text">{message.message}</div> },
  { header: 'Sent', cell: (message) => formatIndiaTime(message.createdAt) },
  {
    header: 'Status',
    cell: (message) =>
      message.answeredAt ? (
        <>
          <Badge bg="success">Answered</Badge>
          <div className="small text-muted">{formatIndiaTime(message.answeredAt)}</div>
        </>
      ) : (
        <Badge bg="warning" text="dark">
          Awaiting an answer
        </Badge>
      ),
  },
  {
    header: 'Action',
    cell: (message) =>
      message.answeredAt ? null : (
        <Button
          size="sm"
          variant="outline-primary"
          className="text-nowrap"
          aria-label={`Mark the message from ${message.name} answered`}
          onClick={() => ask(message)}
        >
          Mark answered
        </Button>
      ),
  },
];

/** The contact page's messages, newest first, each marked answered once an admin has answered it by mail. */
function ContactMessages() {
  const [searchParams] = useSearchParams();
  const query = messagesQueryIn(searchParams);
  const messages = useAdminMessages(query);
  const retry = useRetry(adminKeys.messages(query));
  const answered = useAskedAction(useMarkMessageAnswered(), (message: AdminContactMessage, reason) => ({
    variables: { id: message.id, reason },
    done: `The message from ${message.name} is marked answered.`,
  }));
  const { asking } = answered;

  return (
    <AdminFrame title="Contact messages" count={messages.data?.total}>
      <ListTabs current="messages" />
      <AdminFilters label="Find contact messages" filters={messageFilters} query={AdminMessagesQuery} />
      <ActionNotice {...answered.notice} />
      <AdminTable
        label="Contact messages"
        list={messages}
        onRetry={retry}
        columns={messageColumns(answered.ask)}
        empty={query.q || query.status ? 'No message matches these filters.' : 'No one has written from the contact page yet.'}
      />
      <ReasonDialog
        {...answered.dialog}
        title={asking ? `Mark the message from ${asking.name} (${asking.email}) answered?` : ''}
        confirmLabel="Mark answered"
        confirmVariant="primary"
        reason="optional"
        reasonHint="Kept in the audit log."
      >
        <p>It leaves the messages awaiting an answer. The console sends nothing: answer it by mail first.</p>
      </ReasonDialog>
    </AdminFrame>
  );
}

const newsletterFilters: readonly AdminFilter[] = [{ kind: 'search', name: 'q', label: 'Email', maxLength: ADMIN_SEARCH_MAX }];

function newsletterQueryIn(params: URLSearchParams): Partial<AdminNewsletterQuery> {
  return { q: params.get('q')?.trim() || undefined, ...pageParam(params) };
}

const signupColumns: readonly AdminColumn<AdminNewsletterSignup>[] = [
  { header: 'Email', cell: (signup) => signup.email },
  { header: 'Signed up', cell: (signup) => formatIndiaTime(signup.createdAt) },
];

/** The newsletter's sign-ups, newest first, and every one of them as a CSV download. */
function NewsletterSignups() {
  const [searchParams] = useSearchParams();
  const query = newsletterQueryIn(searchParams);
  const signups = useAdminNewsletter(query);
  const retry = useRetry(adminKeys.newsletter(query));

  return (
    <AdminFrame title="Newsletter sign-ups" count={signups.data?.total}>
      <ListTabs current="newsletter" />
      <AdminFilters label="Find newsletter sign-ups" filters={newsletterFilters} query={AdminNewsletterQuery} />
      {/* A link, not a button, since it leads to a file: every sign-up, whatever the search, streamed by the server. */}
      <a className="btn btn-outline-primary mb-3" href={newsletterCsvUrl} download>
        Export sign-ups as CSV
      </a>
      <AdminTable
        label="Newsletter sign-ups"
        list={signups}
        onRetry={retry}
        columns={signupColumns}
        empty={query.q ? 'No sign-up matches this search.' : 'No one has signed up for the newsletter yet.'}
      />
    </AdminFrame>
  );
}

/** The contact page's messages and the newsletter's sign-ups, one list at a time. */
export function AdminMessages() {
  const [searchParams] = useSearchParams();
  return searchParams.get('list') === 'newsletter' ? <NewsletterSignups /> : <ContactMessages />;
}
