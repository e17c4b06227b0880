import { describe, expect, it } from 'vitest';
import { JITTER, MAX_ATTEMPTS, RETRY_AFTER_CAP_MS, RETRY_DELAYS_MS, afterFailure, cryptoRandom, parseRetryAfterMs } from '../src/schedule.ts';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const low = () => 0;
const high = () => 1 - 1e-12;

describe('retry schedule', () => {
  it('is 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after the first attempt, then gives up', () => {
    expect(RETRY_DELAYS_MS).toEqual([5 * S, 5 * MIN, 30 * MIN, 2 * H, 5 * H, 10 * H, 10 * H]);
    expect(MAX_ATTEMPTS).toBe(8);
    const delays = Array.from({ length: 7 }, (_, i) => afterFailure(i + 1, null, low));
    expect(delays).toEqual(RETRY_DELAYS_MS.map((delayMs) => ({ kind: 'retry', delayMs })));
    expect(afterFailure(8, null, low)).toEqual({ kind: 'give_up', reason: 'gave up after 8 failed attempts' });
    expect(afterFailure(20, null, low).kind).toBe('give_up');
  });

  it('stretches each delay by up to 10 % of jitter, never shortens it', () => {
    expect(JITTER).toBe(0.1);
    expect(afterFailure(1, null, high)).toEqual({ kind: 'retry', delayMs: 5499 });
    expect(afterFailure(2, null, () => 0.5)).toEqual({ kind: 'retry', delayMs: 315_000 });
    for (let i = 0; i < 200; i++) {
      const step = afterFailure(3, null);
      expect(step.kind).toBe('retry');
      const delay = step.kind === 'retry' ? step.delayMs : 0;
      expect(delay).toBeGreaterThanOrEqual(30 * MIN);
      expect(delay).toBeLessThan(33 * MIN);
    }
    expect(afterFailure(1, null, () => -3)).toEqual({ kind: 'retry', delayMs: 5000 });
  });

  it("waits for the receiver's Retry-After when it is longer than the schedule, never less than the schedule", () => {
    expect(afterFailure(1, 120 * S, low)).toEqual({ kind: 'retry', delayMs: 120 * S });
    expect(afterFailure(2, 10 * S, low)).toEqual({ kind: 'retry', delayMs: 5 * MIN });
    expect(afterFailure(8, 10 * S, low).kind).toBe('give_up');
  });

  it('draws jitter uniformly from the CSPRNG', () => {
    const draws = Array.from({ length: 2000 }, () => cryptoRandom());
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
    expect(mean).toBeGreaterThan(0.4);
    expect(mean).toBeLessThan(0.6);
  });
});

describe('parseRetryAfterMs', () => {
  const now = new Date('2026-01-02T03:04:05Z');

  it('reads delay-seconds and HTTP dates', () => {
    expect(parseRetryAfterMs('120', now)).toBe(120_000);
    expect(parseRetryAfterMs(' 0 ', now)).toBe(0);
    expect(parseRetryAfterMs('Fri, 02 Jan 2026 03:06:05 GMT', now)).toBe(120_000);
  });

  it('caps long waits at 10 h and reads a past date as no wait', () => {
    expect(RETRY_AFTER_CAP_MS).toBe(10 * H);
    expect(parseRetryAfterMs('999999', now)).toBe(10 * H);
    expect(parseRetryAfterMs('Sat, 02 Jan 2027 03:04:05 GMT', now)).toBe(10 * H);
    expect(parseRetryAfterMs('Thu, 01 Jan 2026 00:00:00 GMT', now)).toBe(0);
  });

  it('ignores an absent or unreadable value', () => {
    expect(parseRetryAfterMs(undefined, now)).toBeNull();
    expect(parseRetryAfterMs('', now)).toBeNull();
    expect(parseRetryAfterMs('soon', now)).toBeNull();
    expect(parseRetryAfterMs('-5', now)).toBeNull();
    expect(parseRetryAfterMs('1.5', now)).toBeNull();
  });
});
