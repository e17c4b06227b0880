import { describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, signBody, verifySignature } from '../src/webhook-signature.ts';

describe('signBody / verifySignature', () => {
  it('is base64 of HMAC-SHA256 (RFC-style known vector)', () => {
    // HMAC-SHA256(key="key", "The quick brown fox jumps over the lazy dog") = f7bc83f4...3cd8
    const sig = signBody(Buffer.from('The quick brown fox jumps over the lazy dog'), 'key');
    expect(Buffer.from(sig, 'base64').toString('hex')).toBe('f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8');
    expect(sig).toBe('97yD9DBThCSxMpjmqm+xQ+9NWaFJRhdZl0edvC0aPNg=');
  });

  it('header name', () => {
    expect(SIGNATURE_HEADER).toBe('X-Hub-Signature-256');
  });

  it('verifies the exact bytes and nothing else', () => {
    const body = Buffer.from('{"data":{"job_id":"j","is_error":false}}');
    const sig = signBody(body, 's3cret');
    expect(verifySignature(body, 's3cret', sig)).toBe(true);
    expect(verifySignature(body.toString(), 's3cret', sig)).toBe(true);
    // whitespace matters
    expect(verifySignature(Buffer.from('{"data": {"job_id":"j","is_error":false}}'), 's3cret', sig)).toBe(false);
    expect(verifySignature(body, 'other', sig)).toBe(false);
    expect(verifySignature(body, 's3cret', sig.slice(0, -2))).toBe(false);
    expect(verifySignature(body, 's3cret', `sha256=${sig}`)).toBe(false);
    expect(verifySignature(body, 's3cret', undefined)).toBe(false);
    expect(verifySignature(body, 's3cret', null)).toBe(false);
    expect(verifySignature(body, 's3cret', [sig, sig])).toBe(false);
    expect(verifySignature(body, 's3cret', '')).toBe(false);
  });
});
