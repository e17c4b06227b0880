// text-toxicity: the toxicity model for every text (captions from the bus; OCR text and transcripts from peers).
import { defineStage } from '@modsvc/common/service-module';
import type { TextToxicityApi } from '@modsvc/common/contracts';
import { modelInference } from '@modsvc/common/metrics';
import { settingsSchema } from './settings.ts';
import { loadToxicityModel } from './model/scorer.ts';
import { toxicityCoverage } from './coverage.ts';
import { startCaptionConsumer } from './service.ts';

export { settingsSchema };

export const service = defineStage({
  name: 'text-toxicity',
  settingsSchema,
  needs: [],
  async start(rt, _peers, settings) {
    const scorer = loadToxicityModel(settings);
    const textToxicity: TextToxicityApi = {
      async score(texts, source) {
        const end = modelInference.startTimer({ model: scorer.modelId, group: 'caption_language_toxicity' });
        try {
          return await scorer.score(texts, source);
        } finally {
          end();
        }
      },
      coverage: async () => toxicityCoverage(scorer),
    };
    return { provides: { textToxicity }, consumers: [await startCaptionConsumer(rt, textToxicity)] };
  },
});
