// frame-extractor: decodes images, samples video frames and extracts the audio track.
import { defineStage } from '@modsvc/common/service-module';
import { settingsSchema } from './settings.ts';
import { createFrameExtractor } from './service.ts';

export { settingsSchema };

export const service = defineStage({
  name: 'frame-extractor',
  settingsSchema,
  needs: [],
  async start(rt, _peers, settings) {
    return { consumers: await createFrameExtractor(rt, settings).startConsumers() };
  },
});
