import { runStandalone } from '@modsvc/common/host';
import { loadToxicityModel } from './model/scorer.ts';
import { startCaptionConsumer } from './service.ts';
import { textToxicityBinding } from './grpc.ts';
import { toxicityCoverage } from './coverage.ts';

await runStandalone('text-toxicity', async (rt) => {
  const scorer = await loadToxicityModel();
  return { bindings: [textToxicityBinding(scorer, () => toxicityCoverage(scorer))], consumers: [await startCaptionConsumer(rt, scorer)] };
});
