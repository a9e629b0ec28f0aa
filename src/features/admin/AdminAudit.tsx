import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatIndiaTime } from '../../domain/india-time';
import {
  ADMIN_SEARCH_MAX,
  AdminIdParams,
  AdminObjectType,
  type AdminAction,
  type AdminActionName,
  AdminAuditQuery,
} from '../../domain/schemas/admin';
import { useRetry } from '../../lib/query-client';
import { AdminFilters, type AdminFilter } from './AdminFilters';
import { AdminFrame } from './AdminFrame';
import { AdminTable, type AdminColumn } from './AdminTable';
import { pageParam, paramInUrl } from './list-params';
import { adminKeys, useAdminActions, useAdmins } from './queries';

const ACTION_LABELS: Record<AdminActionName, string> = {
  'account.disable': 'Disabled account',
  'account.enable': 'Enabled account',
  'car.delist': 'Delisted car',
  'car.relist': 'Relisted car',
  'booking.accept': 'Accepted booking',
  'booking.decline': 'Declined booking',
  'booking.cancel': 'Cancelled booking',
  'comment.remove': 'Removed comment',
  'review.remove': 'Removed review',
  'message.answer': 'Answered message',
};

const OBJECT_LABELS: Record<AdminObjectType, string> = {
  account: 'Account',
  car: 'Car',
  booking: 'Booking',
  comment: 'Comment',
  review: 'Review',
  contact_message: 'Contact message',
};

function auditQueryIn(params: URLSearchParams): Partial<AdminAuditQuery> {
  return {
    adminId: paramInUrl(params, 'adminId', AdminIdParams.shape.id),
    objectType: paramInUrl(params, 'objectType', AdminObjectType),
    objectId: params.get('objectId')?.trim() || undefined,
    ...pageParam(params),
  };
}

/** The log's actions on one object, newest first. */
const objectLog = (type: AdminObjectType, id: string) =>
  `${paths.adminAudit}?${new URLSearchParams({ objectType: type, objectId: id })}`;

function shown(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** "status: enabled → disabled", a line for each field the action changed. */
function changes({ before, after }: AdminAction): string[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => `${field}: ${shown(before?.[field])} → ${shown(after?.[field])}`);
}

const columns: readonly AdminColumn<AdminAction>[] = [
  { header: 'When', cell: (action) => <time dateTime={action.at}>{formatIndiaTime(action.at)}</time> },
  { header: 'Admin', cell: (action) => action.admin.username },
  { header: 'Action', cell: (action) => ACTION_LABELS[action.action] },
  {
    header: 'Object',
    cell: (action) => (
      <>
        {OBJECT_LABELS[action.objectType]}{' '}
        <Link
          to={objectLog(action.objectType, action.objectId)}
          className="font-monospace small text-break-anywhere"
          aria-label={`Actions on ${OBJECT_LABELS[action.objectType].toLowerCase()} ${action.objectId}`}
        >
          {action.objectId}
        </Link>
      </>
    ),
  },
  { header: 'Reason', cell: (action) => action.reason ?? <span className="text-muted">none given</span> },
  {
    header: 'Change',
    cell: (action) => {
      const lines = changes(action);
      if (lines.length === 0) return <span className="text-muted">none</span>;
      return (
        <ul className="list-unstyled mb-0 small">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      );
    },
  },
];

/**
 * The audit log, newest first, filtered by the admin who acted and by the object acted on; an
 * object's id shows every action taken on it.
 */
export function AdminAudit() {
  const [searchParams] = useSearchParams();
  const query = auditQueryIn(searchParams);
  const actions = useAdminActions(query);
  const retry = useRetry(adminKeys.audit(query));
  const admins = useAdmins();

  const adminChoices: [string, string][] = (admins.data?.data ?? []).map((admin) => [admin.id, admin.username]);
  // An admin named by a link or an edited address stays chosen while the list loads, or when it cannot.
  if (query.adminId && !adminChoices.some(([id]) => id === query.adminId)) adminChoices.push([query.adminId, query.adminId]);

  const filters: readonly AdminFilter[] = [
    { kind: 'choice', name: 'adminId', label: 'Admin', anyLabel: 'Any admin', choices: adminChoices },
    {
      kind: 'choice',
      name: 'objectType',
      label: 'Object type',
      anyLabel: 'Any type',
      choices: AdminObjectType.options.map((type) => [type, OBJECT_LABELS[type]]),
    },
    { kind: 'search', name: 'objectId', label: 'Object id', maxLength: ADMIN_SEARCH_MAX },
  ];

  return (
    <AdminFrame title="Audit log" count={actions.data?.total}>
      <AdminFilters label="Filter the audit log" filters={filters} query={AdminAuditQuery} />
      <AdminTable
        label="Admin actions"
        list={actions}
        onRetry={retry}
        columns={columns}
        empty={
          query.adminId || query.objectType || query.objectId
            ? 'No admin action matches these filters.'
            : 'No admin has acted yet: disabling an account, for one, is recorded here.'
        }
      />
    </AdminFrame>
  );
}
