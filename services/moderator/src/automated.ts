// The automated step: from a finished classification job to the moderation result the rules give, and
// the review entry (escalation or quality sample) it puts in the queue.
import type { JobRecord } from '@modsvc/common/jobs';
import { policyNamed } from '@modsvc/common/tenant-policy';
import type { PolicyStore } from '@modsvc/common/store/policies/index';
import {
  isPolicyResult,
  POLICY_TABLE_VERSION,
  type ModerationJob,
  type ModerationOutcome,
  type ModerationRiskLevel,
  type PolicyCategoryResult,
  type ReviewKind,
  type ReviewState,
  type RiskLevel,
} from '@modsvc/common/domain/index';
import { decide, sampledForQuality } from './decide.ts';

/** A moderation result names risk levels in lower case. */
export const MODERATION_RISK_LEVEL: Record<RiskLevel, ModerationRiskLevel> = { HIGH: 'high', MEDIUM: 'medium', LOW: 'low', NONE: 'none', UNKNOWN: 'unknown' };

export const PRIORITY = { appeal: 100, escalation: 50, quality_sample: 10 } as const;

export interface AutomatedOutcome {
  result: ModerationOutcome;
  review: ReviewState | null;
  /** The scored categories behind the result (for the reviewer's view and feedback). */
  categories: PolicyCategoryResult[];
}

export function jobFields(job: ModerationJob) {
  return { classification_job_id: job.classificationJobId, content_type: job.contentType, external_id: job.externalId, moderation_job_id: job.id };
}

export function newReview(kind: ReviewKind, priority: number, reasons: string[], now: string, previous: ReviewState | null = null): ReviewState {
  return {
    state: 'queued',
    kind,
    priority,
    reasons,
    queued_at: now,
    claimed_by: null,
    lease_expires_at: null,
    excluded_reviewers: [],
    appeal_reason: null,
    decisions: previous?.decisions ?? [],
  };
}

export async function automatedOutcome(policies: PolicyStore, mod: ModerationJob, job: JobRecord, now: string): Promise<AutomatedOutcome> {
  if (job.status === 'failed') {
    const result: ModerationOutcome = {
      ...jobFields(mod),
      decision_type: 'fully_automated',
      escalate: false,
      escalate_reasons: [],
      is_error: true,
      error_message: job.msg,
      policy_categories: [],
    };
    return { result, review: null, categories: [] };
  }
  const policy = job.results && isPolicyResult(job.results) ? job.results : null;
  const categories = policy?.policy_categories ?? [];
  const policyVersion = policy?.policy_version ?? policy?.policy_table_version ?? POLICY_TABLE_VERSION;
  const resolved = await policyNamed(policies, job.tenantId, policyVersion);
  const thresholds = new Map(resolved.categories.map((c) => [c.name, c.thresholds]));
  const d = decide(categories, resolved.moderation, thresholds);
  const result: ModerationOutcome = {
    ...jobFields(mod),
    ...d,
    is_error: false,
    policy_categories: categories.map((c) => ({ name: c.name, risk_level: MODERATION_RISK_LEVEL[c.risk_level], ...(c.not_scored?.length ? { not_scored: c.not_scored } : {}) })),
    policy_version: policyVersion,
  };
  let review: ReviewState | null = null;
  if (d.escalate) {
    const top = Math.max(0, ...categories.map((c) => c.score ?? 0));
    review = newReview('escalation', PRIORITY.escalation + Math.round(40 * top), d.escalate_reasons, now);
  } else if (sampledForQuality(mod.id, resolved.moderation.review_sample_rate)) {
    review = newReview('quality_sample', PRIORITY.quality_sample, ['quality_sample'], now);
  }
  return { result, review, categories };
}
