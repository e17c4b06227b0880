import { describe, expect, it } from 'vitest';
import { bodyDigest, SeenTokenIds, serviceAuth, SERVICE_TOKEN_MAX_SKEW_S, type TokenCheck } from '../src/service-auth.ts';

const KEY = 'a'.repeat(64);
const METHOD = '/moderation.v1.Ingest/GetJob';
const BODY = bodyDigest(Buffer.from('request one'));
const OTHER_BODY = bodyDigest(Buffer.from('request two'));

const reason = (c: TokenCheck) => (c.ok ? null : c.reason);

describe('service tokens', () => {
  it('accepts a token signed with the shared key for the same method and body, and names its caller', () => {
    const auth = serviceAuth(KEY, 'gateway')!;
    const now = Date.UTC(2026, 10, 24);
    const check = auth.check(auth.sign(METHOD, BODY, now), METHOD, BODY, now);
    expect(check).toMatchObject({ ok: true, caller: 'gateway', expiresAtMs: now + SERVICE_TOKEN_MAX_SKEW_S * 1000 });
    expect(auth.caller).toBe('gateway');
  });

  it('gives every token its own id', () => {
    const auth = serviceAuth(KEY, 'gateway')!;
    const ids = new Set(Array.from({ length: 50 }, () => auth.check(auth.sign(METHOD, BODY), METHOD, BODY)).map((c) => (c.ok ? c.id : null)));
    expect(ids.size).toBe(50);
  });

  it('refuses a missing, malformed, old-format, foreign-key, other-method, other-caller or stale token', () => {
    const auth = serviceAuth(KEY, 'gateway')!;
    const now = Date.UTC(2026, 10, 24);
    expect(reason(auth.check(undefined, METHOD, BODY))).toMatch(/missing/);
    expect(reason(auth.check('v2.gateway.x.y', METHOD, BODY))).toMatch(/malformed/);
    expect(reason(auth.check(`v1.gateway.${Math.floor(Date.now() / 1000)}.abc`, METHOD, BODY))).toMatch(/malformed.*v2/);
    expect(reason(auth.check(serviceAuth('b'.repeat(64), 'gateway')!.sign(METHOD, BODY), METHOD, BODY))).toMatch(/signature/);
    expect(reason(auth.check(auth.sign('/moderation.v1.Ingest/SubmitUrl', BODY), METHOD, BODY))).toMatch(/signature.*another caller or method/);
    expect(reason(auth.check(auth.sign(METHOD, BODY, now - (SERVICE_TOKEN_MAX_SKEW_S + 5) * 1000), METHOD, BODY, now))).toMatch(/expired/);
    expect(reason(auth.check(auth.sign(METHOD, BODY, now + (SERVICE_TOKEN_MAX_SKEW_S + 5) * 1000), METHOD, BODY, now))).toMatch(/expired/);
    const token = auth.sign(METHOD, BODY);
    expect(reason(auth.check(token.replace('v2.gateway.', 'v2.moderator.'), METHOD, BODY))).toMatch(/signature/);
  });

  it('refuses a token whose signed body digest is not that of the request received', () => {
    const auth = serviceAuth(KEY, 'gateway')!;
    const token = auth.sign(METHOD, BODY);
    expect(reason(auth.check(token, METHOD, OTHER_BODY))).toMatch(/does not cover this request.*sha256/);
    // Rewriting the digest inside the token breaks its signature.
    const parts = token.split('.');
    parts[4] = OTHER_BODY;
    expect(reason(auth.check(parts.join('.'), METHOD, OTHER_BODY))).toMatch(/signature/);
  });

  it('keeps the clock-skew window either way', () => {
    const auth = serviceAuth(KEY, 'gateway')!;
    const now = Date.UTC(2026, 10, 24);
    for (const offsetS of [-SERVICE_TOKEN_MAX_SKEW_S + 1, SERVICE_TOKEN_MAX_SKEW_S - 1]) {
      expect(auth.check(auth.sign(METHOD, BODY, now + offsetS * 1000), METHOD, BODY, now).ok).toBe(true);
    }
  });

  it('is off without a key', () => {
    expect(serviceAuth(undefined, 'gateway')).toBeNull();
  });
});

describe('seen token ids', () => {
  it('refuses an id a second time until it expires, and forgets a released one', () => {
    const seen = new SeenTokenIds();
    const now = 1_000_000;
    expect(seen.claim('a', now + 1000, now)).toBe(true);
    expect(seen.claim('a', now + 1000, now + 10)).toBe(false);
    expect(seen.claim('a', now + 5000, now + 1001)).toBe(true);
    seen.release('a');
    expect(seen.claim('a', now + 5000, now + 1002)).toBe(true);
  });

  it('drops expired ids and holds at most its bound', () => {
    const seen = new SeenTokenIds(3);
    const now = 1_000_000;
    for (const id of ['a', 'b', 'c']) seen.claim(id, now + 100, now);
    expect(seen.size).toBe(3);
    seen.claim('d', now + 100, now);
    expect(seen.size).toBe(3);
    expect(seen.claim('b', now + 100, now)).toBe(false);
    seen.claim('e', now + 1000, now + 200);
    expect(seen.size).toBe(1);
  });
});
