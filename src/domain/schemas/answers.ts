import { z } from 'zod';

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
