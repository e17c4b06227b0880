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

export const ReviewDecisionRecordSchema = z.strictObject({
  reviewer_id: z.string(),
  kind: ReviewKindSchema,
  decision: z.enum(['approve', 'reject']),
  categories: z.array(ModerationCategorySchema),
  reason: z.string(),
  at: z.string(),
});
export type ReviewDecisionRecord = z.infer<typeof ReviewDecisionRecordSchema>;

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
});
export type ReviewState = z.infer<typeof ReviewStateSchema>;

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

export type OutboxEntry = { kind: 'audit'; record: AuditRecord } | { kind: 'feedback'; record: FeedbackRecord } | OutboxWebhook;

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
  claimed_by: z.string().nullable(),
  lease_expires_at: z.string().nullable(),
  appeal_reason: z.string().nullable(),
  automated: ModerationOutcomeSchema.nullable(),
  decisions: z.array(ReviewDecisionRecordSchema),
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

export function reviewItemOf(job: ModerationJob): ReviewItem | null {
  const r = job.review;
  if (!r) return null;
  return {
    moderation_job_id: job.id,
    classification_job_id: job.classificationJobId,
    content_type: job.contentType,
    external_id: job.externalId,
    kind: r.kind,
    state: r.state,
    priority: r.priority,
    reasons: r.reasons,
    queued_at: r.queued_at,
    claimed_by: r.claimed_by,
    lease_expires_at: r.lease_expires_at,
    appeal_reason: r.appeal_reason,
    automated: job.automated,
    decisions: r.decisions,
  };
}

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
});
export type ReviewItemDetail = z.infer<typeof ReviewItemDetailSchema>;
