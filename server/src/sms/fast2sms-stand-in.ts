import { createServer, type IncomingMessage } from 'node:http';
import { listenLocally } from '../payments/demo/local-http';

/**
 * A stand-in for Fast2SMS's bulkV2 API on a loopback port, answering the "DLT Manual" route as
 * Fast2SMS documents it (docs/decisions/fast2sms-sms.md): the API key in the `authorization`
 * header, a JSON body naming the DLT entity, header and template with the whole text. It refuses
 * what the live service refuses (a wrong key, a missing DLT field, a number that is not ten digits)
 * and keeps each text it took, for tests to read. `away` answers every call 503, as a provider down;
 * `delayMs` holds each answer, as a slow one.
 */
export interface Fast2SmsStandIn {
  url: string;
  apiKey: string;
  /** The texts taken, oldest first. */
  texts: StandInText[];
  away: boolean;
  /** Held this long before answering, as a provider that is slow. */
  delayMs: number;
  close(): Promise<void>;
}

export interface StandInText {
  senderId: string;
  message: string;
  templateId: string;
  entityId: string;
  numbers: string[];
}

const REQUIRED = ['sender_id', 'message', 'template_id', 'entity_id', 'numbers'] as const;

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  // A client that gave up (its send timed out) cuts the body off: read as none.
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function startFast2SmsStandIn(apiKey = 'stand-in-fast2sms-key'): Promise<Fast2SmsStandIn> {
  let requestCount = 0;
  const standIn = { apiKey, texts: [] as StandInText[], away: false, delayMs: 0 };
  const server = createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const refuse = (status: number, message: string) => reply(status, { return: false, status_code: status, message });
    if (standIn.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, standIn.delayMs));
    if (standIn.away) return reply(503, { message: 'Service unavailable' });
    if (request.method !== 'POST' || new URL(request.url ?? '/', 'http://stand-in').pathname !== '/dev/bulkV2') {
      return refuse(404, 'Not found');
    }
    if (request.headers.authorization !== apiKey) return refuse(412, 'Invalid Authentication, Check Authorization Key');
    const body = await readJson(request);
    if (body.route !== 'dlt_manual') return refuse(400, 'Invalid Route');
    const missing = REQUIRED.filter((field) => typeof body[field] !== 'string' || body[field] === '');
    if (missing.length > 0) return refuse(400, `${missing.join(', ')} required`);
    const numbers = String(body.numbers).split(',');
    if (!numbers.every((number) => /^[6-9]\d{9}$/.test(number))) return refuse(400, 'Invalid Numbers');
    standIn.texts.push({
      senderId: String(body.sender_id),
      message: String(body.message),
      templateId: String(body.template_id),
      entityId: String(body.entity_id),
      numbers,
    });
    requestCount += 1;
    return reply(200, { return: true, request_id: `standin${requestCount}`, message: ['SMS sent successfully.'] });
  });
  const { url, close } = await listenLocally(server);
  return Object.assign(standIn, { url, close });
}
