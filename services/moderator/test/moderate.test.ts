import { describe, expect, it, vi } from 'vitest';
import { ModerationDecisionSchema, ModerationErrorSchema, ModerationPendingSchema, parseModerationReply, type PolicyResult } from '@modsvc/common/domain/index';
import type { JobRecord } from '@modsvc/common/jobs';
import { EgressGuard } from '@modsvc/common/egress';
import { newJobRecord } from '../../../packages/common/test/fixtures.ts';
import { createModerator } from '../src/service.ts';

type ModeratorRuntime = Parameters<typeof createModerator>[0];

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

function moderatorOver(job: JobRecord) {
  const published: { subject: string; body: string }[] = [];
  const rt = {
    store: { getForTenant: async (tenantId: string, id: string) => (tenantId === job.tenantId && id === job.id ? job : null) },
    guard: new EgressGuard(),
    bus: { publish: async (subject: string, msg: { body: Buffer }) => void published.push({ subject, body: msg.body.toString() }) },
  } as unknown as ModeratorRuntime;
  return { moderator: createModerator(rt), published };
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
      decision: 'review',
      escalate_reasons: ['medium_risk_sexual', 'not_covered_drugs'],
      policy_categories: [{ name: 'SEXUAL', risk_level: 'medium' }, { name: 'DRUGS', risk_level: 'unknown' }, { name: 'ARMS_AMMO', risk_level: 'none' }],
      policy_version: 'standard-2026-11-22',
    });
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
      decision: 'review',
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

  it('a failed policy job: HTTP 200, is_error true, its message and no categories', async () => {
    const job = newJobRecord({ product: 'policy', status: 'failed', msg: 'Failed to decode image.' });
    const reply = await moderatorOver(job).moderator.moderate(input(job));
    expect(reply.httpStatus).toBe(200);
    expect(ModerationErrorSchema.parse(reply.result)).toMatchObject({ is_error: true, error_message: 'Failed to decode image.', policy_categories: [] });
  });

  it('a job still queued after the wait: HTTP 503 with the generic error form', async () => {
    vi.useFakeTimers();
    try {
      const job = newJobRecord({ product: 'policy' });
      const pending = moderatorOver(job).moderator.moderate(input(job));
      await vi.advanceTimersByTimeAsync(21_000);
      const reply = await pending;
      expect(reply.httpStatus).toBe(503);
      expect(Object.keys(ModerationPendingSchema.parse(reply.result))).toEqual(['classification_job_id', 'content_type', 'external_id', 'moderation_job_id', 'error_message']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a callback_url whose host resolves to a refused address (localhost) with 422, publishing nothing', async () => {
    const job = newJobRecord({ product: 'policy', status: 'done', results: POLICY_RESULT });
    const { moderator, published } = moderatorOver(job);
    await expect(moderator.moderate(input(job, 'http://localhost:8080/m'))).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/callback_url/) });
    expect(published).toEqual([]);
  });

  it('the callback body is the result, and a status with its result survives the wire', async () => {
    const job = newJobRecord({ product: 'policy', status: 'done', results: POLICY_RESULT });
    const { moderator, published } = moderatorOver(job);
    const reply = await moderator.moderate(input(job, 'https://hooks.example.com/m'));
    expect(published).toEqual([{ subject: 'pipeline.callback', body: JSON.stringify(reply.result) }]);
    expect(parseModerationReply(reply.httpStatus, JSON.parse(JSON.stringify(reply.result)))).toEqual(reply);
  });
});
