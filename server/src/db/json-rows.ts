import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * Rows PostgreSQL built as JSON (`json_agg(row)`, whose keys are the columns' names), read the way
 * Drizzle reads the table's own rows: a timestamp becomes a Date, a bigint a number. A list built
 * in the query that needs it costs no second round trip, and the routes keep mapping rows, not JSON.
 */
export function rowsFromJson<T extends Table>(table: T, objects: readonly Record<string, unknown>[]): InferSelectModel<T>[] {
  const columns = Object.entries(getTableColumns(table));
  return objects.map(
    (object) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          const value = object[column.name];
          return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
        }),
      ) as InferSelectModel<T>,
  );
}
