import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock/clock';
import { fileStamp } from '../mail/transport';
import type { Sms } from './outbox';

/** The languages texts are written in; each one's template is registered with DLT on its own. */
export const SMS_LANGUAGES = ['en'] as const;
export type SmsLanguage = (typeof SMS_LANGUAGES)[number];

/**
 * Fast2SMS's "DLT Manual" route (docs/decisions/fast2sms-sms.md): the text is sent whole, with the
 * entity, header and template it was registered under, so the operators' DLT check can match it.
 */
export interface Fast2SmsSettings {
  apiKey: string;
  /** The principal entity id the business is registered under on DLT (SMS_DLT_ENTITY_ID). */
  entityId: string;
  /** The DLT-registered header the text comes from, such as WHLWEB (SMS_SENDER). */
  sender: string;
  apiBase: URL;
}

export const FAST2SMS_API_BASE = 'https://www.fast2sms.com';

export interface SmsSettings {
  /** Undefined writes each text to `outboxDir` instead. */
  fast2sms: Fast2SmsSettings | undefined;
  /** The DLT template id of the phone code's text, per language; empty where no provider is set. */
  phoneCodeTemplates: Partial<Record<SmsLanguage, string>>;
  outboxDir: string;
  pollMs: number;
  retryBaseMs: number;
  maxAttempts: number;
}

/**
 * Retries at 15 s, 1 min, 4 min and 16 min: a code lasts 10 minutes, so later tries would only
 * deliver a dead code.
 */
export const DEFAULT_SMS_TIMING = { pollMs: 1000, retryBaseMs: 15_000, maxAttempts: 4 } as const;

/** Sends one text; throws when it was not accepted, so the worker tries again later. */
export interface SmsSender {
  send(sms: Sms & { id: number }): Promise<void>;
}

/**
 * A provider that answers slower than this is taken as away, and the text stays queued for the
 * worker: well inside the request deadline (8 s), since the request that made the code tries it once.
 */
const SEND_TIMEOUT_MS = 4_000;

export function smsSender(settings: SmsSettings, log: FastifyBaseLogger, clock: Clock): SmsSender {
  return settings.fast2sms ? fast2smsSender(settings.fast2sms) : outboxFolderSender(settings.outboxDir, log, clock);
}

/** Fast2SMS answers `{return: true, request_id}` when it took the text, and `{return: false, message}` when not. */
interface Fast2SmsAnswer {
  return?: boolean;
  message?: unknown;
}

function fast2smsSender(settings: Fast2SmsSettings): SmsSender {
  return {
    async send(sms) {
      if (!sms.templateId) throw new Error('the text has no DLT template id');
      const response = await fetch(new URL('/dev/bulkV2', settings.apiBase), {
        method: 'POST',
        headers: { authorization: settings.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          route: 'dlt_manual',
          sender_id: settings.sender,
          message: sms.body,
          template_id: sms.templateId,
          entity_id: settings.entityId,
          // Ten digits: the provider sends within India only.
          numbers: sms.to.replace(/^\+91/, ''),
        }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => ({}))) as Fast2SmsAnswer;
      if (!response.ok || answer.return !== true) {
        throw new Error(`Fast2SMS refused the text (${response.status}): ${JSON.stringify(answer.message ?? null)}`);
      }
    },
  };
}

/**
 * With no provider (the default for `npm start` and the demo), each text becomes a file and one log
 * line names it, so a person trying the product can read their code, as mail does without SMTP_URL.
 */
function outboxFolderSender(outboxDir: string, log: FastifyBaseLogger, clock: Clock): SmsSender {
  return {
    async send(sms) {
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${fileStamp(clock)}-${sms.id}-${sms.to.replace(/\D/g, '')}.txt`);
      await writeFile(file, `To: ${sms.to}\nTemplate: ${sms.templateId ?? '(none)'}\n\n${sms.body}\n`);
      log.info({ smsId: sms.id, file }, `text written to ${file} (set SMS_PROVIDER to send texts)`);
    },
  };
}
