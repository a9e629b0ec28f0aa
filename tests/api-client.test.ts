import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { listCars } from '../src/features/cars/api';
import { ApiError } from '../src/lib/api-error';
import { endSession } from '../src/lib/auth/session-api';
import { server } from './mocks/server';
import { API } from './mocks/api';

describe('the API client', () => {
  it('turns an HTML page where JSON was expected into an ApiError a screen can show', async () => {
    server.use(http.get(`${API}/api/cars`, () => HttpResponse.html('<!doctype html><title>app</title>')));
    const failure = await listCars().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toMatch(/does not understand/);
  });

  it('carries the server’s own message and status on an error answer', async () => {
    server.use(http.get(`${API}/api/cars`, () => HttpResponse.json({ message: 'maxPrice must be a whole number.' }, { status: 400 })));
    const failure = (await listCars().catch((error: unknown) => error)) as ApiError;
    expect(failure.status).toBe(400);
    expect(failure.message).toBe('maxPrice must be a whole number.');
  });

  it('says the server could not be reached when the network fails', async () => {
    server.use(http.get(`${API}/api/cars`, () => HttpResponse.error()));
    const failure = (await listCars().catch((error: unknown) => error)) as ApiError;
    expect(failure.status).toBe(0);
    expect(failure.message).toMatch(/could not reach the server/);
  });

  it('accepts an empty 204 answer', async () => {
    server.use(http.delete(`${API}/api/session`, () => new HttpResponse(null, { status: 204 })));
    await expect(endSession()).resolves.toBeUndefined();
  });
});
