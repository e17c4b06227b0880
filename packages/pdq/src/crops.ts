import { pdqFromLuma, type PdqHashResult } from './hash.ts';
import { lumaFromPixels, type PixelBuffer } from './luma.ts';

// PDQ does not survive crops: cutting 2.5% off each side moves most photographs' hashes past 31
// bits. A bank can make up for it at bank time, by hashing a few crops of the picture as well
// and matching a query against every one of them: a copy cropped by about as much as one of
// them lands near that crop's hash. (Mirrors and rotations of the copy are still covered by the
// query's 8 dihedral hashes, which each crop's hash meets as the original's does.)
//
// The crops are cut from the picture as `decodeForPdq` gives it (at most 512 px a side), from
// the luminance computed once; each crop is then hashed as a picture of its own.

/** A crop, as the share of the width or height cut off each side (0..0.5). */
export interface CropSpec {
  name: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const centred = (perSide: number): CropSpec => ({ name: `centre-${perSide * 100}%`, left: perSide, top: perSide, right: perSide, bottom: perSide });
const corner = (name: string, cut: number, sides: { left?: boolean; top?: boolean; right?: boolean; bottom?: boolean }): CropSpec => ({
  name: `${name}-${cut * 100}%`,
  left: sides.left ? cut : 0,
  top: sides.top ? cut : 0,
  right: sides.right ? cut : 0,
  bottom: sides.bottom ? cut : 0,
});

/**
 * The crops a bank hashes besides the picture itself (bank content `crop_hashes`, in this order).
 * Centred crops 2-3% a side apart: 1% a side away from a crop costs ~22 bits (median over kit
 * photographs), so a centred crop of 2-11% a side stays within reach of one of them; and the four
 * corners that remain after 10% is cut off two adjacent sides. Chosen on a tuning sample of kit
 * photographs (seed `crop-variants-tune`), measured on others (`test/crop-matching.test.ts`,
 * `bench/pdq-crops.bench.ts`). Changing the list changes what new bank content stores; content
 * banked before keeps its crops (they are matched as stored).
 */
export const BANK_CROPS: readonly CropSpec[] = [
  centred(0.03),
  centred(0.05),
  centred(0.07),
  centred(0.1),
  corner('top-left', 0.1, { right: true, bottom: true }),
  corner('top-right', 0.1, { left: true, bottom: true }),
  corner('bottom-left', 0.1, { right: true, top: true }),
  corner('bottom-right', 0.1, { left: true, top: true }),
];

/** The pixel rectangle a crop keeps of a `width` x `height` picture. */
export function cropRectangle(spec: CropSpec, width: number, height: number): { left: number; top: number; width: number; height: number } {
  for (const side of ['left', 'top', 'right', 'bottom'] as const) {
    const cut = spec[side];
    if (!(cut >= 0 && cut < 0.5)) throw new RangeError(`crop ${spec.name}: ${side} must be in [0, 0.5), got ${cut}`);
  }
  const left = Math.round(width * spec.left);
  const top = Math.round(height * spec.top);
  const right = Math.round(width * spec.right);
  const bottom = Math.round(height * spec.bottom);
  return { left, top, width: Math.max(0, width - left - right), height: Math.max(0, height - top - bottom) };
}

function cropOfLuma(luma: Float32Array, width: number, rect: { left: number; top: number; width: number; height: number }): Float32Array {
  const out = new Float32Array(rect.width * rect.height);
  for (let row = 0; row < rect.height; row++) {
    const from = (rect.top + row) * width + rect.left;
    out.set(luma.subarray(from, from + rect.width), row * rect.width);
  }
  return out;
}

export interface PdqCropResult extends PdqHashResult {
  crop: CropSpec;
}

/** PDQ hash and quality of each crop of the picture (as given: no shrinking), in `crops` order. */
export function pdqCropsFromPixels(image: PixelBuffer, crops: readonly CropSpec[] = BANK_CROPS): PdqCropResult[] {
  // Not the shared scratch buffer: pdqFromLuma below may use it.
  const luma = lumaFromPixels(image);
  return crops.map((crop) => {
    const rect = cropRectangle(crop, image.width, image.height);
    return { ...pdqFromLuma(cropOfLuma(luma, image.width, rect), rect.width, rect.height), crop };
  });
}
