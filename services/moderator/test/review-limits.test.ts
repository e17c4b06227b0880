// Issue 23 on a real embedded workflow store: appeals end (per item, per hour, and never queued when no
// reviewer is left: the admin queue or a refusal), claims (viewing is not claiming, release, the cap per
// reviewer, leases in the queue), what `overturned` means per review kind, what results and webhooks say
// about the reviewer, and the media of items in review kept until they are decided.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditRecord, ModerationJob, PolicyResult } from '@modsvc/common/domain/index';
import type { JobRecord } from '@modsvc/common/jobs';
import type { TenantRegistry } from '@modsvc/common/tenants';
import { newJobRecord } from '../../../packages/common/test/fixtures.ts';
import { newReview, PRIORITY } from '../src/automated.ts';
import { holdIntervalMs, renewReviewMedia } from '../src/media-hold.ts';
import { PSEUDONYM_KEY_FILE, PSEUDONYM_PATTERN, pseudonymizer, pseudonymKey } from '../src/reviewer-identity.ts';
import { moderatorOver, RecordingMedia, testTenants, TEST_PSEUDONYM_KEY, useWorkflowStore } from './moderator-runtime.ts';

const category = (name: string, level: 'HIGH' | 'MEDIUM' | 'NONE', score: number) => ({ name, description: name, score, risk_level: level, triggered_by: 'x' });
const results = (level: 'HIGH' | 'MEDIUM' | 'NONE', score: number): PolicyResult => ({
  policy_categories: [category('SEXUAL', level, score)],
  url: 'https://example.com/a.jpg',
  tier: 'standard',
  policy_table_version: 'standard-2026-11-22',
  policy_version: 'standard-2026-11-22',
});
/** Standard rules: MEDIUM escalates, HIGH rejects, NONE approves. */
const ESCALATES = results('MEDIUM', 0.6);
const REJECTS = results('HIGH', 0.9);
const APPROVES = results('NONE', 0.05);
const SETTINGS = { REVIEW_LEASE_SECONDS: 60, MODERATION_WAIT_SECONDS: 1 };
const CALLBACK = 'https://hooks.example.com/m';

const workflowStore = useWorkflowStore();

afterEach(() => {
  vi.useRealTimers();
});

const ref = (tenantId: string, reviewerId: string) => ({ tenantId, reviewerId });

/** A moderator over `count` policy jobs of the tenant with these results; `moderate(i)` makes the i-th moderation job. */
function desk(opts: { tenant?: string; results?: PolicyResult; count?: number; tenants?: TenantRegistry; media?: RecordingMedia } = {}) {
  const tenantId = opts.tenant ?? 't1';
  const jobs: JobRecord[] = Array.from({ length: opts.count ?? 1 }, () => newJobRecord({ tenantId, product: 'policy', status: 'done', results: opts.results ?? ESCALATES }));
  const s = moderatorOver(jobs, workflowStore.store(), SETTINGS, undefined, { tenants: opts.tenants, media: opts.media });
  const moderate = async (i = 0) => {
    const reply = await s.moderator.moderate({ tenantId, classificationJobId: jobs[i]!.id, externalId: `ext-${i}`, callbackUrl: CALLBACK });
    return reply.result.moderation_job_id;
  };
  const audit = async (id: string): Promise<AuditRecord[]> => [...(await s.moderator.audit(tenantId, { moderation_job_id: id, limit: 100 })).records].reverse();
  return { ...s, tenantId, classificationJobs: jobs, moderate, audit };
}

/** Claims and decides in one go. */
async function decideAs(m: ReturnType<typeof desk>['moderator'], who: { tenantId: string; reviewerId: string }, id: string, decision: 'approve' | 'reject', reason = 'because') {
  await m.claim(who, id);
  return m.decide(who, id, { decision, categories: [], reason });
}

describe('appeals end', () => {
  const alice = ref('t1', 'alice');
  const bob = ref('t1', 'bob');

  it('one appeal per item by default: a second appeal is refused with 409 and changes nothing', async () => {
    const d = desk();
    const id = await d.moderate();
    await decideAs(d.moderator, alice, id, 'reject');
    await d.moderator.appeal('t1', id, { reason: 'a painting' });
    await decideAs(d.moderator, bob, id, 'approve');
    const webhooks = d.published.length;

    await expect(d.moderator.appeal('t1', id, { reason: 'again' })).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      message: expect.stringMatching(/appealed once, the most this account allows per item \(review\.appeals_per_item: 1\); its decision is final/),
    });
    expect((await d.moderator.getModeration('t1', id))?.result).toMatchObject({ decision: 'approve', appeal: true });
    expect(d.published).toHaveLength(webhooks);
    expect((await d.audit(id)).filter((r) => r.action === 'appeal.requested')).toHaveLength(1);
  });

  it('appeals_per_item 0 refuses every appeal; a higher cap allows that many, each to a reviewer who did not decide it', async () => {
    const none = desk({ tenants: testTenants([{ id: 't1', reviewers: ['alice', 'bob'], review: { appeals_per_item: 0 } }]), results: REJECTS });
    const rejected = await none.moderate();
    await expect(none.moderator.appeal('t1', rejected, { reason: 'x' })).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/takes no appeals/) });

    const two = desk({ tenants: testTenants([{ id: 't1', reviewers: ['alice', 'bob', 'carol'], review: { appeals_per_item: 2 } }]) });
    const id = await two.moderate();
    await decideAs(two.moderator, alice, id, 'reject');
    await two.moderator.appeal('t1', id, { reason: 'first' });
    await decideAs(two.moderator, bob, id, 'reject');
    const second = await two.moderator.appeal('t1', id, { reason: 'second' });
    expect(second).toMatchObject({ kind: 'appeal', state: 'queued', queue: 'reviewers' });
    await expect(two.moderator.claim(alice, id)).rejects.toMatchObject({ status: 409 });
    await expect(two.moderator.claim(bob, id)).rejects.toMatchObject({ status: 409 });
    await decideAs(two.moderator, ref('t1', 'carol'), id, 'approve');
    await expect(two.moderator.appeal('t1', id, { reason: 'third' })).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/appealed 2 times/) });
  });

  it('a tenant with one reviewer who decided the item: the appeal is refused with 409 at once, never queued for ever', async () => {
    const tenants = testTenants([{ id: 'solo', reviewers: ['sam'] }]);
    const d = desk({ tenant: 'solo', tenants });
    const id = await d.moderate();
    await decideAs(d.moderator, ref('solo', 'sam'), id, 'reject');
    await expect(d.moderator.appeal('solo', id, { reason: 'please look again' })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/No reviewer is left to decide an appeal of .*every reviewer of this account \(sam\) decided it before.*"admin": true/),
    });
    const stored = await workflowStore.store().getModeration('solo', id);
    expect(stored).toMatchObject({ status: 'decided', review: { state: 'done', kind: 'escalation' } });
    expect((await d.moderator.reviewQueue(ref('solo', 'sam'), 10)).items).toEqual([]);
    expect((await d.audit(id)).map((r) => r.action)).not.toContain('appeal.requested');
  });

  it('a tenant without reviewers refuses appeals of automated decisions too', async () => {
    const d = desk({ tenant: 'nobody', tenants: testTenants([{ id: 'nobody' }]), results: REJECTS });
    const id = await d.moderate();
    await expect(d.moderator.appeal('nobody', id, { reason: 'x' })).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/this account has no reviewers/) });
  });

  it('when only the tenant admins are left, the appeal waits in the admin queue: admins see and take it, other reviewers do not', async () => {
    const tenants = testTenants([{ id: 'small', reviewers: ['sam', { id: 'ada', admin: true }] }]);
    const d = desk({ tenant: 'small', tenants, count: 2 });
    const sam = ref('small', 'sam');
    const ada = ref('small', 'ada');
    const id = await d.moderate(0);
    // Admins review ordinary items too.
    expect((await d.moderator.reviewQueue(ada, 10)).items.map((i) => i.moderation_job_id)).toEqual([id]);
    await decideAs(d.moderator, sam, id, 'reject');

    const appealed = await d.moderator.appeal('small', id, { reason: 'wrong' });
    expect(appealed).toMatchObject({ kind: 'appeal', state: 'queued', queue: 'admins' });
    expect((await d.moderator.reviewQueue(sam, 10)).items).toEqual([]);
    await expect(d.moderator.claim(sam, id)).rejects.toMatchObject({ status: 409 });
    expect((await d.moderator.reviewQueue(ada, 10)).items.map((i) => [i.moderation_job_id, i.queue])).toEqual([[id, 'admins']]);
    expect(await decideAs(d.moderator, ada, id, 'approve')).toMatchObject({ decision: 'approve', appeal: true });
    const requested = (await d.audit(id)).find((r) => r.action === 'appeal.requested');
    expect(requested?.details).toMatchObject({ excluded_reviewers: ['sam'], queue: 'admins' });

    // The admin decided the other item: its appeal goes to the reviewer who did not.
    const other = await d.moderate(1);
    await decideAs(d.moderator, ada, other, 'reject');
    expect(await d.moderator.appeal('small', other, { reason: 'x' })).toMatchObject({ queue: 'reviewers' });
  });

  it('appeals_per_hour: past the cap 429 with the seconds until the oldest appeal leaves the hour, then appeals again', async () => {
    const tenants = testTenants([{ id: 't1', reviewers: ['alice', 'bob'], review: { appeals_per_hour: 2 } }]);
    const d = desk({ tenants, results: REJECTS, count: 3 });
    const ids = [await d.moderate(0), await d.moderate(1), await d.moderate(2)];
    await d.moderator.appeal('t1', ids[0]!, { reason: 'one' });
    await d.moderator.appeal('t1', ids[1]!, { reason: 'two' });
    const refused = await d.moderator.appeal('t1', ids[2]!, { reason: 'three' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited', message: expect.stringMatching(/2 appeals in the last hour.*review\.appeals_per_hour: 2/) });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(3500);
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect((await workflowStore.store().getModeration('t1', ids[2]!))?.status).toBe('decided');

    vi.useFakeTimers({ now: Date.now() + 3601_000, toFake: ['Date'] });
    expect(await d.moderator.appeal('t1', ids[2]!, { reason: 'three' })).toMatchObject({ kind: 'appeal' });
  });

  it("another tenant's appeals do not count against the cap", async () => {
    const tenants = testTenants([{ id: 't1', reviewers: ['alice'], review: { appeals_per_hour: 1 } }, { id: 't2', reviewers: ['mallory'], review: { appeals_per_hour: 1 } }]);
    const one = desk({ tenants, results: REJECTS });
    const two = desk({ tenant: 't2', tenants, results: REJECTS });
    await one.moderator.appeal('t1', await one.moderate(), { reason: 'x' });
    expect(await two.moderator.appeal('t2', await two.moderate(), { reason: 'x' })).toMatchObject({ kind: 'appeal' });
  });
});

describe('claims', () => {
  const alice = ref('t1', 'alice');
  const bob = ref('t1', 'bob');

  it('reading an item does not claim it', async () => {
    const d = desk();
    const id = await d.moderate();
    expect(await d.moderator.reviewItem(alice, id)).toMatchObject({ state: 'queued', claimed_by: null });
    expect(await d.moderator.reviewItem(alice, id)).toMatchObject({ state: 'queued', claimed_by: null });
    expect((await d.moderator.reviewQueue(bob, 10)).items.map((i) => i.moderation_job_id)).toEqual([id]);
    expect((await d.audit(id)).map((r) => r.action)).not.toContain('review.claimed');
  });

  it('the claim holder releases the item: back in the queue for anyone, audited; nobody else may release it', async () => {
    const d = desk();
    const id = await d.moderate();
    await d.moderator.claim(alice, id);
    await expect(d.moderator.release(bob, id)).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/You hold no claim .*another reviewer holds it/) });
    expect(await d.moderator.release(alice, id)).toMatchObject({ state: 'queued', claimed_by: null, lease_expires_at: null });
    await expect(d.moderator.release(alice, id)).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/nobody holds it/) });
    expect((await d.moderator.reviewQueue(bob, 10)).items.map((i) => [i.moderation_job_id, i.state])).toEqual([[id, 'queued']]);
    await d.moderator.claim(bob, id);
    await d.moderator.decide(bob, id, { decision: 'approve', categories: [], reason: 'fine' });
    await expect(d.moderator.release(bob, id)).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/already been decided/) });
    await expect(d.moderator.release(ref('t2', 'mallory'), id)).rejects.toMatchObject({ status: 404 });
    const trail = await d.audit(id);
    expect(trail.map((r) => [r.action, r.actor.id])).toEqual([
      ['moderation.requested', 't1'],
      ['moderation.decided', 'moderator'],
      ['review.queued', 'moderator'],
      ['review.claimed', 'alice'],
      ['review.released', 'alice'],
      ['review.claimed', 'bob'],
      ['review.decided', 'bob'],
    ]);
    expect(trail[4]!.details).toMatchObject({ kind: 'escalation' });
  });

  it('a lease that ran out is no claim to release; the item shows as queued, held by nobody', async () => {
    const d = desk();
    const id = await d.moderate();
    await d.moderator.claim(alice, id);
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    await expect(d.moderator.release(alice, id)).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/your lease ran out/) });
    expect((await d.moderator.reviewQueue(bob, 10)).items[0]).toMatchObject({ moderation_job_id: id, state: 'queued', claimed_by: null, lease_expires_at: null });
    expect(await d.moderator.reviewItem(bob, id)).toMatchObject({ state: 'queued', claimed_by: null });
  });

  it('a reviewer holds at most claims_per_reviewer (default 3) items at once: renewing one is fine, a fourth is 409 until one is released, decided or lapses', async () => {
    const d = desk({ count: 5 });
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await d.moderate(i));
    for (const id of ids.slice(0, 3)) await d.moderator.claim(alice, id);
    expect(await d.moderator.claim(alice, ids[0]!)).toMatchObject({ state: 'claimed', claimed_by: 'alice' });
    await expect(d.moderator.claim(alice, ids[3]!)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/You already hold 3 claimed items \(.*\), the most this account allows at once \(review\.claims_per_reviewer: 3\); decide or release one/),
    });
    // The queue shows the reviewer's own claims with their leases, and what they may take.
    const queue = (await d.moderator.reviewQueue(alice, 10)).items;
    expect(queue.filter((i) => i.state === 'claimed').map((i) => [i.moderation_job_id, i.claimed_by])).toEqual(ids.slice(0, 3).map((id) => [id, 'alice']));
    expect(queue.filter((i) => i.state === 'claimed').every((i) => Date.parse(i.lease_expires_at!) > Date.now())).toBe(true);
    // Others' caps are their own.
    await d.moderator.claim(bob, ids[3]!);

    await d.moderator.release(alice, ids[1]!);
    await d.moderator.claim(alice, ids[4]!);
    await expect(d.moderator.claim(alice, ids[1]!)).rejects.toMatchObject({ status: 409 });
    await d.moderator.decide(alice, ids[0]!, { decision: 'approve', categories: [], reason: 'fine' });
    await d.moderator.claim(alice, ids[1]!);

    // Leases that ran out do not count.
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    await d.moderator.claim(alice, ids[3]!);
  });

  it('claims_per_reviewer is a tenant setting', async () => {
    const d = desk({ count: 2, tenants: testTenants([{ id: 't1', reviewers: ['alice'], review: { claims_per_reviewer: 1 } }]) });
    const [a, b] = [await d.moderate(0), await d.moderate(1)];
    await d.moderator.claim(alice, a);
    await expect(d.moderator.claim(alice, b)).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/claims_per_reviewer: 1/) });
  });
});

describe('overturned: the human decision differs from the decision that stood', () => {
  const alice = ref('t1', 'alice');
  const bob = ref('t1', 'bob');

  async function decided(d: ReturnType<typeof desk>, id: string) {
    const r = (await d.audit(id)).filter((a) => a.action === 'review.decided').at(-1)!;
    return { overturned: r.details.overturned, previous: r.details.previous_decision };
  }

  /** An automated decision that was sampled for quality review (as review_sample_rate does). */
  async function sampled(d: ReturnType<typeof desk>, i = 0): Promise<string> {
    const id = await d.moderate(i);
    await workflowStore.store().updateModeration('t1', id, (j): ModerationJob => ({ ...j, review: newReview('quality_sample', PRIORITY.quality_sample, ['quality_sample'], new Date().toISOString()) }));
    return id;
  }

  it('an escalation: nothing stood (the rules said pending_review), so neither approve nor reject overturns', async () => {
    const d = desk({ count: 2 });
    const [a, b] = [await d.moderate(0), await d.moderate(1)];
    await decideAs(d.moderator, alice, a, 'approve');
    await decideAs(d.moderator, alice, b, 'reject');
    expect(await decided(d, a)).toEqual({ overturned: false, previous: null });
    expect(await decided(d, b)).toEqual({ overturned: false, previous: null });
  });

  it('a quality sample: agreeing with the automated decision is not overturning it, disagreeing is (and only that sends a webhook)', async () => {
    const d = desk({ results: APPROVES, count: 2 });
    const agree = await sampled(d, 0);
    const disagree = await sampled(d, 1);
    const before = d.published.length;
    await decideAs(d.moderator, alice, agree, 'approve');
    expect(d.published).toHaveLength(before);
    await decideAs(d.moderator, alice, disagree, 'reject');
    expect(d.published).toHaveLength(before + 1);
    expect(await decided(d, agree)).toEqual({ overturned: false, previous: 'approve' });
    expect(await decided(d, disagree)).toEqual({ overturned: true, previous: 'approve' });
  });

  it('an appeal: against the decision appealed, a reviewer’s or the rules’ own', async () => {
    const tenants = testTenants([{ id: 't1', reviewers: ['alice', 'bob'] }]);
    const d = desk({ tenants, count: 2 });
    const same = await d.moderate(0);
    const different = await d.moderate(1);
    for (const id of [same, different]) {
      await decideAs(d.moderator, alice, id, 'reject');
      await d.moderator.appeal('t1', id, { reason: 'look again' });
    }
    await decideAs(d.moderator, bob, same, 'reject');
    await decideAs(d.moderator, bob, different, 'approve');
    expect(await decided(d, same)).toEqual({ overturned: false, previous: 'reject' });
    expect(await decided(d, different)).toEqual({ overturned: true, previous: 'reject' });

    const automated = desk({ tenants, results: REJECTS });
    const rejected = await automated.moderate();
    await automated.moderator.appeal('t1', rejected, { reason: 'not adult' });
    await decideAs(automated.moderator, alice, rejected, 'approve');
    expect(await decided(automated, rejected)).toEqual({ overturned: true, previous: 'reject' });
  });
});

describe('what results and webhooks say about the reviewer', () => {
  const alice = ref('t1', 'alice');
  const bob = ref('t1', 'bob');

  it('by default a stable pseudonym per reviewer and tenant, and no reason: in the webhook body, the result, and an appeal answer', async () => {
    const d = desk({ count: 3 });
    const ids = [await d.moderate(0), await d.moderate(1), await d.moderate(2)];
    const byAlice = await decideAs(d.moderator, alice, ids[0]!, 'reject', 'nudity, see frame 2');
    const byAliceAgain = await decideAs(d.moderator, alice, ids[1]!, 'approve', 'fine');
    const byBob = await decideAs(d.moderator, bob, ids[2]!, 'approve', 'fine');
    expect(byAlice.is_error === false && byAlice.reviewed_by).toMatch(PSEUDONYM_PATTERN);
    expect(byAlice).toMatchObject({ reviewed_by: (byAliceAgain as { reviewed_by: string }).reviewed_by });
    expect((byBob as { reviewed_by: string }).reviewed_by).not.toBe((byAlice as { reviewed_by: string }).reviewed_by);
    expect((byAlice as { reviewed_by: string }).reviewed_by).toBe(pseudonymizer(TEST_PSEUDONYM_KEY)('t1', 'alice'));
    // Another tenant's reviewer of the same id has another pseudonym.
    expect(pseudonymizer(TEST_PSEUDONYM_KEY)('t2', 'alice')).not.toBe((byAlice as { reviewed_by: string }).reviewed_by);

    const body = d.published.find((p) => p.id === `${ids[0]}.2`)!.body;
    expect(body).toMatchObject({ decision: 'reject', decision_type: 'human_reviewed', reviewed_by: (byAlice as { reviewed_by: string }).reviewed_by });
    expect(body).not.toHaveProperty('review_reason');
    expect(JSON.stringify(body)).not.toMatch(/alice|nudity/);
    expect((await d.moderator.getModeration('t1', ids[0]!))?.result).toEqual(body);

    const appealed = await d.moderator.appeal('t1', ids[0]!, { reason: 'art' });
    expect(appealed.decisions).toEqual([expect.objectContaining({ reviewer_id: (byAlice as { reviewed_by: string }).reviewed_by, decision: 'reject' })]);
    expect(JSON.stringify(appealed)).not.toMatch(/alice|nudity/);
    // Reviewers and the audit trail still see who decided and why.
    expect((await d.moderator.reviewItem(bob, ids[0]!))?.decisions[0]).toMatchObject({ reviewer_id: 'alice', reason: 'nudity, see frame 2' });
    expect((await d.audit(ids[0]!)).find((r) => r.action === 'review.decided')).toMatchObject({ actor: { id: 'alice' }, details: { reason: 'nudity, see frame 2' } });
  });

  it('reviewer_in_results identified: the reviewer id and reason, as before', async () => {
    const d = desk({ tenants: testTenants([{ id: 't1', reviewers: ['alice', 'bob'], review: { reviewer_in_results: 'identified' } }]) });
    const id = await d.moderate();
    const result = await decideAs(d.moderator, alice, id, 'reject', 'nudity');
    expect(result).toMatchObject({ reviewed_by: 'alice', review_reason: 'nudity' });
    expect(d.published.at(-1)!.body).toMatchObject({ reviewed_by: 'alice', review_reason: 'nudity' });
    expect((await d.moderator.appeal('t1', id, { reason: 'x' })).decisions[0]).toMatchObject({ reviewer_id: 'alice', reason: 'nudity' });
  });

  it('the pseudonym key: REVIEWER_PSEUDONYM_KEY, else derived from SERVICE_AUTH_KEY, else generated once into DATA_DIR', () => {
    expect(pseudonymKey({ REVIEWER_PSEUDONYM_KEY: 'k'.repeat(32) }, { SERVICE_AUTH_KEY: 's'.repeat(32), dataDir: '/nonexistent' })).toBe('k'.repeat(32));
    const derived = pseudonymKey({}, { SERVICE_AUTH_KEY: 's'.repeat(32), dataDir: '/nonexistent' });
    expect(derived).toMatch(/^[0-9a-f]{64}$/);
    expect(derived).not.toContain('s'.repeat(32));
    expect(pseudonymKey({}, { SERVICE_AUTH_KEY: 's'.repeat(32), dataDir: '/elsewhere' })).toBe(derived);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pseudonym-'));
    try {
      const generated = pseudonymKey({}, { SERVICE_AUTH_KEY: undefined, dataDir: dir });
      expect(generated).toMatch(/^[0-9a-f]{64}$/);
      expect(pseudonymKey({}, { SERVICE_AUTH_KEY: undefined, dataDir: dir })).toBe(generated);
      expect(fs.statSync(path.join(dir, PSEUDONYM_KEY_FILE)).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('media of items in review', () => {
  const alice = ref('t1', 'alice');
  const bob = ref('t1', 'bob');

  it('entering review, each decision and an appeal renew the frames of the classification job at once; an automated approve does not', async () => {
    const media = new RecordingMedia();
    const d = desk({ media, count: 1 });
    const id = await d.moderate();
    const jobId = d.classificationJobs[0]!.id;
    expect(media.renewed).toEqual([{ jobIds: [jobId], minAgeMs: 0 }]);
    await decideAs(d.moderator, alice, id, 'reject');
    await d.moderator.appeal('t1', id, { reason: 'x' });
    await decideAs(d.moderator, bob, id, 'approve');
    expect(media.renewed.map((r) => r.jobIds)).toEqual([[jobId], [jobId], [jobId], [jobId]]);
    expect((await workflowStore.store().getModeration('t1', id))?.outbox?.filter((e) => e.kind === 'media')).toEqual([]);

    const plain = new RecordingMedia();
    const approved = desk({ media: plain, results: APPROVES });
    await approved.moderate();
    expect(plain.renewed).toEqual([]);
  });

  it('a renewal that fails stays in the outbox for the sweep', async () => {
    const media = new RecordingMedia();
    let fail = true;
    const renew = media.renewJobs.bind(media);
    media.renewJobs = async (ids, minAge) => {
      if (fail) throw new Error('object store unavailable (test)');
      return renew(ids, minAge);
    };
    const d = desk({ media });
    const id = await d.moderate();
    expect((await workflowStore.store().getModeration('t1', id))?.outbox?.map((e) => e.kind)).toContain('media');
    fail = false;
    await d.jobs.drainOutboxes();
    expect(media.renewed.map((r) => r.jobIds)).toEqual([[d.classificationJobs[0]!.id]]);
    expect((await workflowStore.store().getModeration('t1', id))?.outbox?.map((e) => e.kind) ?? []).not.toContain('media');
  });

  it('the sweep renews the media of every item still waiting (half a retention old or more), not of decided ones', async () => {
    const d = desk({ count: 2 });
    const [waiting, done] = [await d.moderate(0), await d.moderate(1)];
    await decideAs(d.moderator, alice, done, 'approve');
    const media = new RecordingMedia();
    const day = 24 * 3600_000;
    expect(await renewReviewMedia({ workflow: workflowStore.store(), media: media as never }, day)).toBe(1);
    expect(media.renewed).toEqual([{ jobIds: [d.classificationJobs[0]!.id], minAgeMs: day / 2 }]);
    expect(waiting).toBeTruthy();
    expect(holdIntervalMs(day)).toBe(3600_000);
    expect(holdIntervalMs(3600_000)).toBe(900_000);
  });
});
