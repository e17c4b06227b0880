import fs from 'node:fs';
import { expect, it } from 'vitest';
import { verifySignature, SIGNATURE_HEADER } from '@modsvc/common/webhook-signature';
import { describePipelineContract } from './pipeline-contract.ts';
import { describeBanksEndToEnd } from './banks.ts';
import { describeIdempotentModerate } from './idempotent-moderate.ts';
import { describeModerationCrash } from './moderation-crash.ts';
import { describeSharedRateLimits } from './shared-rate-limits.ts';
import { startDistributedDeployment } from '../helpers/deployments.ts';
import { makeMp4, makePng } from '../helpers/media.ts';
import { ingestClient } from '@modsvc/clients';
import { serviceAuth } from '@modsvc/common/service-auth';
import { ApiError } from '@modsvc/common/errors';

describePipelineContract('distributed (one process per service, gRPC + NATS JetStream)', () => startDistributedDeployment(), (ctx) => {
  describeBanksEndToEnd(ctx);
  describeIdempotentModerate(ctx);
  describeModerationCrash(ctx);
  describeSharedRateLimits(ctx);

  it('internal gRPC refuses calls without a valid service token or from a caller off the allow-list, and scopes jobs to their tenant', async () => {
    const c = ctx();
    const submit = await c.acme.submitFile('/classify/items-characteristics/image', { data: await makePng(), filename: 'red.png', type: 'image/png' });
    const jobId = submit.body.job_id as string;
    const address = c.deployment.grpcAddress!('ingest');
    const acme = c.deployment.tenants.acme.id;
    const refusal = (p: Promise<unknown>) => p.then(() => 'answered', (err: unknown) => (err instanceof ApiError ? err.code : String(err)));

    expect(await refusal(ingestClient(address, null).getJob(acme, jobId, 'items', 'image'))).toBe('unauthorized');
    const forged = serviceAuth('f'.repeat(64), 'gateway');
    expect(await refusal(ingestClient(address, forged).getJob(acme, jobId, 'items', 'image'))).toBe('unauthorized');

    const signed = ingestClient(address, serviceAuth(c.deployment.serviceAuthKey, 'gateway'));
    expect(await signed.getJob(acme, jobId, 'items', 'image')).toMatchObject({ jobId });
    expect(await signed.getJob(c.deployment.tenants.globex.id, jobId, 'items', 'image')).toBeNull();
    // A valid token from a service that is not on the method's allow-list (packages/clients/src/callers.ts).
    const outsider = ingestClient(address, serviceAuth(c.deployment.serviceAuthKey, 'webhook-dispatcher'));
    expect(await refusal(outsider.getJob(acme, jobId, 'items', 'image'))).toBe('forbidden');
  });

  it('completes a job whose stage process is SIGKILLed mid-job once the stage is back, and the webhook arrives signed', async () => {
    const c = ctx();
    const vision = c.deployment.services.get('vision-inference')!;
    const clip = fs.readFileSync(await makeMp4(c.dir, { seconds: 20 }));
    const from = vision.mark();
    const submit = await c.acme.submitFile('/classify/items-characteristics/video', { data: clip, filename: 'long.mp4', type: 'video/mp4' }, { callback_url: `${c.receiver.url}/hooks/killed?case=sigkill` });
    expect(submit.status).toBe(200);
    const jobId = submit.body.job_id as string;

    // Kill vision-inference while it holds the job's message (it logs the delivery before working on it).
    await vision.waitForLog(new RegExp(`"job_id":"${jobId}"[^\\n]*"msg":"stage message received"`), 120_000, from);
    await vision.kill();
    const during = await c.acme.get(`/classify/items-characteristics/video/${jobId}`);
    expect(during.body.status).toBe('queued');

    const restartFrom = vision.mark();
    await vision.start(180_000);
    const done = await c.acme.waitForJob(`/classify/items-characteristics/video/${jobId}`, 240_000);
    expect(done.body.status, JSON.stringify(done.body)).toBe('done');
    // The restarted process got the same job's message again (handed back, not lost). Its delivery
    // count is not asserted: with a restart shorter than the ack wait it has been seen at 1 as well
    // as 2+ (what the server counts for a client killed holding a message depends on timing).
    expect(vision.outputSince(restartFrom)).toMatch(new RegExp(`"job_id":"${jobId}"[^\\n]*"msg":"stage message received"`));

    const call = await c.receiver.waitFor((r) => r.body.includes(jobId), 60_000);
    expect(call.url).toBe('/hooks/killed?case=sigkill');
    expect(verifySignature(call.body, c.deployment.tenants.acme.signingSecret!, call.headers[SIGNATURE_HEADER.toLowerCase()])).toBe(true);
    expect(c.receiver.calls.filter((r) => r.body.includes(jobId))).toHaveLength(1);
  }, 600_000);

  it('on SIGTERM a stage finishes (or hands back) its in-flight job and exits cleanly; the job completes', async () => {
    const c = ctx();
    const extractor = c.deployment.services.get('frame-extractor')!;
    const clip = fs.readFileSync(await makeMp4(c.dir, { seconds: 20 }));
    const from = extractor.mark();
    const submit = await c.acme.submitFile('/classify/items-characteristics/video', { data: clip, filename: 'term.mp4', type: 'video/mp4' });
    const jobId = submit.body.job_id as string;
    await extractor.waitForLog(new RegExp(`"job_id":"${jobId}"[^\\n]*"msg":"stage message received"`), 120_000, from);
    await extractor.stop('SIGTERM');
    expect(extractor.proc!.exitCode).toBe(0);
    expect(extractor.outputSince(from)).toMatch(/"msg":"stopped"/);
    await extractor.start(180_000);
    const done = await c.acme.waitForJob(`/classify/items-characteristics/video/${jobId}`, 240_000);
    expect(done.body.status, JSON.stringify(done.body)).toBe('done');
  }, 600_000);
});
