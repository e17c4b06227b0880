// frame-extractor's settings: the environment variables it reads, parsed once at boot together with the
// shared settings (@modsvc/common/config) and passed to the ffmpeg lookup and the image decoder. The
// names are the operator contract: keep them.
import { z } from 'zod';
import { numberOr, optionalString } from '@modsvc/common/config';

export const settingsSchema = z.object({
  /** ffmpeg binary; unset: the first `ffmpeg` on PATH, else the one shipped in @ffmpeg-installer/ffmpeg. */
  FFMPEG_PATH: optionalString(),
  /** ffprobe binary; unset: the first `ffprobe` on PATH, else the one shipped in @ffprobe-installer/ffprobe. */
  FFPROBE_PATH: optionalString(),
  /** Directories searched for ffmpeg and ffprobe (the process's PATH). */
  PATH: z.string().default(''),
  /** Largest image (pixels per frame); above it the image is refused as a likely decompression bomb. */
  FRAME_PIXEL_LIMIT: numberOr(50_000_000),
  /** Longest side of the frames stored from an image. */
  FRAME_MAX_SIDE: numberOr(1280),
  /** Frames taken from an animated GIF or WebP, evenly spaced. */
  FRAME_MAX_ANIMATION_FRAMES: numberOr(16),
});

export type FrameSettings = z.infer<typeof settingsSchema>;
