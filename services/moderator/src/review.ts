// Human review: the tenant's queue, claims with a lease (an item whose lease ran out is free again; a
// reviewer holds at most review.claims_per_reviewer at once and may release one), reviewers' decisions,
// and appeals (back to the queue for someone other than the earlier reviewers: the tenant's admins when
// every other reviewer decided it before, refused when nobody is left; review.appeals_per_item per job
// and review.appeals_per_hour per tenant). The tenant's settings are in TENANTS_FILE (tenants.ts).
import type { Runtime } from '@modsvc/common/host';
import type { ReviewerRef } from '@modsvc/common/contracts';
import { ApiError } from '@modsvc/common/errors';
import { reviewSettingsOf, type Reviewer, type ReviewSettings } from '@modsvc/common/tenants';
import {
  appealsMade,
  isClaimable,
  isHeld,
  queueOf,
  reviewItemOf,
  type AppealInput,
  type ModerationCategory,
  type ModerationJob,
  type ModerationOutcome,
  type ReviewDecisionInput,
  type ReviewItem,
  type ReviewQueueFilter,
  type ReviewQueueName,
  type ReviewQueuePage,
  type ReviewState,
  type ReviewStats,
} from '@modsvc/common/domain/index';
import { recordReviewerDecision } from '@modsvc/common/workflow-metrics';
import { jobFields, newReview, PRIORITY } from './automated.ts';
import { auditOf, SYSTEM, type Actor } from './audit-trail.ts';
import { feedbackAudit, feedbackFromReview } from './feedback.ts';
import { Outbox } from './outbox.ts';
import { callerViewOf, reviewerFields, type Pseudonymizer } from './reviewer-identity.ts';
import { queueInDueOrder } from './review-queue.ts';
import { reviewStats } from './review-stats.ts';
/** The window of the hourly appeal cap. */
const APPEAL_WINDOW_MS = 3600_000;

export interface ReviewDeskOptions {
  /** REVIEW_LEASE_SECONDS. */
  leaseSeconds: number;
  /** Reviewer pseudonyms for results (reviewer-identity.ts). */
  pseudonym: Pseudonymizer;
}

const reviewerActor = (r: ReviewerRef): Actor => ({ kind: 'reviewer', id: r.reviewerId });

function notFound(id: string): ApiError {
  return new ApiError('not_found', `No moderation job ${id} in review for this account.`);
}

/**
 * The decision that stood before a reviewer's verdict, which `overturned` compares with: none for an
 * escalation (the rules decided nothing: pending_review), the automated decision for a quality sample,
 * and for an appeal the decision appealed (a reviewer's, or the rules' own).
 */
export function standingDecision(job: ModerationJob): 'approve' | 'reject' | null {
  const current = job.result && !job.result.is_error ? job.result : job.automated;
  if (!current || current.is_error || current.decision === 'pending_review') return null;
  return current.decision;
}

/** Why the job may not be appealed now (state and the per-item cap), or null. */
function appealRefusal(job: ModerationJob, settings: ReviewSettings): ApiError | null {
  const id = job.id;
  if (job.status === 'classifying') return new ApiError('conflict', `Moderation job ${id} has no decision yet to appeal.`);
  if (!job.result || job.result.is_error) return new ApiError('conflict', `Moderation job ${id} ended in an error; there is no decision to appeal.`);
  if (job.status === 'in_review' || (job.review && job.review.state !== 'done')) return new ApiError('conflict', `Moderation job ${id} is already waiting for a reviewer.`);
  const made = appealsMade(job.review);
  if (settings.appealsPerItem === 0) return new ApiError('conflict', 'This account takes no appeals (review.appeals_per_item is 0 in the tenants file).');
  if (made >= settings.appealsPerItem) {
    return new ApiError(
      'conflict',
      `Moderation job ${id} has been appealed ${made === 1 ? 'once' : `${made} times`}, the most this account allows per item (review.appeals_per_item: ${settings.appealsPerItem}); its decision is final.`,
    );
  }
  return null;
}

/**
 * Who takes an appeal: any reviewer who did not decide the job before; when only admins are left, the
 * admin queue; when nobody is left (or the tenant has no reviewers), a refusal, never a queue no one may
 * take from.
 */
function appealRouting(job: ModerationJob, reviewers: readonly Reviewer[]): { queue: ReviewQueueName; excluded: string[] } | ApiError {
  const excluded = [...new Set((job.review?.decisions ?? []).map((d) => d.reviewer_id))];
  const free = reviewers.filter((r) => !excluded.includes(r.id));
  if (free.some((r) => !r.admin)) return { queue: 'reviewers', excluded };
  if (free.length > 0) return { queue: 'admins', excluded };
  const why = reviewers.length === 0 ? 'this account has no reviewers' : `every reviewer of this account (${reviewers.map((r) => r.id).join(', ')}) decided it before, and an appeal goes to someone else`;
  return new ApiError(
    'conflict',
    `No reviewer is left to decide an appeal of moderation job ${job.id}: ${why}. The account's admin adds a reviewer, or a tenant admin ("admin": true), to its reviewers in the tenants file.`,
  );
}

export class ReviewDesk {
  private readonly outbox: Outbox;

  constructor(
    private readonly rt: Runtime,
    private readonly opts: ReviewDeskOptions,
  ) {
    this.outbox = new Outbox(rt);
  }

  private settings(tenantId: string): ReviewSettings {
    return reviewSettingsOf(this.rt.tenants.get(tenantId));
  }

  private isAdmin(reviewer: ReviewerRef): boolean {
    return this.rt.tenants.reviewer(reviewer.tenantId, reviewer.reviewerId)?.admin ?? false;
  }

  /** Whether the reviewer may take from the item's queue (the admin queue is for admins). */
  private mayTake(review: ReviewState, admin: boolean): boolean {
    return queueOf(review) === 'reviewers' || admin;
  }

  /**
   * The items the reviewer may take now (waiting, or claimed by them), earliest due first, that pass the
   * filter; with the categories and reasons the filters may choose from (review-queue.ts).
   */
  async queue(reviewer: ReviewerRef, limit: number, filter: ReviewQueueFilter = {}): Promise<ReviewQueuePage> {
    const now = new Date();
    const admin = this.isAdmin(reviewer);
    const takeable = (r: ReviewState) => this.mayTake(r, admin) && (isClaimable(r, reviewer.reviewerId, now) || (r.claimed_by === reviewer.reviewerId && isHeld(r, now)));
    return queueInDueOrder(this.rt.workflow, reviewer.tenantId, this.settings(reviewer.tenantId).slaHours, { limit, filter, takeable, now });
  }

  /** The supervisor's view (review-stats.ts): tenant admins only. */
  async stats(reviewer: ReviewerRef): Promise<ReviewStats> {
    if (!this.isAdmin(reviewer)) throw new ApiError('forbidden', 'The review statistics are for tenant admins (reviewers with "admin": true in the tenants file).');
    const tenant = this.rt.tenants.get(reviewer.tenantId);
    return reviewStats(this.rt.workflow, reviewer.tenantId, { sla: this.settings(reviewer.tenantId).slaHours, reviewers: (tenant?.reviewers ?? []).map((r) => r.id), now: new Date() });
  }

  /** The tenant's SLA per review kind. */
  slaHours(tenantId: string) {
    return this.settings(tenantId).slaHours;
  }

  async claim(reviewer: ReviewerRef, id: string): Promise<ReviewItem> {
    const now = new Date();
    const { claimsPerReviewer } = this.settings(reviewer.tenantId);
    const admin = this.isAdmin(reviewer);
    // The reviewer's other live claims, for the cap (the item itself may be one: claiming it again renews it).
    const held = (await this.rt.workflow.listClaimedBy(reviewer.tenantId, reviewer.reviewerId, now.toISOString(), claimsPerReviewer + 1)).filter((j) => j.id !== id);
    let refusal: ApiError | null = null;
    const claimed = await this.outbox.update(reviewer.tenantId, id, (job) => {
      refusal = null;
      const r = job.review;
      if (!r) return ((refusal = notFound(id)), null);
      if (r.state === 'done') return ((refusal = new ApiError('conflict', `Moderation job ${id} has already been decided.`)), null);
      if (r.excluded_reviewers.includes(reviewer.reviewerId)) {
        return ((refusal = new ApiError('conflict', `You decided moderation job ${id} before; its appeal goes to another reviewer.`)), null);
      }
      if (!this.mayTake(r, admin)) {
        return ((refusal = new ApiError('conflict', `Moderation job ${id} waits in the admin queue (every other reviewer decided it before): only a tenant admin may take it.`)), null);
      }
      const renewal = r.state === 'claimed' && r.claimed_by === reviewer.reviewerId && isHeld(r, now);
      if (!renewal && !isClaimable(r, reviewer.reviewerId, now)) {
        return ((refusal = new ApiError('conflict', `Moderation job ${id} is claimed by another reviewer until ${r.lease_expires_at}.`)), null);
      }
      if (!renewal && held.length >= claimsPerReviewer) {
        const ids = held.slice(0, claimsPerReviewer).map((j) => j.id).join(', ');
        return (
          (refusal = new ApiError(
            'conflict',
            `You already hold ${held.length} claimed items (${ids}), the most this account allows at once (review.claims_per_reviewer: ${claimsPerReviewer}); decide or release one (POST /v1/review/{moderation_job_id}/release) first.`,
          )),
          null
        );
      }
      const lease = new Date(now.getTime() + this.opts.leaseSeconds * 1000).toISOString();
      const next: ModerationJob = { ...job, updatedAt: now.toISOString(), review: { ...r, state: 'claimed', claimed_by: reviewer.reviewerId, lease_expires_at: lease } };
      return { job: next, effects: { audit: [auditOf(next, 'review.claimed', reviewerActor(reviewer), { lease_expires_at: lease, kind: r.kind })] } };
    });
    if (!claimed) throw refusal ?? notFound(id);
    return reviewItemOf(claimed, now, this.settings(reviewer.tenantId).slaHours)!;
  }

  /** The claim holder gives the item back to the queue before the lease runs out. */
  async release(reviewer: ReviewerRef, id: string): Promise<ReviewItem> {
    const now = new Date();
    let refusal: ApiError | null = null;
    const released = await this.outbox.update(reviewer.tenantId, id, (job) => {
      refusal = null;
      const r = job.review;
      if (!r) return ((refusal = notFound(id)), null);
      if (r.state === 'done') return ((refusal = new ApiError('conflict', `Moderation job ${id} has already been decided.`)), null);
      if (r.state !== 'claimed' || r.claimed_by !== reviewer.reviewerId || !isHeld(r, now)) {
        const why =
          r.state === 'claimed' && r.claimed_by === reviewer.reviewerId
            ? `your lease ran out at ${r.lease_expires_at}, so it is back in the queue already`
            : r.state === 'claimed' && isHeld(r, now)
              ? 'another reviewer holds it'
              : 'nobody holds it';
        return ((refusal = new ApiError('conflict', `You hold no claim on moderation job ${id}: ${why}.`)), null);
      }
      const next: ModerationJob = { ...job, updatedAt: now.toISOString(), review: { ...r, state: 'queued', claimed_by: null, lease_expires_at: null } };
      return { job: next, effects: { audit: [auditOf(next, 'review.released', reviewerActor(reviewer), { kind: r.kind, lease_expires_at: r.lease_expires_at })] } };
    });
    if (!released) throw refusal ?? notFound(id);
    return reviewItemOf(released, now, this.settings(reviewer.tenantId).slaHours)!;
  }

  async decide(reviewer: ReviewerRef, id: string, input: ReviewDecisionInput): Promise<ModerationOutcome> {
    const before = await this.rt.workflow.getModeration(reviewer.tenantId, id);
    if (!before?.review || !before.automated || before.automated.is_error) throw notFound(id);
    const known = new Set(before.automated.policy_categories.map((c) => c.name));
    const unknownNames = input.categories.filter((c) => !known.has(c.name)).map((c) => c.name);
    if (unknownNames.length) throw new ApiError('invalid_request', `categories: ${unknownNames.join(', ')} ${unknownNames.length === 1 ? 'is' : 'are'} not a category of this item.`);

    const feedback = await feedbackFromReview(this.rt, before, before.automated, reviewer, input);
    const reviewerInResult = reviewerFields(this.settings(reviewer.tenantId), this.opts.pseudonym, reviewer.tenantId, reviewer.reviewerId, input.reason);
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
      const result: ModerationOutcome = agreesWithSample ? current : humanResult(job, input, reviewerInResult, r.kind === 'appeal');
      const next: ModerationJob = {
        ...job,
        status: 'decided',
        result,
        updatedAt: now,
        review: { ...r, state: 'done', lease_expires_at: null, decisions: [...r.decisions, record] },
      };
      const stood = standingDecision(job);
      const audit = auditOf(next, 'review.decided', reviewerActor(reviewer), {
        kind: r.kind,
        decision: input.decision,
        reason: input.reason,
        categories: input.categories,
        previous_decision: stood,
        overturned: stood !== null && stood !== input.decision,
      });
      // The media stay another MEDIA_RETENTION_HOURS from the decision, so an appeal made soon after still shows them.
      return { job: next, effects: { audit: [audit, ...feedback.map((f) => feedbackAudit(f, next))], feedback, webhook: !agreesWithSample, media: true } };
    });
    if (!decided) throw refusal ?? notFound(id);
    const r = decided.review!;
    recordReviewerDecision({ tenant: decided.tenantId, decision: input.decision, kind: r.kind, queuedAt: r.queued_at, decidedAt: now });
    return decided.result!;
  }

  async appeal(tenantId: string, id: string, input: AppealInput): Promise<ReviewItem> {
    const now = new Date();
    const tenant = this.rt.tenants.get(tenantId);
    const settings = reviewSettingsOf(tenant);
    const reviewers = tenant?.reviewers ?? [];
    const absent = () => new ApiError('not_found', `No moderation job ${id} for this account.`);

    // Refusals a caller can act on come first (they are checked again on the record as it is written).
    const before = await this.rt.workflow.getModeration(tenantId, id);
    if (!before) throw absent();
    const early = appealRefusal(before, settings) ?? routingRefusal(appealRouting(before, reviewers));
    if (early) throw early;
    await this.checkHourlyAppeals(tenantId, settings, now);

    const at = now.toISOString();
    let refusal: ApiError | null = null;
    const appealed = await this.outbox.update(tenantId, id, (job) => {
      refusal = appealRefusal(job, settings);
      if (refusal) return null;
      const routing = appealRouting(job, reviewers);
      if (routing instanceof ApiError) return ((refusal = routing), null);
      const review: ReviewState = {
        ...newReview('appeal', PRIORITY.appeal, ['appeal'], at, job.review),
        excluded_reviewers: routing.excluded,
        appeal_reason: input.reason,
        queue: routing.queue,
      };
      const next: ModerationJob = { ...job, status: 'in_review', updatedAt: at, review };
      const audit = [
        auditOf(next, 'appeal.requested', { kind: 'caller', id: tenantId }, { reason: input.reason, excluded_reviewers: routing.excluded, queue: routing.queue }),
        auditOf(next, 'review.queued', SYSTEM, { kind: 'appeal', priority: PRIORITY.appeal, reasons: ['appeal'], queue: routing.queue }),
      ];
      return { job: next, effects: { audit, media: true } };
    });
    if (!appealed) throw refusal ?? absent();
    return callerViewOf(reviewItemOf(appealed, now, settings.slaHours)!, settings, this.opts.pseudonym, tenantId);
  }

  /** 429 once the tenant's callers made review.appeals_per_hour appeals in the last hour, with the wait until the oldest leaves it. */
  private async checkHourlyAppeals(tenantId: string, settings: ReviewSettings, now: Date): Promise<void> {
    const cap = settings.appealsPerHour;
    const times = await this.rt.workflow.listAppealTimes(tenantId, new Date(now.getTime() - APPEAL_WINDOW_MS).toISOString(), now.toISOString(), cap);
    if (times.length < cap) return;
    const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(times[0]!) + APPEAL_WINDOW_MS - now.getTime()) / 1000));
    throw new ApiError('rate_limited', `This account made ${times.length} appeals in the last hour, the most it allows (review.appeals_per_hour: ${cap}); appeal again in ${retryAfterSeconds} s.`, {
      retryAfterSeconds,
    });
  }
}

function routingRefusal(routing: ReturnType<typeof appealRouting>): ApiError | null {
  return routing instanceof ApiError ? routing : null;
}

/** The result a reviewer's verdict gives: their decision and levels, the automated rest kept. */
function humanResult(job: ModerationJob, input: ReviewDecisionInput, reviewer: { reviewed_by: string; review_reason?: string }, appeal: boolean): ModerationOutcome {
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
    ...reviewer,
    ...(appeal ? { appeal: true } : {}),
  };
}
