// Webhook signature (spec: Events, Signature): base64(HMAC-SHA256(raw body bytes, signing secret)).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Hub-Signature-256';

export function signBody(body: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/**
 * Receiver-side check: recomputes the signature over the raw body and compares in constant time.
 * `header` is the received header value (Node gives string | string[] | undefined).
 */
export function verifySignature(body: Buffer | string, secret: string, header: string | string[] | undefined | null): boolean {
  if (typeof header !== 'string') return false;
  const given = Buffer.from(header.trim(), 'utf8');
  const expected = Buffer.from(signBody(body, secret), 'utf8');
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}
