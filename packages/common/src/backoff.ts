// Retry waits: jittered exponential backoff ("full jitter": a uniform draw up to the exponential cap),
// so that callers that collided once do not collide again on the same schedule.
import { randomInt } from 'node:crypto';

/** Milliseconds to wait before retry `attempt` (0, 1, 2 ...): uniform in [0, min(capMs, baseMs * 2^attempt)]. */
export function jitteredBackoffMs(attempt: number, baseMs: number, capMs: number): number {
  return randomInt(0, Math.min(capMs, baseMs * 2 ** Math.min(attempt, 30)) + 1);
}
