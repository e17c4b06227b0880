// What a failed job's `msg` says about media that cannot be used, whichever stage finds it (frame-extractor
// probing a video or an image's header, vision-inference decoding a frame's pixels): the problem in the caller's words.
// Decoder text (libvips, ffmpeg) is for the operator's log, never for the caller: it names internals
// ("pngload_buffer: end of stream", "moov atom not found") the caller cannot act on.
import { PermanentJobError } from '../errors.ts';

function megapixels(pixelLimit: number): string {
  return `${pixelLimit / 1e6} megapixel limit`;
}

/** A permanent failure whose `cause` keeps the decoder's own text for the log. */
function failure(message: string, cause?: unknown): PermanentJobError {
  const err = new PermanentJobError(message);
  if (cause !== undefined) Object.defineProperty(err, 'cause', { value: cause, enumerable: false });
  return err;
}

/** Whether libvips refused an image for its pixel count (`limitInputPixels`): a decompression bomb, not damaged bytes. */
export function isPixelLimitRefusal(err: unknown): boolean {
  return /pixel limit/i.test((err as Error)?.message ?? String(err));
}

export const mediaFailures = {
  imageCorrupt: (cause?: unknown) => failure('Failed to decode image. The file is truncated or corrupt.', cause),
  imageTooLarge: (pixelLimit: number) => failure(`Failed to decode image. It exceeds the ${megapixels(pixelLimit)}.`),
  videoCorrupt: (cause?: unknown) => failure('Failed to decode video. The file is truncated or corrupt.', cause),
  videoTooLarge: (pixelLimit: number) => failure(`Failed to decode video. Its frames exceed the ${megapixels(pixelLimit)}.`),
  videoWithoutPicture: () => failure('Failed to decode video. The file has no video stream.'),
};

/** The decoder's text behind a failure, for the log (the failure's own message when it has no cause). */
export function decoderDetail(err: unknown): string {
  const cause = (err as { cause?: unknown }).cause;
  const source = cause ?? err;
  return ((source as Error)?.message ?? String(source)).split('\n').filter(Boolean).slice(0, 3).join(' | ');
}
