// Access tokens: compact HS256 JWTs carrying the tenant (and, for a reviewer, the role and reviewer id),
// valid 24 h, signed with TOKEN_SIGNING_KEY.
import crypto from 'node:crypto';

export const TOKEN_TTL_SECONDS = 24 * 3600;
/** Clocks of gateway replicas may differ this much: a token issued slightly "in the future" is still good. */
export const TOKEN_CLOCK_SKEW_SECONDS = 60;

export interface TokenClaims {
  sub: string; // tenant id
  iat: number;
  exp: number;
  jti: string;
  /** Absent: the tenant's caller (tokens from before reviewers carry no role). */
  role?: 'reviewer';
  /** The reviewer id, with role reviewer. */
  rid?: string;
}

/** Whom a token is for: a tenant's caller, or one of its reviewers. */
export type TokenPrincipal = { tenantId: string; role: 'caller' } | { tenantId: string; role: 'reviewer'; reviewerId: string };

export function principalOf(claims: TokenClaims): TokenPrincipal {
  return claims.role === 'reviewer' ? { tenantId: claims.sub, role: 'reviewer', reviewerId: claims.rid! } : { tenantId: claims.sub, role: 'caller' };
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

  /** A bare tenant id means that tenant's caller. */
  issue(principal: TokenPrincipal | string, now = Date.now()): { token: string; expiry: Date } {
    const p: TokenPrincipal = typeof principal === 'string' ? { tenantId: principal, role: 'caller' } : principal;
    const iat = Math.floor(now / 1000);
    const role = p.role === 'reviewer' ? { role: 'reviewer' as const, rid: p.reviewerId } : {};
    const claims: TokenClaims = { sub: p.tenantId, iat, exp: iat + TOKEN_TTL_SECONDS, jti: crypto.randomBytes(9).toString('base64url'), ...role };
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
    if (!claims || typeof claims !== 'object' || typeof claims.sub !== 'string' || typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return { ok: false, reason: 'malformed' };
    const reviewer = claims.role === 'reviewer' && typeof claims.rid === 'string' && claims.rid.length > 0;
    if (!reviewer && (claims.role !== undefined || claims.rid !== undefined)) return { ok: false, reason: 'malformed' };
    if (claims.exp * 1000 <= now) return { ok: false, reason: 'expired' };
    // A good signature is not enough: a token that claims to live longer than we issue them (a leaked
    // signing key, or an old issuer), or to be issued in the future, is refused.
    if (claims.exp - claims.iat > TOKEN_TTL_SECONDS || claims.iat * 1000 > now + TOKEN_CLOCK_SKEW_SECONDS * 1000) return { ok: false, reason: 'bad_lifetime' };
    return { ok: true, claims };
  }
}
