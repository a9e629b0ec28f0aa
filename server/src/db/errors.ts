/** PostgreSQL's error codes the routes answer for; drizzle wraps the driver's error, so look in `cause` too. */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
const EXCLUSION_VIOLATION = '23P01';

export function postgresCode(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => postgresCode(error) === UNIQUE_VIOLATION;
export const isForeignKeyViolation = (error: unknown) => postgresCode(error) === FOREIGN_KEY_VIOLATION;
export const isExclusionViolation = (error: unknown) => postgresCode(error) === EXCLUSION_VIOLATION;
