import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../src/rate-limit.ts';

describe('RateLimiter', () => {
  it('allows a burst, then asks to wait, then refills', () => {
    const limiter = new RateLimiter(60, 3);
    const t = 1_000_000;
    expect([limiter.take('a', t), limiter.take('a', t), limiter.take('a', t)]).toEqual([0, 0, 0]);
    expect(limiter.take('a', t)).toBeGreaterThan(0);
    expect(limiter.take('b', t)).toBe(0);
    expect(limiter.take('a', t + 1000)).toBe(0);
  });
});

describe('RateLimiter.peek', () => {
  it('tells the wait without taking', () => {
    const limiter = new RateLimiter(60, 2);
    const t = 1_000_000;
    expect(limiter.peek('a', t)).toBe(0);
    limiter.take('a', t);
    expect(limiter.peek('a', t)).toBe(0);
    limiter.take('a', t);
    expect(limiter.peek('a', t)).toBeGreaterThan(0);
    expect(limiter.peek('a', t)).toBeGreaterThan(0);
    expect(limiter.peek('a', t + 1000)).toBe(0);
  });
});
