// Service-to-service authentication for internal gRPC: every call carries a short-lived token signed
// with the shared SERVICE_AUTH_KEY (HMAC-SHA256 over the calling service, the method and the time), so
// that reaching a port is not enough to call it. Without a key (loopback-only deployments) calls are
// neither signed nor checked.
import crypto from 'node:crypto';

export const SERVICE_AUTH_HEADER = 'x-modsvc-service-auth';
/** How far a token's time may be from the server's clock (covers clock skew and queueing). */
export const SERVICE_TOKEN_MAX_SKEW_S = 300;

export interface ServiceAuth {
  /** The token a client sends for one call of `method` (e.g. /moderation.v1.Ingest/GetJob). */
  sign(method: string, nowMs?: number): string;
  /** Why a token is refused, or null when it is valid for `method`. */
  check(token: string | undefined, method: string, nowMs?: number): string | null;
}

const mac = (key: string, data: string) => crypto.createHmac('sha256', key).update(data).digest('base64url');

export function serviceAuth(key: string | undefined, caller: string): ServiceAuth | null {
  if (!key) return null;
  return {
    sign(method, nowMs = Date.now()) {
      const ts = Math.floor(nowMs / 1000);
      return `v1.${caller}.${ts}.${mac(key, `${caller}.${ts}.${method}`)}`;
    },
    check(token, method, nowMs = Date.now()) {
      if (!token) return 'missing service token';
      const parts = token.split('.');
      if (parts.length !== 4 || parts[0] !== 'v1') return 'malformed service token';
      const [, who, tsText, signature] = parts as [string, string, string, string];
      const ts = Number(tsText);
      if (!Number.isInteger(ts)) return 'malformed service token';
      if (Math.abs(nowMs / 1000 - ts) > SERVICE_TOKEN_MAX_SKEW_S) return 'service token expired';
      const expected = Buffer.from(mac(key, `${who}.${ts}.${method}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return 'bad service token signature';
      return null;
    },
  };
}
