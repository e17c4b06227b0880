// Big float buffers reused from one hash to the next: allocating and zeroing megabytes per
// picture costs about as much as a filter pass. Hashing is synchronous, so one set per thread
// is safe. Callers overwrite every element they read.

/** Buffers up to this many floats (16 MiB, a 2560x1600 picture) are kept between calls. */
const KEEP_AT_MOST = 1 << 22;
const kept: Float32Array[] = [];

export const Scratch = { Luma: 0, FilterA: 1, FilterB: 2 } as const;

export function scratchFloats(which: (typeof Scratch)[keyof typeof Scratch], length: number): Float32Array {
  const buffer = kept[which];
  if (buffer && buffer.length >= length) return buffer.subarray(0, length);
  const fresh = new Float32Array(length);
  if (length <= KEEP_AT_MOST) kept[which] = fresh;
  return fresh;
}
