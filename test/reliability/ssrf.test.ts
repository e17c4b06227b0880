// Case 3: SSRF, against a deployment that, as in production, may not reach loopback. Its only exemption
// is ALLOWED_HOST (127.0.0.2), where the redirector stands in for an allowed outside server.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startAllInOneDeployment, startDistributedDeployment } from '../helpers/deployments.ts';
import { ALLOWED_HOST, ssrfIsRefused } from './cases/ssrf.ts';
import { reconfigure, startContext, stopContext, type ReliabilityContext } from './support/context.ts';
import { recordedInThisProcess, runCase } from './support/figures.ts';
import { FORM, describeLong } from './support/flags.ts';
import { printSummary } from './support/summary.ts';

const EGRESS = { EGRESS_ALLOW_CIDRS: `${ALLOWED_HOST}/32` };

afterAll(() => printSummary(`reliability (${FORM}), ssrf`, recordedInThisProcess()));

describe(`reliability (${FORM}): SSRF, all-in-one`, () => {
  let ctx: ReliabilityContext;
  beforeAll(async () => {
    ctx = await startContext(() => startAllInOneDeployment({ ...EGRESS, RATE_LIMIT_PER_MINUTE: '100000' }));
  }, 300_000);
  afterAll(() => stopContext(ctx), 120_000);

  it('refuses loopback in every spelling, by redirect and through unresolvable names; the target sees nothing', () => runCase('ssrf/all-in-one', 'all-in-one', (f) => ssrfIsRefused(ctx, f)), 900_000);
});

describeLong(`reliability (${FORM}): SSRF, distributed`, () => {
  let ctx: ReliabilityContext;
  beforeAll(async () => {
    ctx = await startContext(async () => {
      const deployment = await startDistributedDeployment();
      // The services that fetch or deliver (and the gateway) restarted with production's egress rule.
      await reconfigure(deployment, ['ingest', 'moderator', 'webhook-dispatcher', 'gateway'], { ...EGRESS, RATE_LIMIT_PER_MINUTE: '100000' }).catch(async (err: unknown) => {
        await deployment.stop();
        throw err;
      });
      return deployment;
    });
  }, 400_000);
  afterAll(() => stopContext(ctx), 180_000);

  it('refuses loopback in every spelling, by redirect and through unresolvable names; the target sees nothing', () => runCase('ssrf/distributed', 'distributed', (f) => ssrfIsRefused(ctx, f)), 900_000);
});
