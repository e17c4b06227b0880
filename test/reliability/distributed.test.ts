// The reliability suite against the nine services as separate processes over NATS JetStream.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DISTRIBUTED_SERVICES, startDistributedDeployment } from '../helpers/deployments.ts';
import { badFilesAnswerClearly } from './cases/bad-files.ts';
import { mediaDurationsHold } from './cases/media-durations.ts';
import { sigkillUnderLoad } from './cases/sigkill.ts';
import { tokensAndTenantsHold } from './cases/tokens-and-tenants.ts';
import { reconfigure, startContext, stopContext, type ReliabilityContext } from './support/context.ts';
import { recordedInThisProcess, runCase } from './support/figures.ts';
import { FORM, LONG } from './support/flags.ts';
import { printSummary } from './support/summary.ts';

const MODE = 'distributed';

describe(`reliability (${FORM}): distributed`, () => {
  let ctx: ReliabilityContext;

  beforeAll(async () => {
    ctx = await startContext(async () => {
      const deployment = await startDistributedDeployment();
      // Polling hundreds of jobs is not what the per-tenant rate limit is tested with here.
      await reconfigure(deployment, ['gateway'], { RATE_LIMIT_PER_MINUTE: '100000' }).catch(async (err: unknown) => {
        await deployment.stop();
        throw err;
      });
      return deployment;
    });
  }, 400_000);

  afterAll(async () => {
    await stopContext(ctx);
    printSummary(`reliability (${FORM}), ${MODE}`, recordedInThisProcess());
  }, 180_000);

  it('refuses missing and forged tokens on every documented route, and keeps tenants apart', () => runCase(`tokens-and-tenants/${MODE}`, MODE, (f) => tokensAndTenantsHold(ctx, f)), 600_000);

  it('answers every bad or hostile file clearly, and no service process crashes', () => runCase(`bad-files/${MODE}`, MODE, (f) => badFilesAnswerClearly(ctx, { bothEndpoints: LONG }, f)), 1_200_000);

  it.runIf(LONG)('gives short media a frame, and reports the seconds a file holds rather than its header claims', () => runCase(`media-durations/${MODE}`, MODE, (f) => mediaDurationsHold(ctx, f)), 600_000);

  it.skipIf(LONG)('finishes every job when three services are SIGKILLed under load (20 jobs)', () =>
    runCase(`sigkill/${MODE}`, MODE, (f) => sigkillUnderLoad(ctx, { jobs: 20, victims: ['frame-extractor', 'policy-scorer', 'webhook-dispatcher'], submitIntervalMs: 300, settleMs: 300_000 }, f)), 900_000);

  it.runIf(LONG)('finishes every job when each of the nine services is SIGKILLed in turn under load (100 jobs)', () =>
    runCase(`sigkill/${MODE}`, MODE, (f) => sigkillUnderLoad(ctx, { jobs: 100, victims: DISTRIBUTED_SERVICES, submitIntervalMs: 400, settleMs: 900_000 }, f)), 2_400_000);
});
