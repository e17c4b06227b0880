// frame-extractor: decodes images, samples video frames and extracts the audio track.
import { defineStage } from '@modsvc/common/service-module';
import { settingsSchema } from './settings.ts';
import { createFrameExtractor } from './service.ts';

export { settingsSchema };
// The still-image step (decode, EXIF orientation, stored JPEG) for scripts that score images as a job's frames are scored
// (vision-inference's train/v3-heldback-served.ts).
export { decodeImage, type DecodedImage, type ImageLimits } from './image.ts';

export const service = defineStage({
  name: 'frame-extractor',
  settingsSchema,
  needs: [],
  async start(rt, _peers, settings) {
    return { consumers: await createFrameExtractor(rt, settings).startConsumers() };
  },
});
