// Standard Webhooks signatures (https://www.standardwebhooks.com/): `webhook-id`, `webhook-timestamp`
// and `webhook-signature`, each signature `v1,` + base64(HMAC-SHA256("{id}.{timestamp}.{raw body}")).
//
// The HMAC key is the tenant's signing secret taken as its UTF-8 bytes, exactly as written in
// TENANTS_FILE. The reference libraries instead strip a `whsec_` prefix and base64-decode the rest;
// to use one of them, give it "whsec_" + base64(UTF-8 bytes of the secret) (see docs/api.md).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_ID_HEADER = 'webhook-id';
export const WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';
/** How far a receiver should accept `webhook-timestamp` from its own clock, either way (replay protection). */
export const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

const VERSION = 'v1';

/** The bytes that are signed: "{id}.{timestamp}." followed by the raw body. */
export function signedContent(id: string, timestamp: number, body: Buffer | string): Buffer {
  return Buffer.concat([Buffer.from(`${id}.${timestamp}.`, 'utf8'), Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8')]);
}

/** One signature, `v1,<base64>`, keyed with the secret's UTF-8 bytes. */
export function standardSignature(id: string, timestamp: number, body: Buffer | string, secret: string): string {
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8')).update(signedContent(id, timestamp, body)).digest('base64');
  return `${VERSION},${mac}`;
}

/** The `webhook-signature` value: one signature per secret (current first), separated by spaces. */
export function standardSignatureHeader(id: string, timestamp: number, body: Buffer | string, secrets: readonly string[]): string {
  return secrets.map((s) => standardSignature(id, timestamp, body, s)).join(' ');
}

type HeaderValue = string | string[] | undefined | null;

export interface StandardWebhookInput {
  /** Received headers, names in lower case (Node's IncomingHttpHeaders). */
  headers: Record<string, HeaderValue>;
  /** The raw body, before any JSON parsing. */
  body: Buffer | string;
  /** Secrets the receiver accepts (more than one while a secret is being rotated). */
  secrets: readonly string[];
  /** The receiver's clock in unix seconds; default now. */
  nowSeconds?: number;
  toleranceSeconds?: number;
}

export type StandardWebhookVerdict = { ok: true; id: string; timestamp: number } | { ok: false; reason: string };

function single(value: HeaderValue): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Receiver-side check: the timestamp is within the tolerance, and any of the space-separated `v1`
 * signatures matches any accepted secret (compared in constant time).
 */
export function verifyStandardWebhook(input: StandardWebhookInput): StandardWebhookVerdict {
  const id = single(input.headers[WEBHOOK_ID_HEADER]);
  const rawTimestamp = single(input.headers[WEBHOOK_TIMESTAMP_HEADER]);
  const signatures = single(input.headers[WEBHOOK_SIGNATURE_HEADER]);
  if (!id || !rawTimestamp || !signatures) return { ok: false, reason: 'missing webhook-id, webhook-timestamp or webhook-signature' };
  if (!/^\d{1,12}$/.test(rawTimestamp)) return { ok: false, reason: 'webhook-timestamp is not unix seconds' };
  const timestamp = Number(rawTimestamp);
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(now - timestamp) > tolerance) return { ok: false, reason: `webhook-timestamp is more than ${tolerance} s from now` };
  const given = signatures.split(' ').filter((s) => s.startsWith(`${VERSION},`));
  for (const secret of input.secrets) {
    const expected = standardSignature(id, timestamp, input.body, secret);
    if (given.some((g) => sameText(g, expected))) return { ok: true, id, timestamp };
  }
  return { ok: false, reason: 'no signature matches' };
}
