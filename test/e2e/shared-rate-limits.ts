// Rate limits hold across gateway replicas: a second gateway process joins the distributed deployment
// (same NATS, so the same token buckets in NATS KV), and reads of one tenant alternate between the two
// gateways, two at a time. Together they admit no more than the tenant's burst plus what refills
// meanwhile, not twice that; each refusal is the usual 429 with its JSON body and Retry-After.
import { expect, it } from 'vitest';
import { ApiClient } from '../helpers/api.ts';
import { startExtraGateway } from '../helpers/deployments.ts';
import type { ContractContext } from './pipeline-contract.ts';

/** hooli's read limit (test/helpers/tenants.ts). */
const BURST = 5;
const PER_MINUTE = 6;
const PAIRS = 12;

export function describeSharedRateLimits(ctx: () => ContractContext): void {
  it(`two gateway replicas share one tenant's read limit: at most its burst (${BURST}) in total, not twice it`, async () => {
    const c = ctx();
    const second = await startExtraGateway(c.deployment);
    try {
      const gateways = [c.deployment.url, second.url];
      // Open the second gateway's store the way traffic would (another tenant, far from its limit).
      const acme = new ApiClient(second.url);
      acme.token = c.acme.token;
      expect((await acme.get('/models')).status).toBe(200);

      const hooli = new ApiClient(c.deployment.url);
      expect((await hooli.authenticate(c.deployment.tenants.hooli.apiKey)).status).toBe(200);
      const poll = async (base: string) => {
        const res = await fetch(`${base}/v1/classify/items-characteristics/image/job_unknown`, { headers: { Authorization: `Bearer ${hooli.token}` } });
        return { base, status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Record<string, unknown> };
      };

      const started = Date.now();
      const answers: Awaited<ReturnType<typeof poll>>[] = [];
      for (let i = 0; i < PAIRS; i += 1) answers.push(...(await Promise.all(gateways.map(poll))));
      const elapsedSeconds = (Date.now() - started) / 1000;

      const admitted = answers.filter((a) => a.status !== 429);
      const refused = answers.filter((a) => a.status === 429);
      expect(
        admitted.every((a) => a.status === 404),
        JSON.stringify(admitted.filter((a) => a.status !== 404)),
      ).toBe(true);
      // Unshared, each gateway would have admitted BURST: 2 x BURST in total.
      expect(admitted.length).toBeLessThanOrEqual(BURST + Math.floor((elapsedSeconds * PER_MINUTE) / 60));
      expect(admitted.length).toBeGreaterThanOrEqual(BURST);
      expect(new Set(admitted.map((a) => a.base)).size, 'both gateways admitted some').toBe(2);
      expect(new Set(refused.map((a) => a.base)).size, 'both gateways refused some').toBe(2);
      for (const r of refused) {
        expect(r.body).toEqual({ error: 'rate_limited', message: expect.stringMatching(/^Rate limit of 6 reads per minute exceeded; retry in \d+ s\.$/) });
        expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
        expect(Number(r.retryAfter)).toBeLessThanOrEqual(10);
      }
    } finally {
      await second.stop();
    }
  }, 60_000);
}
