// float32 arithmetic as the reference's: see jarosz.ts.
const f32 = Math.fround;

// From the reference: standard RGB to luminance (the 'Y' of YUV), as float32 constants.
export const LUMA_FROM_R = f32(0.299);
export const LUMA_FROM_G = f32(0.587);
export const LUMA_FROM_B = f32(0.114);

/** Interleaved 8-bit pixels: 1 = grey, 2 = grey + alpha, 3 = RGB, 4 = RGBA. Alpha is ignored. */
export type PixelChannels = 1 | 2 | 3 | 4;

export interface PixelBuffer {
  pixels: Uint8Array;
  width: number;
  height: number;
  channels: PixelChannels;
}

export function assertPixelBuffer({ pixels, width, height, channels }: PixelBuffer): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0) {
    throw new RangeError(`image dimensions must be non-negative integers, got ${width}x${height}`);
  }
  if (![1, 2, 3, 4].includes(channels)) throw new RangeError(`channels must be 1, 2, 3 or 4, got ${channels}`);
  if (pixels.length !== width * height * channels) {
    throw new RangeError(`pixel buffer holds ${pixels.length} bytes, expected ${width}x${height}x${channels} = ${width * height * channels}`);
  }
}

/**
 * Row-major float32 luminance, computed as the reference does (grey values are taken as they
 * are), into `into` when given (at least width x height long) or a new array.
 */
export function lumaFromPixels(image: PixelBuffer, into?: Float32Array): Float32Array {
  assertPixelBuffer(image);
  const { pixels, width, height, channels } = image;
  const count = width * height;
  if (into && into.length < count) throw new RangeError(`luma buffer holds ${into.length} values, needs ${count}`);
  const luma = into ?? new Float32Array(count);
  if (channels <= 2) {
    for (let i = 0, p = 0; i < count; i++, p += channels) luma[i] = pixels[p]!;
    return luma;
  }
  // A float32 coefficient times a byte is exact in double precision, so f32 of it is the
  // reference's float product.
  for (let i = 0, p = 0; i < count; i++, p += channels) {
    luma[i] = f32(f32(LUMA_FROM_R * pixels[p]!) + f32(LUMA_FROM_G * pixels[p + 1]!)) + f32(LUMA_FROM_B * pixels[p + 2]!);
  }
  return luma;
}
