// A frame vision-inference cannot decode fails its job in the caller's words. A still's frame is the upload
// itself (frame-extractor reads only its header), so this is where a still whose pixels are damaged is found.
import type { MediaKind } from '@modsvc/common/jobs';
import type { PermanentJobError } from '@modsvc/common/errors';
import { mediaFailures } from '@modsvc/common/media/failures';
import { ImageDecodeError } from './models/preprocess.ts';

/** The job's failure for an ImageDecodeError (its decoder text kept as the cause, for the log); null for any other error. */
export function framesUndecodable(err: unknown, media: MediaKind, pixelLimit: number): PermanentJobError | null {
  if (!(err instanceof ImageDecodeError)) return null;
  if (media === 'video') return err.reason === 'too_large' ? mediaFailures.videoTooLarge(pixelLimit) : mediaFailures.videoCorrupt(err);
  return err.reason === 'too_large' ? mediaFailures.imageTooLarge(pixelLimit) : mediaFailures.imageCorrupt(err);
}
