import { hashFromCoefficients, PDQ_HASH_BYTES } from './bits.ts';
import { dct64To16 } from './dct.ts';
import { DIHEDRAL_VARIANTS, transformCoefficients, type DihedralVariant } from './dihedral.ts';
import { hashToHex } from './hamming.ts';
import { downsampleTo64 } from './jarosz.ts';
import { lumaFromPixels, type PixelBuffer } from './luma.ts';
import { qualityOf64x64 } from './quality.ts';
import { Scratch, scratchFloats } from './scratch.ts';

/** The reference refuses to hash anything smaller: all-zero hash, quality 0. */
export const MIN_HASHABLE_DIMENSION = 5;

export interface PdqHash {
  /** 32 bytes in the order of the hex string. */
  hash: Uint8Array;
  /** 64 lowercase hex digits. */
  hex: string;
}

export interface PdqHashResult extends PdqHash {
  /** 0..100; Meta suggests not trusting hashes below 50. */
  quality: number;
}

export interface PdqDihedralResult {
  quality: number;
  variants: Record<DihedralVariant, PdqHash>;
}

interface Coefficients {
  coefficients: Float32Array | null;
  quality: number;
}

function coefficientsFromLuma(luma: Float32Array, width: number, height: number): Coefficients {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0) {
    throw new RangeError(`image dimensions must be non-negative integers, got ${width}x${height}`);
  }
  if (luma.length !== width * height) throw new RangeError(`luma holds ${luma.length} values, expected ${width}x${height}`);
  if (width < MIN_HASHABLE_DIMENSION || height < MIN_HASHABLE_DIMENSION) return { coefficients: null, quality: 0 };
  const grid = downsampleTo64(luma, height, width);
  return { coefficients: dct64To16(grid), quality: qualityOf64x64(grid) };
}

function pdqHash(hash: Uint8Array): PdqHash {
  return { hash, hex: hashToHex(hash) };
}

function hashOf(coefficients: Float32Array | null): PdqHash {
  return pdqHash(coefficients ? hashFromCoefficients(coefficients) : new Uint8Array(PDQ_HASH_BYTES));
}

/** PDQ of a row-major float32 luminance image (0..255 scale). */
export function pdqFromLuma(luma: Float32Array, width: number, height: number): PdqHashResult {
  const { coefficients, quality } = coefficientsFromLuma(luma, width, height);
  return { ...hashOf(coefficients), quality };
}

/** PDQ of interleaved 8-bit pixels (grey, grey+alpha, RGB or RGBA; alpha is ignored). */
export function pdqFromPixels(image: PixelBuffer): PdqHashResult {
  return pdqFromLuma(lumaOf(image), image.width, image.height);
}

function lumaOf(image: PixelBuffer): Float32Array {
  return lumaFromPixels(image, scratchFloats(Scratch.Luma, image.width * image.height));
}

/** The hash and its seven rotations/mirrors, from one pass over the pixels. */
export function pdqDihedralFromLuma(luma: Float32Array, width: number, height: number): PdqDihedralResult {
  const { coefficients, quality } = coefficientsFromLuma(luma, width, height);
  const variants = {} as Record<DihedralVariant, PdqHash>;
  for (const variant of DIHEDRAL_VARIANTS) {
    variants[variant] = hashOf(coefficients && transformCoefficients(coefficients, variant));
  }
  return { quality, variants };
}

export function pdqDihedralFromPixels(image: PixelBuffer): PdqDihedralResult {
  return pdqDihedralFromLuma(lumaOf(image), image.width, image.height);
}
