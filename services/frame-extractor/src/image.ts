// Still and animated images: decoded with sharp, EXIF orientation applied, decompression bombs refused.
import sharp from 'sharp';
import { PermanentJobError } from '@modsvc/common/errors';
import { mediaFailures } from './messages.ts';
import type { FrameSettings } from './settings.ts';

/** What an image may be (FRAME_PIXEL_LIMIT per frame) and what is taken from it (FRAME_MAX_SIDE, FRAME_MAX_ANIMATION_FRAMES). */
export type ImageLimits = Pick<FrameSettings, 'FRAME_PIXEL_LIMIT' | 'FRAME_MAX_SIDE' | 'FRAME_MAX_ANIMATION_FRAMES'>;

export interface DecodedFrame {
  timestamp: number;
  jpeg: Buffer;
  width: number;
  height: number;
}

export interface DecodedImage {
  width: number;
  height: number;
  fps: number;
  duration: number;
  frames: DecodedFrame[];
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
  const reason = (err as Error)?.message ?? String(err);
  if (/pixel limit/i.test(reason)) return tooLarge(limits);
  return mediaFailures.imageCorrupt(err);
}

async function frameJpeg(input: Buffer | string, page: number | undefined, limits: ImageLimits): Promise<DecodedFrame & { timestamp: 0 }> {
  const side = limits.FRAME_MAX_SIDE;
  const pipeline = sharp(input, { limitInputPixels: limits.FRAME_PIXEL_LIMIT, failOn: 'truncated', ...(page !== undefined ? { page, pages: 1 } : {}) })
    .rotate()
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 });
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { timestamp: 0, jpeg: data, width: info.width, height: info.height };
}

/** Decodes a still image (one frame) or an animated GIF/WebP (up to FRAME_MAX_ANIMATION_FRAMES evenly spaced frames). */
export async function decodeImage(input: Buffer | string, limits: ImageLimits): Promise<DecodedImage> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: limits.FRAME_PIXEL_LIMIT, failOn: 'truncated' }).metadata();
  } catch (err) {
    throw decodeError(err, limits);
  }
  // The header's declared size decides, before any pixel is decoded.
  if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) > limits.FRAME_PIXEL_LIMIT) throw tooLarge(limits);
  const pages = meta.pages ?? 1;
  const swap = (meta.orientation ?? 1) >= 5;
  const width = (swap ? meta.height : meta.width) ?? 0;
  const pageHeight = meta.pageHeight ?? meta.height ?? 0;
  const height = swap ? (meta.width ?? 0) : pageHeight;
  try {
    if (pages <= 1) {
      const frame = await frameJpeg(input, undefined, limits);
      return { width, height, fps: 0, duration: 0, frames: [frame] };
    }
    const delays = meta.delay && meta.delay.length === pages ? meta.delay : new Array<number>(pages).fill(100);
    const starts: number[] = [];
    let t = 0;
    for (const d of delays) {
      starts.push(t / 1000);
      t += d > 0 ? d : 100;
    }
    const duration = t / 1000;
    const count = Math.min(pages, limits.FRAME_MAX_ANIMATION_FRAMES);
    const frames: DecodedFrame[] = [];
    for (let i = 0; i < count; i++) {
      const page = Math.floor((i * pages) / count);
      const frame = await frameJpeg(input, page, limits);
      frames.push({ ...frame, timestamp: starts[page] ?? 0 });
    }
    return { width, height, fps: duration > 0 ? pages / duration : 0, duration, frames };
  } catch (err) {
    if (err instanceof PermanentJobError) throw err;
    throw decodeError(err, limits);
  }
}
