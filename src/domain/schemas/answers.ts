import { z } from 'zod';
import { checkText } from '../issue-message';

// The wrappers several answers share, around the shape of what they carry.

/** `{data: [...]}`: the marketplace's lists. */
export function listAnswer<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item) });
}
export type ListAnswer<T> = z.output<ReturnType<typeof listAnswer<z.ZodType<T>>>>;

/** The answers of `/get-cars`, `/get-car/{id}`, `/edit-cars`, `/delete-cars` carry the HTTP status as `code`. */
export function codedAnswer<T extends z.ZodType>(data: T) {
  return z.object({ code: z.int(), message: z.string(), data });
}
export type CodedAnswer<T> = z.output<ReturnType<typeof codedAnswer<z.ZodType<T>>>>;

/** How many items a page holds when `pageSize` is not sent, and the most one page may hold. */
export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 100;
/** Beyond any real list; keeps the offset a safe integer. */
const PAGE_MAX = 1_000_000;

/** `name`: the id of the parameter's name, as a sentence starts with it. */
const pageParam = (name: string, max: number) => {
  const field = { id: name };
  return z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .trim()
      .regex(/^\d+$/, checkText('checks.issue.type', { field, type: { id: 'checks.type.int' } }))
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, checkText('checks.issue.atLeast', { field, minimum: 1 }))
          .max(max, checkText('checks.issue.atMost', { field, maximum: max })),
      )
      .optional(),
  );
};

/** The page parameters of a paged list whose page holds `defaultSize` items when `pageSize` is not sent. */
export function pageParamsOf(defaultSize: number) {
  return {
    page: pageParam('checks.field.page', PAGE_MAX).meta({ description: 'Which page, from 1; 1 when not sent.' }),
    pageSize: pageParam('checks.field.pageSize', PAGE_SIZE_MAX).meta({
      description: `Items per page, at most ${PAGE_SIZE_MAX}; ${defaultSize} when not sent.`,
    }),
  };
}

/** The page parameters of every paged list, both optional: page 1 of `PAGE_SIZE_DEFAULT` items when not sent. */
export const pageParams = pageParamsOf(PAGE_SIZE_DEFAULT);
export const PageQuery = z.object(pageParams);
export type PageQuery = z.output<typeof PageQuery>;

/** The page asked for, with the defaults filled in (`defaultSize` items when the list has its own), and the rows it skips. */
export function pageWindow(query: PageQuery, defaultSize = PAGE_SIZE_DEFAULT) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? defaultSize;
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

/** `{data, total, page, pageSize}`: one page of a list, with how many items the whole list holds. */
export function pagedAnswer<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.int().min(0).meta({ description: 'How many items the whole list holds, over every page.' }),
    page: z.int().min(1),
    pageSize: z.int().min(1),
  });
}
export type PagedAnswer<T> = z.output<ReturnType<typeof pagedAnswer<z.ZodType<T>>>>;
