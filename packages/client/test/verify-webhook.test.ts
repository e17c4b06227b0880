// verifyWebhook against headers made by the service's own signer (@modsvc/common, which the webhook
// dispatcher uses): valid, tampered, stale, replayed, rotated secrets, and the older body-only scheme.
import { SIGNATURE_HEADER, signBody } from '@modsvc/common/webhook-signature';
import { standardSignatureHeader } from '@modsvc/common/standard-webhooks';
import { describe, expect, it } from 'vitest';
import { InMemorySeenWebhookIds, verifyWebhook, type VerifyWebhookInput } from '../src/index.ts';

const SECRET = 'whsec_9f2b7c1d0e';
const NOW = Date.parse('2026-12-01T10:00:00Z');
const BODY = JSON.stringify({ data: { job_id: 'job_1', callback_url: 'https://example.com/hook', is_error: false, result: { policy_categories: [] } } });

/** The headers the dispatcher sends for one attempt (services/webhook-dispatcher/src/signing-headers.ts). */
function delivery(opts: { id?: string; atMs?: number; secrets?: string[]; body?: string } = {}): Record<string, string> {
  const id = opts.id ?? 'job.finished:job_1';
  const timestamp = Math.floor((opts.atMs ?? NOW) / 1000);
  const secrets = opts.secrets ?? [SECRET];
  const body = Buffer.from(opts.body ?? BODY);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardSignatureHeader(id, timestamp, body, secrets),
    [SIGNATURE_HEADER.toLowerCase()]: signBody(body, secrets[0]!),
  };
}

const verify = (overrides: Partial<VerifyWebhookInput> = {}) =>
  verifyWebhook({ headers: delivery(), body: BODY, secrets: [SECRET], nowMs: NOW, seen: new InMemorySeenWebhookIds(), ...overrides });

describe('verifyWebhook', () => {
  it('accepts a genuine delivery and answers its id, timestamp and parsed body', async () => {
    await expect(verify()).resolves.toEqual({ ok: true, id: 'job.finished:job_1', timestamp: NOW / 1000, scheme: 'standard-webhooks', payload: JSON.parse(BODY) });
  });

  it('accepts the raw body as bytes, and Fetch Headers', async () => {
    const verdict = await verify({ headers: new Headers(delivery()), body: new Uint8Array(Buffer.from(BODY)) });
    expect(verdict.ok).toBe(true);
  });

  it('rejects a tampered body, id or timestamp, and a wrong secret', async () => {
    const tamperedBody = BODY.replace('"is_error":false', '"is_error":true');
    expect(await verify({ body: tamperedBody })).toMatchObject({ ok: false, reason: 'bad_signature' });
    expect(await verify({ headers: { ...delivery(), 'webhook-id': 'job.finished:job_2' } })).toMatchObject({ ok: false, reason: 'bad_signature' });
    expect(await verify({ headers: { ...delivery(), 'webhook-timestamp': String(NOW / 1000 + 1) } })).toMatchObject({ ok: false, reason: 'bad_signature' });
    expect(await verify({ secrets: ['whsec_other'] })).toMatchObject({ ok: false, reason: 'bad_signature' });
  });

  it('keys the HMAC with the secret as UTF-8, whsec_ prefix included (not base64-decoded)', async () => {
    const decodedKey = Buffer.from(SECRET.slice('whsec_'.length), 'base64').toString('latin1');
    expect(await verify({ secrets: [decodedKey] })).toMatchObject({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a timestamp more than the tolerance from now, either way', async () => {
    expect(await verify({ headers: delivery({ atMs: NOW - 301_000 }) })).toMatchObject({ ok: false, reason: 'stale_timestamp' });
    expect(await verify({ headers: delivery({ atMs: NOW + 301_000 }) })).toMatchObject({ ok: false, reason: 'stale_timestamp' });
    expect(await verify({ headers: delivery({ atMs: NOW - 299_000 }) })).toMatchObject({ ok: true });
    expect(await verify({ headers: delivery({ atMs: NOW - 60_000 }), toleranceSeconds: 30 })).toMatchObject({ ok: false, reason: 'stale_timestamp' });
    expect(await verify({ headers: { ...delivery(), 'webhook-timestamp': '17e8' } })).toMatchObject({ ok: false, reason: 'bad_timestamp' });
  });

  it('rejects a replayed webhook-id as duplicate, also when retried with a fresh timestamp', async () => {
    const seen = new InMemorySeenWebhookIds();
    expect(await verify({ seen })).toMatchObject({ ok: true });
    expect(await verify({ seen })).toMatchObject({ ok: false, reason: 'duplicate' });
    // The dispatcher's retry 5 min later: same id, new timestamp and signature.
    const retryAt = NOW + 5 * 60_000;
    expect(await verify({ seen, headers: delivery({ atMs: retryAt }), nowMs: retryAt })).toMatchObject({ ok: false, reason: 'duplicate' });
    // Another result of a moderation job is another event.
    const second = delivery({ id: 'moderation.result:vmod_1.2' });
    expect(await verify({ seen, headers: second })).toMatchObject({ ok: true });
  });

  it('does not let a forged request use up the id of the genuine one', async () => {
    const seen = new InMemorySeenWebhookIds();
    expect(await verify({ seen, body: '{"forged":true}' })).toMatchObject({ ok: false, reason: 'bad_signature' });
    expect(await verify({ seen })).toMatchObject({ ok: true });
  });

  it('accepts either secret while one is rotated (two signatures in webhook-signature)', async () => {
    const headers = delivery({ secrets: ['whsec_new', SECRET] });
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(await verify({ headers, secrets: [SECRET] })).toMatchObject({ ok: true });
    expect(await verify({ headers, secrets: ['whsec_new'] })).toMatchObject({ ok: true });
  });

  it('checks X-Hub-Signature-256 only when asked to, and still the timestamp and id', async () => {
    const { 'webhook-signature': _standard, ...hubOnly } = delivery();
    expect(await verify({ headers: hubOnly })).toMatchObject({ ok: false, reason: 'bad_signature' });
    expect(await verify({ headers: hubOnly, schemes: ['standard-webhooks', 'x-hub-signature-256'] })).toMatchObject({ ok: true, scheme: 'x-hub-signature-256' });
    expect(await verify({ headers: hubOnly, schemes: ['x-hub-signature-256'], body: `${BODY} ` })).toMatchObject({ ok: false, reason: 'bad_signature' });
    expect(await verify({ headers: delivery({ atMs: NOW - 3_600_000 }), schemes: ['x-hub-signature-256'] })).toMatchObject({ ok: false, reason: 'stale_timestamp' });
  });

  it('refuses a delivery without its id or timestamp, or without any signature', async () => {
    const { 'webhook-id': _id, ...noId } = delivery();
    expect(await verify({ headers: noId })).toMatchObject({ ok: false, reason: 'missing_headers' });
    const { 'webhook-signature': _s, [SIGNATURE_HEADER.toLowerCase()]: _h, ...unsigned } = delivery();
    expect(await verify({ headers: unsigned })).toMatchObject({ ok: false, reason: 'bad_signature' });
  });
});

describe('InMemorySeenWebhookIds', () => {
  it('forgets an id after its time to live, and the oldest beyond its size', () => {
    const seen = new InMemorySeenWebhookIds({ ttlMs: 1000, maxIds: 2 });
    expect(seen.markSeen('a', 0)).toBe(true);
    expect(seen.markSeen('a', 999)).toBe(false);
    expect(seen.markSeen('a', 1000)).toBe(true);
    expect(seen.markSeen('b', 1001)).toBe(true);
    expect(seen.markSeen('c', 1002)).toBe(true);
    expect(seen.markSeen('a', 1003)).toBe(true); // evicted by c
    expect(seen.markSeen('c', 1004)).toBe(false);
  });
});
