import { describe, expect, it } from 'vitest';
import { listCars } from '../src/entities/car/api';
import { ApiError } from '../src/lib/api-error';
import { loadChecks } from '../src/lib/form-check';
import { unreachable } from './mocks/routes';
import { serve } from './mocks/serve';

describe("a form's checks, loaded when it is sent", () => {
  it('are what the loader gives once they arrive', async () => {
    const checks = { Credentials: 'schema' };
    expect(await loadChecks(() => Promise.resolve(checks))).toBe(checks);
  });

  it('that cannot be fetched say the server could not be reached, as an API call that cannot reach it does', async () => {
    serve('GET /api/cars', unreachable);
    const apiFailure = (await listCars().catch((error: unknown) => error)) as ApiError;
    // What Chromium rejects a dynamic import with when the server is down.
    const fetchFailure = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/accounts.js');
    const failure = await loadChecks(() => Promise.reject(fetchFailure)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, message: apiFailure.message });
  });
});
