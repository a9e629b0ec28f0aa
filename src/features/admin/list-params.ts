import type { z } from 'zod';
import { pageInUrl } from '../../components/Pager';

/**
 * Reading a console list's query from its address. A blank or unknown value is left out, so the
 * request never carries a filter the person did not choose and an edited address cannot ask the
 * server for what it would refuse.
 */

/** The value of `name` in the address when `schema` accepts it; undefined when blank or not accepted. */
export function paramInUrl<T>(params: URLSearchParams, name: string, schema: z.ZodType<T>): T | undefined {
  const value = params.get(name)?.trim();
  if (!value) return undefined;
  return schema.safeParse(value).data;
}

/** The page the address asks for (in parameter `name`), or nothing for the first (the server's default). */
export function pageParam(params: URLSearchParams, name?: string): { page?: number } {
  const page = pageInUrl(params, name);
  return page === undefined ? {} : { page };
}
