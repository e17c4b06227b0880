// The trust-and-safety workflow end to end, in both run modes: a Premium tenant publishes a policy with a
// custom COSMETICS category (a term list and example images); a caller sends an image with a caption naming a lipstick to POST /moderate
// with a callback; the answer is pending_review; a reviewer signs in to the console in headless Chromium,
// sees the item blurred until revealed and rejects it by keyboard; the caller's receiver gets the signed
// human_reviewed webhook; the caller appeals, a second reviewer approves, a second webhook arrives; the
// audit trail shows every step. A reviewer of another tenant never sees the item.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { verifyStandardWebhook } from '@modsvc/common/standard-webhooks';
import { ApiClient } from '../helpers/api.ts';
import { startAllInOneDeployment, startDistributedDeployment, type Deployment } from '../helpers/deployments.ts';
import { makeJpeg } from '../helpers/media.ts';
import { startReceiver, type ReceivedCall, type Receiver } from '../helpers/receiver.ts';
import { assertMediaHidden, assertMediaRevealed, closeConsole, decideByKeyboard, hasChromium, openConsole, openFirstItem, reveal, screenshot, signIn } from '../helpers/review-console.ts';

/** A custom category from a term list and example images (stored as embeddings, never as images). */
async function cosmeticsPolicy() {
  const examples = [await makeJpeg(320, 240, { r: 190, g: 30, b: 60 }), await makeJpeg(320, 240, { r: 220, g: 90, b: 120 })];
  return {
    categories: [
      {
        name: 'COSMETICS',
        description: 'Make-up and beauty products.',
        signals: [
          { terms: ['lipstick', 'mascara'], weight: 0.6 },
          { examples: examples.map((e) => ({ image_base64: e.toString('base64') })), weight: 0.9 },
        ],
        thresholds: { HIGH: 0.8, MEDIUM: 0.5, LOW: 0.2 },
      },
    ],
    moderation: { reject: ['HIGH'], review: ['MEDIUM'] },
  };
}

const MODES: [string, () => Promise<Deployment>][] = [
  ['all-in-one', () => startAllInOneDeployment()],
  ['distributed', () => startDistributedDeployment()],
];

describe.each(MODES)('review workflow (%s)', (_mode, start) => {
  let deployment: Deployment;
  let receiver: Receiver;
  let caller: ApiClient;
  let pages: Page[] = [];
  let moderationJobId = '';

  beforeAll(async () => {
    [deployment, receiver] = await Promise.all([start(), startReceiver()]);
    caller = new ApiClient(deployment.url);
    await caller.authenticate(deployment.tenants.umbrella.apiKey);
  }, 240_000);

  afterAll(async () => {
    for (const p of pages) await closeConsole(p).catch(() => undefined);
    pages = [];
    await receiver?.close();
    await deployment?.stop();
  });

  const reviewerKey = (id: string) => deployment.tenants.umbrella.reviewers.find((r) => r.id === id)!.key;
  const webhook = (n: number) => receiver.waitFor((c) => c.headers['webhook-id'] === `moderation.result:${moderationJobId}.${n}`, 60_000);
  const verified = (call: ReceivedCall) => verifyStandardWebhook({ headers: call.headers, body: call.body, secrets: [deployment.tenants.umbrella.signingSecret!] });

  async function reviewerClient(key: string): Promise<ApiClient> {
    const client = new ApiClient(deployment.url);
    const auth = await client.authenticate(key);
    expect(auth.status, JSON.stringify(auth.body)).toBe(200);
    return client;
  }

  it('a caption naming a lipstick, sent to POST /moderate with the content, waits for review', async () => {
    const published = await caller.request('PUT', '/policy', { data: JSON.stringify(await cosmeticsPolicy()), type: 'application/json' });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const stored = JSON.stringify(published.body);
    expect(stored).not.toContain('image_base64');
    expect(stored).toMatch(/"sha256":"[0-9a-f]{64}","embedding":"/);

    const r = await caller.submitFile('/moderate', { data: await makeJpeg(), filename: 'shade.jpg', type: 'image/jpeg' }, {
      caption: 'Our new L1pstick shade, out now',
      external_id: 'post-981',
      callback_url: `${receiver.url}/hooks/moderation`,
    });
    expect([200, 202], JSON.stringify(r.body)).toContain(r.status);
    moderationJobId = String(r.body.moderation_job_id);
    expect(moderationJobId).toMatch(/^vmod_/);
    let result = r.body;
    for (const deadline = Date.now() + 90_000; result.decision === undefined && Date.now() < deadline; ) {
      await new Promise((res) => setTimeout(res, 500));
      result = (await caller.get(`/moderate/${moderationJobId}`)).body;
    }
    expect(result).toMatchObject({
      moderation_job_id: moderationJobId,
      external_id: 'post-981',
      content_type: 'image',
      decision: 'pending_review',
      decision_type: 'escalated',
      escalate: true,
      escalate_reasons: ['medium_risk_cosmetics'],
      is_error: false,
      policy_categories: [{ name: 'COSMETICS', risk_level: 'medium' }],
      policy_version: published.body.version,
    });
    const first = await webhook(1);
    expect(verified(first)).toMatchObject({ ok: true });
    expect(JSON.parse(first.body.toString())).toMatchObject({ moderation_job_id: moderationJobId, decision: 'pending_review' });
  }, 150_000);

  it('a reviewer of another tenant, and a caller token, cannot reach the item', async () => {
    const mallory = await reviewerClient(deployment.tenants.acme.reviewers[0]!.key);
    expect((await mallory.get('/review/queue')).body).toEqual({ items: [] });
    expect((await mallory.get(`/review/${moderationJobId}`)).status).toBe(404);
    expect((await mallory.postJson(`/review/${moderationJobId}/claim`, {})).status).toBe(404);
    expect((await mallory.postJson(`/review/${moderationJobId}/decision`, { decision: 'approve', categories: [], reason: 'x' })).status).toBe(404);
    expect((await mallory.get(`/review/${moderationJobId}/frames/0`)).status).toBe(404);
    expect((await mallory.get('/classify/policy/image/job_x')).status).toBe(403);
    expect((await caller.get('/review/queue')).status).toBe(403);
  });

  it('the first reviewer rejects it in the console by keyboard, media blurred until revealed; the caller gets the signed human_reviewed webhook', async () => {
    if (!hasChromium()) throw new Error('Debian chromium is missing: make test installs it (mk/browser.mk)');
    const page = await openConsole(deployment.url);
    pages.push(page);
    await signIn(page, reviewerKey('alice'));
    expect(await openFirstItem(page, moderationJobId)).toBe(moderationJobId);
    await assertMediaHidden(page);
    // REVIEW_CONSOLE_SCREENSHOT=<path>: the docs' picture of the console, taken on the real pipeline.
    const shot = process.env.REVIEW_CONSOLE_SCREENSHOT;
    if (shot && deployment.mode === 'all-in-one') await screenshot(page, shot);
    expect(await page.getByTestId('caption').textContent()).toContain('L1pstick');
    await reveal(page, 'click');
    await assertMediaRevealed(page);
    await decideByKeyboard(page, 'reject', 'Cosmetics promotions are not allowed here');

    const second = await webhook(2);
    expect(verified(second)).toMatchObject({ ok: true });
    expect(JSON.parse(second.body.toString())).toMatchObject({
      moderation_job_id: moderationJobId,
      decision: 'reject',
      decision_type: 'human_reviewed',
      reviewed_by: 'alice',
      review_reason: 'Cosmetics promotions are not allowed here',
    });
    expect((await caller.get(`/moderate/${moderationJobId}`)).body).toMatchObject({ decision: 'reject', decision_type: 'human_reviewed' });
  }, 120_000);

  it('the caller appeals; the first reviewer may not take it, a second one approves it; a second decision webhook arrives', async () => {
    const appeal = await caller.postJson(`/moderate/${moderationJobId}/appeal`, { reason: 'It is a photo of our own product shoot, not an ad.' });
    expect(appeal.status, JSON.stringify(appeal.body)).toBe(200);
    expect(appeal.body).toMatchObject({ kind: 'appeal', state: 'queued' });

    const alice = await reviewerClient(reviewerKey('alice'));
    expect(((await alice.get('/review/queue')).body.items as unknown[]).length).toBe(0);
    expect((await alice.postJson(`/review/${moderationJobId}/claim`, {})).status).toBe(409);

    const page = await openConsole(deployment.url);
    pages.push(page);
    await signIn(page, reviewerKey('bob'));
    await openFirstItem(page, moderationJobId);
    await assertMediaHidden(page);
    await decideByKeyboard(page, 'approve', 'Product shoot, allowed on appeal');

    const third = await webhook(3);
    expect(verified(third)).toMatchObject({ ok: true });
    expect(JSON.parse(third.body.toString())).toMatchObject({ decision: 'approve', decision_type: 'human_reviewed', reviewed_by: 'bob', appeal: true });
  }, 120_000);

  it('GET /audit shows every step, who took it, and the policy version', async () => {
    const trail = await caller.get(`/audit?moderation_job_id=${moderationJobId}`);
    expect(trail.status, JSON.stringify(trail.body)).toBe(200);
    // Newest first: read it back to front to follow the steps.
    const records = [...(trail.body.records as { action: string; actor: { kind: string; id: string }; policy_version: string | null; input_sha256: string | null }[])].reverse();
    expect(trail.body.next_cursor).toBeNull();
    expect(records.map((r) => [r.action, r.actor.kind, r.actor.id])).toEqual([
      ['moderation.requested', 'caller', 'umbrella'],
      ['moderation.decided', 'system', 'moderator'],
      ['review.queued', 'system', 'moderator'],
      ['review.claimed', 'reviewer', 'alice'],
      ['review.decided', 'reviewer', 'alice'],
      ['appeal.requested', 'caller', 'umbrella'],
      ['review.queued', 'system', 'moderator'],
      ['review.claimed', 'reviewer', 'bob'],
      ['review.decided', 'reviewer', 'bob'],
    ]);
    expect(records.slice(1).every((r) => /^v\d+$/.test(r.policy_version ?? ''))).toBe(true);
    expect(records.every((r) => /^[0-9a-f]{64}$/.test(r.input_sha256 ?? ''))).toBe(true);
    const published = await caller.get(`/audit?from=${encodeURIComponent(new Date(Date.now() - 3600_000).toISOString())}`);
    expect((published.body.records as { action: string }[]).map((r) => r.action)).toContain('policy.published');
  });
});
