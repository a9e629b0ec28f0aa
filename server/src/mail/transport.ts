import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Clock } from '../clock/clock';
import type { Mail } from './outbox';

export const MAIL_SENDER_NAME = 'WheelsOnWeb';

export interface MailSettings {
  /** smtp:// or smtps://, with the account in it; undefined writes each mail to `outboxDir` instead. */
  smtpUrl: string | undefined;
  /** The sender, as `Name <address>`. */
  from: string;
  outboxDir: string;
  /** How often the worker looks for mail that is due. */
  pollMs: number;
  /** The wait after the first failed attempt; each later wait is four times the one before. */
  retryBaseMs: number;
  /** Attempts before a mail is marked failed. */
  maxAttempts: number;
}

/** Retries at 30 s, 2 min, 8 min and 32 min: a mail server down for most of an hour still gets every mail. */
export const DEFAULT_MAIL_TIMING = { pollMs: 1000, retryBaseMs: 30_000, maxAttempts: 5 } as const;

/** Sends one message; throws when it was not accepted, so the worker tries again later. */
export interface MailSender {
  send(mail: Mail & { id: number }): Promise<void>;
  close(): void;
}

/**
 * Bounds on each SMTP step: nodemailer waits two minutes for a connection by default, which would
 * hold the worker on one dead server while the rest of the queue waits.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function mailSender(settings: MailSettings, log: FastifyBaseLogger, clock: Clock): MailSender {
  return settings.smtpUrl ? smtpSender(settings.smtpUrl, settings.from) : outboxFolderSender(settings, log, clock);
}

function smtpSender(smtpUrl: string, from: string): MailSender {
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 2, ...SMTP_TIMEOUTS });
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close: () => transport.close(),
  };
}

/**
 * With no SMTP server (the default for `npm start`), each mail becomes an .eml file any mail program
 * opens, and one log line names it, so a person trying the product can follow a reset link.
 */
function outboxFolderSender(settings: MailSettings, log: FastifyBaseLogger, clock: Clock): MailSender {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(mail) {
      const { message } = await transport.sendMail({
        from: settings.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await mkdir(settings.outboxDir, { recursive: true });
      const file = path.join(settings.outboxDir, `${fileStamp(clock)}-${mail.id}-${fileSafe(mail.subject)}.eml`);
      await writeFile(file, message as Buffer);
      log.info({ mailId: mail.id, file }, `mail written to ${file} (set SMTP_URL to send mail)`);
    },
    close: () => transport.close(),
  };
}

/**
 * The time an outbox file is written, as its name's start: the time first, so a folder listing reads
 * oldest to newest; the id after it keeps two messages of one second apart.
 */
export function fileStamp(clock: Clock): string {
  return clock
    .now()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, '');
}

function fileSafe(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'mail'
  );
}
