// Bearer tokens an attacker might try: each is refused with 401 by a gateway that checks tokens properly.
import crypto from 'node:crypto';
import { TokenIssuer } from '@modsvc/common/tokens';

const b64 = (v: string | Buffer) => Buffer.from(v).toString('base64url');
const json = (v: unknown) => b64(JSON.stringify(v));

function claims(tenant: string, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  return { sub: tenant, iat, exp: iat + 24 * 3600, jti: crypto.randomBytes(9).toString('base64url') };
}

/** The forgeries, by what they try. `validToken` is a genuine token of `tenant`. */
export function forgedTokens(signingKey: string, tenant: string, otherTenant: string, validToken: string): Record<string, string> {
  const [header = '', payload = '', signature = ''] = validToken.split('.');
  const genuine = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const hs256 = (h: string, p: string, key: string) => `${h}.${p}.${crypto.createHmac('sha256', key).update(`${h}.${p}`).digest('base64url')}`;
  return {
    'signed with another key': hs256(header, json(claims(tenant)), crypto.randomBytes(32).toString('hex')),
    expired: new TokenIssuer(signingKey).issue(tenant, Date.now() - 25 * 3600_000).token,
    'alg none, no signature': `${json({ alg: 'none', typ: 'JWT' })}.${json(claims(tenant))}.`,
    'alg none, genuine signature kept': `${json({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
    'tenant claim changed to another tenant': `${header}.${json({ ...genuine, sub: otherTenant })}.${signature}`,
    'expiry pushed out, signature kept': `${header}.${json({ ...genuine, exp: Number(genuine.exp) + 365 * 24 * 3600 })}.${signature}`,
    'HS512 header over an HS256 signature': `${json({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`,
    'signature stripped': `${header}.${payload}.`,
    'not a JWT': 'garbage.token.value',
  };
}
