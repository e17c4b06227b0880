// The trust-and-safety workflow end to end, in both run modes: a Premium tenant publishes a policy with a
// custom COSMETICS category (a term list and example images); a caller sends an image with a caption naming a lipstick to POST /moderate
// with a callback; the answer is pending_review; a reviewer signs in to the console in headless Chromium,
// sees the item blurred until revealed and rejects it by keyboard; the caller's receiver gets the signed
// human_reviewed webhook (verified with the Standard Webhooks library from npm too), which names the
// reviewer by a pseudonym and leaves the reason out; the caller appeals, a second reviewer approves, a
// second webhook arrives; a second appeal is refused; the audit trail shows every step. A reviewer of
// another tenant never sees the item. Then claims: opening an item does not claim it, a reviewer holds at
// most three at once, and releases one to take another. Then a shift: the queue in due order (umbrella's
// escalations are overdue after 3.6 s), its filters, and the supervisor view of the tenant admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
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
  /**
   * The receiver's check with the reference library (npm standardwebhooks): it takes the secret as
   * "whsec_" + base64 of the key bytes, and our key is the secret's UTF-8 bytes (docs/api.md). Throws unless
   * the signature and timestamp hold; returns the parsed body.
   */
  const verifiedByLibrary = (call: ReceivedCall) => {
    const secret = `whsec_${Buffer.from(deployment.tenants.umbrella.signingSecret!, 'utf8').toString('base64')}`;
    const headers = { 'webhook-id': String(call.headers['webhook-id']), 'webhook-timestamp': String(call.headers['webhook-timestamp']), 'webhook-signature': String(call.headers['webhook-signature']) };
    return new Webhook(secret).verify(call.body, headers) as Record<string, unknown>;
  };
  /** A pseudonymous reviewer id, as results carry by default (review.reviewer_in_results: pseudonym). */
  const PSEUDONYM = /^rvw_[A-Za-z0-9_-]{22}$/;
  let alicePseudonym = '';

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
      escalate_reasons: expect.arrayContaining(['medium_risk_cosmetics']),
      is_error: false,
      policy_version: published.body.version,
    });
    // The custom category first, then the Standard ones the document extends (docs/api.md, Policies).
    const categories = result.policy_categories as { name: string; risk_level: string }[];
    expect(categories[0]).toEqual({ name: 'COSMETICS', risk_level: 'medium' });
    expect(categories.map((c) => c.name).slice(1).sort()).toEqual(['ARMS_AMMO', 'DEATH_INJURY_MILITARY', 'DRUGS', 'HARASSMENT', 'HATE_SPEECH', 'SELF_HARM', 'SEXUAL']);
    const first = await webhook(1);
    expect(verified(first)).toMatchObject({ ok: true });
    expect(JSON.parse(first.body.toString())).toMatchObject({ moderation_job_id: moderationJobId, decision: 'pending_review' });
  }, 150_000);

  it('a reviewer of another tenant, and a caller token, cannot reach the item', async () => {
    const mallory = await reviewerClient(deployment.tenants.acme.reviewers[0]!.key);
    expect((await mallory.get('/review/queue')).body).toEqual({ items: [], overdue: 0, categories: [], reasons: [] });
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
    const body = verifiedByLibrary(second);
    expect(body).toMatchObject({ moderation_job_id: moderationJobId, decision: 'reject', decision_type: 'human_reviewed', reviewed_by: expect.stringMatching(PSEUDONYM) });
    // The reviewer's id and free-text reason stay in the account (review routes, audit trail), not in the webhook.
    expect(body).not.toHaveProperty('review_reason');
    expect(second.body.toString()).not.toMatch(/alice|Cosmetics promotions/);
    alicePseudonym = String(body.reviewed_by);
    // A tampered body fails the library's check.
    expect(() => verifiedByLibrary({ ...second, body: Buffer.from(second.body.toString().replace('"reject"', '"approve"')) })).toThrow();
    expect((await caller.get(`/moderate/${moderationJobId}`)).body).toMatchObject({ decision: 'reject', decision_type: 'human_reviewed', reviewed_by: alicePseudonym });
  }, 120_000);

  it('the caller appeals; the first reviewer may not take it, a second one approves it; a second decision webhook arrives', async () => {
    const appeal = await caller.postJson(`/moderate/${moderationJobId}/appeal`, { reason: 'It is a photo of our own product shoot, not an ad.' });
    expect(appeal.status, JSON.stringify(appeal.body)).toBe(200);
    expect(appeal.body).toMatchObject({ kind: 'appeal', state: 'queued', queue: 'reviewers', decisions: [{ reviewer_id: alicePseudonym, decision: 'reject' }] });
    expect(JSON.stringify(appeal.body)).not.toMatch(/alice|Cosmetics promotions/);

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
    const body = verifiedByLibrary(third);
    expect(body).toMatchObject({ decision: 'approve', decision_type: 'human_reviewed', reviewed_by: expect.stringMatching(PSEUDONYM), appeal: true });
    expect(body.reviewed_by).not.toBe(alicePseudonym);
    expect(body).not.toHaveProperty('review_reason');
  }, 120_000);

  it('a second appeal is refused with 409 (one appeal per item by default): the appeal decision is final', async () => {
    const again = await caller.postJson(`/moderate/${moderationJobId}/appeal`, { reason: 'Please look once more.' });
    expect(again).toMatchObject({ status: 409, body: { error: 'conflict', message: expect.stringMatching(/appealed once, the most this account allows per item \(review\.appeals_per_item: 1\)/) } });
    expect((await caller.get(`/moderate/${moderationJobId}`)).body).toMatchObject({ decision: 'approve', appeal: true });
    const bob = await reviewerClient(reviewerKey('bob'));
    expect(((await bob.get('/review/queue')).body.items as unknown[]).length).toBe(0);
    expect(receiver.calls.filter((c) => String(c.headers['webhook-id']).startsWith(`moderation.result:${moderationJobId}.`))).toHaveLength(3);
  });

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

  it('claims: reading an item does not claim it; a reviewer holds at most three at once (409 beyond), and releases one to take another', async () => {
    // Four more items from the same policy job: the rules escalate each at once.
    const classificationJobId = String((await caller.get(`/moderate/${moderationJobId}`)).body.classification_job_id);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await caller.postJson('/moderate', { classification_job_id: classificationJobId, external_id: `claims-${i}` });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ decision: 'pending_review' });
      ids.push(String(r.body.moderation_job_id));
    }
    const alice = await reviewerClient(reviewerKey('alice'));
    const bob = await reviewerClient(reviewerKey('bob'));

    const viewed = await bob.get(`/review/${ids[0]}`);
    expect(viewed).toMatchObject({ status: 200, body: { state: 'queued', claimed_by: null, lease_expires_at: null } });
    for (const id of ids.slice(0, 3)) expect((await alice.postJson(`/review/${id}/claim`, {})).status).toBe(200);
    const fourth = await alice.postJson(`/review/${ids[3]}/claim`, {});
    expect(fourth).toMatchObject({ status: 409, body: { error: 'conflict', message: expect.stringMatching(/already hold 3 claimed items .*review\.claims_per_reviewer: 3.*release/) } });

    // The queue shows alice's claims with their leases; bob sees only what he may take.
    const queue = (await alice.get('/review/queue')).body.items as { moderation_job_id: string; state: string; claimed_by: string | null; lease_expires_at: string | null }[];
    const held = queue.filter((i) => i.state === 'claimed');
    expect(held.map((i) => i.moderation_job_id).sort()).toEqual(ids.slice(0, 3).sort());
    expect(held.every((i) => i.claimed_by === 'alice' && Date.parse(i.lease_expires_at ?? '') > Date.now())).toBe(true);
    expect(((await bob.get('/review/queue')).body.items as { moderation_job_id: string }[]).map((i) => i.moderation_job_id)).toEqual([ids[3]]);

    expect((await bob.postJson(`/review/${ids[0]}/release`, {})).status).toBe(409);
    const released = await alice.postJson(`/review/${ids[0]}/release`, {});
    expect(released).toMatchObject({ status: 200, body: { moderation_job_id: ids[0], state: 'queued', claimed_by: null, lease_expires_at: null } });
    expect((await alice.postJson(`/review/${ids[3]}/claim`, {})).status).toBe(200);
    expect((await bob.postJson(`/review/${ids[0]}/claim`, {})).status).toBe(200);

    const trail = await caller.get(`/audit?moderation_job_id=${ids[0]}`);
    expect([...(trail.body.records as { action: string; actor: { id: string } }[])].reverse().map((r) => [r.action, r.actor.id])).toEqual([
      ['moderation.requested', 'umbrella'],
      ['moderation.decided', 'moderator'],
      ['review.queued', 'moderator'],
      ['review.claimed', 'alice'],
      ['review.released', 'alice'],
      ['review.claimed', 'bob'],
    ]);
  }, 120_000);

  it('a shift: earliest due first (an overdue escalation before a fresh appeal of higher priority), the filters, and the supervisor view for the tenant admin only', async () => {
    const classificationJobId = String((await caller.get(`/moderate/${moderationJobId}`)).body.classification_job_id);
    const moderate = async (externalId: string) => {
      const r = await caller.postJson('/moderate', { classification_job_id: classificationJobId, external_id: externalId });
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ decision: 'pending_review' });
      return String(r.body.moderation_job_id);
    };
    const [alice, bob, carol] = await Promise.all([reviewerClient(reviewerKey('alice')), reviewerClient(reviewerKey('bob')), reviewerClient(reviewerKey('carol'))]);
    const escalation = await moderate('shift-escalation');
    // Carol (a tenant admin) rejects another; the caller appeals it: an appeal (priority 100) due in 24 h.
    const appealed = await moderate('shift-appeal');
    expect((await carol.postJson(`/review/${appealed}/claim`, {})).status).toBe(200);
    expect((await carol.postJson(`/review/${appealed}/decision`, { decision: 'reject', categories: [], reason: 'a lipstick ad' })).status).toBe(200);
    expect((await caller.postJson(`/moderate/${appealed}/appeal`, { reason: 'our own shoot' })).status).toBe(200);

    type Item = { moderation_job_id: string; kind: string; priority: number; overdue: boolean; due_at: string };
    type Page = { items: Item[]; overdue: number; categories: { name: string }[]; reasons: { name: string }[] };
    const bobsQueue = async () => (await bob.get('/review/queue')).body as Page;
    // The escalation's 3.6 s SLA runs out.
    await expect.poll(async () => (await bobsQueue()).items.find((i) => i.moderation_job_id === escalation)?.overdue, { timeout: 30_000, interval: 500 }).toBe(true);
    const queue = await bobsQueue();
    const ids = queue.items.map((i) => i.moderation_job_id);
    expect(ids).toEqual(expect.arrayContaining([escalation, appealed]));
    expect(ids.indexOf(escalation)).toBeLessThan(ids.indexOf(appealed));
    const [esc, app] = [escalation, appealed].map((id) => queue.items.find((i) => i.moderation_job_id === id)!);
    expect(esc).toMatchObject({ kind: 'escalation', overdue: true });
    expect(app).toMatchObject({ kind: 'appeal', priority: 100, overdue: false });
    expect(Date.parse(app!.due_at) - Date.now()).toBeGreaterThan(23 * 3600_000);
    // Overdue items lead; due times never go down.
    const firstOnTime = queue.items.findIndex((i) => !i.overdue);
    expect(queue.items.slice(firstOnTime).every((i) => !i.overdue)).toBe(true);
    expect(queue.overdue).toBe(firstOnTime);
    const due = queue.items.map((i) => Date.parse(i.due_at));
    expect(due).toEqual([...due].sort((a, b) => a - b));
    expect(queue.categories.map((c) => c.name)).toContain('COSMETICS');
    expect(queue.reasons.map((r) => r.name)).toEqual(expect.arrayContaining(['appeal', 'medium_risk_cosmetics']));

    const filtered = async (q: string) => ((await bob.get(`/review/queue?${q}`)).body.items as Item[]).map((i) => i.moderation_job_id);
    expect(await filtered('reason=appeal')).toEqual([appealed]);
    expect(await filtered('kind=escalation')).toContain(escalation);
    expect(await filtered('kind=escalation')).not.toContain(appealed);
    expect(await filtered('category=cosmetics')).toEqual(expect.arrayContaining([escalation, appealed]));
    expect(await filtered('category=DRUGS')).toEqual([]);
    expect((await bob.get('/review/queue?kind=urgent')).status).toBe(422);

    // The supervisor's statistics: carol only.
    expect((await alice.get('/review/stats')).status).toBe(403);
    const stats = await carol.get('/review/stats');
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    const kinds = Object.fromEntries((stats.body.queues as { kind: string; depth: number; overdue: number; sla_hours: number }[]).map((q) => [q.kind, q]));
    expect(kinds.escalation).toMatchObject({ sla_hours: 0.001 });
    expect(kinds.escalation!.overdue).toBeGreaterThanOrEqual(5);
    expect(kinds.escalation!.depth).toBe(kinds.escalation!.overdue);
    expect(kinds.appeal).toMatchObject({ depth: 1, overdue: 0, sla_hours: 24 });
    const reviewers = Object.fromEntries((stats.body.reviewers as { reviewer_id: string; decisions: number }[]).map((r) => [r.reviewer_id, r.decisions]));
    expect(reviewers).toEqual({ alice: 1, bob: 1, carol: 1 });
    // Bob's approval of the appeal overturned alice's reject; escalations overturn nothing.
    expect(stats.body.overturns).toEqual(
      expect.arrayContaining([
        { kind: 'appeal', decisions: 1, compared: 1, overturned: 1, overturn_rate: 1 },
        { kind: 'escalation', decisions: 2, compared: 0, overturned: 0, overturn_rate: null },
      ]),
    );

    // In the console: the admin's supervisor view.
    const page = await openConsole(deployment.url);
    pages.push(page);
    await signIn(page, reviewerKey('carol'));
    await page.getByTestId('supervisor-button').waitFor({ state: 'visible' });
    await page.keyboard.press('s');
    await page.locator('[data-testid="supervisor"][data-loaded]').waitFor({ state: 'visible' });
    expect(await page.locator('[data-testid="supervisor-queue-row"][data-kind="escalation"]').getAttribute('data-overdue')).toBe(String(kinds.escalation!.overdue));
    expect(await page.getByTestId('supervisor-reviewer-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-reviewer-id')).sort())).toEqual(['alice', 'bob', 'carol']);
  }, 120_000);
});
