// Case 5 (long form only): 1,000 submits as fast as one client can send them, against all-in-one with a
// low admission limit.
import { afterAll, beforeAll, it } from 'vitest';
import { startAllInOneDeployment } from '../helpers/deployments.ts';
import { burstStaysBounded } from './cases/burst.ts';
import { startContext, stopContext, type ReliabilityContext } from './support/context.ts';
import { recordedInThisProcess, runCase } from './support/figures.ts';
import { FORM, describeLong } from './support/flags.ts';
import { printSummary } from './support/summary.ts';

describeLong(`reliability (${FORM}): burst against all-in-one`, () => {
  let ctx: ReliabilityContext;

  beforeAll(async () => {
    // The per-tenant rate limit would answer 429 first; the backlog limit is what this case is about.
    ctx = await startContext(() => startAllInOneDeployment({ RATE_LIMIT_PER_MINUTE: '1000000', ADMISSION_MAX_BACKLOG_SECONDS: '20' }));
  }, 300_000);

  afterAll(async () => {
    await stopContext(ctx);
    printSummary(`reliability (${FORM}), burst`, recordedInThisProcess());
  }, 120_000);

  it('stays within its memory bound and answers 503 with Retry-After once the backlog is full (1,000 submits)', () =>
    runCase('burst/all-in-one', 'all-in-one', (f) => burstStaysBounded(ctx, { submits: 1000, concurrency: 32, maxGrowthMb: 768, drainMs: 900_000 }, f)), 1_800_000);
});
