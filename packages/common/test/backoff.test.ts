import { describe, expect, it } from 'vitest';
import { jitteredBackoffMs } from '../src/backoff.ts';

describe('jitteredBackoffMs', () => {
  it('draws whole milliseconds from 0 up to the exponential cap, never beyond the ceiling', () => {
    for (const [attempt, cap] of [[0, 20], [1, 40], [3, 160], [5, 400], [40, 400]] as const) {
      const draws = Array.from({ length: 400 }, () => jitteredBackoffMs(attempt, 20, 400));
      expect(draws.every((d) => Number.isInteger(d) && d >= 0 && d <= cap), `attempt ${attempt}`).toBe(true);
      expect(Math.max(...draws), `attempt ${attempt} spreads over its range`).toBeGreaterThan(cap / 2);
    }
  });
});
