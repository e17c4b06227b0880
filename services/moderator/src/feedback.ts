// Feedback: a caller's or reviewer's word on whether a class or category was right for a job, stored
// with the score and level the job reported so that recalibration can refit thresholds. A reviewer's
// decision counts as feedback on every category the reviewer set a level for.
import type { Runtime } from '@modsvc/common/host';
import type { FeedbackActor, ReviewerRef } from '@modsvc/common/contracts';
import { ApiError } from '@modsvc/common/errors';
import type { JobRecord } from '@modsvc/common/jobs';
import {
  actingLevel,
  flaggedAt,
  isPolicyResult,
  type ActingRules,
  type AuditRecord,
  type FeedbackInput,
  type FeedbackRecord,
  type ModerationDecision,
  type ModerationJob,
  type ReviewDecisionInput,
} from '@modsvc/common/domain/index';
import { policyNamed } from '@modsvc/common/tenant-policy';
import { sortableId } from '@modsvc/common/record-ids';
import { auditOf } from './audit-trail.ts';

interface Reported {
  score: number | null;
  riskLevel: string | null;
  policyVersion: string | null;
}

function reportedCategory(job: JobRecord | null, category: string): Reported | null {
  const results = job?.results;
  if (!results || !isPolicyResult(results)) return null;
  const c = results.policy_categories.find((p) => p.name === category);
  return c ? { score: c.score, riskLevel: c.risk_level, policyVersion: results.policy_version ?? results.policy_table_version } : null;
}

function reportedClass(job: JobRecord | null, cls: string): Reported | null {
  const results = job?.results as Record<string, unknown> | null | undefined;
  if (!results || isPolicyResult(results as never)) return null;
  for (const group of Object.values(results)) {
    if (group && typeof group === 'object' && !Array.isArray(group) && cls in group) {
      const score = (group as Record<string, unknown>)[cls];
      if (score === null || typeof score === 'number') return { score, riskLevel: null, policyVersion: null };
    }
  }
  return null;
}

function feedbackRecord(tenantId: string, source: FeedbackActor, job: { id: string; moderationJobId: string | null }, f: { cls: string | null; category: string | null; correct: boolean; note: string | null }, reported: Reported): FeedbackRecord {
  return {
    id: sortableId('fb'),
    tenant_id: tenantId,
    at: new Date().toISOString(),
    source: source.kind,
    actor_id: source.id,
    job_id: job.id,
    moderation_job_id: job.moderationJobId,
    class: f.cls,
    category: f.category,
    correct: f.correct,
    note: f.note,
    score: reported.score,
    risk_level: reported.riskLevel,
    policy_version: reported.policyVersion,
  };
}

/** The audit record of a feedback record (on the moderation job when there is one). */
export function feedbackAudit(record: FeedbackRecord, mod: ModerationJob | null): AuditRecord {
  const details = { class: record.class, category: record.category, correct: record.correct, note: record.note, source: record.source, job_id: record.job_id };
  const actor = { kind: record.source, id: record.actor_id };
  if (mod) return auditOf(mod, 'feedback.recorded', actor, details);
  return {
    id: sortableId('aud'),
    tenant_id: record.tenant_id,
    at: record.at,
    actor,
    action: 'feedback.recorded',
    moderation_job_id: null,
    classification_job_id: record.job_id,
    policy_version: record.policy_version,
    input_sha256: null,
    details,
  };
}

async function save(rt: Runtime, record: FeedbackRecord, mod: ModerationJob | null): Promise<void> {
  await rt.workflow.addFeedback(record);
  await rt.workflow.appendAudit(feedbackAudit(record, mod));
}

export async function recordFeedback(rt: Runtime, tenantId: string, actor: FeedbackActor, input: FeedbackInput): Promise<FeedbackRecord> {
  const mod = input.job_id.startsWith('vmod_') ? await rt.workflow.getModeration(tenantId, input.job_id) : null;
  if (input.job_id.startsWith('vmod_') && !mod) throw new ApiError('not_found', `No moderation job ${input.job_id} for this account.`);
  const jobId = mod?.classificationJobId ?? input.job_id;
  const job = await rt.store.getForTenant(tenantId, jobId);
  if (!job) throw new ApiError('not_found', `No job ${jobId} for this account (or it is past its retention).`);
  if (job.status !== 'done') throw new ApiError('conflict', `Job ${jobId} has no results to give feedback on.`);
  const reported = input.category !== undefined ? reportedCategory(job, input.category) : reportedClass(job, input.class!);
  if (!reported) {
    throw new ApiError('invalid_request', input.category !== undefined ? `category: job ${jobId} has no category ${input.category}.` : `class: job ${jobId} has no class ${input.class}.`);
  }
  const record = feedbackRecord(tenantId, actor, { id: jobId, moderationJobId: mod?.id ?? null }, { cls: input.class ?? null, category: input.category ?? null, correct: input.correct, note: input.note ?? null }, reported);
  await save(rt, record, mod);
  return record;
}

/**
 * Whether the reviewer agreed (correct) that the category is flagged as the automated decision had it:
 * at or above its acting level under the rules of the policy version (policy-rules.ts, the level that
 * recalibration judges the record at). Under the Standard rules a MEDIUM raised to HIGH is still
 * correct; a MEDIUM lowered to LOW is not (for a category in review_categories, LOW still acts).
 */
export function reviewerAgrees(rules: ActingRules, category: string, automatedLevel: string, reviewerLevel: string): boolean {
  const acting = actingLevel(rules, category);
  return flaggedAt(automatedLevel, acting) === flaggedAt(reviewerLevel, acting);
}

/**
 * Feedback on every category the reviewer set a level for, judged by `reviewerAgrees`. Returned, not
 * written: the decision carries them in its outbox, so they are stored with it or not at all.
 */
export async function feedbackFromReview(rt: Pick<Runtime, 'store' | 'policies'>, mod: ModerationJob, automated: ModerationDecision, reviewer: ReviewerRef, input: ReviewDecisionInput): Promise<FeedbackRecord[]> {
  if (!input.categories.length) return [];
  const job = await rt.store.getForTenant(mod.tenantId, mod.classificationJobId);
  const rules = (await policyNamed(rt.policies, mod.tenantId, automated.policy_version)).moderation;
  const records: FeedbackRecord[] = [];
  for (const c of input.categories) {
    const before = automated.policy_categories.find((p) => p.name === c.name);
    if (!before || before.risk_level === 'unknown') continue;
    const reported = reportedCategory(job, c.name) ?? { score: null, riskLevel: before.risk_level.toUpperCase(), policyVersion: automated.policy_version };
    records.push(
      feedbackRecord(
        mod.tenantId,
        { kind: 'reviewer', id: reviewer.reviewerId },
        { id: mod.classificationJobId, moderationJobId: mod.id },
        { cls: null, category: c.name, correct: reviewerAgrees(rules, c.name, before.risk_level, c.risk_level), note: `review: ${c.risk_level} (${input.reason})` },
        reported,
      ),
    );
  }
  return records;
}
