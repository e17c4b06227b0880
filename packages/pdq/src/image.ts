import sharp from 'sharp';
import { BANK_CROPS, pdqCropsFromPixels, type CropSpec, type PdqCropResult } from './crops.ts';
import { pdqDihedralFromPixels, pdqFromPixels, type PdqDihedralResult, type PdqHashResult } from './hash.ts';
import { assertPixelBuffer, type PixelBuffer } from './luma.ts';

/**
 * Meta's Python reference shrinks every picture to fit 512x512 before hashing; the tent filter
 * then averages blocks of at most 8x8 pixels, so little is lost and large photos hash ~10x faster.
 */
export const DEFAULT_MAX_DIMENSION = 512;

export interface PdqImageOptions {
  /** Longest side the picture is shrunk to (never enlarged) before hashing; 0 hashes at full size. Default 512. */
  maxDimension?: number;
  /**
   * Convert colours through the file's embedded ICC profile before hashing. Default false: the
   * stored values are hashed, as the reference tools (Pillow/numpy, CImg) read them, so hashes
   * agree with banks those tools built.
   */
  applyIccProfile?: boolean;
}

/**
 * Decodes a picture (any format sharp reads; the first frame of animations) the way
 * `hashImage` hashes it: turned upright by its EXIF orientation, transparency flattened onto
 * white, shrunk to fit `maxDimension` (bicubic, with JPEG/WebP shrink-on-load), as 8-bit sRGB.
 */
export async function decodeForPdq(input: Uint8Array | PixelBuffer, options: PdqImageOptions = {}): Promise<PixelBuffer> {
  const maxDimension = options.maxDimension ?? DEFAULT_MAX_DIMENSION;
  if (!Number.isInteger(maxDimension) || maxDimension < 0) throw new RangeError(`maxDimension must be a non-negative integer, got ${maxDimension}`);
  let pipeline = openImage(input, options.applyIccProfile ?? false).flatten({ background: '#ffffff' });
  if (maxDimension > 0) {
    pipeline = pipeline.resize({ width: maxDimension, height: maxDimension, fit: 'inside', withoutEnlargement: true, kernel: 'cubic' });
  }
  const { data, info } = await pipeline.toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected 3 channels from the decoder, got ${info.channels}`);
  return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height, channels: 3 };
}

function openImage(input: Uint8Array | PixelBuffer, applyIccProfile: boolean): sharp.Sharp {
  if (input instanceof Uint8Array) return sharp(input, { autoOrient: true, ignoreIcc: !applyIccProfile });
  assertPixelBuffer(input);
  return sharp(input.pixels, { raw: { width: input.width, height: input.height, channels: input.channels } });
}

/**
 * PDQ hash and quality of an encoded picture, or of a raw frame (interleaved 8-bit pixels),
 * which is shrunk the same way so that a frame and its saved copy hash alike.
 */
export async function hashImage(input: Uint8Array | PixelBuffer, options: PdqImageOptions = {}): Promise<PdqHashResult> {
  return pdqFromPixels(await decodeForPdq(input, options));
}

/** As `hashImage`, with the hashes of the picture's seven rotations and mirrors. */
export async function hashImageDihedral(input: Uint8Array | PixelBuffer, options: PdqImageOptions = {}): Promise<PdqDihedralResult> {
  return pdqDihedralFromPixels(await decodeForPdq(input, options));
}

export interface PdqBankHashResult extends PdqHashResult {
  /** The hash and quality of each crop, in `crops` order (crops.ts). */
  crops: PdqCropResult[];
}

/** As `hashImage`, with the hashes of the crops a bank keeps beside the picture's (`BANK_CROPS`), from one decode. */
export async function hashImageForBank(input: Uint8Array | PixelBuffer, options: PdqImageOptions = {}, crops: readonly CropSpec[] = BANK_CROPS): Promise<PdqBankHashResult> {
  const pixels = await decodeForPdq(input, options);
  return { ...pdqFromPixels(pixels), crops: pdqCropsFromPixels(pixels, crops) };
}
