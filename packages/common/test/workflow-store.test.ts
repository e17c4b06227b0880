// The workflow store contract, run against each kind of store (store-kinds.ts). The NATS
// bucket outlives a run, so the cross-tenant queries are checked on this run's own tenants only.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditRecord, FeedbackRecord, ModerationJob, ReviewState } from '../src/domain/review.ts';
import { createWorkflowStore, DuplicateModerationJobError, type AuditListQuery, type WorkflowStore } from '../src/store/workflow/index.ts';
import { moderationJobsSpec } from '../src/store/workflow/collections.ts';
import { EmbeddedRecordStore } from '../src/store/records/index.ts';
import { describeOnEachStoreKind } from './store-kinds.ts';

const rid = () => randomBytes(6).toString('hex');
const tenant = () => `t_${rid()}`;

function moderationJob(tenantId: string, over: Partial<ModerationJob> = {}): ModerationJob {
  return {
    id: `vmod_${rid()}-_`,
    tenantId,
    classificationJobId: `job_${rid()}`,
    contentType: 'image',
    externalId: 'ext-1',
    callbackUrl: null,
    inputSha256: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    status: 'classifying',
    result: null,
    automated: null,
    review: null,
    webhooksSent: 0,
    ...over,
  };
}

function review(over: Partial<ReviewState> = {}): ReviewState {
  return {
    state: 'queued',
    kind: 'escalation',
    priority: 0,
    reasons: ['rule'],
    queued_at: '2026-11-24T10:00:00.000Z',
    claimed_by: null,
    lease_expires_at: null,
    excluded_reviewers: [],
    appeal_reason: null,
    decisions: [],
    ...over,
  };
}

function audit(tenantId: string, at: string, moderationJobId: string | null): AuditRecord {
  return {
    id: `aud_${rid()}`,
    tenant_id: tenantId,
    at,
    actor: { kind: 'system', id: 'moderator' },
    action: 'review.queued',
    moderation_job_id: moderationJobId,
    classification_job_id: null,
    policy_version: 'v1',
    input_sha256: null,
    details: { 'dotted.key': 1, reasons: ['a'] },
  };
}

function feedback(tenantId: string, at: string): FeedbackRecord {
  return {
    id: `fb_${rid()}`,
    tenant_id: tenantId,
    at,
    source: 'caller',
    actor_id: 'key_1',
    job_id: `job_${rid()}`,
    moderation_job_id: null,
    class: 'weapon',
    category: null,
    correct: false,
    note: null,
    score: 0.7,
    risk_level: 'HIGH',
    policy_version: null,
  };
}

const ids = (jobs: ModerationJob[]) => jobs.map((j) => j.id);
const inReview = (job: ModerationJob, state: ReviewState['state']) => ({ ...job, status: 'in_review' as const, review: { ...job.review!, state } });

function describeWorkflowStoreContract(store: () => WorkflowStore) {

  it('creates and reads a moderation job only within its tenant, once', async () => {
    const a = tenant();
    const job = moderationJob(a, { review: review({ reasons: ['a.b', '$x'] }) });
    await store().createModeration(job);
    expect(await store().getModeration(a, job.id)).toEqual(job);
    expect(await store().getModeration(tenant(), job.id)).toBeNull();
    expect(await store().getModeration(a, 'vmod_absent')).toBeNull();
    expect(await store().getModeration(a, '../x.y')).toBeNull();
    await expect(store().createModeration({ ...job, externalId: 'other' })).rejects.toBeInstanceOf(DuplicateModerationJobError);
    expect((await store().getModeration(a, job.id))?.externalId).toBe('ext-1');
  });

  it('applies concurrent updates one after another, losing none', async () => {
    const a = tenant();
    const job = moderationJob(a, { status: 'in_review', review: review() });
    await store().createModeration(job);
    const decide = (n: number) => (j: ModerationJob) => ({
      ...j,
      webhooksSent: j.webhooksSent + 1,
      review: { ...j.review!, decisions: [...j.review!.decisions, { reviewer_id: `r${n}`, kind: 'escalation' as const, decision: 'approve' as const, categories: [], reason: 'ok', at: j.updatedAt }] },
    });
    const results = await Promise.all(Array.from({ length: 20 }, (_, n) => store().updateModeration(a, job.id, decide(n))));
    expect(results.every((r) => r !== null)).toBe(true);
    const stored = await store().getModeration(a, job.id);
    expect(stored?.webhooksSent).toBe(20);
    expect(stored?.review?.decisions.map((d) => d.reviewer_id).sort()).toEqual(Array.from({ length: 20 }, (_, n) => `r${n}`).sort());
    expect(results.map((r) => r!.webhooksSent).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, n) => n + 1));
  });

  it('returns null, writing nothing, when the change declines or the job is absent or another tenant\'s', async () => {
    const a = tenant();
    const job = moderationJob(a);
    await store().createModeration(job);
    expect(await store().updateModeration(a, job.id, () => null)).toBeNull();
    const bump = (j: ModerationJob) => ({ ...j, webhooksSent: j.webhooksSent + 1 });
    expect(await store().updateModeration(tenant(), job.id, bump)).toBeNull();
    expect(await store().updateModeration(a, 'vmod_absent', bump)).toBeNull();
    expect(await store().getModeration(a, job.id)).toEqual(job);
    expect(await store().updateModeration(a, job.id, bump)).toEqual({ ...job, webhooksSent: 1 });
  });

  it('lists classifying jobs of every tenant oldest first, until their status changes', async () => {
    const [a, b] = [tenant(), tenant()];
    const ours = new Set([a, b]);
    const second = moderationJob(b, { createdAt: '2020-01-01T00:00:02.000Z' });
    const first = moderationJob(a, { createdAt: '2020-01-01T00:00:01.000Z' });
    const third = moderationJob(a, { createdAt: '2020-01-01T00:00:03.000Z' });
    const decided = moderationJob(a, { createdAt: '2020-01-01T00:00:00.000Z', status: 'decided' });
    for (const j of [second, first, third, decided]) await store().createModeration(j);
    const classifying = async () => (await store().listClassifying(100_000)).filter((j) => ours.has(j.tenantId));
    expect(ids(await classifying())).toEqual([first.id, second.id, third.id]);
    const all = await store().listClassifying(100_000);
    expect(ids(await store().listClassifying(2))).toEqual(ids(all.slice(0, 2)));

    await store().updateModeration(a, first.id, (j) => ({ ...j, status: 'decided' }));
    await store().updateModeration(b, second.id, (j) => ({ ...j, status: 'in_review', review: review() }));
    expect(ids(await classifying())).toEqual([third.id]);
    await store().updateModeration(a, third.id, (j) => ({ ...j, status: 'decided' }));
    expect(await classifying()).toEqual([]);
  });

  it("lists a tenant's review queue by priority then queued_at, as items are claimed and decided", async () => {
    const [a, b] = [tenant(), tenant()];
    const low = moderationJob(a, { status: 'in_review', review: review({ priority: 0, queued_at: '2026-11-24T09:00:00.000Z' }) });
    const highLate = moderationJob(a, { status: 'in_review', review: review({ priority: 5, queued_at: '2026-11-24T10:00:00.000Z' }) });
    const highEarly = moderationJob(a, { status: 'in_review', review: review({ priority: 5, queued_at: '2026-11-24T08:00:00.000Z' }) });
    const doneAlready = moderationJob(a, { status: 'decided', review: review({ state: 'done', priority: 9 }) });
    const other = moderationJob(b, { status: 'in_review', review: review({ priority: 1 }) });
    for (const j of [low, highLate, highEarly, doneAlready, other]) await store().createModeration(j);

    expect(ids(await store().listInReview(a, 10))).toEqual([highEarly.id, highLate.id, low.id]);
    expect(ids(await store().listInReview(a, 2))).toEqual([highEarly.id, highLate.id]);
    expect(ids(await store().listInReview(b, 10))).toEqual([other.id]);
    let counts = await store().countInReview();
    expect([counts.get(a), counts.get(b)]).toEqual([3, 1]);

    await store().updateModeration(a, highEarly.id, (j) => inReview(j, 'claimed'));
    expect(ids(await store().listInReview(a, 10))).toEqual([highEarly.id, highLate.id, low.id]);
    expect((await store().listInReview(a, 1))[0]?.review?.state).toBe('claimed');
    await store().updateModeration(a, highEarly.id, (j) => ({ ...inReview(j, 'done'), status: 'decided' }));
    await store().updateModeration(b, other.id, (j) => inReview(j, 'done'));
    expect(ids(await store().listInReview(a, 10))).toEqual([highLate.id, low.id]);
    expect(await store().listInReview(b, 10)).toEqual([]);
    counts = await store().countInReview();
    expect([counts.get(a), counts.get(b) ?? 0]).toEqual([2, 0]);

    // An appeal puts a decided item back in the queue.
    await store().updateModeration(a, highEarly.id, (j) => ({ ...inReview(j, 'queued'), review: { ...j.review!, state: 'queued', kind: 'appeal', priority: 1 } }));
    expect(ids(await store().listInReview(a, 10))).toEqual([highLate.id, highEarly.id, low.id]);
  });

  it('keeps queue membership right under concurrent moves in and out of review', async () => {
    const a = tenant();
    const jobs = Array.from({ length: 4 }, () => moderationJob(a, { status: 'in_review', review: review() }));
    for (const j of jobs) await store().createModeration(j);
    const toggle = (j: ModerationJob) => inReview(j, j.review!.state === 'done' ? 'queued' : 'done');
    // 4 jobs x 7 toggles each, all at once: every job ends 'done' (an odd number of toggles).
    await Promise.all(jobs.flatMap((j) => Array.from({ length: 7 }, () => store().updateModeration(a, j.id, toggle))));
    for (const j of jobs) expect((await store().getModeration(a, j.id))?.review?.state).toBe('done');
    expect(await store().listInReview(a, 10)).toEqual([]);
    expect((await store().countInReview()).get(a) ?? 0).toBe(0);
    await Promise.all(jobs.map((j) => store().updateModeration(a, j.id, toggle)));
    expect(ids(await store().listInReview(a, 10)).sort()).toEqual(ids(jobs).sort());
    expect((await store().countInReview()).get(a)).toBe(4);
  });

  it('appends audit records and lists them newest first, by job, by inclusive time range (as instants), a page at a time, per tenant', async () => {
    const [a, b] = [tenant(), tenant()];
    const [j1, j2] = [`vmod_${rid()}`, `vmod_${rid()}`];
    const r3 = audit(a, '2026-11-24T10:00:03.000Z', j1);
    const r1 = audit(a, '2026-11-24T10:00:01.000Z', j1);
    const r2 = audit(a, '2026-11-24T10:00:02.000Z', j2);
    const r4 = audit(a, '2026-11-24T10:00:04.000Z', null);
    const foreign = audit(b, '2026-11-24T10:00:02.500Z', j1);
    for (const r of [r3, r1, r2, r4, foreign]) await store().appendAudit(r);
    const records = async (q: Omit<AuditListQuery, 'limit'> & { limit?: number }, t = a) => (await store().listAudit(t, { limit: 100, ...q })).records;

    expect(await records({})).toEqual([r4, r3, r2, r1]);
    expect(await records({ moderationJobId: j1 })).toEqual([r3, r1]);
    expect(await records({ moderationJobId: `vmod_${rid()}` })).toEqual([]);
    expect(await records({ from: r2.at, to: r3.at })).toEqual([r3, r2]);
    expect(await records({ from: '2026-11-24T12:00:02.000+02:00' })).toEqual([r4, r3, r2]);
    expect(await records({ to: r1.at })).toEqual([r1]);
    expect(await records({ moderationJobId: j1, from: '2026-11-24T10:00:01.500Z' })).toEqual([r3]);
    expect(await records({}, b)).toEqual([foreign]);
    expect(await records({}, tenant())).toEqual([]);

    // Pages of two: every record once, newest first, and the last page says so.
    const first = await store().listAudit(a, { limit: 2 });
    expect(first.records).toEqual([r4, r3]);
    const second = await store().listAudit(a, { limit: 2, after: first.next });
    expect(second.records).toEqual([r2, r1]);
    const third = second.next === null ? null : await store().listAudit(a, { limit: 2, after: second.next });
    expect(third?.records ?? []).toEqual([]);
    expect(third?.next ?? null).toBeNull();
  });

  it('adds feedback and lists it oldest first, at most limit, per tenant', async () => {
    const [a, b] = [tenant(), tenant()];
    const later = feedback(a, '2026-11-24T10:00:02.000Z');
    const earlier = { ...feedback(a, '2026-11-24T10:00:01.000Z'), moderation_job_id: `vmod_${rid()}`, class: null, category: 'WEAPONS', note: 'wrong' };
    const foreign = feedback(b, '2026-11-24T10:00:00.000Z');
    for (const f of [later, earlier, foreign]) await store().addFeedback(f);
    expect(await store().listFeedback(a, 10)).toEqual([earlier, later]);
    expect(await store().listFeedback(a, 1)).toEqual([earlier]);
    expect(await store().listFeedback(b, 10)).toEqual([foreign]);
  });

  it('stores an audit record or feedback once, however often an outbox repeats it', async () => {
    const a = tenant();
    const r = audit(a, '2026-11-24T10:00:01.000Z', `vmod_${rid()}`);
    const f = feedback(a, '2026-11-24T10:00:01.000Z');
    await Promise.all([store().appendAudit(r), store().appendAudit(r), store().addFeedback(f), store().addFeedback(f)]);
    await store().appendAudit(r);
    await store().addFeedback(f);
    expect((await store().listAudit(a, { limit: 10 })).records).toEqual([r]);
    expect(await store().listFeedback(a, 10)).toEqual([f]);
  });

  it('lists the jobs whose outbox has entries, oldest first, until it is emptied', async () => {
    const a = tenant();
    const entry = (n: number) => ({ kind: 'webhook' as const, id: `x.${n}`, url: 'https://hooks.example.com/', body: '{}', created_at: '2026-11-24T10:00:00.000Z', published_on: null });
    // Far in the past, so that jobs other runs left in a shared bucket list after these.
    const older = moderationJob(a, { createdAt: '2001-01-01T00:00:01.000Z', outbox: [entry(1)] });
    const newer = moderationJob(a, { createdAt: '2001-01-01T00:00:02.000Z' });
    await store().createModeration(newer);
    await store().createModeration(older);
    const mine = async () => ids(await store().listWithOutbox(1000)).filter((id) => id === older.id || id === newer.id);
    expect(await mine()).toEqual([older.id]);
    await store().updateModeration(a, newer.id, (j) => ({ ...j, outbox: [entry(2)] }));
    expect(await mine()).toEqual([older.id, newer.id]);
    await store().updateModeration(a, older.id, (j) => ({ ...j, outbox: [] }));
    expect(await mine()).toEqual([newer.id]);
    expect((await store().getModeration(a, newer.id))?.outbox).toEqual([entry(2)]);
  });

  it("lists a reviewer's live claims in the tenant (for the claim cap): not others', not lapsed or released ones", async () => {
    const [a, b] = [tenant(), tenant()];
    const claimed = (t: string, by: string, until: string) => moderationJob(t, { status: 'in_review', review: review({ state: 'claimed', claimed_by: by, lease_expires_at: until }) });
    const now = '2026-11-24T10:00:00.000Z';
    const soon = claimed(a, 'alice', '2026-11-24T10:05:00.000Z');
    const later = claimed(a, 'alice', '2026-11-24T10:09:00.000Z');
    const lapsed = claimed(a, 'alice', '2026-11-24T09:59:59.000Z');
    const bobs = claimed(a, 'bob', '2026-11-24T10:05:00.000Z');
    const elsewhere = claimed(b, 'alice', '2026-11-24T10:05:00.000Z');
    const queued = moderationJob(a, { status: 'in_review', review: review() });
    for (const j of [later, soon, lapsed, bobs, elsewhere, queued]) await store().createModeration(j);
    expect(ids(await store().listClaimedBy(a, 'alice', now, 10))).toEqual([soon.id, later.id]);
    expect(ids(await store().listClaimedBy(a, 'alice', now, 1))).toEqual([soon.id]);
    expect(ids(await store().listClaimedBy(a, 'bob', now, 10))).toEqual([bobs.id]);
    expect(ids(await store().listClaimedBy(b, 'alice', now, 10))).toEqual([elsewhere.id]);
    expect(await store().listClaimedBy(a, 'carol', now, 10)).toEqual([]);
    // Released (queued again) and decided items leave the list.
    await store().updateModeration(a, soon.id, (j) => ({ ...j, review: { ...j.review!, state: 'queued', claimed_by: null, lease_expires_at: null } }));
    await store().updateModeration(a, later.id, (j) => ({ ...j, status: 'decided', review: { ...j.review!, state: 'done', lease_expires_at: null } }));
    expect(await store().listClaimedBy(a, 'alice', now, 10)).toEqual([]);
  });

  it("lists the times of a tenant's appeals in a window, oldest first, across hour partitions, at most limit", async () => {
    const [a, b] = [tenant(), tenant()];
    const appeal = (t: string, at: string): AuditRecord => ({ ...audit(t, at, `vmod_${rid()}`), action: 'appeal.requested', actor: { kind: 'caller', id: t } });
    const times = ['2026-11-24T09:10:00.000Z', '2026-11-24T09:59:59.000Z', '2026-11-24T10:00:00.000Z', '2026-11-24T10:30:00.000Z'];
    for (const at of times) await store().appendAudit(appeal(a, at));
    await store().appendAudit(appeal(b, '2026-11-24T10:00:01.000Z'));
    await store().appendAudit(audit(a, '2026-11-24T10:00:02.000Z', null)); // not an appeal
    expect(await store().listAppealTimes(a, '2026-11-24T09:30:00.000Z', '2026-11-24T10:30:00.000Z', 100)).toEqual(times.slice(1));
    expect(await store().listAppealTimes(a, '2026-11-24T09:30:00.000Z', '2026-11-24T10:30:00.000Z', 2)).toEqual(times.slice(1, 3));
    expect(await store().listAppealTimes(a, '2026-11-24T08:00:00.000Z', '2026-11-24T09:00:00.000Z', 100)).toEqual([]);
    expect(await store().listAppealTimes(b, '2026-11-24T09:30:00.000Z', '2026-11-24T10:30:00.000Z', 100)).toEqual(['2026-11-24T10:00:01.000Z']);
    await expect(store().listAppealTimes(a, '2026-11-20T00:00:00.000Z', '2026-11-24T10:30:00.000Z', 100)).rejects.toThrow(RangeError);
  });

  it("lists and counts a tenant's queue of one review kind, oldest queued first, a page at a time, until items are decided", async () => {
    const [a, b] = [tenant(), tenant()];
    const at = (m: number) => `2026-11-24T10:${String(m).padStart(2, '0')}:00.000Z`;
    const queued = (t: string, kind: ReviewState['kind'], minute: number, priority = 0) =>
      moderationJob(t, { status: 'in_review', review: review({ kind, queued_at: at(minute), priority }) });
    // Priority does not order this index: within a kind, queued_at is due order.
    const [e3, e1, e2] = [queued(a, 'escalation', 3, 90), queued(a, 'escalation', 1, 10), queued(a, 'escalation', 2, 50)];
    const appeal = queued(a, 'appeal', 0);
    const foreign = queued(b, 'escalation', 0);
    for (const j of [e3, e1, e2, appeal, foreign]) await store().createModeration(j);
    const ids = (jobs: ModerationJob[]) => jobs.map((j) => j.id);
    expect(ids((await store().listQueue(a, 'escalation', 10)).jobs)).toEqual([e1.id, e2.id, e3.id]);
    const first = await store().listQueue(a, 'escalation', 2);
    expect(ids(first.jobs)).toEqual([e1.id, e2.id]);
    expect(first.next).not.toBeNull();
    const second = await store().listQueue(a, 'escalation', 2, first.next);
    expect(ids(second.jobs)).toEqual([e3.id]);
    expect(ids((await store().listQueue(a, 'appeal', 10)).jobs)).toEqual([appeal.id]);
    expect((await store().listQueue(a, 'quality_sample', 10)).jobs).toEqual([]);
    expect(await store().countQueue(a, 'escalation')).toBe(3);
    expect(await store().countQueue(a, 'escalation', at(2))).toBe(2);
    expect(await store().countQueue(b, 'escalation')).toBe(1);
    // A claim keeps it in the queue; a decision takes it out.
    await store().updateModeration(a, e1.id, (j) => ({ ...j, review: { ...j.review!, state: 'claimed', claimed_by: 'r1', lease_expires_at: at(30) } }));
    expect(await store().countQueue(a, 'escalation')).toBe(3);
    await store().updateModeration(a, e1.id, (j) => ({ ...j, status: 'decided', review: { ...j.review!, state: 'done' } }));
    expect(ids((await store().listQueue(a, 'escalation', 10)).jobs)).toEqual([e2.id, e3.id]);
    expect(await store().countQueue(a, 'escalation')).toBe(2);
  });

  it("lists a tenant's reviewer decisions in a window, oldest first, across hour partitions, at most limit", async () => {
    const [a, b] = [tenant(), tenant()];
    const decided = (t: string, when: string): AuditRecord => ({ ...audit(t, when, `vmod_${rid()}`), action: 'review.decided', actor: { kind: 'reviewer', id: 'r1' } });
    const records = ['2026-11-24T08:59:59.000Z', '2026-11-24T09:00:00.000Z', '2026-11-24T09:45:00.000Z', '2026-11-24T10:15:00.000Z'].map((when) => decided(a, when));
    for (const r of records) await store().appendAudit(r);
    await store().appendAudit(decided(b, '2026-11-24T09:30:00.000Z'));
    await store().appendAudit(audit(a, '2026-11-24T09:30:00.000Z', null)); // not a decision
    expect(await store().listDecisions(a, '2026-11-24T09:00:00.000Z', '2026-11-24T10:30:00.000Z', 100)).toEqual(records.slice(1));
    expect(await store().listDecisions(a, '2026-11-24T09:00:00.000Z', '2026-11-24T10:30:00.000Z', 2)).toEqual(records.slice(1, 3));
    expect(await store().listDecisions(a, '2026-11-24T09:30:00.000Z', '2026-11-24T10:00:00.000Z', 100)).toEqual([records[2]]);
    expect(await store().listDecisions(a, '2026-11-24T11:00:00.000Z', '2026-11-24T12:00:00.000Z', 100)).toEqual([]);
    await expect(store().listDecisions(a, '2026-11-20T00:00:00.000Z', '2026-11-24T10:30:00.000Z', 100)).rejects.toThrow(RangeError);
  });
}

/** Retention far beyond the fixed dates of these tests, so that they never expire under them. */
const KEEP = { moderationRetentionDays: 365_000, auditRetentionDays: 365_000 };

describeOnEachStoreKind(
  'workflow store',
  {
    embedded: (dir) => createWorkflowStore({ kind: 'embedded', dataDir: dir, retention: KEEP }),
    natsKv: (url) => createWorkflowStore({ kind: 'nats-kv', natsUrl: url, dataDir: '', retention: KEEP }),
    mongodb: (url, db) => createWorkflowStore({ kind: 'mongodb', mongodbUrl: url, mongodbDbName: db, dataDir: '', retention: KEEP }),
  },
  describeWorkflowStoreContract,
);

describe('the per-kind queue index of items stored before it existed', () => {
  it('indexQueue writes them again so the queue lists them; nothing to do the next time', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'workflow-'));
    try {
      const a = tenant();
      const waiting = [moderationJob(a, { status: 'in_review', review: review({ kind: 'appeal' }) }), moderationJob(a, { status: 'in_review', review: review() })];
      // Written by a store whose spec had no queue index (as before the upgrade).
      const old = new EmbeddedRecordStore({ dir: join(dir, 'store') });
      const spec = moderationJobsSpec(KEEP);
      const { queue: _queue, ...before } = spec.indexes!;
      const jobs = old.collection({ ...spec, indexes: before });
      for (const j of waiting) await jobs.create(`${a}/${j.id}`, j);
      await old.close();

      const store = createWorkflowStore({ kind: 'embedded', dataDir: dir, retention: KEEP });
      await store.init();
      try {
        expect((await store.listInReview(a, 10)).length).toBe(2);
        expect((await store.listQueue(a, 'appeal', 10)).jobs).toEqual([]);
        expect(await store.indexQueue()).toBe(2);
        expect((await store.listQueue(a, 'appeal', 10)).jobs.map((j) => j.id)).toEqual([waiting[0]!.id]);
        expect((await store.listQueue(a, 'escalation', 10)).jobs.map((j) => j.id)).toEqual([waiting[1]!.id]);
        expect(await store.getModeration(a, waiting[0]!.id)).toEqual(waiting[0]);
        expect(await store.indexQueue()).toBe(0);
      } finally {
        await store.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('workflow retention', () => {
  it('drops decided jobs after the moderation retention and audit records and feedback after the audit retention; the rest stays', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'workflow-'));
    const store = createWorkflowStore({ kind: 'embedded', dataDir: dir, retention: { moderationRetentionDays: 30, auditRetentionDays: 365 } });
    try {
      await store.init();
      const a = tenant();
      const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
      const oldDecided = moderationJob(a, { status: 'decided', updatedAt: daysAgo(31) });
      const recentDecided = moderationJob(a, { status: 'decided', updatedAt: daysAgo(29) });
      const oldWaiting = moderationJob(a, { status: 'in_review', updatedAt: daysAgo(400), review: review() });
      for (const j of [oldDecided, recentDecided, oldWaiting]) await store.createModeration(j);
      const [oldAudit, keptAudit] = [audit(a, daysAgo(366), null), audit(a, daysAgo(364), null)];
      const [oldFeedback, keptFeedback] = [feedback(a, daysAgo(366)), feedback(a, daysAgo(364))];
      for (const r of [oldAudit, keptAudit]) await store.appendAudit(r);
      for (const f of [oldFeedback, keptFeedback]) await store.addFeedback(f);

      expect(await store.getModeration(a, oldDecided.id)).toBeNull();
      expect(await store.deleteExpired(new Date())).toBe(3);
      expect(await store.getModeration(a, recentDecided.id)).not.toBeNull();
      expect(await store.getModeration(a, oldWaiting.id)).not.toBeNull();
      expect((await store.listAudit(a, { limit: 10 })).records).toEqual([keptAudit]);
      expect(await store.listFeedback(a, 10)).toEqual([keptFeedback]);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('embedded workflow store across a restart', () => {
  it('reads back what it wrote', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'workflow-'));
    try {
      const a = tenant();
      const job = moderationJob(a, { status: 'in_review', review: review() });
      const first = createWorkflowStore({ kind: 'embedded', dataDir: dir });
      await first.init();
      await first.createModeration(job);
      await first.updateModeration(a, job.id, (j) => ({ ...j, webhooksSent: 1 }));
      await first.appendAudit(audit(a, '2026-11-24T10:00:00.000Z', job.id));
      await first.close();
      const second = createWorkflowStore({ kind: 'embedded', dataDir: dir });
      await second.init();
      expect(await second.getModeration(a, job.id)).toEqual({ ...job, webhooksSent: 1 });
      expect(ids(await second.listInReview(a, 10))).toEqual([job.id]);
      expect((await second.listAudit(a, { moderationJobId: job.id, limit: 10 })).records).toHaveLength(1);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
