// Service-to-service authentication for internal gRPC: every call carries a short-lived token signed
// with the shared SERVICE_AUTH_KEY (HMAC-SHA256 over the calling service, the time, a random token id,
// the method and the sha256 digest of the serialized request message), so that reaching a port is not
// enough to call it, and a captured token cannot carry another method or another request body. The
// server also checks the caller against the method's allow-list (packages/clients/src/callers.ts) and
// refuses a token id it has already accepted (see grpc.ts). Without a key (loopback-only deployments)
// calls are neither signed nor checked.
import crypto from 'node:crypto';

export const SERVICE_AUTH_HEADER = 'x-modsvc-service-auth';
/** How far a token's time may be from the server's clock (covers clock skew and queueing). */
export const SERVICE_TOKEN_MAX_SKEW_S = 300;

const VERSION = 'v2';
const DIGEST_RE = /^[A-Za-z0-9_-]{43}$/;
const ID_RE = /^[A-Za-z0-9_-]{16}$/;

/** sha256 (base64url) of a request message as serialized for the wire: what a token binds a call's body with. */
export function bodyDigest(bytes: Uint8Array): string {
  return crypto.createHash('sha256').update(bytes).digest('base64url');
}

/** What a valid token says: who called, and the token's id with the time it stops being valid. */
export interface VerifiedToken {
  ok: true;
  caller: string;
  id: string;
  expiresAtMs: number;
}

export type TokenCheck = VerifiedToken | { ok: false; reason: string };

export interface ServiceAuth {
  /** The service this process signs as. */
  readonly caller: string;
  /** The token a client sends for one call of `method` (e.g. /moderation.v1.Ingest/GetJob) whose request serializes to bytes of `digest` (see bodyDigest). */
  sign(method: string, digest: string, nowMs?: number): string;
  /** The token's caller and id when it is valid for `method` and a request of `digest`, else why it is refused. */
  check(token: string | undefined, method: string, digest: string, nowMs?: number): TokenCheck;
}

const mac = (key: string, fields: string[]) => crypto.createHmac('sha256', key).update(fields.join('\n')).digest('base64url');

export function serviceAuth(key: string | undefined, caller: string): ServiceAuth | null {
  if (!key) return null;
  return {
    caller,
    sign(method, digest, nowMs = Date.now()) {
      const ts = String(Math.floor(nowMs / 1000));
      const id = crypto.randomBytes(12).toString('base64url');
      return [VERSION, caller, ts, id, digest, mac(key, [VERSION, caller, ts, id, method, digest])].join('.');
    },
    check(token, method, digest, nowMs = Date.now()) {
      const refuse = (reason: string): TokenCheck => ({ ok: false, reason });
      if (!token) return refuse('missing service token');
      const parts = token.split('.');
      if (parts[0] !== VERSION) return refuse(`malformed service token (not ${VERSION}: every service must run a release that signs request bodies)`);
      if (parts.length !== 6) return refuse('malformed service token');
      const [, who, tsText, id, signedDigest, signature] = parts as [string, string, string, string, string, string];
      const ts = Number(tsText);
      if (!who || !/^\d+$/.test(tsText) || !ID_RE.test(id) || !DIGEST_RE.test(signedDigest)) return refuse('malformed service token');
      if (Math.abs(nowMs / 1000 - ts) > SERVICE_TOKEN_MAX_SKEW_S) return refuse('service token expired');
      const expected = Buffer.from(mac(key, [VERSION, who, tsText, id, method, signedDigest]));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
        return refuse(`bad service token signature (another key, or a token signed for another caller or method than ${method})`);
      }
      if (signedDigest !== digest) return refuse(`service token does not cover this request: the message's sha256 differs from the one signed for ${method}`);
      return { ok: true, caller: who, id, expiresAtMs: (ts + SERVICE_TOKEN_MAX_SKEW_S) * 1000 };
    },
  };
}

/**
 * Token ids a server has accepted, until their tokens expire, so that a captured token is refused the
 * second time within its window. Per process (a replica does not see another's ids), bounded: past
 * `max` ids the oldest are forgotten first.
 */
export class SeenTokenIds {
  private readonly expiries = new Map<string, number>();
  constructor(private readonly max = 200_000) {}

  /** False when `id` was already accepted and has not expired (a replay). */
  claim(id: string, expiresAtMs: number, nowMs = Date.now()): boolean {
    this.sweep(nowMs);
    if (this.expiries.has(id)) return false;
    if (this.expiries.size >= this.max) this.expiries.delete(this.expiries.keys().next().value as string);
    this.expiries.set(id, expiresAtMs);
    return true;
  }

  /** Forgets `id`, so that the same token may come again (a call answered UNAVAILABLE, which the client's retry policy sends again as it was). */
  release(id: string): void {
    this.expiries.delete(id);
  }

  get size(): number {
    return this.expiries.size;
  }

  /** Ids are inserted roughly in time order: drop expired ones from the front. */
  private sweep(nowMs: number): void {
    for (const [id, expiresAtMs] of this.expiries) {
      if (expiresAtMs > nowMs) break;
      this.expiries.delete(id);
    }
  }
}
