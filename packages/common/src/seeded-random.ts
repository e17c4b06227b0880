// mulberry32: a small seeded PRNG, for results that must come out the same on every run (training
// orders, benchmark draws, generated test files). Not for anything secret.

/** Numbers in [0, 1) from a 32-bit seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher-Yates shuffle of `items` in place, drawing from `rand` (the same draws give the same order). */
export function shuffleInPlace<E, A extends { length: number; [i: number]: E }>(items: A, rand: () => number): A {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
  return items;
}
