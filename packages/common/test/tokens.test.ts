import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TokenIssuer, TOKEN_TTL_SECONDS, principalOf } from '../src/tokens.ts';

const KEY = 'k'.repeat(40);

describe('TokenIssuer', () => {
  it('issues tokens that verify, carry the tenant and expire after 24 h', () => {
    const issuer = new TokenIssuer(KEY);
    const now = Date.UTC(2026, 0, 1);
    const { token, expiry } = issuer.issue('acme', now);
    expect(expiry.getTime() - now).toBe(TOKEN_TTL_SECONDS * 1000);
    const ok = issuer.verify(token, now + 1000);
    expect(ok).toMatchObject({ ok: true, claims: { sub: 'acme' } });
    expect(issuer.verify(token, now + TOKEN_TTL_SECONDS * 1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses tokens signed with another key, tampered claims and junk', () => {
    const issuer = new TokenIssuer(KEY);
    const other = new TokenIssuer('z'.repeat(40));
    const { token } = issuer.issue('acme');
    expect(other.verify(token)).toEqual({ ok: false, reason: 'bad_signature' });
    const [h, , s] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: 'globex', iat: 0, exp: 9e9, jti: 'x' })).toString('base64url')}.${s}`;
    expect(issuer.verify(forged)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(issuer.verify('nope')).toEqual({ ok: false, reason: 'malformed' });
    expect(issuer.verify('a.b.c')).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a correctly signed token that lives longer than 24 h or is issued in the future', () => {
    const issuer = new TokenIssuer(KEY);
    const now = Date.UTC(2026, 0, 1);
    const iat = Math.floor(now / 1000);
    const signed = (claims: object) => {
      const body = `${issuer.issue('acme', now).token.split('.')[0]}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
      const sig = crypto.createHmac('sha256', KEY).update(body).digest('base64url');
      return `${body}.${sig}`;
    };
    const hundredYears = signed({ sub: 'acme', iat, exp: iat + 100 * 365 * 86400, jti: 'x' });
    expect(issuer.verify(hundredYears, now + 1000)).toEqual({ ok: false, reason: 'bad_lifetime' });
    const fromTheFuture = signed({ sub: 'acme', iat: iat + 3600, exp: iat + 3600 + TOKEN_TTL_SECONDS, jti: 'x' });
    expect(issuer.verify(fromTheFuture, now)).toEqual({ ok: false, reason: 'bad_lifetime' });
    const slightlyAhead = signed({ sub: 'acme', iat: iat + 30, exp: iat + 30 + TOKEN_TTL_SECONDS, jti: 'x' });
    expect(issuer.verify(slightlyAhead, now)).toMatchObject({ ok: true });
    const noIat = signed({ sub: 'acme', exp: iat + 60, jti: 'x' });
    expect(issuer.verify(noIat, now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('carries the reviewer role and id; a token without a role is the caller (old tokens stay valid)', () => {
    const issuer = new TokenIssuer(KEY);
    const reviewer = issuer.verify(issuer.issue({ tenantId: 'acme', role: 'reviewer', reviewerId: 'alice' }).token);
    expect(reviewer).toMatchObject({ ok: true, claims: { sub: 'acme', role: 'reviewer', rid: 'alice' } });
    if (!reviewer.ok) throw new Error('unreachable');
    expect(principalOf(reviewer.claims)).toEqual({ tenantId: 'acme', role: 'reviewer', reviewerId: 'alice' });

    const caller = issuer.verify(issuer.issue({ tenantId: 'acme', role: 'caller' }).token);
    if (!caller.ok) throw new Error(`caller token refused: ${caller.reason}`);
    expect(caller.claims).not.toHaveProperty('role');
    expect(caller.claims).not.toHaveProperty('rid');
    expect(principalOf(caller.claims)).toEqual({ tenantId: 'acme', role: 'caller' });

    // What the issuer wrote before roles existed.
    const iat = Math.floor(Date.now() / 1000);
    const body = `${issuer.issue('acme').token.split('.')[0]}.${Buffer.from(JSON.stringify({ sub: 'acme', iat, exp: iat + 3600, jti: 'x' })).toString('base64url')}`;
    const old = issuer.verify(`${body}.${crypto.createHmac('sha256', KEY).update(body).digest('base64url')}`);
    expect(old.ok && principalOf(old.claims)).toEqual({ tenantId: 'acme', role: 'caller' });
  });

  it('refuses a signed token with an unknown role, or a reviewer role without a reviewer id', () => {
    const issuer = new TokenIssuer(KEY);
    const iat = Math.floor(Date.now() / 1000);
    const signed = (extra: object) => {
      const body = `${issuer.issue('acme').token.split('.')[0]}.${Buffer.from(JSON.stringify({ sub: 'acme', iat, exp: iat + 3600, jti: 'x', ...extra })).toString('base64url')}`;
      return `${body}.${crypto.createHmac('sha256', KEY).update(body).digest('base64url')}`;
    };
    expect(issuer.verify(signed({ role: 'admin' }))).toEqual({ ok: false, reason: 'malformed' });
    expect(issuer.verify(signed({ role: 'reviewer' }))).toEqual({ ok: false, reason: 'malformed' });
    expect(issuer.verify(signed({ role: 'reviewer', rid: '' }))).toEqual({ ok: false, reason: 'malformed' });
    expect(issuer.verify(signed({ rid: 'alice' }))).toEqual({ ok: false, reason: 'malformed' });
    expect(issuer.verify(signed({ role: 'reviewer', rid: 'alice' }))).toMatchObject({ ok: true });
  });

  it('needs a key of at least 32 characters', () => {
    expect(() => new TokenIssuer('short')).toThrow(/32/);
  });
});
