// What a dashboard needs to have something to show: a few jobs of each kind through the public API.
// An image with a caption to POST /moderate (decided by the rules), an items job, one that fails, a
// caption a reviewer decides, and webhooks that are delivered, retried (500) and given up on (410 Gone).
import { expect } from 'vitest';
import { ApiClient } from '../helpers/api.ts';
import type { Deployment } from '../helpers/deployments.ts';
import { makeJpeg, makePng } from '../helpers/media.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';

async function client(deployment: Deployment, key: string): Promise<ApiClient> {
  const api = new ApiClient(deployment.url);
  const auth = await api.authenticate(key);
  expect(auth.status, JSON.stringify(auth.body)).toBe(200);
  return api;
}

/** POST /moderate, then polls until the decision is there. */
async function moderate(api: ApiClient, image: Buffer, fields: Record<string, string>): Promise<Record<string, unknown>> {
  let r = await api.submitFile('/moderate', { data: image, filename: 'photo.jpg', type: 'image/jpeg' }, fields);
  expect([200, 202], JSON.stringify(r.body)).toContain(r.status);
  const id = String(r.body.moderation_job_id);
  for (const deadline = Date.now() + 120_000; r.body.decision === undefined && Date.now() < deadline; ) {
    await new Promise((res) => setTimeout(res, 500));
    r = await api.get(`/moderate/${id}`);
  }
  expect(r.body.decision, JSON.stringify(r.body)).toBeDefined();
  return r.body;
}

async function itemsJob(api: ApiClient, data: Buffer, type: string, callbackUrl: string): Promise<string> {
  const submit = await api.submitFile('/classify/items-characteristics/image', { data, filename: `item.${type.split('/')[1]}`, type }, { callback_url: callbackUrl });
  expect(submit.status, JSON.stringify(submit.body)).toBe(200);
  const done = await api.waitForJob(`/classify/items-characteristics/image/${String(submit.body.job_id)}`, 120_000);
  return String(done.body.status);
}

/** A term-only custom category, so that a caption naming it is escalated for review (medium risk). */
const COSMETICS_POLICY = {
  categories: [{ name: 'COSMETICS', description: 'Make-up and beauty products.', signals: [{ terms: ['lipstick'], weight: 0.6 }], thresholds: { HIGH: 0.8, MEDIUM: 0.5, LOW: 0.2 } }],
  moderation: { reject: ['HIGH'], review: ['MEDIUM'] },
};

/**
 * Sends the traffic; `beforeReview` runs while the escalated item waits in the queue (so that a scrape
 * sees the queue at 1 before the reviewer empties it).
 */
export async function sendDashboardTraffic(deployment: Deployment, beforeReview: () => Promise<void>): Promise<void> {
  const receivers: Receiver[] = [];
  try {
    const [ok, failing, gone] = await Promise.all([startReceiver(), startReceiver(), startReceiver()]);
    receivers.push(ok, failing, gone);
    failing.status = 500;
    gone.status = 410;
    const acme = await client(deployment, deployment.tenants.acme.apiKey);
    const jpeg = await makeJpeg();

    const automated = await moderate(acme, jpeg, { caption: 'Sunset over the harbour', callback_url: `${ok.url}/hooks/moderation` });
    expect(automated.decision_type).toBe('fully_automated');
    expect(await itemsJob(acme, await makePng(), 'image/png', `${ok.url}/hooks/items`)).toBe('done');
    expect(await itemsJob(acme, jpeg, 'image/jpeg', `${failing.url}/hooks/items`)).toBe('done');
    expect(await itemsJob(acme, jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg', `${gone.url}/hooks/items`)).toBe('failed');

    const umbrella = deployment.tenants.umbrella;
    const caller = await client(deployment, umbrella.apiKey);
    const published = await caller.request('PUT', '/policy', { data: JSON.stringify(COSMETICS_POLICY), type: 'application/json' });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const escalated = await moderate(caller, jpeg, { caption: 'Our new lipstick shade, out now' });
    expect(escalated.decision, JSON.stringify(escalated)).toBe('pending_review');
    await beforeReview();
    const reviewer = await client(deployment, umbrella.reviewers[0]!.key);
    const id = String(escalated.moderation_job_id);
    expect((await reviewer.postJson(`/review/${id}/claim`, {})).status).toBe(200);
    const decided = await reviewer.postJson(`/review/${id}/decision`, { decision: 'approve', reason: 'A product photo; nothing to hide.' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);

    // Each receiver has had its first attempt: delivered, failed (retried in 5 s), gone (given up).
    for (const r of [ok, failing, gone]) await r.waitFor(() => true, 60_000);
    await ok.waitFor((c) => c.url === '/hooks/moderation', 60_000);
  } finally {
    for (const r of receivers) await r.close();
  }
}
