import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// Columns of a list read from two tables as one UNION ALL, ordered and paged by the database.

/**
 * One column, named as both tables' halves of the UNION name it; typed by what it holds, not by the
 * table it comes from, so the two halves have one shape.
 */
export const field = <T>(value: SQL | AnyPgColumn, name: string) => sql<T>`${value}`.as(name);

/** A column one half has no value for, typed so the UNION's column keeps the other half's type. */
export const none = <T>(type: 'integer' | 'text' | 'uuid', name: string) => sql<T | null>`null::${sql.raw(type)}`.as(name);
