// Human review: the tenant's queue, claims with a lease (an item whose lease ran out is free again),
// reviewers' decisions, and appeals (back to the queue for someone other than the earlier reviewers).
import type { Runtime } from '@modsvc/common/host';
import type { ReviewerRef } from '@modsvc/common/contracts';
import { ApiError } from '@modsvc/common/errors';
import {
  isClaimable,
  reviewItemOf,
  type AppealInput,
  type ModerationCategory,
  type ModerationJob,
  type ModerationOutcome,
  type ReviewDecisionInput,
  type ReviewItem,
} from '@modsvc/common/domain/index';
import { recordReviewerDecision } from '@modsvc/common/workflow-metrics';
import { jobFields, newReview, PRIORITY } from './automated.ts';
import { auditOf, SYSTEM, type Actor } from './audit-trail.ts';
import { feedbackAudit, feedbackFromReview } from './feedback.ts';
import { Outbox } from './outbox.ts';

/** Jobs read to build one queue page: items held by others are skipped, so read more than the page. */
const QUEUE_SCAN = 1000;

const reviewerActor = (r: ReviewerRef): Actor => ({ kind: 'reviewer', id: r.reviewerId });

function notFound(id: string): ApiError {
  return new ApiError('not_found', `No moderation job ${id} in review for this account.`);
}

export class ReviewDesk {
  private readonly outbox: Outbox;

  constructor(
    private readonly rt: Runtime,
    private readonly leaseSeconds: number,
  ) {
    this.outbox = new Outbox(rt);
  }

  async queue(reviewer: ReviewerRef, limit: number): Promise<ReviewItem[]> {
    const now = new Date();
    const jobs = await this.rt.workflow.listInReview(reviewer.tenantId, QUEUE_SCAN);
    return jobs
      .filter((j) => j.review && (isClaimable(j.review, reviewer.reviewerId, now) || j.review.claimed_by === reviewer.reviewerId))
      .slice(0, limit)
      .map((j) => reviewItemOf(j)!);
  }

  async claim(reviewer: ReviewerRef, id: string): Promise<ReviewItem> {
    const now = new Date();
    let refusal: ApiError | null = null;
    const claimed = await this.outbox.update(reviewer.tenantId, id, (job) => {
      refusal = null;
      const r = job.review;
      if (!r) return ((refusal = notFound(id)), null);
      if (r.state === 'done') return ((refusal = new ApiError('conflict', `Moderation job ${id} has already been decided.`)), null);
      if (r.excluded_reviewers.includes(reviewer.reviewerId)) {
        return ((refusal = new ApiError('conflict', `You decided moderation job ${id} before; its appeal goes to another reviewer.`)), null);
      }
      const own = r.state === 'claimed' && r.claimed_by === reviewer.reviewerId;
      if (!own && !isClaimable(r, reviewer.reviewerId, now)) {
        return ((refusal = new ApiError('conflict', `Moderation job ${id} is claimed by another reviewer until ${r.lease_expires_at}.`)), null);
      }
      const lease = new Date(now.getTime() + this.leaseSeconds * 1000).toISOString();
      const next: ModerationJob = { ...job, updatedAt: now.toISOString(), review: { ...r, state: 'claimed', claimed_by: reviewer.reviewerId, lease_expires_at: lease } };
      return { job: next, effects: { audit: [auditOf(next, 'review.claimed', reviewerActor(reviewer), { lease_expires_at: lease, kind: r.kind })] } };
    });
    if (!claimed) throw refusal ?? notFound(id);
    return reviewItemOf(claimed)!;
  }

  async decide(reviewer: ReviewerRef, id: string, input: ReviewDecisionInput): Promise<ModerationOutcome> {
    const before = await this.rt.workflow.getModeration(reviewer.tenantId, id);
    if (!before?.review || !before.automated || before.automated.is_error) throw notFound(id);
    const known = new Set(before.automated.policy_categories.map((c) => c.name));
    const unknownNames = input.categories.filter((c) => !known.has(c.name)).map((c) => c.name);
    if (unknownNames.length) throw new ApiError('invalid_request', `categories: ${unknownNames.join(', ')} ${unknownNames.length === 1 ? 'is' : 'are'} not a category of this item.`);

    const feedback = await feedbackFromReview(this.rt, before, before.automated, reviewer, input);
    const now = new Date().toISOString();
    let refusal: ApiError | null = null;
    const decided = await this.outbox.update(reviewer.tenantId, id, (job) => {
      refusal = null;
      const r = job.review;
      if (!r || !job.automated || job.automated.is_error) return ((refusal = notFound(id)), null);
      if (r.state === 'done') return ((refusal = new ApiError('conflict', `Moderation job ${id} has already been decided.`)), null);
      if (r.state !== 'claimed' || r.claimed_by !== reviewer.reviewerId) {
        return ((refusal = new ApiError('conflict', `Claim moderation job ${id} first (POST /v1/review/${id}/claim).`)), null);
      }
      const record = { reviewer_id: reviewer.reviewerId, kind: r.kind, decision: input.decision, categories: input.categories, reason: input.reason, at: now };
      const current = job.result && !job.result.is_error ? job.result : job.automated;
      // A quality sample that agrees with the automated decision changes nothing the caller has been told.
      const agreesWithSample = r.kind === 'quality_sample' && input.decision === current.decision && input.categories.every((c) => current.policy_categories.some((p) => p.name === c.name && p.risk_level === c.risk_level));
      const result: ModerationOutcome = agreesWithSample ? current : humanResult(job, input, reviewer.reviewerId, r.kind === 'appeal');
      const next: ModerationJob = {
        ...job,
        status: 'decided',
        result,
        updatedAt: now,
        review: { ...r, state: 'done', lease_expires_at: null, decisions: [...r.decisions, record] },
      };
      const audit = auditOf(next, 'review.decided', reviewerActor(reviewer), {
        kind: r.kind,
        decision: input.decision,
        reason: input.reason,
        categories: input.categories,
        overturned: job.automated.decision !== input.decision,
      });
      return { job: next, effects: { audit: [audit, ...feedback.map((f) => feedbackAudit(f, next))], feedback, webhook: !agreesWithSample } };
    });
    if (!decided) throw refusal ?? notFound(id);
    const r = decided.review!;
    recordReviewerDecision({ tenant: decided.tenantId, decision: input.decision, kind: r.kind, queuedAt: r.queued_at, decidedAt: now });
    return decided.result!;
  }

  async appeal(tenantId: string, id: string, input: AppealInput): Promise<ReviewItem> {
    const now = new Date().toISOString();
    let refusal: ApiError | null = null;
    const appealed = await this.outbox.update(tenantId, id, (job) => {
      refusal = null;
      if (job.status === 'classifying') return ((refusal = new ApiError('conflict', `Moderation job ${id} has no decision yet to appeal.`)), null);
      if (!job.result || job.result.is_error) return ((refusal = new ApiError('conflict', `Moderation job ${id} ended in an error; there is no decision to appeal.`)), null);
      if (job.status === 'in_review' || (job.review && job.review.state !== 'done')) {
        return ((refusal = new ApiError('conflict', `Moderation job ${id} is already waiting for a reviewer.`)), null);
      }
      const earlierReviewers = [...new Set((job.review?.decisions ?? []).map((d) => d.reviewer_id))];
      const review = { ...newReview('appeal', PRIORITY.appeal, ['appeal'], now, job.review), excluded_reviewers: earlierReviewers, appeal_reason: input.reason };
      const next: ModerationJob = { ...job, status: 'in_review', updatedAt: now, review };
      const audit = [
        auditOf(next, 'appeal.requested', { kind: 'caller', id: tenantId }, { reason: input.reason, excluded_reviewers: earlierReviewers }),
        auditOf(next, 'review.queued', SYSTEM, { kind: 'appeal', priority: PRIORITY.appeal, reasons: ['appeal'] }),
      ];
      return { job: next, effects: { audit } };
    });
    if (!appealed) {
      if (refusal) throw refusal;
      throw new ApiError('not_found', `No moderation job ${id} for this account.`);
    }
    return reviewItemOf(appealed)!;
  }
}

/** The result a reviewer's verdict gives: their decision and levels, the automated rest kept. */
function humanResult(job: ModerationJob, input: ReviewDecisionInput, reviewerId: string, appeal: boolean): ModerationOutcome {
  const automated = job.automated;
  if (!automated || automated.is_error) throw new Error('a reviewed job has an automated decision');
  const levels = new Map(input.categories.map((c) => [c.name, c.risk_level]));
  const categories: ModerationCategory[] = automated.policy_categories.map((c) => ({ name: c.name, risk_level: levels.get(c.name) ?? c.risk_level }));
  return {
    ...jobFields(job),
    decision: input.decision,
    decision_type: 'human_reviewed',
    escalate: automated.escalate,
    escalate_reasons: automated.escalate_reasons,
    ...(input.decision === 'reject' ? { reject_reasons: ['reviewer_rejected'] } : {}),
    is_error: false,
    policy_categories: categories,
    policy_version: automated.policy_version,
    reviewed_by: reviewerId,
    review_reason: input.reason,
    ...(appeal ? { appeal: true } : {}),
  };
}
