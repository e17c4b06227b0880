// Whether probed media can be sampled: the checks between ffprobe and ffmpeg, with the caller's reasons.
import type { PermanentJobError } from '@modsvc/common/errors';
import type { ProbeResult } from './ffmpeg.ts';
import { mediaFailures } from '@modsvc/common/media/failures';

/**
 * Null when the video can be decoded, else the job's failure:
 * - no stream at all, or a video stream without a picture size: the index (`moov`, the EBML header)
 *   is damaged, so the file is corrupt or truncated (not "without video");
 * - readable, but only sound: no video stream;
 * - a picture over the pixel limit: ffmpeg would allocate whole frames of that size (a GIF declaring
 *   16000 × 16000 is a gigabyte a frame), so it is refused like an image decompression bomb.
 */
export function unusableVideo(probed: ProbeResult, pixelLimit: number): PermanentJobError | null {
  if (probed.streams === 0 || (probed.declaresVideo && !probed.hasVideo)) return mediaFailures.videoCorrupt();
  if (!probed.hasVideo) return mediaFailures.videoWithoutPicture();
  if (probed.width * probed.height > pixelLimit) return mediaFailures.videoTooLarge(pixelLimit);
  return null;
}

/**
 * Seconds of video actually analysed: the window asked for, but no more than the sampled frames cover.
 * A header may claim hours while the file holds seconds; the result must not claim what was not seen.
 */
export function secondsProcessed(window: number, framesSampled: number, rate: number): number {
  return Math.min(window, framesSampled / rate);
}
