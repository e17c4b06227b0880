// Still and animated images. A still is not decoded here: its header is read (format, size, orientation,
// pages), decompression bombs are refused by their declared size, and the upload itself is its frame, so
// that vision-inference decodes it once, from the caller's own pixels (never a lossy re-encode), and a
// file whose pixels are damaged fails there with the same message. An animation's frames are sampled
// here (each page decoded, EXIF orientation applied, at most FRAME_MAX_SIDE, JPEG).
import sharp from 'sharp';
import type { FrameInput } from '@modsvc/common/contracts';
import { PermanentJobError } from '@modsvc/common/errors';
import { isPixelLimitRefusal, mediaFailures } from '@modsvc/common/media/failures';
import type { FrameSettings } from './settings.ts';

/** What an image may be (FRAME_PIXEL_LIMIT per frame) and what is taken from an animation (FRAME_MAX_SIDE, FRAME_MAX_ANIMATION_FRAMES). */
export type ImageLimits = Pick<FrameSettings, 'FRAME_PIXEL_LIMIT' | 'FRAME_MAX_SIDE' | 'FRAME_MAX_ANIMATION_FRAMES'>;

/**
 * A frame as it is stored for vision-inference: its encoded bytes (a still's upload itself; an animation's
 * sampled frame as JPEG) and its upright size.
 */
export interface ExtractedFrame extends FrameInput {
  width: number;
  height: number;
}

export interface ExtractedImage {
  width: number;
  height: number;
  fps: number;
  duration: number;
  frames: ExtractedFrame[];
}

function tooLarge(limits: ImageLimits): PermanentJobError {
  return mediaFailures.imageTooLarge(limits.FRAME_PIXEL_LIMIT);
}

/**
 * libvips' refusal in the caller's words. The sniffer already established the format, so whatever else
 * the decoder says ("end of stream", "bad huffman code", "Invalid IHDR data") means the bytes are
 * damaged; its own text stays in the error's `cause` for the log.
 */
function decodeError(err: unknown, limits: ImageLimits): PermanentJobError {
  return isPixelLimitRefusal(err) ? tooLarge(limits) : mediaFailures.imageCorrupt(err);
}

async function animationFrame(input: Buffer, page: number, limits: ImageLimits): Promise<ExtractedFrame> {
  const side = limits.FRAME_MAX_SIDE;
  const pipeline = sharp(input, { limitInputPixels: limits.FRAME_PIXEL_LIMIT, failOn: 'truncated', page, pages: 1 })
    .rotate()
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 });
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { timestamp: 0, data, width: info.width, height: info.height };
}

/**
 * The frames of an uploaded image: a still's own bytes (one frame, header read, pixels not decoded), or
 * an animated GIF/WebP's FRAME_MAX_ANIMATION_FRAMES evenly spaced frames (decoded, JPEG).
 */
export async function imageFrames(input: Buffer, limits: ImageLimits): Promise<ExtractedImage> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: limits.FRAME_PIXEL_LIMIT, failOn: 'truncated' }).metadata();
  } catch (err) {
    throw decodeError(err, limits);
  }
  if (!meta.width || !meta.height) throw mediaFailures.imageCorrupt(new Error('the header declares no size'));
  // The header's declared size decides, before any pixel is decoded.
  if (meta.width * (meta.pageHeight ?? meta.height) > limits.FRAME_PIXEL_LIMIT) throw tooLarge(limits);
  const pages = meta.pages ?? 1;
  const swap = (meta.orientation ?? 1) >= 5;
  const pageHeight = meta.pageHeight ?? meta.height;
  const width = swap ? meta.height : meta.width;
  const height = swap ? meta.width : pageHeight;
  try {
    if (pages <= 1) return { width, height, fps: 0, duration: 0, frames: [{ timestamp: 0, data: input, width, height }] };
    const delays = meta.delay && meta.delay.length === pages ? meta.delay : new Array<number>(pages).fill(100);
    const starts: number[] = [];
    let t = 0;
    for (const d of delays) {
      starts.push(t / 1000);
      t += d > 0 ? d : 100;
    }
    const duration = t / 1000;
    const count = Math.min(pages, limits.FRAME_MAX_ANIMATION_FRAMES);
    const frames: ExtractedFrame[] = [];
    for (let i = 0; i < count; i++) {
      const page = Math.floor((i * pages) / count);
      const frame = await animationFrame(input, page, limits);
      frames.push({ ...frame, timestamp: starts[page] ?? 0 });
    }
    return { width, height, fps: duration > 0 ? pages / duration : 0, duration, frames };
  } catch (err) {
    if (err instanceof PermanentJobError) throw err;
    throw decodeError(err, limits);
  }
}
