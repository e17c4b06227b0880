// vision-inference: the visual models (worker threads) on the frames of each job; OCR text is scored by text-toxicity.
import { defineStage } from '@modsvc/common/service-module';
import { withTextCoverage, type ModelsApi } from '@modsvc/common/contracts';
import { settingsSchema } from './settings.ts';
import { createPooledVisionAnalyzer } from './analyzer-pool.ts';
import { startVisionConsumer } from './stage.ts';

export { settingsSchema };

export const service = defineStage({
  name: 'vision-inference',
  settingsSchema,
  needs: ['textToxicity'],
  async start(rt, peers, settings) {
    const analyzer = createPooledVisionAnalyzer(settings);
    await analyzer.init();
    const models: ModelsApi = {
      models: async () => withTextCoverage(analyzer.models(), await peers.textToxicity.coverage()),
      embed: (images) => analyzer.embed(images),
    };
    return {
      provides: { models },
      consumers: [await startVisionConsumer(rt, analyzer, peers.textToxicity, settings)],
      stop: () => analyzer.close(),
    };
  },
});
