// The moderation outbox on a real embedded workflow store: a failed publish, a failed audit write and a
// crash right after a state change each leave the side effects in the job's outbox, and the sweep then
// carries each out once (one audit record per step, one webhook id per decision, published once).
import { afterEach, describe, expect, it } from 'vitest';
import { withoutWebhook, type AuditRecord, type PolicyResult } from '@modsvc/common/domain/index';
import { armFaults } from '@modsvc/common/faults';
import type { WorkflowStore } from '@modsvc/common/store/workflow/index';
import { newJobRecord } from '../../../packages/common/test/fixtures.ts';
import { moderatorOver, RecordingBus, useWorkflowStore } from './moderator-runtime.ts';

const ESCALATED: PolicyResult = {
  policy_categories: [{ name: 'SEXUAL', description: 'Adult', score: 0.6, risk_level: 'MEDIUM', triggered_by: 'suggestive' }],
  url: 'https://example.com/a.jpg',
  tier: 'standard',
  policy_table_version: 'standard-2026-11-22',
  policy_version: 'standard-2026-11-22',
};
const SETTINGS = { REVIEW_LEASE_SECONDS: 60, MODERATION_WAIT_SECONDS: 1 };
const CALLBACK = 'https://hooks.example.com/m';
const alice = { tenantId: 't1', reviewerId: 'alice' };

const workflowStore = useWorkflowStore();

afterEach(() => armFaults(''));

/** The store, with its first `failures` audit appends failing. */
function failingAudit(store: WorkflowStore, failures: number): WorkflowStore {
  let left = failures;
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'appendAudit') {
        return async (r: AuditRecord) => {
          if (left > 0) {
            left -= 1;
            throw new Error('audit store unavailable (test)');
          }
          return target.appendAudit(r);
        };
      }
      const v = Reflect.get(target, prop, receiver) as unknown;
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

const policyJob = () => newJobRecord({ tenantId: 't1', product: 'policy', status: 'done', results: ESCALATED });
const moderateInput = (jobId: string) => ({ tenantId: 't1', classificationJobId: jobId, externalId: 'ext-1', callbackUrl: CALLBACK });

async function actions(store: WorkflowStore, id: string): Promise<string[]> {
  return (await store.listAudit('t1', { moderationJobId: id, limit: 100 })).records.map((r) => r.action).reverse();
}

describe('moderation outbox', () => {
  it('a publish that fails leaves the webhook in the outbox; the sweep publishes it, once', async () => {
    const job = policyJob();
    const bus = new RecordingBus();
    bus.failNext = 1;
    const { moderator, jobs, published } = moderatorOver([job], workflowStore.store(), SETTINGS, bus);
    const reply = await moderator.moderate(moderateInput(job.id));
    const id = reply.result.moderation_job_id;
    expect(reply.result).toMatchObject({ decision: 'pending_review' });
    expect(published).toEqual([]);
    const stored = await workflowStore.store().getModeration('t1', id);
    expect(stored?.outbox).toMatchObject([{ kind: 'webhook', id: `${id}.1`, published_on: null }]);
    expect(await actions(workflowStore.store(), id)).toEqual(['moderation.requested', 'moderation.decided', 'review.queued']);

    expect(await jobs.drainOutboxes()).toBe(1);
    expect(await jobs.drainOutboxes()).toBe(0);
    expect(published.map((p) => p.id)).toEqual([`${id}.1`]);
    expect(published[0]!.body).toEqual(reply.result);
  });

  it('audit writes that fail are made by the sweep: each step recorded once, in order', async () => {
    const job = policyJob();
    // Every append of the first two drains fails (the second drain tries the first one's entry again).
    const store = failingAudit(workflowStore.store(), 4);
    const { moderator, jobs, published } = moderatorOver([job], store, SETTINGS);
    const id = (await moderator.moderate(moderateInput(job.id))).result.moderation_job_id;
    expect(await actions(store, id)).toEqual([]);
    expect(published.map((p) => p.id)).toEqual([`${id}.1`]);
    await moderator.claim(alice, id);
    await moderator.decide(alice, id, { decision: 'reject', categories: [], reason: 'nudity' });

    await jobs.drainOutboxes();
    await jobs.drainOutboxes();
    expect(await actions(store, id)).toEqual(['moderation.requested', 'moderation.decided', 'review.queued', 'review.claimed', 'review.decided']);
    expect(published.map((p) => p.id)).toEqual([`${id}.1`, `${id}.2`]);
    expect((await store.getModeration('t1', id))?.outbox?.map((e) => e.kind)).toEqual(['webhook', 'webhook']);
  });

  it('a crash right after the decision is stored: after the restart the sweep writes its audit and sends its one webhook', async () => {
    const job = policyJob();
    // The second state change (the automated decision) fails right after it is stored, before any side effect.
    armFaults('moderation.committed:fail@2');
    const before = moderatorOver([job], workflowStore.store(), SETTINGS);
    await expect(before.moderator.moderate(moderateInput(job.id))).rejects.toThrow(/injected fault at moderation.committed/);
    const [stored] = await workflowStore.store().listWithOutbox(10);
    expect(stored).toMatchObject({ status: 'in_review', webhooksSent: 1 });
    const id = stored!.id;
    expect(await actions(workflowStore.store(), id)).toEqual(['moderation.requested']);
    expect(before.published).toEqual([]);

    armFaults('');
    const after = moderatorOver([job], workflowStore.store(), SETTINGS);
    expect(await after.jobs.drainOutboxes()).toBe(1);
    await Promise.all([after.jobs.drainOutboxes(), after.jobs.drainOutboxes()]);
    expect(await actions(workflowStore.store(), id)).toEqual(['moderation.requested', 'moderation.decided', 'review.queued']);
    expect(after.published.map((p) => p.id)).toEqual([`${id}.1`]);
    expect((await after.moderator.getModeration('t1', id))?.result).toMatchObject({ decision: 'pending_review' });
  });

  it('a webhook whose delivery has not ended is published again only when its bus is gone; once it ends, it leaves the outbox', async () => {
    const job = policyJob();
    const bus = new RecordingBus();
    const { moderator, jobs, published } = moderatorOver([job], workflowStore.store(), SETTINGS, bus);
    const id = (await moderator.moderate(moderateInput(job.id))).result.moderation_job_id;
    expect(await jobs.drainOutboxes()).toBe(0);
    bus.restart();
    expect(await jobs.drainOutboxes()).toBe(1);
    expect(await jobs.drainOutboxes()).toBe(0);
    expect(published.map((p) => p.id)).toEqual([`${id}.1`, `${id}.1`]);

    // webhook-dispatcher strikes it when its delivery ends.
    await workflowStore.store().updateModeration('t1', id, (j) => withoutWebhook(j, `${id}.1`));
    expect(await workflowStore.store().listWithOutbox(10)).toEqual([]);
  });

  it('GET reads only: a job whose classification finished is decided by the settle task, not by the read', async () => {
    const job = { ...policyJob(), status: 'queued' as const, results: null };
    const jobs = [job];
    const { moderator, jobs: moderation, published } = moderatorOver(jobs, workflowStore.store(), { ...SETTINGS, MODERATION_WAIT_SECONDS: 0 });
    const id = (await moderator.moderate(moderateInput(job.id))).result.moderation_job_id;
    jobs[0] = { ...job, status: 'done', results: ESCALATED } as never;
    const stored = await workflowStore.store().getModeration('t1', id);
    expect((await moderator.getModeration('t1', id))?.httpStatus).toBe(202);
    expect(await workflowStore.store().getModeration('t1', id)).toEqual(stored);
    expect(await moderation.settleClassifying()).toBe(1);
    expect((await moderator.getModeration('t1', id))?.result).toMatchObject({ decision: 'pending_review' });
    expect(published.map((p) => p.id)).toEqual([`${id}.1`]);
  });
});
