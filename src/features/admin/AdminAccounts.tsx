import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useSearchParams } from 'react-router-dom';
import { formatIndiaTime } from '../../domain/india-time';
import { ADMIN_SEARCH_MAX, AccountStatus, type AdminAccount, AdminAccountsQuery } from '../../domain/schemas/admin';
import { Role } from '../../domain/schemas/accounts';
import { useSession } from '../../lib/auth/session';
import { useRetry } from '../../lib/query-client';
import { ActionNotice } from '../../components/ActionNotice';
import { AdminFilters, type AdminFilter } from './AdminFilters';
import { AdminFrame } from './AdminFrame';
import { AdminTable, type AdminColumn } from './AdminTable';
import type { AccountStatusAction } from './api';
import { pageParam, paramInUrl } from './list-params';
import { adminKeys, useAdminAccounts, useSetAccountStatus } from './queries';
import { ReasonDialog } from './ReasonDialog';
import { useAskedAction } from './useAskedAction';
import { type AdminWordId, t } from './words';

const ROLE_LABELS: Record<Role, AdminWordId> = {
  user: 'admin.accounts.role.user',
  owner: 'admin.accounts.role.owner',
  admin: 'admin.accounts.role.admin',
};
const STATUS_LABELS: Record<AccountStatus, AdminWordId> = {
  enabled: 'admin.accounts.status.enabled',
  disabled: 'admin.accounts.status.disabled',
};

const filters = (): readonly AdminFilter[] => [
  { kind: 'search', name: 'q', label: t('admin.accounts.filters.search'), maxLength: ADMIN_SEARCH_MAX },
  {
    kind: 'choice',
    name: 'role',
    label: t('admin.accounts.filters.role'),
    anyLabel: t('admin.accounts.filters.anyRole'),
    choices: Role.options.map((role) => [role, t(ROLE_LABELS[role])]),
  },
  {
    kind: 'choice',
    name: 'status',
    label: t('admin.accounts.filters.status'),
    anyLabel: t('admin.accounts.filters.anyStatus'),
    choices: AccountStatus.options.map((status) => [status, t(STATUS_LABELS[status])]),
  },
];

function accountsQueryIn(params: URLSearchParams): Partial<AdminAccountsQuery> {
  return {
    q: params.get('q')?.trim() || undefined,
    role: paramInUrl(params, 'role', Role),
    status: paramInUrl(params, 'status', AccountStatus),
    ...pageParam(params),
  };
}

interface Asking {
  account: AdminAccount;
  action: AccountStatusAction;
}

/** The words of each step: its button, the button's name for screen readers, the question, its confirm and the notice once done. */
const STEP: Record<
  AccountStatusAction,
  { button: AdminWordId; label: AdminWordId; title: AdminWordId; confirm: AdminWordId; done: AdminWordId }
> = {
  disable: {
    button: 'admin.accounts.disable',
    label: 'admin.accounts.disableLabel',
    title: 'admin.accounts.disableTitle',
    confirm: 'admin.accounts.disableConfirm',
    done: 'admin.accounts.disabledNotice',
  },
  enable: {
    button: 'admin.accounts.enable',
    label: 'admin.accounts.enableLabel',
    title: 'admin.accounts.enableTitle',
    confirm: 'admin.accounts.enableConfirm',
    done: 'admin.accounts.enabledNotice',
  },
};

/** What disabling or enabling does, told before the admin confirms it (an owner's listed cars go or come back with them). */
function consequences({ account, action }: Asking): string {
  const { username, role } = account;
  return t(action === 'disable' ? 'admin.accounts.disableConsequence' : 'admin.accounts.enableConsequence', {
    username,
    role,
  });
}

/**
 * Every account, newest first, to search, filter by role and status, and disable or enable one
 * (never the admin's own): the admin confirms in a dialog that names the account, with an optional
 * reason for the audit log.
 */
export function AdminAccounts() {
  const [searchParams] = useSearchParams();
  const query = accountsQueryIn(searchParams);
  const accounts = useAdminAccounts(query);
  const retry = useRetry(adminKeys.accounts(query));
  const { user } = useSession();
  const change = useAskedAction(useSetAccountStatus(), ({ account, action }: Asking, reason) => ({
    variables: { id: account.id, action, reason },
    done: t(STEP[action].done, { email: account.email }),
  }));
  const { asking } = change;

  const columns: readonly AdminColumn<AdminAccount>[] = [
    { header: t('admin.accounts.column.role'), cell: (account) => t(ROLE_LABELS[account.role]) },
    {
      header: t('admin.accounts.column.username'),
      cell: (account) => (
        <>
          {account.username}
          {account.id === user?.id ? <span className="text-muted"> {t('admin.accounts.you')}</span> : null}
        </>
      ),
    },
    { header: t('admin.accounts.column.email'), cell: (account) => account.email },
    { header: t('admin.accounts.column.created'), cell: (account) => formatIndiaTime(account.createdAt) },
    {
      header: t('admin.accounts.column.lastSignIn'),
      cell: (account) =>
        account.lastSignInAt ? (
          formatIndiaTime(account.lastSignInAt)
        ) : (
          <span className="text-muted">{t('admin.accounts.never')}</span>
        ),
    },
    {
      // How often an owner called off a booking they had accepted: what an admin weighs when judging them.
      header: t('admin.accounts.column.ownerCancellations'),
      cell: (account) => account.ownerCancellations ?? <span className="text-muted">–</span>,
    },
    {
      // How often renters said an owner did not come to hand the car over: weighed as their cancellations are.
      header: t('admin.accounts.column.ownerNoShows'),
      cell: (account) => account.ownerNoShows ?? <span className="text-muted">–</span>,
    },
    {
      header: t('admin.accounts.column.status'),
      cell: (account) => (
        <Badge bg={account.status === 'enabled' ? 'success' : 'secondary'}>{t(STATUS_LABELS[account.status])}</Badge>
      ),
    },
    {
      header: t('admin.accounts.column.action'),
      // Another admin must disable an admin's own account: the server refuses it, so no button offers it.
      cell: (account) => {
        const action: AccountStatusAction = account.status === 'enabled' ? 'disable' : 'enable';
        if (action === 'disable' && account.id === user?.id) return null;
        return (
          <Button
            size="sm"
            variant={action === 'disable' ? 'outline-danger' : 'outline-primary'}
            aria-label={t(STEP[action].label, { username: account.username })}
            onClick={() => change.ask({ account, action })}
          >
            {t(STEP[action].button)}
          </Button>
        );
      },
    },
  ];

  return (
    <AdminFrame title={t('admin.accounts.title')} count={accounts.data?.total}>
      <AdminFilters label={t('admin.accounts.filtersLabel')} filters={filters()} query={AdminAccountsQuery} />
      <ActionNotice {...change.notice} />
      <AdminTable
        label={t('admin.accounts.title')}
        list={accounts}
        onRetry={retry}
        columns={columns}
        empty={t('admin.accounts.empty')}
      />
      <ReasonDialog
        {...change.dialog}
        title={asking ? t(STEP[asking.action].title, { email: asking.account.email }) : ''}
        confirmLabel={t(STEP[asking?.action ?? 'disable'].confirm)}
        confirmVariant={asking?.action === 'enable' ? 'primary' : 'danger'}
        reason="optional"
        reasonHint={t('admin.accounts.reasonHint')}
      >
        {asking ? <p>{consequences(asking)}</p> : null}
      </ReasonDialog>
    </AdminFrame>
  );
}
