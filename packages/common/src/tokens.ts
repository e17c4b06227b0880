// Access tokens: compact HS256 JWTs carrying the tenant, valid 24 h, signed with TOKEN_SIGNING_KEY.
import crypto from 'node:crypto';

export const TOKEN_TTL_SECONDS = 24 * 3600;
/** Clocks of gateway replicas may differ this much: a token issued slightly "in the future" is still good. */
export const TOKEN_CLOCK_SKEW_SECONDS = 60;

export interface TokenClaims {
  sub: string; // tenant id
  iat: number;
  exp: number;
  jti: string;
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' | 'bad_lifetime' };

const b64 = (v: Buffer | string) => Buffer.from(v).toString('base64url');
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export class TokenIssuer {
  constructor(private readonly key: string) {
    if (key.length < 32) throw new Error('TOKEN_SIGNING_KEY must be at least 32 characters');
  }

  private sign(data: string): string {
    return crypto.createHmac('sha256', this.key).update(data).digest('base64url');
  }

  issue(tenantId: string, now = Date.now()): { token: string; expiry: Date } {
    const iat = Math.floor(now / 1000);
    const claims: TokenClaims = { sub: tenantId, iat, exp: iat + TOKEN_TTL_SECONDS, jti: crypto.randomBytes(9).toString('base64url') };
    const body = `${HEADER}.${b64(JSON.stringify(claims))}`;
    return { token: `${body}.${this.sign(body)}`, expiry: new Date(claims.exp * 1000) };
  }

  verify(token: string, now = Date.now()): VerifyResult {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== HEADER) return { ok: false, reason: 'malformed' };
    const expected = Buffer.from(this.sign(`${parts[0]}.${parts[1]}`));
    const given = Buffer.from(parts[2] ?? '');
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return { ok: false, reason: 'bad_signature' };
    let claims: TokenClaims;
    try {
      claims = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as TokenClaims;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return { ok: false, reason: 'malformed' };
    if (claims.exp * 1000 <= now) return { ok: false, reason: 'expired' };
    // A good signature is not enough: a token that claims to live longer than we issue them (a leaked
    // signing key, or an old issuer), or to be issued in the future, is refused.
    if (claims.exp - claims.iat > TOKEN_TTL_SECONDS || claims.iat * 1000 > now + TOKEN_CLOCK_SKEW_SECONDS * 1000) return { ok: false, reason: 'bad_lifetime' };
    return { ok: true, claims };
  }
}
