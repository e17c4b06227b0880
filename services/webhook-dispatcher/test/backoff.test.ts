import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GIVE_UP_AFTER_MS,
  cryptoRandom,
  nextRetryDelayMs,
  shouldGiveUp,
} from '../src/backoff.ts';

const HOUR = 3_600_000;

describe('nextRetryDelayMs', () => {
  it('grows the ceiling exponentially from baseMs and caps it at maxMs', () => {
    const top = () => 1 - 1e-12; // draw at the top of the range: delay is just under the ceiling
    expect(nextRetryDelayMs(1, {}, top)).toBe(4999);
    expect(nextRetryDelayMs(2, {}, top)).toBe(9999);
    expect(nextRetryDelayMs(3, {}, top)).toBe(19999);
    expect(nextRetryDelayMs(10, {}, top)).toBe(2_559_999); // 5 s * 512
    expect(nextRetryDelayMs(11, {}, top)).toBe(HOUR - 1); // 5 s * 1024 > 1 h
    expect(nextRetryDelayMs(1000, {}, top)).toBe(HOUR - 1); // no overflow
    expect(nextRetryDelayMs(3, { baseMs: 100, maxMs: 250, minMs: 0 }, top)).toBe(249);
  });

  it('spreads uniformly (full jitter) with a floor of minMs', () => {
    expect(nextRetryDelayMs(4, {}, () => 0)).toBe(1000);
    expect(nextRetryDelayMs(4, {}, () => 0.5)).toBe(1000 + Math.floor(0.5 * (40_000 - 1000)));
    expect(nextRetryDelayMs(4, { minMs: 0 }, () => 0)).toBe(0);
    expect(nextRetryDelayMs(4, { minMs: 0 }, () => 0.25)).toBe(10_000);
  });

  it('clamps bad inputs: attempt < 1 is the first retry; rand outside [0,1) is clamped', () => {
    expect(nextRetryDelayMs(0, { minMs: 0 }, () => 0.5)).toBe(2500);
    expect(nextRetryDelayMs(-3, { minMs: 0 }, () => 0.5)).toBe(2500);
    expect(nextRetryDelayMs(1, { minMs: 0 }, () => 7)).toBeLessThan(5000);
    expect(nextRetryDelayMs(1, { minMs: 0 }, () => -1)).toBe(0);
  });

  it('uses a crypto-based uniform source by default', () => {
    const draws = Array.from({ length: 2000 }, () => cryptoRandom());
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
    expect(mean).toBeGreaterThan(0.4);
    expect(mean).toBeLessThan(0.6);
    for (let i = 0; i < 200; i++) {
      const d = nextRetryDelayMs(5);
      expect(Number.isInteger(d)).toBe(true);
      expect(d).toBeGreaterThanOrEqual(1000);
      expect(d).toBeLessThan(80_000);
    }
  });
});

describe('shouldGiveUp', () => {
  it('keeps retrying through 24 h and gives up at 25 h by default', () => {
    const first = new Date('2026-01-01T00:00:00Z');
    expect(DEFAULT_GIVE_UP_AFTER_MS).toBe(25 * HOUR);
    expect(shouldGiveUp(first, new Date(first.getTime() + 24 * HOUR))).toBe(false);
    expect(shouldGiveUp(first, first.getTime() + 25 * HOUR - 1)).toBe(false);
    expect(shouldGiveUp(first, first.getTime() + 25 * HOUR)).toBe(true);
    expect(shouldGiveUp(first.getTime(), first.getTime() + 10, { giveUpAfterMs: 10 })).toBe(true);
  });

  it('a simulated schedule with the largest draws still attempts past the 24 h mark', () => {
    const top = () => 1 - 1e-12;
    let t = 0;
    let attempt = 0;
    const times: number[] = [];
    while (!shouldGiveUp(0, t)) {
      times.push(t);
      attempt++;
      t += nextRetryDelayMs(attempt, {}, top);
    }
    expect(times.at(-1)).toBeGreaterThanOrEqual(24 * HOUR);
    expect(times.length).toBeLessThan(40); // roughly 10 ramp-up attempts, then hourly
  });
});
