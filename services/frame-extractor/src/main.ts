import { runStandalone } from '@modsvc/common/host';
import { createFrameExtractor } from './service.ts';

await runStandalone('frame-extractor', async (rt) => ({ consumers: await createFrameExtractor(rt).startConsumers() }));
