// Image preprocessing shared by every model: decode with sharp (EXIF orientation applied), refuse
// decompression bombs, resize (fill / inside / letterbox), normalise to float tensors, and a 64-bit
// difference hash (dHash) used to skip video frames nearly identical to the last analysed one.
import sharp from 'sharp';
import { isPixelLimitRefusal } from '@modsvc/common/media/failures';
import { DEFAULT_DECODE_MAX_SIDE, DEFAULT_PIXEL_LIMIT } from '../settings.ts';

/** Why a frame could not be decoded: its bytes are damaged, or it has more pixels than allowed (a decompression bomb). */
export type ImageDecodeFailure = 'corrupt' | 'too_large';

export class ImageDecodeError extends Error {
  constructor(
    message: string,
    readonly reason: ImageDecodeFailure = 'corrupt',
  ) {
    super(message);
    this.name = 'ImageDecodeError';
  }
}

/** Interleaved 8-bit RGB pixels. */
export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

/** A decoded frame: the upright RGB image at (at most) `maxSide` px plus its original size. */
export interface DecodedFrame extends RgbImage {
  /** Width and height of the upright source image before any downscale (evidence boxes use these). */
  sourceWidth: number;
  sourceHeight: number;
  /** Where the frame's top-left corner lies in the source, in source pixels, when bars were cropped off (letterbox.ts). */
  sourceOffset?: [number, number];
}

/** libvips' refusal as an ImageDecodeError: its pixel limit is a decompression bomb, anything else damaged bytes. */
function decoderRefusal(err: unknown): ImageDecodeError {
  return new ImageDecodeError(`cannot decode image: ${(err as Error)?.message ?? String(err)}`, isPixelLimitRefusal(err) ? 'too_large' : 'corrupt');
}

/**
 * Decodes JPEG/PNG/WebP/GIF bytes (first frame), applies EXIF orientation, drops alpha (flattened on
 * white) and downsizes so that the longer side is at most `maxSide`. Images of more than `pixelLimit`
 * pixels are refused as decompression bombs. A still upload reaches this function as sent, so the
 * decoder is as lenient as a viewer: only a file cut short or damaged fails (failOn 'truncated'), not
 * one with a decoder warning (trailing bytes, a bad EXIF block).
 */
export async function decodeFrame(bytes: Buffer, maxSide = DEFAULT_DECODE_MAX_SIDE, pixelLimit = DEFAULT_PIXEL_LIMIT): Promise<DecodedFrame> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: pixelLimit, failOn: 'truncated' }).metadata();
  } catch (err) {
    throw decoderRefusal(err);
  }
  if (!meta.width || !meta.height) throw new ImageDecodeError('cannot decode image: no dimensions');
  if (meta.width * meta.height > pixelLimit) {
    throw new ImageDecodeError(`image of ${meta.width}x${meta.height} px exceeds the pixel limit of ${pixelLimit}`, 'too_large');
  }
  // EXIF orientations 5-8 swap width and height.
  const swap = (meta.orientation ?? 1) >= 5;
  const sourceWidth = swap ? meta.height : meta.width;
  const sourceHeight = swap ? meta.width : meta.height;
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: pixelLimit, failOn: 'truncated' })
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, sourceWidth, sourceHeight };
  } catch (err) {
    throw decoderRefusal(err);
  }
}

function rawSharp(img: RgbImage): sharp.Sharp {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } });
}

/** Stretches to exactly width x height (what MobileNet-style classifiers were trained with). */
export async function resizeFill(img: RgbImage, width: number, height: number): Promise<RgbImage> {
  const { data, info } = await rawSharp(img).resize(width, height, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Frames stretched to a fixed size (resizeFill), shared by the networks of one batch that take the
 * same size (nsfwjs NHWC, vision v3 NCHW at 224x224), so that each frame is resized once. Keyed by
 * the frame object, then by `${width}x${height}`. Scoped to one batch by its caller, like HumanViews.
 */
export type FillViews = Map<RgbImage, Map<string, Promise<RgbImage>>>;

/** `frame` stretched to width x height: taken from `views` when a network of the batch made it already, else made and kept there. */
export function fillView(views: FillViews, frame: RgbImage, width: number, height: number): Promise<RgbImage> {
  let sizes = views.get(frame);
  if (!sizes) views.set(frame, (sizes = new Map()));
  const key = `${width}x${height}`;
  let view = sizes.get(key);
  if (!view) sizes.set(key, (view = resizeFill(frame, width, height)));
  return view;
}

/** Scales down so that the longer side is at most maxSide (never enlarges). */
export async function resizeInside(img: RgbImage, maxSide: number): Promise<RgbImage> {
  if (Math.max(img.width, img.height) <= maxSide) return img;
  const { data, info } = await rawSharp(img).resize(maxSide, maxSide, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export interface Letterboxed extends RgbImage {
  /** Scale applied to source coordinates, and the padding added left/top (to map boxes back). */
  scale: number;
  padX: number;
  padY: number;
}

/** Fits into size x size keeping the aspect ratio, padding with `pad` grey (detector input). */
export async function letterbox(img: RgbImage, size: number, pad = 114): Promise<Letterboxed> {
  const scale = Math.min(size / img.width, size / img.height);
  const w = Math.max(1, Math.round(img.width * scale));
  const h = Math.max(1, Math.round(img.height * scale));
  const padX = Math.floor((size - w) / 2);
  const padY = Math.floor((size - h) / 2);
  const { data } = await rawSharp(img)
    .resize(w, h, { fit: 'fill' })
    .extend({ left: padX, right: size - w - padX, top: padY, bottom: size - h - padY, background: { r: pad, g: pad, b: pad } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: size, height: size, scale, padX, padY };
}

/** Maps a box [x, y, w, h] in letterboxed coordinates back to source coordinates. */
export function unletterboxBox(box: [number, number, number, number], lb: Letterboxed): [number, number, number, number] {
  return [(box[0] - lb.padX) / lb.scale, (box[1] - lb.padY) / lb.scale, box[2] / lb.scale, box[3] / lb.scale];
}

export interface NormaliseOptions {
  mean?: [number, number, number];
  std?: [number, number, number];
  /** Divide 0-255 values by this before mean/std (1 keeps 0-255, 255 gives 0-1). */
  divisor?: number;
  layout?: 'nhwc' | 'nchw';
}

/** Converts RGB bytes to a float tensor ((x / divisor - mean) / std), NHWC or NCHW. */
export function normalise(img: RgbImage, opts: NormaliseOptions = {}): Float32Array {
  const { mean = [0, 0, 0], std = [1, 1, 1], divisor = 255, layout = 'nhwc' } = opts;
  const n = img.width * img.height;
  const out = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < 3; c++) {
      const v = ((img.data[i * 3 + c] as number) / divisor - mean[c]!) / std[c]!;
      if (layout === 'nhwc') out[i * 3 + c] = v;
      else out[c * n + i] = v;
    }
  }
  return out;
}

/**
 * 64-bit difference hash: grey 9x8 thumbnail, one bit per horizontally adjacent pair (left > right).
 * Returned as a bigint; compare two with hammingDistance.
 */
export async function dHash(img: RgbImage): Promise<bigint> {
  const { data } = await rawSharp(img).greyscale().resize(9, 8, { fit: 'fill', kernel: 'linear' }).raw().toBuffer({ resolveWithObject: true });
  // greyscale() on raw 3-channel input may still emit 3 channels; take the first of each pixel.
  const channels = data.length / 72;
  let hash = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      const a = data[(y * 9 + x) * channels] as number;
      const b = data[(y * 9 + x + 1) * channels] as number;
      hash = (hash << 1n) | (a > b ? 1n : 0n);
    }
  }
  return hash;
}

export function hammingDistance(a: bigint, b: bigint): number {
  let x = a ^ b;
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}
