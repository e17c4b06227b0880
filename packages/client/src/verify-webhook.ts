// Receiver-side verification of the service's webhooks and moderation callbacks (docs/api.md
// "Verifying the signature"): the Standard Webhooks signature over "{webhook-id}.{webhook-timestamp}.{raw
// body}", or the older X-Hub-Signature-256 over the body alone; the timestamp within a tolerance; and a
// webhook-id not handled before.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ModerationDecision, ModerationError, WebhookPayload } from './api-types.ts';
import { InMemorySeenWebhookIds, type SeenWebhookIds } from './seen-webhook-ids.ts';

export type SignatureScheme = 'standard-webhooks' | 'x-hub-signature-256';

type HeaderValue = string | string[] | undefined | null;

export interface VerifyWebhookInput {
  /** The request's headers: Fetch `Headers`, or Node's `req.headers`. */
  headers: Headers | Record<string, HeaderValue>;
  /** The raw body, before any JSON parsing. */
  body: string | Uint8Array;
  /** The tenant's signing secrets, exactly as in the tenants file (two while rotating). */
  secrets: readonly string[];
  /**
   * Which signatures are accepted, in order of preference (default: Standard Webhooks only).
   * X-Hub-Signature-256 signs the body alone, so with it the timestamp and id are not authenticated.
   */
  schemes?: readonly SignatureScheme[];
  /** How far webhook-timestamp may be from now, either way (default 300 s). */
  toleranceSeconds?: number;
  /** Where accepted ids are remembered (default: one in-memory store per process); null: no replay check. */
  seen?: SeenWebhookIds | null;
  nowMs?: number;
}

/** The body of a job webhook (`data` wrapped) or of a moderation callback (the moderation result itself). */
export type WebhookBody = WebhookPayload | ModerationDecision | ModerationError;

export type WebhookRejection = 'missing_headers' | 'bad_timestamp' | 'stale_timestamp' | 'bad_signature' | 'duplicate' | 'bad_json';

export type WebhookVerdict =
  | { ok: true; id: string; timestamp: number; scheme: SignatureScheme; payload: WebhookBody }
  /** `duplicate`: a genuine delivery of an event already handled; answer it 2xx so it is not retried. */
  | { ok: false; reason: WebhookRejection; message: string };

const defaultSeen = new InMemorySeenWebhookIds();

export async function verifyWebhook(input: VerifyWebhookInput): Promise<WebhookVerdict> {
  const header = (name: string) => headerValue(input.headers, name);
  const id = header('webhook-id');
  const rawTimestamp = header('webhook-timestamp');
  if (!id || !rawTimestamp) return reject('missing_headers', 'webhook-id or webhook-timestamp is missing');
  if (!/^\d{1,12}$/.test(rawTimestamp)) return reject('bad_timestamp', 'webhook-timestamp is not unix seconds');
  const timestamp = Number(rawTimestamp);
  const nowMs = input.nowMs ?? Date.now();
  const tolerance = input.toleranceSeconds ?? 300;
  if (Math.abs(nowMs / 1000 - timestamp) > tolerance) return reject('stale_timestamp', `webhook-timestamp is more than ${tolerance} s from now`);

  const body = typeof input.body === 'string' ? Buffer.from(input.body, 'utf8') : Buffer.from(input.body.buffer, input.body.byteOffset, input.body.byteLength);
  const scheme = (input.schemes ?? ['standard-webhooks']).find((s) => signatureMatches(s, header, id, rawTimestamp, body, input.secrets));
  if (!scheme) return reject('bad_signature', 'no signature matches a secret');

  let payload: WebhookBody;
  try {
    payload = JSON.parse(body.toString('utf8')) as WebhookBody;
  } catch {
    return reject('bad_json', 'the signed body is not JSON');
  }
  // Last, so that only genuine deliveries are recorded: a forged request cannot burn an id.
  const seen = input.seen === undefined ? defaultSeen : input.seen;
  if (seen && !(await seen.markSeen(id, nowMs))) return reject('duplicate', `webhook-id ${id} was already handled`);
  return { ok: true, id, timestamp, scheme, payload };
}

function signatureMatches(scheme: SignatureScheme, header: (name: string) => string | null, id: string, timestamp: string, body: Buffer, secrets: readonly string[]): boolean {
  if (scheme === 'x-hub-signature-256') {
    const given = header('x-hub-signature-256')?.trim();
    return !!given && secrets.some((secret) => sameText(given, hmac(secret, body)));
  }
  const given = (header('webhook-signature') ?? '').split(' ').filter((s) => s.startsWith('v1,'));
  const signed = Buffer.concat([Buffer.from(`${id}.${timestamp}.`, 'utf8'), body]);
  return secrets.some((secret) => {
    const expected = `v1,${hmac(secret, signed)}`;
    return given.some((g) => sameText(g, expected));
  });
}

/** base64 HMAC-SHA256 keyed with the secret's UTF-8 bytes (not base64-decoded, whsec_ prefix or not). */
function hmac(secret: string, data: Buffer): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(data).digest('base64');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

function headerValue(headers: Headers | Record<string, HeaderValue>, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const value = headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  const single = Array.isArray(value) ? value[0] : value;
  return typeof single === 'string' && single.length > 0 ? single : null;
}

function reject(reason: WebhookRejection, message: string): WebhookVerdict {
  return { ok: false, reason, message };
}
