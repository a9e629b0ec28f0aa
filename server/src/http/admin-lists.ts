import { z } from 'zod';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_MAX, AdminOptionalReason, type AccountStatus } from '#domain/schemas/admin';
import { PAGE_SIZE_MAX, pagedAnswer, pageWindow, type PagedAnswer, type PageQuery } from '#domain/schemas/answers';
import type { AccountRow } from '../db/schema';
import { answer, errors } from '../http/answers';

// What the admin console's route files share (each section of the console has its own file), so they never import each other.

export const ADMIN_TAGS = ['admin'];

/** Why any admin route refuses a caller before looking at anything else. */
export const REFUSED = { 401: 'Not signed in.', 403: "Signed in with an account that is not an admin's." } as const;

/** A bodiless POST reaches the validator as null: no body is no reason. */
export const optionalReasonBody = z.preprocess((body) => body ?? {}, AdminOptionalReason);

export const accountStatusOf = (row: Pick<AccountRow, 'disabled'>): AccountStatus => (row.disabled ? 'disabled' : 'enabled');

/** How a console list's 400 begins: every list is paged alike. */
export const BAD_PAGE = `A page or page size that is not a whole number from 1 (the size at most ${PAGE_SIZE_MAX})`;

/** The 400 of a searched console list, naming the filters that take only the values they know: "kind, state or city". */
export function badListQuery(...filters: string[]): string {
  const search = `a search over ${ADMIN_SEARCH_MAX} characters`;
  if (filters.length === 0) return `${BAD_PAGE}, or ${search}.`;
  const named = filters.length === 1 ? filters[0] : `${filters.slice(0, -1).join(', ')} or ${filters.at(-1)}`;
  return `${BAD_PAGE}, ${search}, or an unknown ${named}.`;
}

/** The answers of a console list: one page of `item`s, or `badQuery` when the query is refused. */
export function listAnswers<T extends z.ZodType>(item: T, page: string, badQuery: string) {
  return {
    200: answer(pagedAnswer(item), page),
    ...errors([400, 401, 403], { ...REFUSED, 400: badQuery }),
  };
}

/** How a console list reads one page: its rows in the list's order, and the count of the whole list under the same filters. */
export interface AdminListReads<Row> {
  rows: (limit: number, offset: number) => PromiseLike<Row[]>;
  total: () => PromiseLike<{ n: number }[]>;
}

/** The page `query` asks for, `ADMIN_PAGE_SIZE` rows unless it says otherwise: the count is read alongside the rows, not after them. */
export async function adminPage<Row, Item>(
  query: PageQuery,
  reads: AdminListReads<Row>,
  toItem: (row: Row) => Item,
): Promise<PagedAnswer<Item>> {
  const { page, pageSize, limit, offset } = pageWindow(query, ADMIN_PAGE_SIZE);
  const [rows, [total]] = await Promise.all([reads.rows(limit, offset), reads.total()]);
  return { data: rows.map(toItem), total: total?.n ?? 0, page, pageSize };
}
