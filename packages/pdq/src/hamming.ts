import { PDQ_HASH_BYTES } from './bits.ts';

export const PDQ_HEX_LENGTH = 2 * PDQ_HASH_BYTES;
const HEX_PATTERN = /^[0-9a-fA-F]{64}$/;

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

function assertHashBytes(hash: Uint8Array, name: string): void {
  if (hash.length !== PDQ_HASH_BYTES) throw new RangeError(`${name} must be ${PDQ_HASH_BYTES} bytes, got ${hash.length}`);
}

function word(hash: Uint8Array, at: number): number {
  return (hash[at]! << 24) | (hash[at + 1]! << 16) | (hash[at + 2]! << 8) | hash[at + 3]!;
}

/** Number of differing bits between two 32-byte PDQ hashes (0..256). */
export function hammingDistance(a: Uint8Array, b: Uint8Array): number {
  assertHashBytes(a, 'first hash');
  assertHashBytes(b, 'second hash');
  let distance = 0;
  for (let at = 0; at < PDQ_HASH_BYTES; at += 4) distance += popcount32(word(a, at) ^ word(b, at));
  return distance;
}

/** True for exactly 64 hexadecimal digits (either case), nothing else. */
export function isPdqHex(text: string): boolean {
  return HEX_PATTERN.test(text);
}

/** Parses 64 hex digits, as the reference and HMA write them, into the 32-byte form. */
export function hexToHash(hex: string): Uint8Array {
  if (!isPdqHex(hex)) {
    const shown = hex.length > 80 ? `${hex.slice(0, 80)}…` : hex;
    throw new SyntaxError(`not a PDQ hash (exactly ${PDQ_HEX_LENGTH} hex digits expected, got ${hex.length} characters): "${shown}"`);
  }
  const hash = new Uint8Array(PDQ_HASH_BYTES);
  for (let byte = 0; byte < PDQ_HASH_BYTES; byte++) hash[byte] = Number.parseInt(hex.slice(2 * byte, 2 * byte + 2), 16);
  return hash;
}

/** 64 lowercase hex digits, the form HMA and the reference's toHexString use. */
export function hashToHex(hash: Uint8Array): string {
  assertHashBytes(hash, 'hash');
  let hex = '';
  for (const byte of hash) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
