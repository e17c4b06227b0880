// The reliability suite against all-in-one: one process, in-process bus, embedded store.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startAllInOneDeployment } from '../helpers/deployments.ts';
import { badFilesAnswerClearly } from './cases/bad-files.ts';
import { mediaDurationsHold } from './cases/media-durations.ts';
import { sigkillUnderLoad } from './cases/sigkill.ts';
import { tokensAndTenantsHold } from './cases/tokens-and-tenants.ts';
import { startContext, stopContext, type ReliabilityContext } from './support/context.ts';
import { recordedInThisProcess, runCase } from './support/figures.ts';
import { FORM, LONG } from './support/flags.ts';
import { printSummary } from './support/summary.ts';

const MODE = 'all-in-one';

describe(`reliability (${FORM}): all-in-one`, () => {
  let ctx: ReliabilityContext;

  beforeAll(async () => {
    // Polling hundreds of jobs is not what the per-tenant rate limit is tested with here.
    ctx = await startContext(() => startAllInOneDeployment({ RATE_LIMIT_PER_MINUTE: '100000' }));
  }, 300_000);

  afterAll(async () => {
    await stopContext(ctx);
    printSummary(`reliability (${FORM}), ${MODE}`, recordedInThisProcess());
  }, 120_000);

  it('refuses missing and forged tokens on every documented route, and keeps tenants apart', () => runCase(`tokens-and-tenants/${MODE}`, MODE, (f) => tokensAndTenantsHold(ctx, f)), 600_000);

  // The quick form runs the corpus in distributed mode only, where a decoder crash shows as one exited
  // process; here it runs in the long form, every file to both endpoints.
  it.runIf(LONG)('answers every bad or hostile file clearly, and keeps serving', () => runCase(`bad-files/${MODE}`, MODE, (f) => badFilesAnswerClearly(ctx, { bothEndpoints: true }, f)), 1_200_000);

  it('gives short media a frame, and reports the seconds a file holds rather than its header claims', () => runCase(`media-durations/${MODE}`, MODE, (f) => mediaDurationsHold(ctx, f)), 600_000);

  it.skipIf(LONG)('finishes every job when the process is SIGKILLed under load (20 jobs, one kill)', () =>
    runCase(`sigkill/${MODE}`, MODE, (f) => sigkillUnderLoad(ctx, { jobs: 20, victims: [MODE], submitIntervalMs: 300, settleMs: 300_000 }, f)), 900_000);

  it.runIf(LONG)('finishes every job when the process is SIGKILLed under load (100 jobs, three kills)', () =>
    runCase(`sigkill/${MODE}`, MODE, (f) => sigkillUnderLoad(ctx, { jobs: 100, victims: [MODE, MODE, MODE], submitIntervalMs: 400, settleMs: 900_000 }, f)), 1_800_000);
});
