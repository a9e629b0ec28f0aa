import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatIndiaTime } from '../../domain/india-time';
import {
  ADMIN_SEARCH_MAX,
  AdminContentKind,
  AdminContentState,
  type AdminContent,
  AdminContentQuery,
} from '../../domain/schemas/admin';
import { REMOVED_CONTENT } from '../../domain/schemas/comments';
import { ReviewStars } from '../../components/StarRating';
import { useRetry } from '../../lib/query-client';
import { ActionNotice } from '../../components/ActionNotice';
import { AdminFilters, type AdminFilter } from './AdminFilters';
import { AdminFrame } from './AdminFrame';
import { AdminTable, type AdminColumn } from './AdminTable';
import { pageParam, paramInUrl } from './list-params';
import { adminKeys, useAdminContent, useRemoveContent } from './queries';
import { ReasonDialog } from './ReasonDialog';
import { useAskedAction } from './useAskedAction';
import { type AdminWordId, t } from './words';

const KIND_LABELS: Record<AdminContentKind, AdminWordId> = {
  comment: 'admin.comments.kind.comment',
  reply: 'admin.comments.kind.reply',
  review: 'admin.comments.kind.review',
};
const STATE_LABELS: Record<AdminContentState, AdminWordId> = {
  shown: 'admin.comments.state.shown',
  deleted: 'admin.comments.state.deleted',
  removed: 'admin.comments.state.removed',
};

const filters = (): readonly AdminFilter[] => [
  { kind: 'search', name: 'q', label: t('admin.comments.filters.search'), maxLength: ADMIN_SEARCH_MAX },
  {
    kind: 'choice',
    name: 'kind',
    label: t('admin.comments.filters.kind'),
    anyLabel: t('admin.comments.filters.anyKind'),
    choices: AdminContentKind.options.map((kind) => [kind, t(KIND_LABELS[kind])]),
  },
  {
    kind: 'choice',
    name: 'state',
    label: t('admin.comments.filters.state'),
    anyLabel: t('admin.comments.filters.anyState'),
    choices: AdminContentState.options.map((state) => [state, t(STATE_LABELS[state])]),
  },
];

function contentQueryIn(params: URLSearchParams): Partial<AdminContentQuery> {
  return {
    q: params.get('q')?.trim() || undefined,
    kind: paramInUrl(params, 'kind', AdminContentKind),
    state: paramInUrl(params, 'state', AdminContentState),
    ...pageParam(params),
  };
}

/**
 * "comment by asha on 'If you are renting a car'", "review by ravi of the Maruti Ertiga": the
 * entry and what it was left on, as a question or a notice names it.
 */
function entryNamed({ kind, author, on }: AdminContent): string {
  return t('admin.comments.entryNamed', {
    kind,
    author,
    on: on.type,
    title: on.type === 'post' ? on.title : '',
    car: on.type === 'car' ? on.carName : '',
  });
}

/** What removing does, told before the admin confirms it. */
function consequences(entry: AdminContent): string {
  return t('admin.comments.consequences', { kind: entry.kind, removed: REMOVED_CONTENT });
}

function OnCell({ entry }: { entry: AdminContent }) {
  const { on } = entry;
  if (on.type === 'post') return <Link to={paths.blogDetail(on.title)}>{on.title}</Link>;
  if (on.type === 'car') return <Link to={paths.carPage(on)}>{on.carName}</Link>;
  return <span className="text-muted">{t('admin.comments.onGone')}</span>;
}

const columns = (ask: (entry: AdminContent) => void): readonly AdminColumn<AdminContent>[] => [
  { header: t('admin.comments.column.kind'), cell: (entry) => t(KIND_LABELS[entry.kind]) },
  { header: t('admin.comments.column.author'), cell: (entry) => entry.author },
  {
    header: t('admin.comments.column.text'),
    cell: (entry) => (
      <>
        {entry.rating === null ? null : <ReviewStars rating={entry.rating} />}
        {entry.text ? (
          <div className="admin-text">{entry.text}</div>
        ) : (
          <div className="text-muted">{t('admin.comments.noText')}</div>
        )}
      </>
    ),
  },
  { header: t('admin.comments.column.on'), cell: (entry) => <OnCell entry={entry} /> },
  { header: t('admin.comments.column.written'), cell: (entry) => formatIndiaTime(entry.createdAt) },
  {
    header: t('admin.comments.column.state'),
    cell: (entry) => <Badge bg={entry.state === 'shown' ? 'success' : 'secondary'}>{t(STATE_LABELS[entry.state])}</Badge>,
  },
  {
    header: t('admin.comments.column.action'),
    // One deleted by its author still shows who wrote it and where, so an admin may remove it too.
    cell: (entry) =>
      entry.state === 'removed' ? null : (
        <Button
          size="sm"
          variant="outline-danger"
          aria-label={t('admin.comments.removeLabel', { entry: entryNamed(entry), when: formatIndiaTime(entry.createdAt) })}
          onClick={() => ask(entry)}
        >
          {t('admin.comments.remove')}
        </Button>
      ),
  },
];

/**
 * Every blog comment, reply and car review, newest first: searched by text or author, filtered by
 * kind and state, and removed with a reason kept in the audit log.
 */
export function AdminComments() {
  const [searchParams] = useSearchParams();
  const query = contentQueryIn(searchParams);
  const content = useAdminContent(query);
  const retry = useRetry(adminKeys.content(query));
  const removal = useAskedAction(useRemoveContent(), (entry: AdminContent, reason) => ({
    variables: { entry, reason },
    done: t('admin.comments.removedNotice', { entry: entryNamed(entry) }),
  }));
  const { asking } = removal;

  return (
    <AdminFrame title={t('admin.comments.title')} count={content.data?.total}>
      <AdminFilters label={t('admin.comments.filtersLabel')} filters={filters()} query={AdminContentQuery} />
      <ActionNotice {...removal.notice} />
      <AdminTable
        label={t('admin.comments.title')}
        list={content}
        onRetry={retry}
        columns={columns(removal.ask)}
        empty={t('admin.comments.empty')}
      />
      <ReasonDialog
        {...removal.dialog}
        title={asking ? t('admin.comments.removeTitle', { entry: entryNamed(asking) }) : ''}
        confirmLabel={asking ? t('admin.comments.removeConfirm', { kind: asking.kind }) : ''}
        reason="required"
        reasonHint={t('admin.comments.reasonHint')}
      >
        {asking ? (
          <>
            {asking.text ? <blockquote className="admin-text border-start ps-3 text-muted">{asking.text}</blockquote> : null}
            <p>{consequences(asking)}</p>
          </>
        ) : null}
      </ReasonDialog>
    </AdminFrame>
  );
}
