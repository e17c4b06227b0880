// Issue 23 item 5 on a real embedded workflow store: what a T&S shift works from. The queue in due order
// (queued_at plus the tenant's SLA per kind, overdue first) across kinds and index pages, its filters
// and facets; the item's hash-bank matches with the banked entries' metadata and the decision an appeal
// contests; the supervisor's statistics (tenant admins only).
import { describe, expect, it } from 'vitest';
import type { ModerationJob, ModerationOutcome, PolicyResult, ReviewKind, ReviewState } from '@modsvc/common/domain/index';
import type { BankContentRecord, BankRecord, BankStore } from '@modsvc/common/store/banks/index';
import { newJobRecord } from '../../../packages/common/test/fixtures.ts';
import { newReview, PRIORITY } from '../src/automated.ts';
import { QUEUE_SCAN } from '../src/review-queue.ts';
import { moderatorOver, testTenants, useWorkflowStore } from './moderator-runtime.ts';

const HOUR = 3600_000;
const SETTINGS = { REVIEW_LEASE_SECONDS: 600, MODERATION_WAIT_SECONDS: 1 };
const workflowStore = useWorkflowStore();
const ref = (reviewerId: string) => ({ tenantId: 't1', reviewerId });
const alice = ref('alice');
const bob = ref('bob');
const ada = ref('ada');

type Level = 'high' | 'medium' | 'low' | 'none' | 'unknown';

function outcome(id: string, decision: 'approve' | 'reject' | 'pending_review', categories: [string, Level][], reasons: string[] = []): ModerationOutcome {
  return {
    classification_job_id: `job_${id}`,
    content_type: 'image',
    external_id: `ext-${id}`,
    moderation_job_id: id,
    decision,
    decision_type: decision === 'pending_review' ? 'escalated' : 'fully_automated',
    escalate: decision === 'pending_review',
    escalate_reasons: decision === 'pending_review' ? reasons : [],
    ...(decision === 'reject' ? { reject_reasons: reasons } : {}),
    is_error: false,
    policy_categories: categories.map(([name, risk_level]) => ({ name, risk_level })),
    policy_version: 'standard-2026-11-22',
  };
}

/** A moderation job waiting in review since `hoursAgo`, written to the store as the moderator would. */
async function waiting(id: string, kind: ReviewKind, hoursAgo: number, opts: { reasons?: string[]; categories?: [string, Level][]; automated?: ModerationOutcome; review?: Partial<ReviewState> } = {}) {
  const reasons = opts.reasons ?? (kind === 'escalation' ? ['medium_risk_sexual'] : [kind]);
  const queuedAt = new Date(Date.now() - hoursAgo * HOUR).toISOString();
  const automated =
    opts.automated ?? (kind === 'escalation' ? outcome(id, 'pending_review', opts.categories ?? [['SEXUAL', 'medium']], reasons) : outcome(id, 'approve', opts.categories ?? [['SEXUAL', 'none']]));
  const job: ModerationJob = {
    id,
    tenantId: 't1',
    classificationJobId: `job_${id}`,
    contentType: 'image',
    externalId: `ext-${id}`,
    callbackUrl: null,
    inputSha256: null,
    createdAt: queuedAt,
    updatedAt: queuedAt,
    status: 'in_review',
    result: automated,
    automated,
    review: { ...newReview(kind, PRIORITY[kind], reasons, queuedAt), ...opts.review },
    webhooksSent: 0,
  };
  await workflowStore.store().createModeration(job);
  return job;
}

function desk(review?: Record<string, unknown>, extra: { jobs?: ReturnType<typeof newJobRecord>[]; banks?: Pick<BankStore, 'getBank' | 'getContent'> } = {}) {
  const tenants = testTenants([{ id: 't1', reviewers: ['alice', 'bob', { id: 'ada', admin: true }], ...(review ? { review } : {}) }]);
  return moderatorOver(extra.jobs ?? [], workflowStore.store(), SETTINGS, undefined, { tenants, banks: extra.banks });
}

const ids = (items: { moderation_job_id: string }[]) => items.map((i) => i.moderation_job_id);

describe('the queue in due order', () => {
  async function sixItems() {
    await waiting('vmod_escNew', 'escalation', 1); // due in 3 h
    await waiting('vmod_escOld', 'escalation', 5); // 1 h overdue
    await waiting('vmod_appealNew', 'appeal', 2); // due in 22 h
    await waiting('vmod_appealOld', 'appeal', 30); // 6 h overdue
    await waiting('vmod_sampleOld', 'quality_sample', 80); // 8 h overdue
    await waiting('vmod_sampleNew', 'quality_sample', 1); // due in 71 h
  }

  it('earliest due first under the default SLA (escalation 4 h, appeal 24 h, quality sample 72 h): overdue items first, the most overdue at the top', async () => {
    await sixItems();
    const { moderator } = desk();
    const page = await moderator.reviewQueue(alice, 10);
    expect(ids(page.items)).toEqual(['vmod_sampleOld', 'vmod_appealOld', 'vmod_escOld', 'vmod_escNew', 'vmod_appealNew', 'vmod_sampleNew']);
    expect(page.items.map((i) => i.overdue)).toEqual([true, true, true, false, false, false]);
    expect(page.overdue).toBe(3);
    for (const item of page.items) {
      const sla = { escalation: 4, appeal: 24, quality_sample: 72 }[item.kind];
      expect(Date.parse(item.due_at)).toBe(Date.parse(item.queued_at) + sla * HOUR);
    }
    // The page is cut at the limit; the overdue count is not.
    const two = await moderator.reviewQueue(alice, 2);
    expect(ids(two.items)).toEqual(['vmod_sampleOld', 'vmod_appealOld']);
    expect(two.overdue).toBe(3);
  });

  it("the tenant's review.sla_hours decides: a 30-minute escalation SLA makes the newer escalation overdue too, and ahead of the appeals", async () => {
    await sixItems();
    const { moderator } = desk({ sla_hours: { escalation: 0.5, appeal: 48 } });
    const page = await moderator.reviewQueue(alice, 10);
    expect(ids(page.items)).toEqual(['vmod_sampleOld', 'vmod_escOld', 'vmod_escNew', 'vmod_appealOld', 'vmod_appealNew', 'vmod_sampleNew']);
    expect(page.items.filter((i) => i.overdue).map((i) => i.moderation_job_id)).toEqual(['vmod_sampleOld', 'vmod_escOld', 'vmod_escNew']);
    // The item routes answer with the same due time.
    expect((await moderator.claim(alice, 'vmod_escNew')).due_at).toBe(page.items[2]!.due_at);
    expect((await moderator.reviewItem(alice, 'vmod_escNew'))).toMatchObject({ due_at: page.items[2]!.due_at, overdue: true });
  });

  it('merges the kinds across index pages: more items than one page still come in due order, and the scan stays bounded', async () => {
    // 130 escalations queued 1 minute apart (due 1 h ago, 59 min ago, ...), and a quality sample due between the 66th and the 67th.
    for (let i = 0; i < 130; i++) await waiting(`vmod_e${String(i).padStart(3, '0')}`, 'escalation', 5 - i / 60);
    await waiting('vmod_sample', 'quality_sample', 72 + 1 - 65.5 / 60);
    const { moderator } = desk();
    const page = await moderator.reviewQueue(alice, 200);
    expect(page.items).toHaveLength(131);
    const due = page.items.map((i) => Date.parse(i.due_at));
    expect(due).toEqual([...due].sort((x, y) => x - y));
    expect(ids(page.items).indexOf('vmod_sample')).toBe(66);
    expect(QUEUE_SCAN).toBeGreaterThanOrEqual(1000);
  });

  it('items held by someone else are left out; the reviewer’s own claims stay with their due time', async () => {
    await sixItems();
    const { moderator } = desk();
    await moderator.claim(bob, 'vmod_appealOld');
    await moderator.claim(alice, 'vmod_escOld');
    const page = await moderator.reviewQueue(alice, 10);
    expect(ids(page.items)).toEqual(['vmod_sampleOld', 'vmod_escOld', 'vmod_escNew', 'vmod_appealNew', 'vmod_sampleNew']);
    expect(page.items[1]).toMatchObject({ state: 'claimed', claimed_by: 'alice', overdue: true });
    expect(page.overdue).toBe(2);
  });
});

describe('the queue filters', () => {
  async function mixed() {
    await waiting('vmod_cosmetics', 'escalation', 1, { reasons: ['medium_risk_cosmetics'], categories: [['COSMETICS', 'medium'], ['DRUGS', 'none']] });
    await waiting('vmod_drugs', 'escalation', 2, { reasons: ['not_covered_drugs', 'medium_risk_sexual'], categories: [['DRUGS', 'unknown'], ['SEXUAL', 'medium']] });
    // An appeal of a rejected job: its reason is "appeal", its categories come from the automated decision.
    await waiting('vmod_appeal', 'appeal', 3, { automated: outcome('vmod_appeal', 'reject', [['SEXUAL', 'high'], ['DRUGS', 'low']], ['high_risk_sexual']) });
    await waiting('vmod_sample', 'quality_sample', 4, { categories: [['SEXUAL', 'none']] });
  }

  it('by category (case-insensitive): named by a reason, or rated high or medium by the rules', async () => {
    await mixed();
    const { moderator } = desk();
    expect(ids((await moderator.reviewQueue(alice, 10, { category: 'SEXUAL' })).items)).toEqual(['vmod_drugs', 'vmod_appeal']);
    expect(ids((await moderator.reviewQueue(alice, 10, { category: 'DRUGS' })).items)).toEqual(['vmod_drugs']);
    expect(ids((await moderator.reviewQueue(alice, 10, { category: 'COSMETICS' })).items)).toEqual(['vmod_cosmetics']);
    expect((await moderator.reviewQueue(alice, 10, { category: 'HATE_SPEECH' })).items).toEqual([]);
  });

  it('by reason and by kind; the filters combine', async () => {
    await mixed();
    const { moderator } = desk();
    expect(ids((await moderator.reviewQueue(alice, 10, { reason: 'not_covered_drugs' })).items)).toEqual(['vmod_drugs']);
    expect(ids((await moderator.reviewQueue(alice, 10, { reason: 'appeal' })).items)).toEqual(['vmod_appeal']);
    expect(ids((await moderator.reviewQueue(alice, 10, { kind: 'quality_sample' })).items)).toEqual(['vmod_sample']);
    expect(ids((await moderator.reviewQueue(alice, 10, { category: 'SEXUAL', kind: 'escalation' })).items)).toEqual(['vmod_drugs']);
    expect((await moderator.reviewQueue(alice, 10, { category: 'COSMETICS', reason: 'appeal' })).items).toEqual([]);
  });

  it('the facets count every item the reviewer may take, whatever the filters', async () => {
    await mixed();
    const { moderator } = desk();
    const page = await moderator.reviewQueue(alice, 1, { category: 'COSMETICS' });
    expect(page.categories).toEqual([
      { name: 'SEXUAL', count: 2 },
      { name: 'COSMETICS', count: 1 },
      { name: 'DRUGS', count: 1 },
    ]);
    expect(page.reasons).toEqual([
      { name: 'appeal', count: 1 },
      { name: 'medium_risk_cosmetics', count: 1 },
      { name: 'medium_risk_sexual', count: 1 },
      { name: 'not_covered_drugs', count: 1 },
      { name: 'quality_sample', count: 1 },
    ]);
  });
});

describe('the item', () => {
  const RESULTS: PolicyResult = {
    policy_categories: [
      { name: 'SEXUAL', description: 'Adult', score: 0.6, risk_level: 'MEDIUM', triggered_by: 'suggestive' },
      { name: 'KNOWN_SCAM', description: 'Known content', score: 1, risk_level: 'MEDIUM', triggered_by: 'bank:bank_scam' },
    ],
    url: 'https://example.com/a.jpg',
    tier: 'standard',
    policy_table_version: 'standard-2026-11-22',
    policy_version: 'standard-2026-11-22',
    matches: [
      { bank_id: 'bank_gone', bank_name: 'old list', content_id: 'c_gone', distance: 20, quality: 90, frame_timestamp: 0 },
      { bank_id: 'bank_scam', bank_name: 'scams', content_id: 'c_1', distance: 6, quality: 88, frame_timestamp: 0 },
    ],
  };
  const bank: BankRecord = { id: 'bank_scam', tenantId: 't1', name: 'scam images', category: 'KNOWN_SCAM', riskLevel: 'MEDIUM', threshold: 31, enabledRatio: 1, createdAt: new Date('2026-01-01T00:00:00Z') };
  const entry: BankContentRecord = { id: 'c_1', bankId: 'bank_scam', tenantId: 't1', pdq: 'a'.repeat(64), quality: 90, note: 'case 17: fake giveaway', createdAt: new Date('2026-02-03T04:05:06.000Z') };
  const banks = {
    getBank: async (tenantId: string, id: string) => (tenantId === 't1' && id === bank.id ? bank : null),
    getContent: async (tenantId: string, bankId: string, contentId: string) => (tenantId === 't1' && bankId === entry.bankId && contentId === entry.id ? entry : null),
  };

  it('shows each bank match with the banked entry: bank name, category, note, when added, the distance; closest first', async () => {
    const job = newJobRecord({ product: 'policy', status: 'done', results: RESULTS });
    const { moderator } = desk(undefined, { jobs: [job], banks });
    const reply = await moderator.moderate({ tenantId: 't1', classificationJobId: job.id, externalId: 'ext-bank', callbackUrl: null });
    expect(reply.result).toMatchObject({ decision: 'pending_review' });
    const item = await moderator.reviewItem(alice, reply.result.moderation_job_id);
    expect(item?.bank_matches).toEqual([
      {
        bank_id: 'bank_scam',
        bank_name: 'scam images',
        category: 'KNOWN_SCAM',
        risk_level: 'MEDIUM',
        threshold: 31,
        content_id: 'c_1',
        note: 'case 17: fake giveaway',
        added_at: '2026-02-03T04:05:06.000Z',
        signal_type: 'pdq',
        distance: 6,
        quality: 88,
        frame_timestamp: 0,
        vpdq: null,
        sets_category: true,
      },
      // A bank deleted since: what the result said, without the entry's metadata.
      expect.objectContaining({ bank_id: 'bank_gone', bank_name: 'old list', category: null, note: null, added_at: null, distance: 20, sets_category: false }),
    ]);
    expect(item?.appealed_decision).toBeNull();
  });

  it('an appeal shows the decision appealed: the earlier reviewer’s, or the rules’ own', async () => {
    const job = newJobRecord({ product: 'policy', status: 'done', results: RESULTS });
    const { moderator } = desk(undefined, { jobs: [job] });
    const id = (await moderator.moderate({ tenantId: 't1', classificationJobId: job.id, externalId: 'ext-a', callbackUrl: null })).result.moderation_job_id;
    await moderator.claim(alice, id);
    await moderator.decide(alice, id, { decision: 'reject', categories: [{ name: 'SEXUAL', risk_level: 'high' }], reason: 'explicit' });
    await moderator.appeal('t1', id, { reason: 'it is art' });
    const item = await moderator.reviewItem(bob, id);
    expect(item?.automated).toMatchObject({ decision: 'pending_review' });
    expect(item?.appealed_decision).toMatchObject({ decision: 'reject', decided_by: 'reviewer', reviewer_id: 'alice', kind: 'escalation', reason: 'explicit', categories: [{ name: 'SEXUAL', risk_level: 'high' }] });
    // Once the appeal is decided, its own decision is not the one it contested.
    await moderator.claim(bob, id);
    await moderator.decide(bob, id, { decision: 'approve', categories: [], reason: 'art' });
    expect((await moderator.reviewItem(bob, id))?.appealed_decision).toMatchObject({ decision: 'reject', reviewer_id: 'alice' });

    await waiting('vmod_autoAppeal', 'appeal', 1, { automated: outcome('vmod_autoAppeal', 'reject', [['SEXUAL', 'high']], ['high_risk_sexual']) });
    expect((await moderator.reviewItem(bob, 'vmod_autoAppeal'))?.appealed_decision).toEqual({
      decision: 'reject',
      decided_by: 'rules',
      reviewer_id: null,
      kind: null,
      reason: null,
      reasons: ['high_risk_sexual'],
      categories: [{ name: 'SEXUAL', risk_level: 'high' }],
      at: null,
    });
  });
});

describe('the supervisor statistics', () => {
  it('tenant admins only: another reviewer is forbidden', async () => {
    const { moderator } = desk();
    await expect(moderator.reviewStats(alice)).rejects.toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('queue depth, overdue and oldest per kind; decisions per reviewer per hour; overturn rates', async () => {
    await waiting('vmod_escOld', 'escalation', 5);
    await waiting('vmod_escNew', 'escalation', 1);
    await waiting('vmod_appealOld', 'appeal', 30, {
      automated: outcome('vmod_appealOld', 'pending_review', [['SEXUAL', 'medium']], ['medium_risk_sexual']),
      review: { decisions: [{ reviewer_id: 'bob', kind: 'escalation', decision: 'reject', categories: [], reason: 'x', at: new Date(Date.now() - 31 * HOUR).toISOString() }], excluded_reviewers: ['bob'] },
    });
    await waiting('vmod_sample1', 'quality_sample', 2);
    await waiting('vmod_sample2', 'quality_sample', 3);
    const { moderator } = desk();
    // The appeal's standing decision is bob's reject (its result); alice overturns it.
    await workflowStore.store().updateModeration('t1', 'vmod_appealOld', (j) => ({ ...j, result: { ...outcome(j.id, 'reject', [['SEXUAL', 'high']]), decision_type: 'human_reviewed' } as ModerationOutcome }));
    const decide = async (who: typeof alice, id: string, decision: 'approve' | 'reject') => {
      await moderator.claim(who, id);
      await moderator.decide(who, id, { decision, categories: [], reason: 'r' });
    };
    await decide(alice, 'vmod_escNew', 'reject'); // escalation: nothing to overturn
    await decide(alice, 'vmod_appealOld', 'approve'); // overturns bob's reject
    await decide(ada, 'vmod_sample1', 'reject'); // overturns the automated approve
    await decide(ada, 'vmod_sample2', 'approve'); // agrees

    const stats = await moderator.reviewStats(ada);
    expect(stats.queues).toEqual([
      { kind: 'escalation', sla_hours: 4, depth: 1, overdue: 1, oldest_queued_at: expect.any(String), oldest_age_seconds: expect.any(Number) },
      { kind: 'quality_sample', sla_hours: 72, depth: 0, overdue: 0, oldest_queued_at: null, oldest_age_seconds: null },
      { kind: 'appeal', sla_hours: 24, depth: 0, overdue: 0, oldest_queued_at: null, oldest_age_seconds: null },
    ]);
    expect(Math.round(stats.queues[0]!.oldest_age_seconds! / 3600)).toBe(5);
    expect(stats.hours).toHaveLength(24);
    expect(Date.parse(stats.hours[23]!)).toBe(Math.floor(Date.now() / HOUR) * HOUR);
    expect(stats.window_from).toBe(stats.hours[0]);
    expect(stats.reviewers.map((r) => [r.reviewer_id, r.decisions, r.compared, r.overturned, r.overturn_rate])).toEqual([
      ['ada', 2, 2, 1, 0.5],
      ['alice', 2, 1, 1, 1],
      ['bob', 0, 0, 0, null],
    ]);
    expect(stats.reviewers[0]!.per_hour.slice(0, 23).every((n) => n === 0)).toBe(true);
    expect(stats.reviewers[0]!.per_hour[23]).toBe(2);
    expect(stats.overturns).toEqual([
      { kind: 'escalation', decisions: 1, compared: 0, overturned: 0, overturn_rate: null },
      { kind: 'quality_sample', decisions: 2, compared: 2, overturned: 1, overturn_rate: 0.5 },
      { kind: 'appeal', decisions: 1, compared: 1, overturned: 1, overturn_rate: 1 },
    ]);
    expect(stats).toMatchObject({ decisions: 4, compared: 3, overturned: 2, overturn_rate: 0.6667, truncated: false });
  });
});
