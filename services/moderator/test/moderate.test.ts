import { describe, expect, it } from 'vitest';
import { ModerationDecisionSchema, ModerationErrorSchema, ModerationPendingSchema, parseModerationReply, type PolicyResult } from '@modsvc/common/domain/index';
import type { JobRecord } from '@modsvc/common/jobs';
import { newJobRecord } from '../../../packages/common/test/fixtures.ts';
import { moderatorOver as moderatorFor, useWorkflowStore } from './moderator-runtime.ts';

const POLICY_RESULT: PolicyResult = {
  policy_categories: [
    { name: 'SEXUAL', description: 'Adult', score: 0.55, risk_level: 'MEDIUM', triggered_by: 'suggestive' },
    { name: 'DRUGS', description: 'Drugs', score: null, risk_level: 'UNKNOWN', triggered_by: null },
    { name: 'ARMS_AMMO', description: 'Arms', score: 0.1, risk_level: 'NONE', triggered_by: 'firearm' },
  ],
  url: 'https://example.com/a.jpg',
  tier: 'standard',
  policy_table_version: 'standard-2026-11-22',
};

const SETTINGS = { REVIEW_LEASE_SECONDS: 600, MODERATION_WAIT_SECONDS: 20 };

const workflowStore = useWorkflowStore();

function moderatorOver(job: JobRecord, settings = SETTINGS) {
  return moderatorFor([job], workflowStore.store(), settings);
}

const input = (job: JobRecord, callbackUrl: string | null = null) => ({ tenantId: job.tenantId, classificationJobId: job.id, externalId: 'file-42', callbackUrl });

describe('moderation result', () => {
  it('a finished policy job: HTTP 200, a decision in the published shape, every category listed (UNKNOWN ones as unknown, escalated as not covered), levels lower case', async () => {
    const job = newJobRecord({ product: 'policy', status: 'done', results: POLICY_RESULT });
    const reply = await moderatorOver(job).moderator.moderate(input(job));
    expect(reply.httpStatus).toBe(200);
    expect(ModerationDecisionSchema.parse(reply.result)).toEqual(reply.result);
    expect(Object.keys(reply.result)).toEqual([
      'classification_job_id', 'content_type', 'external_id', 'moderation_job_id',
      'decision', 'decision_type', 'escalate', 'escalate_reasons', 'is_error', 'policy_categories', 'policy_version',
    ]);
    expect(reply.result).toMatchObject({
      decision: 'pending_review',
      escalate_reasons: ['medium_risk_sexual', 'not_covered_drugs'],
      policy_categories: [{ name: 'SEXUAL', risk_level: 'medium' }, { name: 'DRUGS', risk_level: 'unknown' }, { name: 'ARMS_AMMO', risk_level: 'none' }],
      policy_version: 'standard-2026-11-22',
    });
  });

  it('the job is kept: GET answers the same result, and an escalated job waits in the review queue', async () => {
    const job = newJobRecord({ product: 'policy', status: 'done', results: POLICY_RESULT });
    const { moderator } = moderatorOver(job);
    const reply = await moderator.moderate(input(job));
    const id = reply.result.moderation_job_id;
    expect(await moderator.getModeration(job.tenantId, id)).toEqual(reply);
    expect(await moderator.getModeration('someone-else', id)).toBeNull();
    const queue = (await moderator.reviewQueue({ tenantId: job.tenantId, reviewerId: 'alice' }, 10)).items;
    expect(queue.map((i) => [i.moderation_job_id, i.kind, i.state])).toEqual([[id, 'escalation', 'queued']]);
    expect((await moderator.reviewQueue({ tenantId: 'someone-else', reviewerId: 'alice' }, 10)).items).toEqual([]);
  });

  it('never approves what was not checked: an assault rifle no model scores is escalated, not approved', async () => {
    const results: PolicyResult = {
      ...POLICY_RESULT,
      policy_version: 'standard-2026-11-22',
      policy_categories: [
        { name: 'SEXUAL', description: 'Adult', score: 0.01, risk_level: 'NONE', triggered_by: 'adult_content' },
        { name: 'DEATH_INJURY_MILITARY', description: 'Violence', score: null, risk_level: 'UNKNOWN', triggered_by: null },
        { name: 'ARMS_AMMO', description: 'Arms', score: null, risk_level: 'UNKNOWN', triggered_by: null },
      ],
    };
    const job = newJobRecord({ product: 'policy', status: 'done', results });
    const reply = await moderatorOver(job).moderator.moderate(input(job));
    expect(reply.result).toMatchObject({
      decision: 'pending_review',
      decision_type: 'escalated',
      escalate: true,
      escalate_reasons: ['not_covered_death_injury_military', 'not_covered_arms_ammo'],
      policy_categories: [
        { name: 'SEXUAL', risk_level: 'none' },
        { name: 'DEATH_INJURY_MILITARY', risk_level: 'unknown' },
        { name: 'ARMS_AMMO', risk_level: 'unknown' },
      ],
    });
  });

  it('approves on what was checked and says what was not: a picture whose knife no model scored carries not_scored', async () => {
    const results: PolicyResult = {
      ...POLICY_RESULT,
      policy_categories: [
        { name: 'SEXUAL', description: 'Adult', score: 0.01, risk_level: 'NONE', triggered_by: 'adult_content' },
        { name: 'ARMS_AMMO', description: 'Arms', score: 0.05, risk_level: 'NONE', triggered_by: 'firearm', not_scored: ['violent_knife', 'knife'] },
      ],
    };
    const job = newJobRecord({ product: 'policy', status: 'done', results });
    const reply = await moderatorOver(job).moderator.moderate(input(job));
    expect(ModerationDecisionSchema.parse(reply.result)).toEqual(reply.result);
    expect(reply.result).toMatchObject({
      decision: 'approve',
      policy_categories: [
        { name: 'SEXUAL', risk_level: 'none' },
        { name: 'ARMS_AMMO', risk_level: 'none', not_scored: ['violent_knife', 'knife'] },
      ],
    });
    expect((reply.result as { policy_categories: object[] }).policy_categories[0]).not.toHaveProperty('not_scored');
  });

  it('a failed policy job: HTTP 200, is_error true, its message and no categories', async () => {
    const job = newJobRecord({ product: 'policy', status: 'failed', msg: 'Failed to decode image.' });
    const reply = await moderatorOver(job).moderator.moderate(input(job));
    expect(reply.httpStatus).toBe(200);
    expect(ModerationErrorSchema.parse(reply.result)).toMatchObject({ is_error: true, error_message: 'Failed to decode image.', policy_categories: [] });
  });

  it('a job still queued after the wait: HTTP 202 with the pending form, then decided by the sweep once the classification finishes, with its webhook', async () => {
    const job = newJobRecord({ product: 'policy' });
    const { moderator, jobs, published } = moderatorOver(job, { ...SETTINGS, MODERATION_WAIT_SECONDS: 0.3 });
    const reply = await moderator.moderate(input(job, 'https://hooks.example.com/m'));
    expect(reply.httpStatus).toBe(202);
    expect(Object.keys(ModerationPendingSchema.parse(reply.result))).toEqual(['classification_job_id', 'content_type', 'external_id', 'moderation_job_id', 'error_message']);
    expect(published).toEqual([]);
    Object.assign(job, { status: 'done', results: POLICY_RESULT });
    expect(await jobs.settleClassifying()).toBe(1);
    const settled = await moderator.getModeration(job.tenantId, reply.result.moderation_job_id);
    expect(settled).toMatchObject({ httpStatus: 200, result: { decision: 'pending_review' } });
    expect(published.map((p) => p.id)).toEqual([`${reply.result.moderation_job_id}.1`]);
    expect(await jobs.settleClassifying()).toBe(0);
  });

  it('refuses a callback_url whose host resolves to a refused address (localhost) with 422, publishing nothing', async () => {
    const job = newJobRecord({ product: 'policy', status: 'done', results: POLICY_RESULT });
    const { moderator, published } = moderatorOver(job);
    await expect(moderator.moderate(input(job, 'http://localhost:8080/m'))).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/callback_url/) });
    expect(published).toEqual([]);
  });

  it('an items job, or another tenant\'s job, is not found', async () => {
    const job = newJobRecord({ product: 'items', status: 'done' });
    const { moderator } = moderatorOver(job);
    await expect(moderator.moderate(input(job))).rejects.toMatchObject({ status: 404 });
    await expect(moderator.moderate({ ...input(job), tenantId: 'other' })).rejects.toMatchObject({ status: 404 });
  });

  it('the callback body is the result, and a status with its result survives the wire', async () => {
    const job = newJobRecord({ product: 'policy', status: 'done', results: POLICY_RESULT });
    const { moderator, published } = moderatorOver(job);
    const reply = await moderator.moderate(input(job, 'https://hooks.example.com/m'));
    expect(published).toEqual([{ subject: 'pipeline.callback', id: `${reply.result.moderation_job_id}.1`, body: JSON.parse(JSON.stringify(reply.result)) }]);
    expect(parseModerationReply(reply.httpStatus, JSON.parse(JSON.stringify(reply.result)))).toEqual(reply);
  });

  it('an Idempotency-Key answers the first moderation job on a repeat, and refuses the key for another request', async () => {
    const job = newJobRecord({ product: 'policy', status: 'done', results: POLICY_RESULT });
    const { moderator, published } = moderatorOver(job);
    const first = await moderator.moderate({ ...input(job, 'https://hooks.example.com/m'), idempotencyKey: 'k-1' });
    const again = await moderator.moderate({ ...input(job, 'https://hooks.example.com/m'), idempotencyKey: 'k-1' });
    expect(again).toEqual(first);
    expect(published).toHaveLength(1);
    expect(await workflowStore.store().listInReview(job.tenantId, 10)).toHaveLength(1);
    await expect(moderator.moderate({ ...input(job), externalId: 'other', idempotencyKey: 'k-1' })).rejects.toMatchObject({ status: 409 });
    const other = await moderator.moderate({ ...input(job), idempotencyKey: 'k-2' });
    expect(other.result.moderation_job_id).not.toBe(first.result.moderation_job_id);
  });
});
