import { describe, expect, it } from 'vitest';
import { serviceAuth, SERVICE_TOKEN_MAX_SKEW_S } from '../src/service-auth.ts';

const KEY = 'a'.repeat(64);
const METHOD = '/moderation.v1.Ingest/GetJob';

describe('service tokens', () => {
  it('accepts a token signed with the shared key for the same method', () => {
    const auth = serviceAuth(KEY, 'gateway')!;
    expect(auth.check(auth.sign(METHOD), METHOD)).toBeNull();
  });

  it('refuses a missing, malformed, foreign-key, other-method or stale token', () => {
    const auth = serviceAuth(KEY, 'gateway')!;
    const now = Date.UTC(2026, 10, 24);
    expect(auth.check(undefined, METHOD)).toMatch(/missing/);
    expect(auth.check('v1.gateway.x.y', METHOD)).toMatch(/malformed/);
    expect(auth.check(serviceAuth('b'.repeat(64), 'gateway')!.sign(METHOD), METHOD)).toMatch(/signature/);
    expect(auth.check(auth.sign('/moderation.v1.Ingest/SubmitUrl'), METHOD)).toMatch(/signature/);
    expect(auth.check(auth.sign(METHOD, now - (SERVICE_TOKEN_MAX_SKEW_S + 5) * 1000), METHOD, now)).toMatch(/expired/);
    const token = auth.sign(METHOD);
    const renamed = token.replace('v1.gateway.', 'v1.moderator.');
    expect(auth.check(renamed, METHOD)).toMatch(/signature/);
  });

  it('is off without a key', () => {
    expect(serviceAuth(undefined, 'gateway')).toBeNull();
  });
});
