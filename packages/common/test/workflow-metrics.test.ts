// The workflow metrics as Prometheus scrapes them from the shared registry.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationJob } from '../src/domain/review.ts';
import { registry } from '../src/metrics.ts';
import { createWorkflowStore, type WorkflowStore } from '../src/store/workflow/index.ts';
import { recordAutomatedDecision, recordReviewerDecision, startWorkflowMetricsAtZero, watchReviewQueueDepth } from '../src/workflow-metrics.ts';

/** The value of one sample of the scrape, 0 when absent. */
async function sample(name: string, labels: Record<string, string> = {}): Promise<number> {
  const text = await registry.metrics();
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = m[2] ? m[2].split(',') : [];
    if (got.length === want.length && want.every((w) => got.includes(w))) return Number(m[3]);
  }
  return 0;
}

function queuedJob(tenantId: string, n: number, state: 'queued' | 'claimed' | 'done'): ModerationJob {
  return {
    id: `vmod_${tenantId}_${n}`,
    tenantId,
    classificationJobId: `job_${n}`,
    contentType: 'image',
    externalId: `ext-${n}`,
    callbackUrl: null,
    inputSha256: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    status: state === 'done' ? 'decided' : 'in_review',
    result: null,
    automated: null,
    review: {
      state,
      kind: 'escalation',
      priority: 0,
      reasons: ['medium_risk_drugs'],
      queued_at: '2026-11-24T10:00:00.000Z',
      claimed_by: state === 'claimed' ? 'r1' : null,
      lease_expires_at: null,
      excluded_reviewers: [],
      appeal_reason: null,
      decisions: [],
    },
    webhooksSent: 0,
  };
}

describe('review queue depth', () => {
  let dir: string;
  let store: WorkflowStore;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'workflow-metrics-'));
    store = createWorkflowStore({ kind: 'embedded', dataDir: dir });
    await store.init();
  });
  afterAll(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is read from the store on each scrape, per tenant, and an emptied queue reads 0', async () => {
    await store.createModeration(queuedJob('qa', 1, 'queued'));
    await store.createModeration(queuedJob('qa', 2, 'claimed'));
    await store.createModeration(queuedJob('qa', 3, 'done'));
    await store.createModeration(queuedJob('qb', 1, 'queued'));
    watchReviewQueueDepth(store);
    expect(await sample('modsvc_review_queue_depth', { tenant: 'qa' })).toBe(2);
    expect(await sample('modsvc_review_queue_depth', { tenant: 'qb' })).toBe(1);

    await store.updateModeration('qb', 'vmod_qb_1', (j) => ({ ...j, status: 'decided', review: { ...j.review!, state: 'done' } }));
    const text = await registry.metrics();
    expect(text).toContain('modsvc_review_queue_depth{tenant="qb"} 0');
    expect(text).toContain('modsvc_review_queue_depth{tenant="qa"} 2');
  });

  it("a tenant seen in the queue has its reviewers' decisions at 0 before the first one, so that rate() counts it", async () => {
    const text = await registry.metrics();
    for (const decision of ['approve', 'reject']) {
      for (const kind of ['escalation', 'quality_sample', 'appeal']) expect(text).toContain(`modsvc_reviewer_decisions_total{tenant="qb",decision="${decision}",kind="${kind}"} 0`);
    }
  });

  it('a failing store keeps the last counts, reports the error and the scrape still succeeds', async () => {
    const errors: unknown[] = [];
    watchReviewQueueDepth({ countInReview: () => Promise.reject(new Error('store down')) }, (e) => errors.push(e));
    expect(await sample('modsvc_review_queue_depth', { tenant: 'qa' })).toBe(2);
    expect(errors.map((e) => (e as Error).message)).toEqual(['store down']);
    watchReviewQueueDepth(store);
  });
});

describe('decisions', () => {
  it('start at 0 for every decision type, decision and review kind', async () => {
    startWorkflowMetricsAtZero();
    const text = await registry.metrics();
    const series = (name: string) => text.split('\n').filter((l) => l.startsWith(`${name}{`));
    expect(series('modsvc_moderation_decisions_total')).toHaveLength(3 * 2 + 2);
    expect(series('modsvc_review_time_to_decision_seconds_count').map((l) => /kind="(\w+)"/.exec(l)?.[1]).sort()).toEqual(['appeal', 'escalation', 'quality_sample']);
  });

  it('counts automated decisions by type and decision', async () => {
    const before = await sample('modsvc_moderation_decisions_total', { decision_type: 'fully_automated', decision: 'approve' });
    recordAutomatedDecision('fully_automated', 'approve');
    recordAutomatedDecision('fully_automated', 'approve');
    recordAutomatedDecision('escalated', 'pending_review');
    expect(await sample('modsvc_moderation_decisions_total', { decision_type: 'fully_automated', decision: 'approve' })).toBe(before + 2);
    expect(await sample('modsvc_moderation_decisions_total', { decision_type: 'escalated', decision: 'pending_review' })).toBeGreaterThanOrEqual(1);
  });

  it("counts a reviewer's decision per tenant and the wait from queue to decision", async () => {
    const labels = { tenant: 'acme', decision: 'reject', kind: 'appeal' };
    const human = { decision_type: 'human_reviewed', decision: 'reject' };
    const [decisions, humanBefore, count, sum, le30, le60] = await Promise.all([
      sample('modsvc_reviewer_decisions_total', labels),
      sample('modsvc_moderation_decisions_total', human),
      sample('modsvc_review_time_to_decision_seconds_count', { kind: 'appeal' }),
      sample('modsvc_review_time_to_decision_seconds_sum', { kind: 'appeal' }),
      sample('modsvc_review_time_to_decision_seconds_bucket', { kind: 'appeal', le: '30' }),
      sample('modsvc_review_time_to_decision_seconds_bucket', { kind: 'appeal', le: '60' }),
    ]);
    recordReviewerDecision({ tenant: 'acme', decision: 'reject', kind: 'appeal', queuedAt: '2026-11-24T10:00:00.000Z', decidedAt: '2026-11-24T10:00:45.000Z' });
    expect(await sample('modsvc_reviewer_decisions_total', labels)).toBe(decisions + 1);
    expect(await sample('modsvc_moderation_decisions_total', human)).toBe(humanBefore + 1);
    expect(await sample('modsvc_review_time_to_decision_seconds_count', { kind: 'appeal' })).toBe(count + 1);
    expect(await sample('modsvc_review_time_to_decision_seconds_sum', { kind: 'appeal' })).toBe(sum + 45);
    expect(await sample('modsvc_review_time_to_decision_seconds_bucket', { kind: 'appeal', le: '30' })).toBe(le30);
    expect(await sample('modsvc_review_time_to_decision_seconds_bucket', { kind: 'appeal', le: '60' })).toBe(le60 + 1);
    expect(await registry.metrics()).toContain('modsvc_review_time_to_decision_seconds_bucket{le="259200",kind="appeal"}');
  });

  it('a decision timed before its queueing (clock skew) counts as no wait', async () => {
    const le10 = await sample('modsvc_review_time_to_decision_seconds_bucket', { kind: 'quality_sample', le: '10' });
    const sum = await sample('modsvc_review_time_to_decision_seconds_sum', { kind: 'quality_sample' });
    recordReviewerDecision({ tenant: 'acme', decision: 'approve', kind: 'quality_sample', queuedAt: new Date(5000), decidedAt: new Date(2000) });
    expect(await sample('modsvc_review_time_to_decision_seconds_bucket', { kind: 'quality_sample', le: '10' })).toBe(le10 + 1);
    expect(await sample('modsvc_review_time_to_decision_seconds_sum', { kind: 'quality_sample' })).toBe(sum);
  });
});
