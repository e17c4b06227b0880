import { runStandalone } from '@modsvc/common/host';
import { textToxicityClient } from '@modsvc/text-toxicity/grpc';
import { createPooledVisionAnalyzer } from './analyzer-pool.ts';
import { startVisionConsumer } from './stage.ts';
import { visionBinding } from './grpc.ts';

await runStandalone('vision-inference', async (rt) => {
  const analyzer = createPooledVisionAnalyzer();
  await analyzer.init();
  const text = textToxicityClient(rt.config.TEXT_TOXICITY_ADDR);
  return {
    bindings: [visionBinding(analyzer, () => text.coverage())],
    consumers: [await startVisionConsumer(rt, analyzer, text)],
    stop: () => analyzer.close(),
  };
});
