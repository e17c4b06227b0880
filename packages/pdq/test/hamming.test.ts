import { describe, expect, it } from 'vitest';
import { hammingDistance, hashToHex, hexToHash, isPdqHex } from '../src/index.ts';
import { getHashBit, setHashBit } from '../src/bits.ts';
import { popcount32 } from '../src/hamming.ts';

const ZERO = '0'.repeat(64);

describe('hash layout', () => {
  it('puts bit k of the hash where the reference hex has it: word k>>4, bit k&15, words written 15 down to 0', () => {
    const hash = new Uint8Array(32);
    setHashBit(hash, 0);
    expect(hashToHex(hash)).toBe(`${'0'.repeat(63)}1`);
    setHashBit(hash, 255);
    expect(hashToHex(hash)).toBe(`8${'0'.repeat(62)}1`);
    const word14bit3 = new Uint8Array(32);
    setHashBit(word14bit3, 14 * 16 + 3);
    expect(hashToHex(word14bit3)).toBe(`0000${'0008'}${'0'.repeat(56)}`);
    expect(getHashBit(word14bit3, 227)).toBe(1);
    expect(getHashBit(word14bit3, 226)).toBe(0);
  });

  it('round-trips hex and bytes, writing lowercase', () => {
    const hex = 'ad64cd9875e131a177b1f2a0d6b38ae1de9ea80421e4c51dde1b0363deba3466';
    const bytes = hexToHash(hex.toUpperCase());
    expect(bytes).toHaveLength(32);
    expect(bytes[0]).toBe(0xad);
    expect(bytes[31]).toBe(0x66);
    expect(hashToHex(bytes)).toBe(hex);
  });

  it.each([
    ['63 digits', '0'.repeat(63)],
    ['65 digits', '0'.repeat(65)],
    ['a non-hex digit', `g${'0'.repeat(63)}`],
    ['surrounding space', ` ${'0'.repeat(64)}`],
    ['a 0x prefix', `0x${'0'.repeat(62)}`],
    ['nothing', ''],
  ])('refuses %s', (_name, text) => {
    expect(isPdqHex(text)).toBe(false);
    expect(() => hexToHash(text)).toThrow(/not a PDQ hash/);
  });
});

describe('Hamming distance', () => {
  it('counts differing bits', () => {
    expect(hammingDistance(hexToHash(ZERO), hexToHash(ZERO))).toBe(0);
    expect(hammingDistance(hexToHash(ZERO), hexToHash('f'.repeat(64)))).toBe(256);
    expect(hammingDistance(hexToHash(ZERO), hexToHash(`8${'0'.repeat(62)}1`))).toBe(2);
    expect(hammingDistance(hexToHash(`${'5'.repeat(32)}${'0'.repeat(32)}`), hexToHash(`${'a'.repeat(32)}${'0'.repeat(32)}`))).toBe(128);
  });

  it('popcounts 32-bit words, sign bit included', () => {
    expect(popcount32(0)).toBe(0);
    expect(popcount32(0xffffffff)).toBe(32);
    expect(popcount32(0x80000000 | 0)).toBe(1);
    expect(popcount32(0x12345678)).toBe(13);
  });

  it('refuses hashes that are not 32 bytes', () => {
    expect(() => hammingDistance(new Uint8Array(31), new Uint8Array(32))).toThrow(/32 bytes/);
  });
});
