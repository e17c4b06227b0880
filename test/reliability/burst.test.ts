// Case 5: 1,000 submits as fast as one client sends them, against all-in-one: with a low admission
// limit (both forms; about a minute), and with admission control off (long form: the whole burst is
// queued and drained, several minutes).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startAllInOneDeployment } from '../helpers/deployments.ts';
import { burstStaysBounded } from './cases/burst.ts';
import { startContext, stopContext, type ReliabilityContext } from './support/context.ts';
import { recordedInThisProcess, runCase } from './support/figures.ts';
import { FORM, describeLong } from './support/flags.ts';
import { printSummary } from './support/summary.ts';

// The per-tenant rate limit would answer 429 first; admission control is what this case is about.
const UNLIMITED = { RATE_LIMIT_PER_MINUTE: '1000000' };
const BURST = { submits: 1000, concurrency: 32, maxGrowthMb: 768 };

afterAll(() => printSummary(`reliability (${FORM}), burst`, recordedInThisProcess()));

describe(`reliability (${FORM}): burst against all-in-one with a 20 s backlog limit`, () => {
  let ctx: ReliabilityContext;
  beforeAll(async () => {
    ctx = await startContext(() => startAllInOneDeployment({ ...UNLIMITED, ADMISSION_MAX_BACKLOG_SECONDS: '20' }));
  }, 300_000);
  afterAll(() => stopContext(ctx), 120_000);

  it('stays within its memory bound and answers 503 with Retry-After once the backlog is full', () =>
    runCase('burst/all-in-one', 'all-in-one', (f) => burstStaysBounded(ctx, { ...BURST, drainMs: 600_000, expectBackpressure: true }, f)), 900_000);
});

describeLong(`reliability (${FORM}): burst against all-in-one with admission control off`, () => {
  let ctx: ReliabilityContext;
  beforeAll(async () => {
    ctx = await startContext(() => startAllInOneDeployment({ ...UNLIMITED, ADMISSION_MAX_BACKLOG_SECONDS: '0' }));
  }, 300_000);
  afterAll(() => stopContext(ctx), 120_000);

  it('takes the whole burst, stays within its memory bound while it drains, and finishes every job', () =>
    runCase('burst-unadmitted/all-in-one', 'all-in-one', (f) => burstStaysBounded(ctx, { ...BURST, drainMs: 1_800_000, expectBackpressure: false }, f)), 2_400_000);
});
