import { DCT_SIZE } from './dct.ts';

// The eight symmetries of the square, applied to the 16x16 DCT rather than to the pixels:
// mirroring an axis of the 64x64 image multiplies each coefficient by (-1)^(frequency+1) along
// that axis, and a transpose of the image transposes the coefficients. Names are the
// reference's; each variant is (up to rounding) the hash the image would have after that change.
export const DIHEDRAL_VARIANTS = [
  /** the image as it is */
  'original',
  /** rotated 90° counter-clockwise */
  'rotate90',
  /** rotated 180° */
  'rotate180',
  /** rotated 90° clockwise */
  'rotate270',
  /** mirrored top to bottom (about the horizontal axis) */
  'flipX',
  /** mirrored left to right (about the vertical axis) */
  'flipY',
  /** mirrored about the main diagonal (transposed) */
  'flipPlus1',
  /** mirrored about the anti-diagonal */
  'flipMinus1',
] as const;

export type DihedralVariant = (typeof DIHEDRAL_VARIANTS)[number];

interface CoefficientMap {
  transpose: boolean;
  negate: (i: number, j: number) => boolean;
}

const even = (n: number): boolean => (n & 1) === 0;

const MAPS: Record<DihedralVariant, CoefficientMap> = {
  original: { transpose: false, negate: () => false },
  rotate90: { transpose: true, negate: (_i, j) => even(j) },
  rotate180: { transpose: false, negate: (i, j) => !even(i + j) },
  rotate270: { transpose: true, negate: (i) => even(i) },
  flipX: { transpose: false, negate: (i) => even(i) },
  flipY: { transpose: false, negate: (_i, j) => even(j) },
  flipPlus1: { transpose: true, negate: () => false },
  flipMinus1: { transpose: true, negate: (i, j) => !even(i + j) },
};

/** The 16x16 coefficients of the image after `variant`, from those of the original. */
export function transformCoefficients(coefficients: Float32Array, variant: DihedralVariant): Float32Array {
  const { transpose, negate } = MAPS[variant];
  const out = new Float32Array(DCT_SIZE * DCT_SIZE);
  for (let i = 0; i < DCT_SIZE; i++) {
    for (let j = 0; j < DCT_SIZE; j++) {
      const value = coefficients[i * DCT_SIZE + j]!;
      out[transpose ? j * DCT_SIZE + i : i * DCT_SIZE + j] = negate(i, j) ? -value : value;
    }
  }
  return out;
}
