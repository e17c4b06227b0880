// Hash layout. Bit k = 16*i + j answers "is DCT coefficient (i, j) above the median?", i the
// vertical and j the horizontal frequency. The reference keeps 16 words of 16 bits (word i =
// row i, bit j) and writes them as hex from word 15 down to word 0, most significant nibble
// first — i.e. the 256-bit number whose bit k is hash bit k, in big-endian hex. Our 32 bytes
// are that number's big-endian bytes, so byte b is hex characters 2b and 2b+1.

export const PDQ_HASH_BITS = 256;
export const PDQ_HASH_BYTES = 32;

export function setHashBit(hash: Uint8Array, bit: number): void {
  hash[PDQ_HASH_BYTES - 1 - (bit >> 3)]! |= 1 << (bit & 7);
}

export function getHashBit(hash: Uint8Array, bit: number): 0 | 1 {
  return ((hash[PDQ_HASH_BYTES - 1 - (bit >> 3)]! >> (bit & 7)) & 1) as 0 | 1;
}

/**
 * The reference takes Torben's median, which for 256 values is the 128th smallest (the lower
 * median), and sets the bits strictly above it: normally exactly 128 ones.
 */
export function hashFromCoefficients(coefficients: Float32Array): Uint8Array {
  const sorted = Float32Array.from(coefficients).sort();
  const median = sorted[((sorted.length + 1) >> 1) - 1]!;
  const hash = new Uint8Array(PDQ_HASH_BYTES);
  for (let bit = 0; bit < coefficients.length; bit++) {
    if (coefficients[bit]! > median) setHashBit(hash, bit);
  }
  return hash;
}
