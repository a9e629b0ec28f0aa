import { HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { listCars } from '../src/entities/car/api';
import { postComment } from '../src/features/blog/api';
import { ApiError } from '../src/lib/api-error';
import { endSession } from '../src/lib/auth/session-api';
import { comment } from './mocks/answers';
import { fail, unreachable } from './mocks/routes';
import { serve } from './mocks/serve';
import { serverSays } from './mocks/server-says';

describe('the API client', () => {
  it('turns an HTML page where JSON was expected into an ApiError a screen can show', async () => {
    // Not the API at all (a proxy's or a static server's page), so deliberately not a contract answer.
    serve('GET /api/cars', () => HttpResponse.html('<!doctype html><title>app</title>'));
    const failure = await listCars().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toMatch(/does not understand/);
  });

  it('carries the server’s own message and status on an error answer', async () => {
    serve('GET /api/cars', fail(400, serverSays.toBeforeFrom));
    const failure = (await listCars().catch((error: unknown) => error)) as ApiError;
    expect(failure.status).toBe(400);
    expect(failure.message).toBe(serverSays.toBeforeFrom);
  });

  it('says the server could not be reached when the network fails', async () => {
    serve('GET /api/cars', unreachable);
    const failure = (await listCars().catch((error: unknown) => error)) as ApiError;
    expect(failure.status).toBe(0);
    expect(failure.message).toMatch(/could not reach the server/);
  });

  it('asks the browser to check its copy of a public answer for five seconds after a write of its own', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    // Well past any write an earlier test in this worker made: the client is one module for all of them.
    vi.setSystemTime(Date.now() + 60_000);
    const reads = serve('GET /api/cars', { data: [], total: 0, page: 1, pageSize: 12 });
    serve('DELETE /api/session', undefined);
    await listCars();
    await endSession();
    await listCars();
    vi.setSystemTime(Date.now() + 4_900);
    await listCars();
    vi.setSystemTime(Date.now() + 200);
    await listCars();
    expect(reads.map((call) => call.headers.get('cache-control'))).toEqual([null, 'max-age=0', 'max-age=0', null]);
  });

  it('accepts an empty 204 answer', async () => {
    serve('DELETE /api/session', undefined);
    await expect(endSession()).resolves.toBeUndefined();
  });

  it('sends a write that got no answer again, with the same Idempotency-Key, and gets its answer', async () => {
    const posted = comment(1, {
      post: 'if-you-are-renting-a-car',
      author: 'ravi',
      content: 'Lovely drive',
      date: '2026-11-20T10:00:00.000Z',
    });
    const answered = serve('POST /api/comments/get-comment', posted);
    const lost = serve('POST /api/comments/get-comment', unreachable, { once: true });
    await expect(postComment({ content: 'Lovely drive' })).resolves.toEqual(posted);
    const keys = [...lost, ...answered].map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[1]).toBe(keys[0]);
    expect(answered[0]?.body).toEqual({ content: 'Lovely drive' });
  });

  it('gives each write a key of its own, and stops after two retries', async () => {
    const lost = serve('POST /api/comments/get-comment', unreachable);
    const failure = (await postComment({ content: 'Nobody hears' }).catch((error: unknown) => error)) as ApiError;
    expect(failure.status).toBe(0);
    expect(lost).toHaveLength(3);
    const answered = serve(
      'POST /api/comments/get-comment',
      comment(2, { post: 'if-you-are-renting-a-car', author: 'ravi', content: 'Heard', date: '2026-11-20T10:00:00.000Z' }),
    );
    await postComment({ content: 'Heard' });
    expect(answered[0]?.headers.get('idempotency-key')).not.toBe(lost[0]?.headers.get('idempotency-key'));
  });
});
