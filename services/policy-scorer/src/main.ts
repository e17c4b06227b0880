import { runStandalone } from '@modsvc/common/host';
import { startPolicyScorer } from './service.ts';

await runStandalone('policy-scorer', async (rt) => startPolicyScorer(rt));
