import { runStandalone } from '@modsvc/common/host';
import { textToxicityClient } from '@modsvc/text-toxicity/grpc';
import { createSpeechToText } from './transcriber.ts';
import { startSpeechConsumer } from './service.ts';
import { speechToTextBinding } from './grpc.ts';

await runStandalone('speech-to-text', async (rt) => {
  const stt = createSpeechToText();
  const text = textToxicityClient(rt.config.TEXT_TOXICITY_ADDR);
  return { bindings: [speechToTextBinding(stt)], consumers: [await startSpeechConsumer(rt, stt, text)] };
});
