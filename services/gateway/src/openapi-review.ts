// The OpenAPI paths and schemas of the moderation workflow: POST/GET /moderate, appeals, the review routes
// (reviewer tokens), feedback and the audit trail (routes/moderation.ts, review.ts, feedback.ts, audit.ts).
import { z } from 'zod';
import {
  AppealInputSchema,
  AuditPageSchema,
  AuditRecordSchema,
  FeedbackInputSchema,
  FeedbackRecordSchema,
  ReviewDecisionInputSchema,
  ReviewItemDetailSchema,
  ReviewItemSchema,
  ReviewQueuePageSchema,
  ReviewStatsSchema,
  ReviewerSelfSchema,
} from '@modsvc/common/domain/index';
import { moderateFields } from './validation.ts';
import { REVIEW_QUEUE_DEFAULT_LIMIT, REVIEW_QUEUE_MAX_LIMIT } from './routes/review.ts';

type JsonSchema = Record<string, unknown>;

export const REVIEW_RESPONSE_SCHEMAS: Record<string, z.ZodType> = {
  ReviewItem: ReviewItemSchema,
  ReviewItemDetail: ReviewItemDetailSchema,
  ReviewQueuePage: ReviewQueuePageSchema,
  ReviewStats: ReviewStatsSchema,
  ReviewerSelf: ReviewerSelfSchema,
  AuditRecord: AuditRecordSchema,
  AuditPage: AuditPageSchema,
  FeedbackRecord: FeedbackRecordSchema,
};

/** The multipart form of POST /moderate: the fields plus the file part, which multer receives. */
const moderateUpload = z.object({
  file: z.string().optional().meta({ format: 'binary', description: 'The content (image or video). Alternative to url and classification_job_id.' }),
  ...moderateFields.shape,
});

export const REVIEW_REQUEST_SCHEMAS: Record<string, z.ZodType> = {
  ModerateRequest: moderateFields,
  ModerateUpload: moderateUpload,
  AppealRequest: AppealInputSchema,
  ReviewDecisionRequest: ReviewDecisionInputSchema,
  FeedbackRequest: FeedbackInputSchema,
};

const moderationJobId = {
  name: 'moderation_job_id',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^vmod_[A-Za-z0-9_-]{1,64}$' },
  description: 'The moderation_job_id from POST /moderate.',
};

type Helpers = { ref: (name: string) => JsonSchema; json: (schema: JsonSchema) => unknown; errResponse: (d: string) => unknown };

/** POST /moderate (replacing the job-id-only form), GET /moderate/{id} and the appeal. */
export function moderationPaths({ ref, json, errResponse }: Helpers): Record<string, unknown> {
  const security = [{ bearer: [] }];
  const common = {
    '401': errResponse('Missing, invalid or expired token'),
    '403': errResponse('A reviewer token (reviewer tokens may only use the review routes and POST /feedback)'),
    '429': errResponse('Rate limit exceeded (see Retry-After)'),
  };
  const result = { oneOf: [ref('ModerationDecision'), ref('ModerationError')] };
  return {
    '/moderate': {
      post: {
        summary: 'Virtual moderator decision on a policy classification job, or on content sent with the request',
        description:
          "Send classification_job_id (an earlier policy job) or the content itself (file or url, with caption), which is classified by policy first (its kind from content_type, else an upload's bytes or a URL's extension; image by default). The tenant's policy rules approve, reject or escalate to human review (decision pending_review; the reviewer's decision follows by webhook and on GET /moderate/{moderation_job_id}). Categories in the rules' review_only (Standard: SELF_HARM) are never rejected automatically: at MEDIUM or HIGH they are always escalated, with the category name in lower case as the reason (self_harm). An Idempotency-Key makes a submit of content safe to retry, as on the classify routes.",
        security,
        parameters: [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            schema: { type: 'string', minLength: 1, maxLength: 255 },
            description: 'With content: for 24 h, the same key and content answer the first classification job; the same key with other content or fields gets 409.',
          },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('ModerateRequest') }, 'application/x-www-form-urlencoded': { schema: ref('ModerateRequest') }, 'multipart/form-data': { schema: ref('ModerateUpload') } },
        },
        responses: {
          '200': { description: 'Decided (is_error true for a failed classification)', content: json(result) },
          '202': { description: 'Accepted: the classification has not finished; the decision follows by webhook and on GET', content: json(ref('ModerationPending')) },
          '404': errResponse('No such policy job for this account'),
          '409': errResponse('The Idempotency-Key was used for different content or fields'),
          '413': errResponse('File over the size limit, or caption over 256 KB'),
          '415': errResponse('Content is not a supported image or video'),
          '422': errResponse('Invalid fields: both classification_job_id and content, neither, file and url, caption or content_type without content, a bad URL'),
          ...common,
        },
      },
    },
    '/moderate/{moderation_job_id}': {
      get: {
        summary: "A moderation job's current state",
        security,
        parameters: [moderationJobId],
        responses: {
          '200': { description: 'Decided (automatically or by a reviewer), or the error form', content: json(result) },
          '202': { description: 'Still classifying', content: json(ref('ModerationPending')) },
          '404': errResponse('No such moderation job for this account'),
          ...common,
        },
      },
    },
    '/moderate/{moderation_job_id}/appeal': {
      post: {
        summary: 'Appeal a decision: the item goes back to the review queue, for a reviewer other than the ones who decided it',
        description:
          "The outcome is sent by webhook to the callback_url, like any decision. When every reviewer but the account's admins decided it before, it waits in the admin queue; when no reviewer is left at all it is refused (409), never queued. An item may be appealed review.appeals_per_item times (default 1) and the account's callers may appeal review.appeals_per_hour times in any hour (default 100; then 429 with Retry-After). Earlier decisions in the answer name their reviewers as results do (a pseudonym and no reason, by default).",
        security,
        parameters: [moderationJobId],
        requestBody: { required: true, content: json(ref('AppealRequest')) },
        responses: {
          '200': { description: 'The item, queued as an appeal', content: json(ref('ReviewItem')) },
          '404': errResponse('No such moderation job for this account'),
          '409': errResponse("Not decided yet, already in review, appealed as often as the account allows per item, or no reviewer left who did not decide it before"),
          '415': errResponse('The body is not application/json'),
          '422': errResponse('Invalid body: the message names the field'),
          ...common,
          '429': errResponse("The account's appeals in the last hour reached review.appeals_per_hour (Retry-After: seconds until one leaves the hour), or a rate limit (see Retry-After)"),
        },
      },
    },
  };
}

/** The review routes (reviewer tokens only), feedback and audit. */
export function reviewPaths({ ref, json, errResponse }: Helpers): Record<string, unknown> {
  const security = [{ bearer: [] }];
  const reviewerOnly = {
    '401': errResponse('Missing, invalid or expired token, or the reviewer is no longer listed'),
    '403': errResponse("A caller token: the review routes need a reviewer's token (POST /authenticate with a reviewer key)"),
    '429': errResponse('Rate limit exceeded (see Retry-After)'),
  };
  const callerOnly = {
    '401': errResponse('Missing, invalid or expired token'),
    '403': errResponse('A reviewer token (reviewer tokens may only use the review routes and POST /feedback)'),
    '429': errResponse('Rate limit exceeded (see Retry-After)'),
  };
  const notFound = errResponse("No such item in this account's review (another account's items are never found)");
  const query = (name: string, schema: JsonSchema, description: string) => ({ name, in: 'query', required: false, schema, description });
  return {
    '/review/queue': {
      get: {
        summary:
          "Items the reviewer may take now (waiting, or claimed by them: claimed_by and lease_expires_at show the lease; admin-queue items only for the account's admins), earliest due first (reviewer tokens)",
        description:
          "Each item is due at queued_at plus the account's review.sla_hours for its kind (default escalation 4 h, appeal 24 h, quality sample 72 h): due_at, and overdue once past it. Items come earliest due first, so overdue items lead, the most overdue at the top; equal due times by priority. The filters narrow the items; the answer's categories and reasons list what they may choose from (every item the reviewer may take, whatever the filters).",
        security,
        parameters: [
          query('limit', { type: 'integer', minimum: 1, maximum: REVIEW_QUEUE_MAX_LIMIT, default: REVIEW_QUEUE_DEFAULT_LIMIT }, 'At most this many items.'),
          query('category', { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' }, "Only items about this category (case-insensitive): named by one of their reasons or the automated decision's, or rated high or medium by the rules."),
          query('reason', { type: 'string', pattern: '^[A-Za-z0-9_]{1,100}$' }, 'Only items with this reason (case-insensitive), e.g. medium_risk_cosmetics, not_covered_drugs, appeal, quality_sample.'),
          query('kind', { type: 'string', enum: ['escalation', 'quality_sample', 'appeal'] }, 'Only items of this review kind.'),
        ],
        responses: {
          '200': { description: 'The queue', content: json(ref('ReviewQueuePage')) },
          '422': errResponse('Invalid query: the message names the parameter'),
          ...reviewerOnly,
        },
      },
    },
    '/review/me': {
      get: {
        summary: "Who the reviewer token is for: tenant, reviewer id, whether a tenant admin, when it was issued and expires, and the account's SLA per review kind (reviewer tokens)",
        security,
        responses: { '200': { description: 'The signed-in reviewer', content: json(ref('ReviewerSelf')) }, ...reviewerOnly },
      },
    },
    '/review/stats': {
      get: {
        summary:
          "The supervisor's view (tenant admins: reviewers with admin true): queue depth, overdue items and the oldest item per review kind; decisions per reviewer per hour over the current UTC hour and the 23 before it; overturn rates of decisions that had a decision standing (quality samples and appeals)",
        security,
        responses: {
          '200': { description: 'The statistics', content: json(ref('ReviewStats')) },
          ...reviewerOnly,
          '403': errResponse("A caller token, or a reviewer who is not a tenant admin"),
        },
      },
    },
    '/review/{moderation_job_id}': {
      get: {
        summary:
          'An item with everything a reviewer needs: categories and why they triggered, caption, transcript, OCR spans, evidence boxes, frames (reviewer tokens). Reading an item does not claim it.',
        security,
        parameters: [moderationJobId],
        responses: { '200': { description: 'The item', content: json(ref('ReviewItemDetail')) }, '404': notFound, ...reviewerOnly },
      },
    },
    '/review/{moderation_job_id}/claim': {
      post: {
        summary:
          "Claim an item for a lease (REVIEW_LEASE_SECONDS); claiming again renews your own lease. An expired lease returns the item to the queue. A reviewer holds at most the account's review.claims_per_reviewer claims at once (default 3) (reviewer tokens)",
        security,
        parameters: [moderationJobId],
        responses: {
          '200': { description: 'The claimed item', content: json(ref('ReviewItem')) },
          '404': notFound,
          '409': errResponse('Claimed by another reviewer, already decided, an appeal you may not take (you decided it before, or it is in the admin queue and you are no admin), or you already hold as many claims as the account allows'),
          ...reviewerOnly,
        },
      },
    },
    '/review/{moderation_job_id}/release': {
      post: {
        summary: 'Give a claimed item back to the queue before its lease runs out: only the reviewer holding the claim (reviewer tokens)',
        security,
        parameters: [moderationJobId],
        responses: {
          '200': { description: 'The item, queued again', content: json(ref('ReviewItem')) },
          '404': notFound,
          '409': errResponse('You hold no live claim on it (another reviewer does, nobody does, your lease ran out), or it is decided'),
          ...reviewerOnly,
        },
      },
    },
    '/review/{moderation_job_id}/decision': {
      post: {
        summary: "Decide a claimed item: completes the moderation job as human_reviewed and sends its webhook to the job's callback_url (reviewer tokens)",
        security,
        parameters: [moderationJobId],
        requestBody: { required: true, content: json(ref('ReviewDecisionRequest')) },
        responses: {
          '200': { description: 'The moderation result as now decided', content: json({ oneOf: [ref('ModerationDecision'), ref('ModerationError')] }) },
          '404': notFound,
          '409': errResponse('Not claimed by you (or the lease expired), or already decided'),
          '415': errResponse('The body is not application/json'),
          '422': errResponse('Invalid body: the message names the field'),
          ...reviewerOnly,
        },
      },
    },
    '/review/{moderation_job_id}/frames/{index}': {
      get: {
        summary: "A retained frame of the item's content as JPEG, sent with Cache-Control: private, no-store (reviewer tokens)",
        security,
        parameters: [moderationJobId, { name: 'index', in: 'path', required: true, schema: { type: 'integer', minimum: 0 }, description: 'A frame index from the item detail.' }],
        responses: {
          '200': { description: 'The frame', content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } } },
          '404': errResponse('No such item or frame for this account, or its media expired'),
          ...reviewerOnly,
        },
      },
    },
    '/feedback': {
      post: {
        summary: 'Say whether a class or category of a job was right (caller or reviewer tokens); used to recalibrate the thresholds',
        security,
        requestBody: { required: true, content: json(ref('FeedbackRequest')) },
        responses: {
          '201': { description: 'The recorded feedback', content: json(ref('FeedbackRecord')) },
          '401': errResponse('Missing, invalid or expired token'),
          '404': errResponse('No such job for this account'),
          '415': errResponse('The body is not application/json'),
          '422': errResponse('Invalid body: the message names the field'),
          '429': errResponse('Rate limit exceeded (see Retry-After)'),
        },
      },
    },
    '/audit': {
      get: {
        summary: "The account's append-only audit trail: automated decisions, claims, decisions, appeals, policy publications and feedback, newest first, a page at a time",
        security,
        parameters: [
          query('moderation_job_id', { type: 'string', pattern: '^vmod_[A-Za-z0-9_-]{1,64}$' }, 'Only the records of this moderation job.'),
          query('from', { type: 'string', format: 'date-time' }, 'Records at or after this time (ISO 8601 with offset).'),
          query('to', { type: 'string', format: 'date-time' }, 'Records at or before this time.'),
          query('limit', { type: 'integer', minimum: 1, maximum: 1000, default: 200 }, 'At most this many records.'),
          query('cursor', { type: 'string', pattern: '^[A-Za-z0-9_=-]{1,2048}$' }, 'The next_cursor of the previous page: the page of older records after it.'),
        ],
        responses: {
          '200': { description: 'A page of records, newest first', content: json(ref('AuditPage')) },
          '422': errResponse('Invalid query: the message names the parameter'),
          ...callerOnly,
        },
      },
    },
  };
}
