import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDLE_TIMEOUT_MS, loadConfig, REQUEST_TIMEOUT_MS } from '../src/config';
import { buildTestApp, closeTestApp } from '../tests/helpers';

/**
 * Slow clients must not hold sockets: without time-outs, sockets sending a byte every few seconds
 * stayed open for as long as they kept sending. Here the server runs with short time-outs, so the
 * run is quick; production takes REQUEST_TIMEOUT_MS and IDLE_TIMEOUT_MS.
 */

const REQUEST_TIMEOUT = 2_000;
const IDLE_TIMEOUT = 1_500;
/** Slower than any honest client, faster than the silence time-out, so only the request time-out can end it. */
const TRICKLE_EVERY = 500;
/** Node checks the request time-out every second (connectionsCheckingInterval), plus scheduling slack. */
const BOUND = REQUEST_TIMEOUT + 1_000 + 1_000;
const SOCKETS = 20;

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await buildTestApp({ requestTimeoutMs: REQUEST_TIMEOUT, idleTimeoutMs: IDLE_TIMEOUT });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => closeTestApp(app));

interface Ending {
  /** Milliseconds from connecting to the server closing the socket. */
  closedAfter: number;
  /** Whatever the server wrote before closing. */
  answer: string;
  /** Bytes the client managed to send. */
  sent: number;
}

/**
 * Opens a socket, writes `head` at once, then one byte of `drip` every TRICKLE_EVERY ms until the
 * server closes it or `giveUpAfter` passes (then the socket is still open: a failure).
 */
function trickle(head: string, drip: string, giveUpAfter: number): Promise<Ending> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    let sent = 0;
    const socket: Socket = connect(port, '127.0.0.1', () => {
      socket.write(head);
    });
    const timer = setInterval(() => {
      if (sent < drip.length && socket.writable) {
        socket.write(drip[sent] ?? '');
        sent += 1;
      }
    }, TRICKLE_EVERY);
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`socket still open after ${giveUpAfter} ms, ${sent} bytes sent`));
    }, giveUpAfter);
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfter: Date.now() - started, answer, sent });
    });
  });
}

const BODY = JSON.stringify({ name: 'Asha', email: 'asha@example.in', message: 'x'.repeat(400) });

function head(lines: string[]): string {
  return `${lines.join('\r\n')}\r\n\r\n`;
}

describe('slow clients', () => {
  it(`closes ${SOCKETS} sockets trickling a body a byte at a time within the request time-out`, async () => {
    const request = head([
      'POST /api/contact HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      `Content-Length: ${BODY.length}`,
    ]);
    const endings = await Promise.all(Array.from({ length: SOCKETS }, () => trickle(request, BODY, BOUND + 5_000)));
    for (const ending of endings) {
      expect(ending.closedAfter).toBeGreaterThanOrEqual(REQUEST_TIMEOUT - 100);
      expect(ending.closedAfter).toBeLessThan(BOUND);
      expect(ending.answer).toMatch(/^HTTP\/1\.1 408/);
      expect(ending.sent).toBeLessThan(BODY.length);
    }
  });

  it('closes a socket still trickling a body after its request was refused early (403 before the body)', async () => {
    const request = head([
      'POST /api/contact HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Origin: http://127.0.0.1:1',
      'Content-Type: application/json',
      `Content-Length: ${BODY.length}`,
    ]);
    const ending = await trickle(request, BODY, BOUND + 5_000);
    expect(ending.answer).toMatch(/^HTTP\/1\.1 403/);
    expect(ending.closedAfter).toBeLessThan(BOUND);
  });

  it('closes a socket trickling its headers (slowloris) within the request time-out', async () => {
    const headers = `Host: 127.0.0.1:${port}\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`;
    const ending = await trickle('GET /api/health HTTP/1.1\r\n', headers, BOUND + 5_000);
    expect(ending.closedAfter).toBeLessThan(BOUND);
    expect(ending.sent).toBeLessThan(headers.length);
  });

  it('closes a connection that says nothing after the idle time-out', async () => {
    const ending = await trickle('', '', BOUND + 5_000);
    expect(ending.closedAfter).toBeGreaterThanOrEqual(IDLE_TIMEOUT - 100);
    expect(ending.closedAfter).toBeLessThan(IDLE_TIMEOUT + 1_500);
  });

  it('still answers an honest client while and after the slow ones are cut off', async () => {
    const slow = trickle(
      head([
        'POST /api/contact HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Content-Type: application/json',
        `Content-Length: ${BODY.length}`,
      ]),
      BODY,
      BOUND + 5_000,
    );
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
    await slow;
    const after = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(after.status).toBe(200);
  });

  it('production runs with a 30 s request time-out and a 10 s silence time-out', () => {
    const config = loadConfig({});
    expect(config.requestTimeoutMs).toBe(REQUEST_TIMEOUT_MS);
    expect(config.idleTimeoutMs).toBe(IDLE_TIMEOUT_MS);
    expect([REQUEST_TIMEOUT_MS, IDLE_TIMEOUT_MS]).toEqual([30_000, 10_000]);
  });
});
