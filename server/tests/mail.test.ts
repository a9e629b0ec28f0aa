import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { movableClock } from '../src/clock/clock';
import { mailOutbox } from '../src/db/schema';
import { composeMail } from '../src/mail/compose';
import { queueMail } from '../src/mail/outbox';
import { DEFAULT_MAIL_TIMING } from '../src/mail/transport';
import { buildTestApp, closeTestApp } from './helpers';
import { quickMail, startSmtp, type TestSmtp } from './mail-helpers';

const open: { apps: FastifyInstance[]; smtp: TestSmtp[]; dirs: string[] } = { apps: [], smtp: [], dirs: [] };

afterEach(async () => {
  for (const app of open.apps.splice(0)) await closeTestApp(app);
  for (const smtp of open.smtp.splice(0)) await smtp.close();
  for (const dir of open.dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function app(...args: Parameters<typeof buildTestApp>): Promise<FastifyInstance> {
  const built = await buildTestApp(...args);
  open.apps.push(built);
  return built;
}

async function smtp(): Promise<TestSmtp> {
  const started = await startSmtp();
  open.smtp.push(started);
  return started;
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wow-mail-'));
  open.dirs.push(dir);
  return dir;
}

/** An address where nothing listens: a server started and stopped again. */
async function deadSmtpUrl(): Promise<string> {
  const gone = await startSmtp();
  await gone.close();
  return gone.url;
}

const greeting = (to: string, name: string) =>
  composeMail({
    to,
    name,
    subject: 'Your trip <tomorrow> & more',
    paragraphs: ['Your booking WOW-00042 starts on Nov 26 2026 09:00 India time.', 'The total is ₹1,234.00.'],
    action: { label: 'Open your booking', url: 'http://localhost:4000/bookings/42?x=1&y=2' },
  });

describe('the mail worker', () => {
  it('sends queued mail through SMTP_URL as plain text and HTML, and records it as sent', async () => {
    const server = await smtp();
    const api = await app({ mail: quickMail({ smtpUrl: server.url, from: 'WheelsOnWeb <hello@wheelsonweb.test>' }) });

    await queueMail(api.db, [greeting('asha@example.com', 'Asha <b>'), greeting('ravi@example.com', 'Ravi')]);

    await vi.waitFor(() => expect(server.received).toHaveLength(2), { timeout: 10_000 });
    const toAsha = server.received.find((mail) => mail.to && 'text' in mail.to && mail.to.text === 'asha@example.com');
    expect(toAsha?.from?.value[0]).toMatchObject({ name: 'WheelsOnWeb', address: 'hello@wheelsonweb.test' });
    expect(toAsha?.subject).toBe('Your trip <tomorrow> & more');
    expect(toAsha?.text).toContain('Hello Asha <b>,');
    expect(toAsha?.text).toContain('The total is ₹1,234.00.');
    expect(toAsha?.text).toContain('Open your booking: http://localhost:4000/bookings/42?x=1&y=2');
    // What people typed is text in the HTML, never markup.
    expect(toAsha?.html).toContain('Hello Asha &lt;b&gt;,');
    expect(toAsha?.html).toContain('href="http://localhost:4000/bookings/42?x=1&amp;y=2"');

    await vi.waitFor(async () => {
      const rows = await api.db.select().from(mailOutbox);
      expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
      expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    });
  });

  it('without SMTP_URL writes each mail as an .eml file in the outbox folder and logs one line naming it', async () => {
    const outboxDir = await tempDir();
    const lines: string[] = [];
    const api = await app(
      { logLevel: 'info', mail: quickMail({ outboxDir }) },
      { logStream: { write: (line) => void lines.push(line) } },
    );

    await queueMail(api.db, [greeting('asha@example.com', 'Asha')]);

    const files = await vi.waitFor(
      async () => {
        const found = await readdir(outboxDir);
        expect(found).toHaveLength(1);
        return found;
      },
      { timeout: 10_000 },
    );
    const file = path.join(outboxDir, files[0]!);
    expect(file).toMatch(/\.eml$/);
    const mail = await simpleParser(await readFile(file));
    expect(mail.subject).toBe('Your trip <tomorrow> & more');
    expect(mail.text).toContain('Open your booking: http://localhost:4000/bookings/42?x=1&y=2');
    expect(mail.html).toContain('Hello Asha,');

    await vi.waitFor(async () => expect((await api.db.select().from(mailOutbox))[0]?.status).toBe('sent'));
    const naming = lines.filter((line) => line.includes(file));
    expect(naming).toHaveLength(1);
    expect(naming[0]).toContain('set SMTP_URL to send mail');
  });

  it('keeps trying a dead mail server with growing waits, then marks the mail failed after 5 attempts and logs it', async () => {
    const lines: string[] = [];
    // Stands still but where the test moves it: each retry is due only once the clock reaches it.
    const clock = movableClock(new Date());
    const { retryBaseMs } = DEFAULT_MAIL_TIMING;
    const api = await app(
      { logLevel: 'warn', mail: quickMail({ smtpUrl: await deadSmtpUrl(), retryBaseMs }) },
      { logStream: { write: (line) => void lines.push(line) }, clock },
    );
    const mailRow = async () => (await api.db.select().from(mailOutbox))[0];

    await queueMail(api.db, [greeting('asha@example.com', 'Asha')], clock.now());

    const waits = [1, 4, 16, 64].map((times) => times * retryBaseMs);
    for (const [attempt, wait] of waits.entries()) {
      // Failed, and due again the wait after now: four times the wait before.
      await vi.waitFor(async () => expect((await mailRow())?.nextAttemptAt).toEqual(new Date(clock.now().getTime() + wait)), {
        timeout: 10_000,
      });
      expect(await mailRow()).toMatchObject({ status: 'queued', attempts: attempt + 1 });
      clock.advance(wait);
    }
    const failed = await vi.waitFor(
      async () => {
        const row = await mailRow();
        expect(row?.status).toBe('failed');
        return row;
      },
      { timeout: 10_000 },
    );
    expect(failed?.attempts).toBe(5);
    expect(failed?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed?.sentAt).toBeNull();
    const retries = lines
      .filter((line) => line.includes('trying again'))
      .map((line) => JSON.parse(line) as { retryInMs: number });
    expect(retries.map((line) => line.retryInMs)).toEqual(waits);
    expect(lines.filter((line) => line.includes('mail failed for good'))).toHaveLength(1);
  });

  it('sends after a restart what a dead mail server left queued', async () => {
    const dataDir = await tempDir();
    const first = await buildTestApp({ dataDir, mail: quickMail({ smtpUrl: await deadSmtpUrl(), retryBaseMs: 10 }) });
    await queueMail(first.db, [greeting('asha@example.com', 'Asha')]);
    await vi.waitFor(async () => expect((await first.db.select().from(mailOutbox))[0]?.attempts).toBeGreaterThanOrEqual(1));
    await closeTestApp(first);

    const server = await smtp();
    const second = await app({ dataDir, mail: quickMail({ smtpUrl: server.url, retryBaseMs: 10 }) });
    await vi.waitFor(() => expect(server.received).toHaveLength(1), { timeout: 10_000 });
    expect(server.received[0]?.subject).toBe('Your trip <tomorrow> & more');
    await vi.waitFor(async () => {
      const [row] = await second.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'asha@example.com'));
      expect(row?.status).toBe('sent');
    });
  });
});
