// frame-extractor: reads images (an animation's frames sampled), samples video frames and extracts the audio track.
import { defineStage } from '@modsvc/common/service-module';
import { settingsSchema } from './settings.ts';
import { createFrameExtractor } from './service.ts';

export { settingsSchema };
// The image step (a still's upload is its frame; an animation's frames are sampled) for scripts that score images
// as a job's frames are scored (ml/vision/v3-heldback-served.ts).
export { imageFrames, type ExtractedFrame, type ExtractedImage, type ImageLimits } from './image.ts';

export const service = defineStage({
  name: 'frame-extractor',
  settingsSchema,
  needs: [],
  async start(rt, _peers, settings) {
    return { consumers: await createFrameExtractor(rt, settings).startConsumers() };
  },
});
