import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TOLERANCE_SECONDS,
  signedContent,
  standardSignature,
  standardSignatureHeader,
  verifyStandardWebhook,
} from '../src/standard-webhooks.ts';

const ID = 'job.finished:job_AAAAAAAAAAAAAAAAAAAAAA';
const TS = 1767225600;
const BODY = '{"data":{"job_id":"job_AAAAAAAAAAAAAAAAAAAAAA"}}';
const SECRET = 'whsec_bmV2ZXIgZGVjb2RlZA';

/** The signature computed here with node:crypto alone, independently of the module. */
function independent(id: string, ts: number, body: string, secret: string): string {
  return `v1,${createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${id}.${ts}.${body}`).digest('base64')}`;
}

describe('Standard Webhooks signing', () => {
  it('signs "{id}.{timestamp}.{body}" with the secret as UTF-8 bytes (known vector)', () => {
    expect(standardSignature(ID, TS, BODY, SECRET)).toBe('v1,qF+dRqwDCb8juFUwPi1unokF/j5UZa61PfQUQRR5dAs=');
    expect(standardSignature(ID, TS, Buffer.from(BODY), SECRET)).toBe(independent(ID, TS, BODY, SECRET));
    // The whsec_ prefix is part of the key: it is not stripped and the rest is not base64-decoded.
    const decodedKey = createHmac('sha256', Buffer.from(SECRET.slice('whsec_'.length), 'base64')).update(`${ID}.${TS}.${BODY}`).digest('base64');
    expect(standardSignature(ID, TS, BODY, SECRET)).not.toBe(`v1,${decodedKey}`);
  });

  it('builds the signed content exactly as the specification example does', () => {
    // The example of the Standard Webhooks specification (its secret is base64, decoded here).
    const key = Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64');
    const content = signedContent('msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    expect(createHmac('sha256', key).update(content).digest('base64')).toBe('g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('a reference library given "whsec_" + base64(UTF-8 secret) computes the same key', () => {
    const forReferenceLibrary = `whsec_${Buffer.from(SECRET, 'utf8').toString('base64')}`;
    const key = Buffer.from(forReferenceLibrary.slice('whsec_'.length), 'base64');
    expect(`v1,${createHmac('sha256', key).update(`${ID}.${TS}.${BODY}`).digest('base64')}`).toBe(standardSignature(ID, TS, BODY, SECRET));
  });

  it('signs with every secret, current first, separated by spaces (rotation)', () => {
    const header = standardSignatureHeader(ID, TS, BODY, ['new-secret', 'old-secret']);
    expect(header).toBe(`${independent(ID, TS, BODY, 'new-secret')} ${independent(ID, TS, BODY, 'old-secret')}`);
    expect(standardSignatureHeader(ID, TS, BODY, [])).toBe('');
  });
});

describe('verifyStandardWebhook', () => {
  const headers = (signature: string, ts = TS, id = ID) => ({ 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': signature });
  const signed = standardSignatureHeader(ID, TS, BODY, ['new-secret', 'old-secret']);

  it('accepts any listed signature under any accepted secret', () => {
    for (const secrets of [['new-secret'], ['old-secret'], ['other', 'old-secret']]) {
      expect(verifyStandardWebhook({ headers: headers(signed), body: BODY, secrets, nowSeconds: TS })).toEqual({ ok: true, id: ID, timestamp: TS });
    }
    expect(verifyStandardWebhook({ headers: headers(signed), body: BODY, secrets: ['other'], nowSeconds: TS })).toEqual({ ok: false, reason: 'no signature matches' });
  });

  it('refuses a changed body, id or timestamp', () => {
    expect(verifyStandardWebhook({ headers: headers(signed), body: `${BODY} `, secrets: ['new-secret'], nowSeconds: TS }).ok).toBe(false);
    expect(verifyStandardWebhook({ headers: headers(signed, TS, 'job.finished:other'), body: BODY, secrets: ['new-secret'], nowSeconds: TS }).ok).toBe(false);
    expect(verifyStandardWebhook({ headers: headers(signed, TS + 1), body: BODY, secrets: ['new-secret'], nowSeconds: TS }).ok).toBe(false);
  });

  it('refuses timestamps outside the 5-minute tolerance, either way', () => {
    const at = (now: number) => verifyStandardWebhook({ headers: headers(signed), body: BODY, secrets: ['new-secret'], nowSeconds: now }).ok;
    expect(DEFAULT_TOLERANCE_SECONDS).toBe(300);
    expect([at(TS + 300), at(TS - 300), at(TS + 301), at(TS - 301)]).toEqual([true, true, false, false]);
  });

  it('refuses missing or malformed headers and other signature versions', () => {
    const verify = (h: Record<string, string | string[] | undefined>) => verifyStandardWebhook({ headers: h, body: BODY, secrets: ['new-secret'], nowSeconds: TS });
    expect(verify({}).ok).toBe(false);
    expect(verify({ ...headers(signed), 'webhook-timestamp': '2026-01-01T00:00:00Z' })).toEqual({ ok: false, reason: 'webhook-timestamp is not unix seconds' });
    expect(verify({ ...headers(signed), 'webhook-signature': [signed, signed] }).ok).toBe(false);
    expect(verify(headers(signed.replaceAll('v1,', 'v2,'))).ok).toBe(false);
    expect(verify(headers(signed.replaceAll('v1,', ''))).ok).toBe(false);
  });
});
