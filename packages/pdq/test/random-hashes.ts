// Random 256-bit hashes and near copies of them, drawn from a seeded generator (synthetic-images.ts).

/** Draws hashes from `random`. */
export function hashDrawer(random: () => number) {
  return {
    randomHash: (): Uint8Array => Uint8Array.from({ length: 32 }, () => Math.floor(random() * 256)),
    /** A copy of `hash` with exactly `distance` distinct bits flipped. */
    atDistance(hash: Uint8Array, distance: number): Uint8Array {
      const copy = Uint8Array.from(hash);
      const bits = new Set<number>();
      while (bits.size < distance) bits.add(Math.floor(random() * 256));
      for (const bit of bits) copy[bit >> 3]! ^= 1 << (bit & 7);
      return copy;
    },
  };
}
