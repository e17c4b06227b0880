// The trust-and-safety workflow: moderation jobs as stored, the human review of escalated items, appeals,
// feedback and the audit trail. Times are ISO 8601 strings everywhere here, so every store keeps them
// as they are and they sort as text.
import { z } from 'zod';
import { ModerationCategorySchema, ModerationOutcomeSchema, type ModerationOutcome } from './moderation-result.ts';
import { PolicyCategoryResultSchema } from './policy-result.ts';
import { SpeechSegmentSchema } from './items-result.ts';

/** A reviewer's verdict on an item (the body of POST /v1/review/{moderation_job_id}/decision). */
export const ReviewDecisionInputSchema = z.strictObject({
  decision: z.enum(['approve', 'reject']),
  categories: z.array(ModerationCategorySchema).max(60).default([]).describe("The reviewer's risk level per category; categories left out keep the automated level."),
  reason: z.string().trim().min(1).max(2000),
});
export type ReviewDecisionInput = z.infer<typeof ReviewDecisionInputSchema>;

export const AppealInputSchema = z.strictObject({ reason: z.string().trim().min(1).max(2000) });
export type AppealInput = z.infer<typeof AppealInputSchema>;

/** Why an item is in the queue: escalated by the rules, sampled for quality control, or appealed. */
export const ReviewKindSchema = z.enum(['escalation', 'quality_sample', 'appeal']);
export type ReviewKind = z.infer<typeof ReviewKindSchema>;
export const REVIEW_KINDS: readonly ReviewKind[] = ReviewKindSchema.options;

/** Hours an item of each review kind may wait before it is overdue (a tenant's review.sla_hours). */
export type SlaHours = Readonly<Record<ReviewKind, number>>;
export const DEFAULT_SLA_HOURS: SlaHours = Object.freeze({ escalation: 4, quality_sample: 72, appeal: 24 });

const HOUR_MS = 3600_000;

/** When an item queued at `queuedAt` is due under the SLA of its kind (ISO 8601). */
export function dueAtOf(kind: ReviewKind, queuedAt: string, sla: SlaHours): string {
  return new Date(Date.parse(queuedAt) + sla[kind] * HOUR_MS).toISOString();
}

export const ReviewDecisionRecordSchema = z.strictObject({
  reviewer_id: z.string().describe("The reviewer's id; in a caller's view (an appeal's answer) what the tenant's results say about reviewers: a pseudonym (rvw_...) by default."),
  kind: ReviewKindSchema,
  decision: z.enum(['approve', 'reject']),
  categories: z.array(ModerationCategorySchema),
  reason: z.string().optional().describe("The reviewer's reason; left out of a caller's view unless the tenant's results identify reviewers."),
  at: z.string(),
});
export type ReviewDecisionRecord = z.infer<typeof ReviewDecisionRecordSchema>;

/**
 * Who may take an item: any reviewer of the tenant, or (an appeal every other reviewer decided before)
 * only its admins. Absent on records from before the admin queue: reviewers.
 */
export const ReviewQueueNameSchema = z.enum(['reviewers', 'admins']);
export type ReviewQueueName = z.infer<typeof ReviewQueueNameSchema>;

export const ReviewStateSchema = z.strictObject({
  /** queued: waiting; claimed: a reviewer holds it until lease_expires_at (then it is queued again); done: decided. */
  state: z.enum(['queued', 'claimed', 'done']),
  kind: ReviewKindSchema,
  /** Higher first; ties oldest first. */
  priority: z.number().int(),
  reasons: z.array(z.string()),
  queued_at: z.string(),
  claimed_by: z.string().nullable(),
  lease_expires_at: z.string().nullable(),
  /** Reviewers who may not take the item (an appeal goes to someone other than the first reviewer). */
  excluded_reviewers: z.array(z.string()),
  appeal_reason: z.string().nullable(),
  decisions: z.array(ReviewDecisionRecordSchema),
  queue: ReviewQueueNameSchema.optional(),
});
export type ReviewState = z.infer<typeof ReviewStateSchema>;

/** The queue the item waits in (records from before the admin queue: reviewers). */
export function queueOf(review: ReviewState): ReviewQueueName {
  return review.queue ?? 'reviewers';
}

/**
 * Appeals the job has had: each appeal ends in exactly one appeal decision (nothing else ends one), so
 * they are the appeal decisions plus the appeal still waiting, if any.
 */
export function appealsMade(review: ReviewState | null): number {
  if (!review) return 0;
  const decided = review.decisions.filter((d) => d.kind === 'appeal').length;
  return decided + (review.kind === 'appeal' && review.state !== 'done' ? 1 : 0);
}

/** A moderation job as stored. */
export interface ModerationJob {
  id: string; // vmod_...
  tenantId: string;
  classificationJobId: string;
  contentType: 'image' | 'video';
  externalId: string;
  callbackUrl: string | null;
  /** sha256 (hex) of the analysed bytes, when known. */
  inputSha256: string | null;
  createdAt: string;
  updatedAt: string;
  /** classifying: waiting for its classification job; in_review: a person must decide; decided: final until appealed. */
  status: 'classifying' | 'in_review' | 'decided';
  /** The answer a caller reads now (null while classifying). */
  result: ModerationOutcome | null;
  /** The rules' own decision, kept when a reviewer overrides it. */
  automated: ModerationOutcome | null;
  review: ReviewState | null;
  /** Moderation webhooks made so far (each decision the caller hears about makes one; their ids are <id>.<n>, from 1). */
  webhooksSent: number;
  /**
   * Side effects of the state changes above, written in the same atomic update and carried out afterwards
   * (outbox.ts in the moderator): audit records and feedback to append, webhooks to publish. An entry
   * leaves when it is done; absent on records written before the outbox existed.
   */
  outbox?: OutboxEntry[];
}

/** A moderation webhook waiting to be published, or published and waiting for its delivery to end. */
export interface OutboxWebhook {
  kind: 'webhook';
  /** <moderation job id>.<n>: the webhook-id's suffix, the same on every attempt. */
  id: string;
  url: string;
  /** The JSON body, fixed when the decision was made. */
  body: string;
  created_at: string;
  /** The bus epoch it was published on (null: not yet); published again only on a bus that lost it. */
  published_on: string | null;
}

/**
 * Renew the retention of the classification job's retained media (its frames) now: the job entered or
 * left review, so they are kept another MEDIA_RETENTION_HOURS from here (docs/review-workflow.md).
 */
export interface OutboxMediaHold {
  kind: 'media';
  classification_job_id: string;
  created_at: string;
}

export type OutboxEntry = { kind: 'audit'; record: AuditRecord } | { kind: 'feedback'; record: FeedbackRecord } | OutboxWebhook | OutboxMediaHold;

export const AuditActionSchema = z.enum([
  'moderation.requested',
  'moderation.decided',
  'review.queued',
  'review.claimed',
  'review.released',
  'review.decided',
  'appeal.requested',
  'policy.published',
  'feedback.recorded',
]);
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const AuditRecordSchema = z.strictObject({
  id: z.string(),
  tenant_id: z.string(),
  at: z.string().describe('When it happened (ISO 8601).'),
  actor: z.strictObject({ kind: z.enum(['system', 'caller', 'reviewer', 'admin']), id: z.string() }).describe('Who: the system (automated decisions), a caller key, a reviewer, an admin command.'),
  action: AuditActionSchema,
  moderation_job_id: z.string().nullable(),
  classification_job_id: z.string().nullable(),
  policy_version: z.string().nullable(),
  input_sha256: z.string().nullable().describe('sha256 of the analysed bytes, when known.'),
  details: z.record(z.string(), z.unknown()).describe('What: the decision, reasons, categories, the lease...'),
});
export type AuditRecord = z.infer<typeof AuditRecordSchema>;

export const AuditQuerySchema = z.strictObject({
  moderation_job_id: z.string().regex(/^vmod_[A-Za-z0-9_-]{1,64}$/).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  cursor: z.string().regex(/^[A-Za-z0-9_=-]{1,2048}$/).optional().describe('The next_cursor of the previous page.'),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** A page of the audit trail, newest first. */
export const AuditPageSchema = z.strictObject({
  records: z.array(AuditRecordSchema),
  next_cursor: z.string().nullable().describe('Pass as `cursor` for the next (older) page; null on the last page.'),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** The body of POST /v1/feedback: name a class (items) or a category (policy), and whether it was right. */
export const FeedbackInputSchema = z
  .strictObject({
    job_id: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/).describe('A classification job id, or a moderation job id (vmod_...).'),
    class: z.string().min(1).max(80).optional(),
    category: z.string().min(1).max(80).optional(),
    correct: z.boolean(),
    note: z.string().max(2000).optional(),
  })
  .refine((f) => (f.class === undefined) !== (f.category === undefined), { message: 'give exactly one of "class" or "category"' });
export type FeedbackInput = z.infer<typeof FeedbackInputSchema>;

export const FeedbackRecordSchema = z.strictObject({
  id: z.string(),
  tenant_id: z.string(),
  at: z.string(),
  source: z.enum(['caller', 'reviewer']),
  actor_id: z.string(),
  job_id: z.string().describe('The classification job.'),
  moderation_job_id: z.string().nullable(),
  class: z.string().nullable(),
  category: z.string().nullable(),
  correct: z.boolean(),
  note: z.string().nullable(),
  /** The score and level the job reported for that class or category, and the policy version behind them. */
  score: z.number().nullable(),
  risk_level: z.string().nullable(),
  policy_version: z.string().nullable(),
});
export type FeedbackRecord = z.infer<typeof FeedbackRecordSchema>;

/** What the review routes show of an item. */
export const ReviewItemSchema = z.strictObject({
  moderation_job_id: z.string(),
  classification_job_id: z.string(),
  content_type: z.enum(['image', 'video']),
  external_id: z.string(),
  kind: ReviewKindSchema,
  state: z.enum(['queued', 'claimed', 'done']),
  priority: z.number().int(),
  reasons: z.array(z.string()),
  queued_at: z.string(),
  claimed_by: z.string().nullable().describe('The reviewer holding the claim while its lease runs; null when nobody does (a lease that ran out is no claim).'),
  lease_expires_at: z.string().nullable().describe('When the claim ends unless renewed or decided (ISO 8601); null when not claimed.'),
  queue: ReviewQueueNameSchema.describe("reviewers: any of the tenant's reviewers (but the ones who decided it before) may take it; admins: an appeal every other reviewer decided before, for the tenant's admins."),
  due_at: z.string().describe("When the item is due: queued_at plus the account's review.sla_hours for its kind (default escalation 4 h, appeal 24 h, quality sample 72 h)."),
  overdue: z.boolean().describe('True while the item is undecided past due_at.'),
  appeal_reason: z.string().nullable(),
  automated: ModerationOutcomeSchema.nullable(),
  decisions: z.array(ReviewDecisionRecordSchema),
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

/** Whether a live lease holds the item now (a claim whose lease ran out holds nothing). */
export function isHeld(review: ReviewState, now: Date): boolean {
  return review.state === 'claimed' && review.lease_expires_at !== null && Date.parse(review.lease_expires_at) > now.getTime();
}

/**
 * The item as the review routes show it at `now`: a lease that ran out shows as queued, held by nobody;
 * due under the tenant's SLA (`sla`: its review.sla_hours).
 */
export function reviewItemOf(job: ModerationJob, now: Date, sla: SlaHours): ReviewItem | null {
  const r = job.review;
  if (!r) return null;
  const lapsed = r.state === 'claimed' && !isHeld(r, now);
  const due = dueAtOf(r.kind, r.queued_at, sla);
  return {
    moderation_job_id: job.id,
    classification_job_id: job.classificationJobId,
    content_type: job.contentType,
    external_id: job.externalId,
    kind: r.kind,
    state: lapsed ? 'queued' : r.state,
    priority: r.priority,
    reasons: r.reasons,
    queued_at: r.queued_at,
    claimed_by: lapsed ? null : r.claimed_by,
    lease_expires_at: lapsed ? null : r.lease_expires_at,
    queue: queueOf(r),
    due_at: due,
    overdue: r.state !== 'done' && Date.parse(due) < now.getTime(),
    appeal_reason: r.appeal_reason,
    automated: job.automated,
    decisions: r.decisions,
  };
}

/** A reason that names a category: <level>_risk_<category>, not_covered_<category>, uncertain_<category>. */
const CATEGORY_REASON = /^(?:[a-z]+_risk|not_covered|uncertain)_([a-z0-9_]+)$/i;

/**
 * The categories an item is about, as the queue's category filter reads them (upper case, sorted): those
 * its reasons and the automated decision's reasons name, and those the automated decision rated high or
 * medium (an appeal or a quality sample of a rejected job, a hash-bank category).
 */
export function reviewCategoriesOf(job: ModerationJob): string[] {
  const names = new Set<string>();
  const auto = job.automated && !job.automated.is_error ? job.automated : null;
  for (const reason of [...(job.review?.reasons ?? []), ...(auto?.escalate_reasons ?? []), ...(auto?.reject_reasons ?? [])]) {
    const m = CATEGORY_REASON.exec(reason);
    if (m) names.add(m[1]!.toUpperCase());
  }
  for (const c of auto?.policy_categories ?? []) if (c.risk_level === 'high' || c.risk_level === 'medium') names.add(c.name.toUpperCase());
  return [...names].sort();
}

/** GET /v1/review/queue's filters (each left out: any). */
export const ReviewQueueFilterSchema = z.strictObject({
  category: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'a category name, e.g. COSMETICS')
    .transform((s) => s.toUpperCase())
    .optional()
    .describe('Only items about this category (case-insensitive): named by one of their reasons or the automated decision\'s, or rated high or medium by the rules.'),
  reason: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,100}$/, 'a reason, e.g. medium_risk_cosmetics')
    .transform((s) => s.toLowerCase())
    .optional()
    .describe('Only items with this reason (case-insensitive), e.g. medium_risk_cosmetics, not_covered_drugs, appeal, quality_sample.'),
  kind: ReviewKindSchema.optional().describe('Only items of this review kind.'),
});
export type ReviewQueueFilter = z.infer<typeof ReviewQueueFilterSchema>;

const FacetSchema = z.strictObject({ name: z.string(), count: z.number().int().min(0) });

/** The queue page: the items in due order (overdue first), and what the filters may choose from. */
export const ReviewQueuePageSchema = z.strictObject({
  items: z.array(ReviewItemSchema).describe('Earliest due first (so overdue items come first, the most overdue at the top); then higher priority, then oldest.'),
  overdue: z.number().int().min(0).describe('Items the reviewer may take that are overdue (all of them, not only this page; the filters apply).'),
  categories: z.array(FacetSchema).describe('The categories of the items the reviewer may take (whatever the filters), with how many items each.'),
  reasons: z.array(FacetSchema).describe('Their reasons, with how many items each.'),
});
export type ReviewQueuePage = z.infer<typeof ReviewQueuePageSchema>;

/** Whether a reviewer may take the item now: waiting, or held by a lease that ran out, and not excluded. */
export function isClaimable(review: ReviewState, reviewerId: string | null, now: Date): boolean {
  if (reviewerId && review.excluded_reviewers.includes(reviewerId)) return false;
  if (review.state === 'queued') return true;
  return review.state === 'claimed' && review.lease_expires_at !== null && Date.parse(review.lease_expires_at) <= now.getTime();
}

/** A text span that scored, where it was found. */
export const ScoredTextSpanSchema = z.strictObject({
  source: z.enum(['caption', 'ocr', 'speech']),
  label: z.string().describe('The toxicity label, or `terms:<category>` for a term-list match.'),
  score: z.number().min(0).max(1).nullable(),
  start: z.number().int(),
  end: z.number().int(),
  text: z.string(),
});

/** A hash-bank match of the item's content with the banked entry it matched (what the bank says about it). */
export const ReviewBankMatchSchema = z.strictObject({
  bank_id: z.string(),
  bank_name: z.string(),
  category: z.string().nullable().describe("The bank's category (null when the bank has been deleted since)."),
  risk_level: z.string().nullable().describe("The bank's risk level (null when the bank has been deleted since)."),
  threshold: z.number().int().nullable().describe("The bank's match threshold in bits."),
  content_id: z.string(),
  note: z.string().nullable().describe("The banked entry's note."),
  added_at: z.string().nullable().describe('When the entry was added to the bank; null when it has been removed from the bank since.'),
  signal_type: z.enum(['pdq', 'vpdq']).nullable(),
  distance: z.number().int().min(0).max(256).describe('Hamming distance in bits between the frame and the banked hash.'),
  quality: z.number().int().min(0).max(100),
  frame_timestamp: z.number().min(0).describe('Seconds into the media of the frame that matched.'),
  vpdq: z.strictObject({ query_match_percent: z.number(), compared_match_percent: z.number() }).nullable(),
  sets_category: z.boolean().describe("True when this bank's match set a category of the result (triggered_by bank:<bank_id>)."),
});
export type ReviewBankMatch = z.infer<typeof ReviewBankMatchSchema>;

/** The decision an appeal contests: a reviewer's, or the rules' own when an automated decision was appealed. */
export const AppealedDecisionSchema = z.strictObject({
  decision: z.enum(['approve', 'reject']),
  decided_by: z.enum(['reviewer', 'rules']),
  reviewer_id: z.string().nullable().describe('The reviewer who made it; null for the rules.'),
  kind: ReviewKindSchema.nullable().describe('The review it was decided in (null for the rules).'),
  reason: z.string().nullable().describe("The reviewer's reason; null for the rules."),
  reasons: z.array(z.string()).describe("The rules' reject reasons (for an automated decision)."),
  categories: z.array(ModerationCategorySchema).describe("The levels the decision gave (the reviewer's own, or the rules')."),
  at: z.string().nullable().describe("When the reviewer decided (null for the rules' decision)."),
});
export type AppealedDecision = z.infer<typeof AppealedDecisionSchema>;

/** The decision an appeal item contests (null for other kinds, or when none stood). */
export function appealedDecisionOf(job: ModerationJob): AppealedDecision | null {
  const r = job.review;
  if (!r || r.kind !== 'appeal') return null;
  // A decided appeal's last decision is its own: the one it contested comes before.
  const earlier = r.state === 'done' ? r.decisions.slice(0, -1) : r.decisions;
  const last = earlier.at(-1);
  if (last) {
    return { decision: last.decision, decided_by: 'reviewer', reviewer_id: last.reviewer_id, kind: last.kind, reason: last.reason ?? null, reasons: [], categories: last.categories, at: last.at };
  }
  const auto = job.automated;
  if (!auto || auto.is_error || auto.decision === 'pending_review') return null;
  return { decision: auto.decision, decided_by: 'rules', reviewer_id: null, kind: null, reason: null, reasons: auto.reject_reasons ?? [], categories: auto.policy_categories, at: null };
}

/** What a reviewer sees of an item: the queue entry plus the content's analysis. */
export const ReviewItemDetailSchema = ReviewItemSchema.extend({
  caption: z.string().nullable(),
  policy_categories: z.array(PolicyCategoryResultSchema).describe('Every category with its score, level and the signal that set it.'),
  transcript: z.string().nullable(),
  speech_segments: z.array(SpeechSegmentSchema),
  ocr_text: z.string().nullable(),
  text_spans: z.array(ScoredTextSpanSchema),
  evidence: z
    .array(z.strictObject({ class: z.string(), timestamp: z.number(), score: z.number(), box: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable() }))
    .describe('Per visual class, the frames that scored and the boxes where a model gives one.'),
  frames: z.array(z.strictObject({ index: z.number().int().min(0), timestamp: z.number().min(0) })).describe('The analysed frames, fetched from GET /v1/review/{id}/frames/{index}.'),
  media_available: z.boolean().describe('False once the retained media expired (MEDIA_RETENTION_HOURS).'),
  bank_matches: z.array(ReviewBankMatchSchema).describe("The content's hash-bank matches, closest first, each with the banked entry's metadata."),
  appealed_decision: AppealedDecisionSchema.nullable().describe('For an appeal: the decision appealed (shown before anything else); null for other kinds.'),
});
export type ReviewItemDetail = z.infer<typeof ReviewItemDetailSchema>;

const KindStatsSchema = z.strictObject({
  kind: ReviewKindSchema,
  sla_hours: z.number(),
  depth: z.number().int().min(0).describe('Items waiting or claimed.'),
  overdue: z.number().int().min(0).describe('Of those, the ones past their due time.'),
  oldest_queued_at: z.string().nullable(),
  oldest_age_seconds: z.number().int().min(0).nullable(),
});

const ReviewerStatsSchema = z.strictObject({
  reviewer_id: z.string(),
  decisions: z.number().int().min(0).describe('Decisions in the window.'),
  per_hour: z.array(z.number().int().min(0)).describe('Decisions per hour of the window, oldest hour first (as `hours`).'),
  compared: z.number().int().min(0).describe('Decisions that had a decision standing to overturn (quality samples and appeals).'),
  overturned: z.number().int().min(0),
  overturn_rate: z.number().min(0).max(1).nullable().describe('overturned / compared; null when compared is 0.'),
});

const OverturnStatsSchema = z.strictObject({
  kind: ReviewKindSchema,
  decisions: z.number().int().min(0),
  compared: z.number().int().min(0),
  overturned: z.number().int().min(0),
  overturn_rate: z.number().min(0).max(1).nullable(),
});

/** GET /v1/review/stats: the supervisor's view of the account's review (admin reviewers). */
export const ReviewStatsSchema = z.strictObject({
  generated_at: z.string(),
  queues: z.array(KindStatsSchema).describe('Per review kind: depth, overdue items, the oldest item.'),
  window_from: z.string().describe('Start of the decision window: the start of the UTC hour 23 hours before the current one.'),
  hours: z.array(z.string()).describe('The 24 hours of the window (their starts, oldest first): the current hour and the 23 before it.'),
  reviewers: z.array(ReviewerStatsSchema).describe("The account's reviewers (and any other who decided in the window), most decisions first."),
  overturns: z.array(OverturnStatsSchema).describe('Decisions and overturns in the window per review kind.'),
  decisions: z.number().int().min(0),
  compared: z.number().int().min(0),
  overturned: z.number().int().min(0),
  overturn_rate: z.number().min(0).max(1).nullable().describe('Of the decisions with a decision standing (quality samples, appeals), the share that overturned it.'),
  truncated: z.boolean().describe('True when the window held more decisions than one answer reads (the counts are then a lower bound).'),
});
export type ReviewStats = z.infer<typeof ReviewStatsSchema>;

/** GET /v1/review/me: who the token is for. */
export const ReviewerSelfSchema = z.strictObject({
  tenant_id: z.string(),
  reviewer_id: z.string(),
  admin: z.boolean().describe('A tenant admin: takes the admin queue and may read GET /v1/review/stats.'),
  issued_at: z.string().describe('When the token was issued (the sign-in).'),
  expires_at: z.string().describe('When the token expires.'),
  sla_hours: z.strictObject({ escalation: z.number(), quality_sample: z.number(), appeal: z.number() }).describe("The account's review.sla_hours."),
});
export type ReviewerSelf = z.infer<typeof ReviewerSelfSchema>;
