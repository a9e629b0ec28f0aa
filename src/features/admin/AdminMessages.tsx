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
import { type AdminWordId, t } from './words';

/**
 * The section's two lists, one at a time: the contact page's messages, or (`?list=newsletter`) the
 * newsletter's sign-ups. Each keeps its own search and page in the address; a tab starts its list afresh.
 */
type MessageList = 'messages' | 'newsletter';

const LISTS: readonly { list: MessageList; label: AdminWordId; to: string }[] = [
  { list: 'messages', label: 'admin.messages.tab.messages', to: paths.adminMessages },
  // Short enough for both tabs to sit side by side on a phone; the heading names the list in full.
  { list: 'newsletter', label: 'admin.messages.tab.newsletter', to: `${paths.adminMessages}?list=newsletter` },
];

function ListTabs({ current }: { current: MessageList }) {
  return (
    <Nav as="nav" variant="tabs" aria-label={t('admin.messages.tabsLabel')} className="mb-3">
      {LISTS.map(({ list, label, to }) => (
        <Nav.Link key={list} as={Link} to={to} active={list === current} aria-current={list === current ? 'page' : undefined}>
          {t(label)}
        </Nav.Link>
      ))}
    </Nav>
  );
}

const STATUS_LABELS: Record<ContactMessageStatus, AdminWordId> = {
  awaiting: 'admin.messages.status.awaiting',
  answered: 'admin.messages.status.answered',
};

const messageFilters = (): readonly AdminFilter[] => [
  { kind: 'search', name: 'q', label: t('admin.messages.filters.search'), maxLength: ADMIN_SEARCH_MAX },
  {
    kind: 'choice',
    name: 'status',
    label: t('admin.messages.filters.status'),
    anyLabel: t('admin.messages.filters.anyStatus'),
    choices: ContactMessageStatus.options.map((status) => [status, t(STATUS_LABELS[status])]),
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
    header: t('admin.messages.column.from'),
    cell: (message) => (
      <>
        {message.name}
        <div className="small">
          <a href={`mailto:${message.email}`}>{message.email}</a>
        </div>
      </>
    ),
  },
  { header: t('admin.messages.column.message'), cell: (message) => <div className="admin-text">{message.message}</div> },
  { header: t('admin.messages.column.sent'), cell: (message) => formatIndiaTime(message.createdAt) },
  {
    header: t('admin.messages.column.status'),
    cell: (message) =>
      message.answeredAt ? (
        <>
          <Badge bg="success">{t(STATUS_LABELS.answered)}</Badge>
          <div className="small text-muted">{formatIndiaTime(message.answeredAt)}</div>
        </>
      ) : (
        <Badge bg="warning" text="dark">
          {t(STATUS_LABELS.awaiting)}
        </Badge>
      ),
  },
  {
    header: t('admin.messages.column.action'),
    cell: (message) =>
      message.answeredAt ? null : (
        <Button
          size="sm"
          variant="outline-primary"
          className="text-nowrap"
          aria-label={t('admin.messages.markLabel', { name: message.name })}
          onClick={() => ask(message)}
        >
          {t('admin.messages.mark')}
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
    done: t('admin.messages.markedNotice', { name: message.name }),
  }));
  const { asking } = answered;

  return (
    <AdminFrame title={t('admin.messages.title')} count={messages.data?.total}>
      <ListTabs current="messages" />
      <AdminFilters label={t('admin.messages.filtersLabel')} filters={messageFilters()} query={AdminMessagesQuery} />
      <ActionNotice {...answered.notice} />
      <AdminTable
        label={t('admin.messages.title')}
        list={messages}
        onRetry={retry}
        columns={messageColumns(answered.ask)}
        empty={query.q || query.status ? t('admin.messages.empty') : t('admin.messages.emptyInbox')}
      />
      <ReasonDialog
        {...answered.dialog}
        title={asking ? t('admin.messages.markTitle', { name: asking.name, email: asking.email }) : ''}
        confirmLabel={t('admin.messages.mark')}
        confirmVariant="primary"
        reason="optional"
        reasonHint={t('admin.messages.reasonHint')}
      >
        <p>{t('admin.messages.markConsequences')}</p>
      </ReasonDialog>
    </AdminFrame>
  );
}

const newsletterFilters = (): readonly AdminFilter[] => [
  { kind: 'search', name: 'q', label: t('admin.newsletter.filters.search'), maxLength: ADMIN_SEARCH_MAX },
];

function newsletterQueryIn(params: URLSearchParams): Partial<AdminNewsletterQuery> {
  return { q: params.get('q')?.trim() || undefined, ...pageParam(params) };
}

const signupColumns = (): readonly AdminColumn<AdminNewsletterSignup>[] => [
  { header: t('admin.newsletter.column.email'), cell: (signup) => signup.email },
  { header: t('admin.newsletter.column.signedUp'), cell: (signup) => formatIndiaTime(signup.createdAt) },
];

/** The newsletter's sign-ups, newest first, and every one of them as a CSV download. */
function NewsletterSignups() {
  const [searchParams] = useSearchParams();
  const query = newsletterQueryIn(searchParams);
  const signups = useAdminNewsletter(query);
  const retry = useRetry(adminKeys.newsletter(query));

  return (
    <AdminFrame title={t('admin.newsletter.title')} count={signups.data?.total}>
      <ListTabs current="newsletter" />
      <AdminFilters label={t('admin.newsletter.filtersLabel')} filters={newsletterFilters()} query={AdminNewsletterQuery} />
      {/* A link, not a button, since it leads to a file: every sign-up, whatever the search, streamed by the server. */}
      <a className="btn btn-outline-primary mb-3" href={newsletterCsvUrl} download>
        {t('admin.newsletter.exportCsv')}
      </a>
      <AdminTable
        label={t('admin.newsletter.title')}
        list={signups}
        onRetry={retry}
        columns={signupColumns()}
        empty={query.q ? t('admin.newsletter.empty') : t('admin.newsletter.emptyList')}
      />
    </AdminFrame>
  );
}

/** The contact page's messages and the newsletter's sign-ups, one list at a time. */
export function AdminMessages() {
  const [searchParams] = useSearchParams();
  return searchParams.get('list') === 'newsletter' ? <NewsletterSignups /> : <ContactMessages />;
}
