import type { ReactNode, RefObject } from 'react';
import Table from 'react-bootstrap/Table';
import type { UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { PagedAnswer } from '../../domain/contract';
import { PageSpinner } from '../../components/PageSpinner';
import { Pager, withPage } from '../../components/Pager';
import { QueryError } from '../../components/QueryError';
import '../../styles/admin.css';
import { t } from './words';

export interface AdminColumn<T> {
  /** The column's heading, which also names each cell on a phone, where a row reads as a card. */
  header: string;
  cell: (row: T) => ReactNode;
}

interface AdminTableProps<T extends { id: string }> {
  /** What the rows are: the table's caption, the pager's name and the failure's words ("Accounts"). */
  label: string;
  /** The list's query: one page of the rows, with how many there are in all. */
  list: UseQueryResult<PagedAnswer<T>, Error>;
  onRetry: () => void;
  columns: readonly AdminColumn<T>[];
  /** Said instead of the table when nothing matches. */
  empty: ReactNode;
  /** A second list on one screen: the address's parameter that holds its page (not `page`), and where it begins. */
  pageParam?: string;
  top?: RefObject<HTMLElement | null>;
}

/**
 * One page of a console list: a spinner while it first loads, the failure with Retry, what to say
 * when nothing matches, else the table with the pager under it (the page in the address). On a
 * phone each row reads as a card of its cells, each under its column's name.
 */
export function AdminTable<T extends { id: string }>({
  label,
  list,
  onRetry,
  columns,
  empty,
  pageParam,
  top,
}: AdminTableProps<T>) {
  const [searchParams, setSearchParams] = useSearchParams();

  if (list.isPending) return <PageSpinner />;
  // A failed reload in the background keeps the rows that are on screen.
  if (list.isLoadingError)
    return <QueryError error={list.error} what={t('admin.table.loadFailed', { what: label })} onRetry={onRetry} />;
  const { data: rows, page, pageSize, total } = list.data;
  if (total === 0) return <p className="text-muted">{empty}</p>;

  return (
    <>
      {/* Busy while another page or filter loads and the rows still shown are the previous ones. */}
      <AdminRows label={label} rows={rows} columns={columns} busy={list.isPlaceholderData} />
      <Pager
        page={page}
        pageSize={pageSize}
        total={total}
        shown={rows.length}
        label={label}
        onPage={(next) => setSearchParams(withPage(searchParams, next, pageParam))}
        top={top}
      />
    </>
  );
}

interface AdminRowsProps<T extends { id: string }> {
  /** The table's caption, for assistive technology. */
  label: string;
  rows: readonly T[];
  columns: readonly AdminColumn<T>[];
  /** While the rows shown are about to be replaced. */
  busy?: boolean;
}

/** The rows of a console table, each a card of its cells on a phone: a list's page, or a whole short list such as a run's payouts. */
export function AdminRows<T extends { id: string }>({ label, rows, columns, busy = false }: AdminRowsProps<T>) {
  return (
    <Table responsive hover className="admin-table align-middle" aria-busy={busy}>
      <caption className="visually-hidden">{label}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            {columns.map((column) => (
              <td key={column.header} data-label={column.header}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
