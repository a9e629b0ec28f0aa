import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatIndiaTime } from '../../domain/india-time';
import { formatPaise } from '../../domain/money';
import {
  ADMIN_SEARCH_MAX,
  AdminIdParams,
  AdminObjectType,
  type AdminAction,
  AdminAuditQuery,
  type AuditActionName,
} from '../../domain/schemas/admin';
import { useRetry } from '../../lib/query-client';
import { AdminFilters, type AdminFilter } from './AdminFilters';
import { AdminFrame } from './AdminFrame';
import { AdminTable, type AdminColumn } from './AdminTable';
import { pageParam, paramInUrl } from './list-params';
import { adminKeys, useAdminActions, useAdmins } from './queries';
import { type AdminWordId, t } from './words';

const ACTION_LABELS: Record<AuditActionName, AdminWordId> = {
  'account.disable': 'admin.audit.action.accountDisable',
  'account.enable': 'admin.audit.action.accountEnable',
  'car.delist': 'admin.audit.action.carDelist',
  'car.relist': 'admin.audit.action.carRelist',
  'booking.accept': 'admin.audit.action.bookingAccept',
  'booking.decline': 'admin.audit.action.bookingDecline',
  'booking.cancel': 'admin.audit.action.bookingCancel',
  'booking.no_show': 'admin.audit.action.bookingNoShow',
  'booking.read_messages': 'admin.audit.action.bookingReadMessages',
  'booking.close_reports': 'admin.audit.action.bookingCloseReports',
  'comment.remove': 'admin.audit.action.commentRemove',
  'review.remove': 'admin.audit.action.reviewRemove',
  'message.answer': 'admin.audit.action.messageAnswer',
  'payout.run': 'admin.audit.action.payoutRun',
  'payout.bank_file': 'admin.audit.action.payoutBankFile',
  'payout.paid': 'admin.audit.action.payoutPaid',
  'payout.failed': 'admin.audit.action.payoutFailed',
  'payout_details.change': 'admin.audit.action.payoutDetailsChange',
  'licence.approve': 'admin.audit.action.licenceApprove',
  'licence.reject': 'admin.audit.action.licenceReject',
  'licence.view_photo': 'admin.audit.action.licenceViewPhoto',
  'booking.rate_renter': 'admin.audit.action.bookingRateRenter',
};

const OBJECT_LABELS: Record<AdminObjectType, AdminWordId> = {
  account: 'admin.audit.object.account',
  car: 'admin.audit.object.car',
  booking: 'admin.audit.object.booking',
  comment: 'admin.audit.object.comment',
  review: 'admin.audit.object.review',
  contact_message: 'admin.audit.object.contactMessage',
  payout_run: 'admin.audit.object.payoutRun',
  payout: 'admin.audit.object.payout',
  licence: 'admin.audit.object.licence',
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

const search = (section: string, query: Record<string, string>) => `${section}?${new URLSearchParams(query)}`;

/** The console's section that lists an object, searched for by the name the log gives it (a payout run opened by its id). */
const OBJECT_PAGES: Record<AdminObjectType, (name: string, id: string) => string> = {
  account: (name) => search(paths.adminAccounts, { q: name }),
  car: (name) => search(paths.adminCars, { q: name }),
  booking: (name) => search(paths.adminBookings, { q: name }),
  comment: (name) => search(paths.adminComments, { q: name }),
  review: (name) => search(paths.adminComments, { q: name, kind: 'review' }),
  contact_message: (name) => search(paths.adminMessages, { q: name }),
  payout_run: (_name, id) => search(paths.adminPayouts, { run: id }),
  payout: () => paths.adminPayouts,
  licence: () => paths.adminLicences,
};

/** "Booking WOW-01042", its number leading to the bookings list, then the way to every action on it. */
function ObjectCell({ action }: { action: AdminAction }) {
  const { objectType, objectId, objectName } = action;
  return (
    <>
      {t(OBJECT_LABELS[objectType])}{' '}
      {objectName === null ? (
        <span className="text-muted">{t('admin.audit.objectGone')}</span>
      ) : (
        <Link to={OBJECT_PAGES[objectType](objectName, objectId)} className="text-break-anywhere">
          {objectName}
        </Link>
      )}{' '}
      <Link
        to={objectLog(objectType, objectId)}
        className="small"
        aria-label={t('admin.audit.objectLogLabel', { objectType, name: objectName ?? objectId })}
      >
        {t('admin.audit.objectLog')}
      </Link>
    </>
  );
}

/**
 * The fields of the money actions, of payout details and of closed reports in words; the other actions' fields
 * (`status`, `state`) read as they are.
 */
const FIELD_LABELS: Partial<Record<string, AdminWordId>> = {
  payouts: 'admin.audit.field.payouts',
  totalPaise: 'admin.audit.field.total',
  listed: 'admin.audit.field.listed',
  utr: 'admin.audit.field.utr',
  closedReports: 'admin.audit.field.closedReports',
  legalName: 'admin.audit.field.legalName',
  accountLast4: 'admin.audit.field.accountLast4',
  ifscLast4: 'admin.audit.field.ifscLast4',
  upiLast4: 'admin.audit.field.upiLast4',
  panLast4: 'admin.audit.field.panLast4',
};

/** A value as the log stored it: an amount in paise as rupees, a list as its items. */
function shown(field: string, value: unknown): string {
  if (value === null || value === undefined) return t('admin.audit.noValue');
  if (field.endsWith('Paise') && typeof value === 'number') return formatPaise(value);
  if (Array.isArray(value)) return value.length === 0 ? t('admin.audit.noValue') : value.map(String).join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** "status: enabled → disabled", a line for each field the action changed. */
function changes({ before, after }: AdminAction): string[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => {
    const label = FIELD_LABELS[field];
    return t('admin.audit.changeLine', {
      field: label ? t(label) : field,
      before: shown(field, before?.[field]),
      after: shown(field, after?.[field]),
    });
  });
}

/** The admin who acted, or the account's holder named as the log names their account. */
function actor(action: AdminAction): string {
  if (action.admin) return action.admin.username;
  return t('admin.audit.accountHolder', { name: action.objectName ?? action.objectId });
}

const columns = (): readonly AdminColumn<AdminAction>[] => [
  { header: t('admin.audit.column.when'), cell: (action) => <time dateTime={action.at}>{formatIndiaTime(action.at)}</time> },
  { header: t('admin.audit.column.by'), cell: actor },
  { header: t('admin.audit.column.action'), cell: (action) => t(ACTION_LABELS[action.action]) },
  {
    header: t('admin.audit.column.object'),
    cell: (action) => <ObjectCell action={action} />,
  },
  {
    header: t('admin.audit.column.reason'),
    cell: (action) => action.reason ?? <span className="text-muted">{t('admin.audit.noReason')}</span>,
  },
  {
    header: t('admin.audit.column.change'),
    cell: (action) => {
      const lines = changes(action);
      if (lines.length === 0) return <span className="text-muted">{t('admin.audit.noChange')}</span>;
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
 * The audit log, newest first: the admins' actions and the owners' changes to their payout details,
 * filtered by the admin who acted and by the object acted on. Each
 * object is named as people know it and leads to its section of the console and to every action
 * taken on it.
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
    {
      kind: 'choice',
      name: 'adminId',
      label: t('admin.audit.filters.admin'),
      anyLabel: t('admin.audit.filters.anyAdmin'),
      choices: adminChoices,
    },
    {
      kind: 'choice',
      name: 'objectType',
      label: t('admin.audit.filters.objectType'),
      anyLabel: t('admin.audit.filters.anyType'),
      choices: AdminObjectType.options.map((type) => [type, t(OBJECT_LABELS[type])]),
    },
    { kind: 'search', name: 'objectId', label: t('admin.audit.filters.objectId'), maxLength: ADMIN_SEARCH_MAX },
  ];

  return (
    <AdminFrame title={t('admin.audit.title')} count={actions.data?.total}>
      <AdminFilters label={t('admin.audit.filtersLabel')} filters={filters} query={AdminAuditQuery} />
      <AdminTable
        label={t('admin.audit.tableLabel')}
        list={actions}
        onRetry={retry}
        columns={columns()}
        empty={query.adminId || query.objectType || query.objectId ? t('admin.audit.empty') : t('admin.audit.emptyLog')}
      />
    </AdminFrame>
  );
}
