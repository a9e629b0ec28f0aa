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

const KIND_LABELS: Record<AdminContentKind, string> = { comment: 'Comment', reply: 'Reply', review: 'Review' };
const STATE_LABELS: Record<AdminContentState, string> = {
  shown: 'Shown',
  deleted: 'Deleted by its author',
  removed: 'Removed by an admin',
};

const filters: readonly AdminFilter[] = [
  { kind: 'search', name: 'q', label: 'Text or author', maxLength: ADMIN_SEARCH_MAX },
  {
    kind: 'choice',
    name: 'kind',
    label: 'Kind',
    anyLabel: 'Comments, replies and reviews',
    choices: AdminContentKind.options.map((kind) => [kind, KIND_LABELS[kind]]),
  },
  {
    kind: 'choice',
    name: 'state',
    label: 'State',
    anyLabel: 'Any state',
    choices: AdminContentState.options.map((state) => [state, STATE_LABELS[state]]),
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

/** "on 'If you are renting a car'", "of the Toyota Aventador": what an entry was left on, as a question names it. */
function leftOn({ on }: AdminContent): string {
  if (on.type === 'post') return ` on '${on.title}'`;
  if (on.type === 'car') return ` of the ${on.carName}`;
  return '';
}

/** "comment by asha", "review by ravi". */
const entryNamed = (entry: AdminContent) => `${entry.kind} by ${entry.author}`;

/** What removing does, told before the admin confirms it. */
function consequences(entry: AdminContent): string {
  if (entry.kind === 'review') {
    return `Its text reads "${REMOVED_CONTENT}" on the car's page, the owner's reply is gone, and its stars no longer count in the car's rating.`;
  }
  return `It reads "${REMOVED_CONTENT}" wherever it is shown and takes no more replies${entry.kind === 'comment' ? '; its replies stay' : ''}.`;
}

function OnCell({ entry }: { entry: AdminContent }) {
  const { on } = entry;
  if (on.type === 'post') return <Link to={paths.blogDetail(on.title)}>{on.title}</Link>;
  if (on.type === 'car') return <Link to={paths.carPage(on)}>{on.carName}</Link>;
  return <span className="text-muted">no longer there</span>;
}

const columns = (ask: (entry: AdminContent) => void): readonly AdminColumn<AdminContent>[] => [
  { header: 'Kind', cell: (entry) => KIND_LABELS[entry.kind] },
  { header: 'Author', cell: (entry) => entry.author },
  {
    header: 'Text',
    cell: (entry) => (
      <>
        {entry.rating === null ? null : <ReviewStars rating={entry.rating} />}
        {entry.text ? <div className="admin-text">{entry.text}</div> : <div className="text-muted">no text</div>}
      </>
    ),
  },
  { header: 'On', cell: (entry) => <OnCell entry={entry} /> },
  { header: 'Written', cell: (entry) => formatIndiaTime(entry.createdAt) },
  {
    header: 'State',
    cell: (entry) => <Badge bg={entry.state === 'shown' ? 'success' : 'secondary'}>{STATE_LABELS[entry.state]}</Badge>,
  },
  {
    header: 'Action',
    // One deleted by its author still shows who wrote it and where, so an admin may remove it too.
    cell: (entry) =>
      entry.state === 'removed' ? null : (
        <Button
          size="sm"
          variant="outline-danger"
          aria-label={`Remove ${entryNamed(entry)}${leftOn(entry)}, ${formatIndiaTime(entry.createdAt)}`}
          onClick={() => ask(entry)}
        >
          Remove
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
    done: `The ${entryNamed(entry)}${leftOn(entry)} is removed.`,
  }));
  const { asking } = removal;

  return (
    <AdminFrame title="Comments and reviews" count={content.data?.total}>
      <AdminFilters label="Find comments and reviews" filters={filters} query={AdminContentQuery} />
      <ActionNotice {...removal.notice} />
      <AdminTable
        label="Comments and reviews"
        list={content}
        onRetry={retry}
        columns={columns(removal.ask)}
        empty="No comment or review matches these filters."
      />
      <ReasonDialog
        {...removal.dialog}
        title={asking ? `Remove this ${entryNamed(asking)}${leftOn(asking)}?` : ''}
        confirmLabel={asking ? `Remove ${asking.kind}` : ''}
        reason="required"
        reasonHint="Kept in the audit log, with the text it removes."
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
