import { describe, expect, it } from 'vitest';
import { mulberry32, shuffleInPlace } from '../src/seeded-random.ts';

describe('seeded randomness', () => {
  it('draws the same numbers from the same seed, in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(mulberry32(43)()).not.toBe(xs[0]);
  });

  it('shuffles arrays and typed arrays in place into the same permutation for the same draws', () => {
    const plain = shuffleInPlace([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], mulberry32(7));
    const typed = shuffleInPlace(Uint32Array.from({ length: 10 }, (_, i) => i), mulberry32(7));
    expect([...typed]).toEqual(plain);
    expect([...plain].sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(plain).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(shuffleInPlace([], mulberry32(1))).toEqual([]);
  });
});
