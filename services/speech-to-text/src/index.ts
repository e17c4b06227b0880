// speech-to-text: transcribes audio tracks from the bus (and WAVs from peers); transcripts are scored by text-toxicity.
import { defineStage } from '@modsvc/common/service-module';
import { settingsSchema } from './settings.ts';
import { createSpeechToText } from './transcriber.ts';
import { startSpeechConsumer } from './service.ts';

export { settingsSchema };

export const service = defineStage({
  name: 'speech-to-text',
  settingsSchema,
  needs: ['textToxicity'],
  async start(rt, peers, settings) {
    const speechToText = createSpeechToText(settings);
    return { provides: { speechToText }, consumers: [await startSpeechConsumer(rt, speechToText, peers.textToxicity)] };
  },
});
