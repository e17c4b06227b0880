// The client against a running all-in-one, as a caller would use it: a JPEG with a caption through
// POST /v1/moderate until the decision, a classification job waited for, and the moderation callback
// the service really sends verified with verifyWebhook.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOneDeployment, type Deployment } from '../../../test/helpers/deployments.ts';
import { makeJpeg } from '../../../test/helpers/media.ts';
import { startReceiver, type Receiver } from '../../../test/helpers/receiver.ts';
import { InMemorySeenWebhookIds, ModerationClient, NotFoundError, verifyWebhook } from '../src/index.ts';

describe('@modsvc/client against all-in-one', () => {
  let deployment: Deployment;
  let receiver: Receiver;
  let client: ModerationClient;

  beforeAll(async () => {
    [deployment, receiver] = await Promise.all([startAllInOneDeployment(), startReceiver()]);
    client = new ModerationClient({ baseUrl: deployment.url, apiKey: deployment.tenants.acme.apiKey });
  }, 200_000);

  afterAll(async () => {
    await receiver?.close();
    await deployment?.stop();
  });

  it('moderates a JPEG with a caption, waits for the decision, and verifies the signed callback', async () => {
    const jpeg = await makeJpeg();
    const answer = await client.moderate({
      file: { data: jpeg, filename: 'photo.jpg', type: 'image/jpeg' },
      caption: 'have a nice day',
      externalId: 'post-42',
      callbackUrl: `${receiver.url}/hooks/moderation?ref=42`,
    });
    const decision = await client.wait(answer.moderation_job_id, { timeoutMs: 90_000 });
    if (decision.is_error) throw new Error(`classification failed: ${decision.error_message}`);
    expect(decision).toMatchObject({ moderation_job_id: answer.moderation_job_id, external_id: 'post-42', content_type: 'image', is_error: false });
    expect(['approve', 'pending_review', 'reject']).toContain(decision.decision);
    expect(decision.policy_categories.map((c) => c.name)).toContain('HATE_SPEECH');

    const call = await receiver.waitFor((c) => c.url === '/hooks/moderation?ref=42' && c.body.includes(answer.moderation_job_id), 60_000);
    const seen = new InMemorySeenWebhookIds();
    const input = { headers: call.headers, body: call.body, secrets: [deployment.tenants.acme.signingSecret!], seen };
    const verdict = await verifyWebhook(input);
    expect(verdict).toMatchObject({ ok: true, id: `moderation.result:${answer.moderation_job_id}.1`, scheme: 'standard-webhooks' });
    expect(verdict.ok && verdict.payload).toMatchObject({ moderation_job_id: answer.moderation_job_id, decision: decision.decision });
    expect(await verifyWebhook(input)).toMatchObject({ ok: false, reason: 'duplicate' });
    expect(await verifyWebhook({ ...input, seen: null, secrets: ['whsec_not_the_tenants'] })).toMatchObject({ ok: false, reason: 'bad_signature' });
  });

  it('submits a classification job and waits for its result', async () => {
    const job = await client.submit('items-characteristics', 'image', { file: { data: await makeJpeg(320, 240), filename: 'small.jpg', type: 'image/jpeg' }, caption: 'hello there' });
    const view = await client.wait(job, { timeoutMs: 90_000 });
    expect(view.status).toBe('done');
    if (view.status === 'done') expect(Object.keys(view.results.caption_language_toxicity)).toContain('toxicity');
  });

  it('classifies by policy in the request (/now)', async () => {
    const { job, answer } = await client.classifyPolicyImageNow({ file: { data: await makeJpeg(200, 200), filename: 'now.jpg', type: 'image/jpeg' } });
    const view = answer.status === 'queued' ? await client.wait(job, { timeoutMs: 90_000 }) : answer;
    expect(view.status).toBe('done');
    if (view.status === 'done') expect(view.results.policy_categories.map((c) => c.name)).toContain('ARMS_AMMO');
  });

  it('answers an unknown moderation job with NotFoundError', async () => {
    await expect(client.moderation('vmod_doesnotexist000000')).rejects.toBeInstanceOf(NotFoundError);
  });
});
