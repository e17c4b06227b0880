// Webhook retry schedule: exponential backoff with full jitter, retried for at least 24 hours.
import { randomBytes } from 'node:crypto';

export interface BackoffOptions {
  /** Ceiling of the first retry delay. */
  baseMs?: number;
  /** Largest ceiling any retry delay can have. */
  maxMs?: number;
  /** Smallest delay, so an unlucky draw near 0 cannot make a tight retry loop. Default 1000. */
  minMs?: number;
}

export interface GiveUpOptions {
  /** Stop retrying this long after the first attempt. Default 25 h (so retries cover at least 24 h). */
  giveUpAfterMs?: number;
}

export const DEFAULT_BASE_MS = 5_000;
export const DEFAULT_MAX_MS = 3_600_000;
export const DEFAULT_MIN_MS = 1_000;
export const DEFAULT_GIVE_UP_AFTER_MS = 25 * 3_600_000;

const SCALE = 2 ** 48;

/** Uniform in [0, 1) from the operating system's CSPRNG. */
export function cryptoRandom(): number {
  return randomBytes(6).readUIntBE(0, 6) / SCALE;
}

/**
 * Delay before retry number `attempt` (1 = the first retry after the first failure), in whole ms:
 * uniform in [minMs, ceiling) with ceiling = min(maxMs, baseMs * 2^(attempt-1)) ("full jitter";
 * minMs only keeps a near-zero draw from retrying at once).
 */
export function nextRetryDelayMs(attempt: number, opts: BackoffOptions = {}, rand: () => number = cryptoRandom): number {
  const baseMs = opts.baseMs ?? DEFAULT_BASE_MS;
  const maxMs = opts.maxMs ?? DEFAULT_MAX_MS;
  const n = Math.max(1, Math.floor(attempt));
  // 2^(n-1) overflows to Infinity for large n; Math.min keeps the ceiling at maxMs.
  const minMs = Math.min(opts.minMs ?? DEFAULT_MIN_MS, maxMs);
  const ceiling = Math.max(minMs, Math.min(maxMs, baseMs * 2 ** (n - 1)));
  const u = Math.min(Math.max(rand(), 0), 1 - Number.EPSILON);
  return minMs + Math.floor(u * (ceiling - minMs));
}

/** True once `now` is giveUpAfterMs or more past the first attempt. */
export function shouldGiveUp(firstAttemptAt: Date | number, now: Date | number, opts: GiveUpOptions = {}): boolean {
  const first = typeof firstAttemptAt === 'number' ? firstAttemptAt : firstAttemptAt.getTime();
  const t = typeof now === 'number' ? now : now.getTime();
  return t - first >= (opts.giveUpAfterMs ?? DEFAULT_GIVE_UP_AFTER_MS);
}
