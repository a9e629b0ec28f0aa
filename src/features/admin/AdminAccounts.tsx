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

const ROLE_LABELS: Record<Role, string> = { user: 'User', owner: 'Owner', admin: 'Admin' };
const STATUS_LABELS: Record<AccountStatus, string> = { enabled: 'Enabled', disabled: 'Disabled' };

const filters: readonly AdminFilter[] = [
  { kind: 'search', name: 'q', label: 'Username or email', maxLength: ADMIN_SEARCH_MAX },
  {
    kind: 'choice',
    name: 'role',
    label: 'Role',
    anyLabel: 'Any role',
    choices: Role.options.map((role) => [role, ROLE_LABELS[role]]),
  },
  {
    kind: 'choice',
    name: 'status',
    label: 'Status',
    anyLabel: 'Any status',
    choices: AccountStatus.options.map((status) => [status, STATUS_LABELS[status]]),
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

/** What disabling or enabling does, told before the admin confirms it. */
function consequences({ account, action }: Asking): string {
  const cars = account.role === 'owner';
  if (action === 'disable') {
    return `${account.username} is signed out everywhere at once and cannot sign in${cars ? ', and their listed cars leave the public list' : ''} until the account is enabled again.`;
  }
  return `${account.username} can sign in again${cars ? ', and their listed cars are back in the public list' : ''}.`;
}

const done: Record<AccountStatusAction, string> = { disable: 'disabled', enable: 'enabled' };

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
    done: `The account of ${account.email} is ${done[action]}.`,
  }));
  const { asking } = change;

  const columns: readonly AdminColumn<AdminAccount>[] = [
    { header: 'Role', cell: (account) => ROLE_LABELS[account.role] },
    {
      header: 'Username',
      cell: (account) => (
        <>
          {account.username}
          {account.id === user?.id ? <span className="text-muted"> (you)</span> : null}
        </>
      ),
    },
    { header: 'Email', cell: (account) => account.email },
    { header: 'Created', cell: (account) => formatIndiaTime(account.createdAt) },
    {
      header: 'Last sign-in',
      cell: (account) =>
        account.lastSignInAt ? formatIndiaTime(account.lastSignInAt) : <span className="text-muted">never</span>,
    },
    {
      header: 'Status',
      cell: (account) => (
        <Badge bg={account.status === 'enabled' ? 'success' : 'secondary'}>{STATUS_LABELS[account.status]}</Badge>
      ),
    },
    {
      header: 'Action',
      // Another admin must disable an admin's own account: the server refuses it, so no button offers it.
      cell: (account) => {
        const action: AccountStatusAction = account.status === 'enabled' ? 'disable' : 'enable';
        if (action === 'disable' && account.id === user?.id) return null;
        return (
          <Button
            size="sm"
            variant={action === 'disable' ? 'outline-danger' : 'outline-primary'}
            aria-label={`${action === 'disable' ? 'Disable' : 'Enable'} ${account.username}`}
            onClick={() => change.ask({ account, action })}
          >
            {action === 'disable' ? 'Disable' : 'Enable'}
          </Button>
        );
      },
    },
  ];

  return (
    <AdminFrame title="Accounts" count={accounts.data?.total}>
      <AdminFilters label="Find accounts" filters={filters} query={AdminAccountsQuery} />
      <ActionNotice {...change.notice} />
      <AdminTable label="Accounts" list={accounts} onRetry={retry} columns={columns} empty="No account matches these filters." />
      <ReasonDialog
        {...change.dialog}
        title={asking ? `${asking.action === 'disable' ? 'Disable' : 'Enable'} the account of ${asking.account.email}?` : ''}
        confirmLabel={asking?.action === 'enable' ? 'Enable account' : 'Disable account'}
        confirmVariant={asking?.action === 'enable' ? 'primary' : 'danger'}
        reason="optional"
        reasonHint="Kept in the audit log; the account's holder is not told it."
      >
        {asking ? <p>{consequences(asking)}</p> : null}
      </ReasonDialog>
    </AdminFrame>
  );
}
