// Metrics of the trust-and-safety workflow, on the shared registry: review queue depth per tenant, how
// the moderator decides, how long an item waits for a person, and reviewer throughput.
//
// modsvc_moderation_decisions_total counts each moderation job once when the rules decide it
// (fully_automated or escalated), and each reviewer verdict as human_reviewed. The share of automated
// decisions is therefore fully_automated / (fully_automated + escalated); human_reviewed also counts
// appeals and quality samples, so it is not part of that denominator.
//
// Reviewer decisions are counted per tenant, not per reviewer: a reviewer label grows the series with
// every person on every tenant's staff (times decisions and kinds), and a per-person productivity
// chart in shared monitoring is not what it is for. Who decided what is in the audit trail.
import client from 'prom-client';
import { registry, startAtZero } from './metrics.ts';
import { ReviewKindSchema } from './domain/review.ts';
import type { WorkflowStore } from './store/workflow/types.ts';

export const moderationDecisions = new client.Counter({
  name: 'modsvc_moderation_decisions_total',
  help: 'Moderation decisions by decision_type (fully_automated|escalated|human_reviewed) and decision (approve|reject|pending_review).',
  labelNames: ['decision_type', 'decision'] as const,
  registers: [registry],
});

export const reviewTimeToDecision = new client.Histogram({
  name: 'modsvc_review_time_to_decision_seconds',
  help: "Time from an item entering the review queue to a reviewer's decision, by review kind (escalation|quality_sample|appeal).",
  labelNames: ['kind'] as const,
  // 10 s to 3 days: a quick look at a quiet queue up to a weekend backlog.
  buckets: [10, 30, 60, 300, 900, 1800, 3600, 7200, 14_400, 28_800, 86_400, 172_800, 259_200],
  registers: [registry],
});

export const reviewerDecisions = new client.Counter({
  name: 'modsvc_reviewer_decisions_total',
  help: 'Reviewer decisions by tenant, decision (approve|reject) and review kind.',
  labelNames: ['tenant', 'decision', 'kind'] as const,
  registers: [registry],
});

let depthSource: Pick<WorkflowStore, 'countInReview'> | null = null;
let depthError: ((err: unknown) => void) | undefined;
const tenantsSeen = new Set<string>();

export const reviewQueueDepth = new client.Gauge({
  name: 'modsvc_review_queue_depth',
  help: 'Items waiting for review or claimed by a reviewer, per tenant (read from the workflow store on scrape).',
  labelNames: ['tenant'] as const,
  registers: [registry],
  async collect() {
    if (!depthSource) return;
    let counts: Map<string, number>;
    try {
      counts = await depthSource.countInReview();
    } catch (err) {
      // A scrape must not fail with the store: the last counts stay, the caller hears of it.
      depthError?.(err);
      return;
    }
    // A tenant whose queue emptied reads 0 rather than vanishing from the graph.
    for (const tenant of tenantsSeen) if (!counts.has(tenant)) this.set({ tenant }, 0);
    for (const [tenant, n] of counts) {
      // Its reviewers' first decision must show in rate(): their series start at 0 while the item waits.
      if (!tenantsSeen.has(tenant)) startAtZero(reviewerDecisions, { tenant: [tenant], decision: REVIEW_DECISIONS, kind: ReviewKindSchema.options });
      tenantsSeen.add(tenant);
      this.set({ tenant }, n);
    }
  },
});

/** Reads the queue depth from `store` on every scrape. Once per process; a second call replaces the store. */
export function watchReviewQueueDepth(store: Pick<WorkflowStore, 'countInReview'>, onError?: (err: unknown) => void): void {
  depthSource = store;
  depthError = onError;
}

const REVIEW_DECISIONS = ['approve', 'reject'] as const;

/** Once per moderator process, at start: the decisions and waiting times at 0 (see startAtZero). */
export function startWorkflowMetricsAtZero(): void {
  startAtZero(moderationDecisions, { decision_type: ['fully_automated', 'escalated'], decision: ['approve', 'reject', 'pending_review'] });
  startAtZero(moderationDecisions, { decision_type: ['human_reviewed'], decision: REVIEW_DECISIONS });
  startAtZero(reviewTimeToDecision, { kind: ReviewKindSchema.options });
}

/** Once per moderation job, when the rules decide it (a reviewer's verdict is counted by recordReviewerDecision). */
export function recordAutomatedDecision(decisionType: 'fully_automated' | 'escalated', decision: 'approve' | 'reject' | 'pending_review'): void {
  moderationDecisions.inc({ decision_type: decisionType, decision });
}

export interface ReviewerDecisionEvent {
  tenant: string;
  decision: 'approve' | 'reject';
  kind: 'escalation' | 'quality_sample' | 'appeal';
  /** When the item entered the queue, and when the reviewer decided (ISO 8601 or Date). */
  queuedAt: string | Date;
  decidedAt: string | Date;
}

export function recordReviewerDecision(e: ReviewerDecisionEvent): void {
  reviewerDecisions.inc({ tenant: e.tenant, decision: e.decision, kind: e.kind });
  moderationDecisions.inc({ decision_type: 'human_reviewed', decision: e.decision });
  const seconds = (new Date(e.decidedAt).getTime() - new Date(e.queuedAt).getTime()) / 1000;
  // Clocks of two processes can disagree by a little; a negative wait is a zero one.
  if (Number.isFinite(seconds)) reviewTimeToDecision.observe({ kind: e.kind }, Math.max(0, seconds));
}
