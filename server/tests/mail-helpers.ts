import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { ServerConfig } from '../src/config';
import { testConfig } from './helpers';

/** A real SMTP server inside the test, keeping every message it accepts, parsed as a mail program would. */
export interface TestSmtp {
  url: string;
  received: ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Mail settings that try often and wait little, so retries and failures happen within a test. */
export function quickMail(overrides: Partial<ServerConfig['mail']> = {}): ServerConfig['mail'] {
  return { ...testConfig().mail, pollMs: 25, retryBaseMs: 25, ...overrides };
}

/** The reset link a mail carries, read from its plain text as a person would copy it. */
export function resetLinkIn(text: string | undefined): URL {
  const match = text?.match(/https?:\/\/\S+\/reset-password\?token=\S+/);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return new URL(match[0]);
}
