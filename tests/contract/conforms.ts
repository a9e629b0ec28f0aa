import { expect } from 'vitest';
import type { z } from 'zod';

/**
 * The server's answer passes the contract's schema, with nothing the schema does not name (parsing
 * drops unknown fields, so an extra one shows as a difference). Returns the answer for the test to read.
 */
export function conforms<S extends z.ZodType>(schema: S, answer: unknown): z.output<S> {
  const parsed = schema.parse(answer);
  expect(parsed).toEqual(answer);
  return parsed;
}
