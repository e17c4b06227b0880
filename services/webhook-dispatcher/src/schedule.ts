// The retry schedule of webhooks and callbacks, after Standard Webhooks' recommendation: the first
// attempt at once, then retries 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after each failure, each
// delay stretched by up to 10 % so that deliveries failing together do not retry in lockstep; after the
// eighth failed attempt, give up. A receiver's Retry-After (on 429 and 503) can lengthen a delay.
import { randomBytes } from 'node:crypto';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Delay before retry n (index n - 1), counted from the failure of the attempt before it. */
export const RETRY_DELAYS_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
/** The first attempt and every retry. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Each delay is stretched by a random fraction up to this. */
export const JITTER = 0.1;
/** Retry-After is honoured up to the longest step of the schedule. */
export const RETRY_AFTER_CAP_MS = 10 * HOUR;

/** Uniform in [0, 1) from the operating system's CSPRNG. */
export function cryptoRandom(): number {
  return randomBytes(6).readUIntBE(0, 6) / 2 ** 48;
}

/**
 * Seconds or an HTTP date (RFC 9110), as a delay from `now` in ms, capped at RETRY_AFTER_CAP_MS;
 * null when absent or unreadable. A date in the past is 0.
 */
export function parseRetryAfterMs(value: string | undefined, now: Date): number | null {
  const text = value?.trim();
  if (!text) return null;
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * SECOND;
  // HTTP dates always name the month; this keeps Date.parse from reading numbers as dates.
  else if (/[A-Za-z]{3}/.test(text)) ms = Date.parse(text) - now.getTime();
  else return null;
  if (Number.isNaN(ms)) return null;
  return Math.min(Math.max(ms, 0), RETRY_AFTER_CAP_MS);
}

export type NextStep = { kind: 'retry'; delayMs: number } | { kind: 'give_up'; reason: string };

/**
 * What follows the `failedAttempts`-th failed attempt (1 for the first) of the schedule: the next
 * retry's delay, never shorter than the receiver's Retry-After, or giving up after MAX_ATTEMPTS.
 */
export function afterFailure(failedAttempts: number, retryAfterMs: number | null, rand: () => number = cryptoRandom): NextStep {
  const base = RETRY_DELAYS_MS[Math.max(1, Math.floor(failedAttempts)) - 1];
  if (base === undefined) return { kind: 'give_up', reason: `gave up after ${MAX_ATTEMPTS} failed attempts` };
  const u = Math.min(Math.max(rand(), 0), 1 - Number.EPSILON);
  const scheduled = Math.floor(base * (1 + JITTER * u));
  return { kind: 'retry', delayMs: Math.max(scheduled, retryAfterMs ?? 0) };
}
