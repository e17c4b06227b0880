// The webhook-id header of each event, and docs/api.md saying it as it is sent: a moderation job's
// results are messages of their own (`moderation.result:<moderation job id>.<n>`), each id the same on
// every retry (Standard Webhooks: one id per message, kept across its retries).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moderationJobOfWebhook, withEffects, type ModerationJob, type OutboxWebhook } from '@modsvc/common/domain/index';
import { jobFinishedWebhookId, moderationResultWebhookId } from '../src/webhook-id.ts';

const API_DOC = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');

function moderationJob(): ModerationJob {
  const id = 'vmod_abc';
  return {
    id,
    tenantId: 'acme',
    classificationJobId: 'job_1',
    contentType: 'image',
    externalId: 'file-42',
    callbackUrl: 'https://hooks.example.com/mod',
    inputSha256: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    status: 'decided',
    result: {
      classification_job_id: 'job_1',
      content_type: 'image',
      external_id: 'file-42',
      moderation_job_id: id,
      decision_type: 'fully_automated',
      escalate: false,
      escalate_reasons: [],
      is_error: true,
      error_message: 'Failed to decode image.',
      policy_categories: [],
    },
    automated: null,
    review: null,
    webhooksSent: 0,
  };
}

const webhooks = (job: ModerationJob) => (job.outbox ?? []).filter((e): e is OutboxWebhook => e.kind === 'webhook');

describe('webhook-id', () => {
  it('a job webhook: job.finished:<job_id>', () => {
    expect(jobFinishedWebhookId('job_1')).toBe('job.finished:job_1');
  });

  it("numbers a moderation job's results from 1, one id per result, each kept as it waits for delivery", () => {
    const first = withEffects(moderationJob(), { webhook: true }, '2026-11-24T10:00:01.000Z');
    const second = withEffects(first, { webhook: true }, '2026-11-24T11:00:00.000Z');
    expect(webhooks(second).map((w) => moderationResultWebhookId(w.id))).toEqual(['moderation.result:vmod_abc.1', 'moderation.result:vmod_abc.2']);
    // Later changes leave a waiting webhook's id as it is; every retry of it sends that id (callbacks.ts).
    expect(webhooks(withEffects(second, {}, '2026-11-24T12:00:00.000Z')).map((w) => w.id)).toEqual(['vmod_abc.1', 'vmod_abc.2']);
    expect(moderationJobOfWebhook('vmod_abc.2')).toBe('vmod_abc');
  });

  it('docs/api.md gives every moderation webhook-id with its .<n> and says what n is', () => {
    const mentions = API_DOC.match(/moderation\.result:<[^>]+>[^\s`)]*/g) ?? [];
    expect(mentions.length).toBeGreaterThan(0);
    for (const m of mentions) expect(m).toMatch(/\.<n>$/);
    expect(API_DOC).toMatch(/`n` numbers the\s+job's results from 1/);
  });
});
