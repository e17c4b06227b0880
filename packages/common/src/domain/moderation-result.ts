// What POST /moderate answers (and what a moderation callback carries). Three forms:
// - a decision (HTTP 200, is_error false);
// - a detailed error when the classification job failed (HTTP 200, is_error true, no categories);
// - the spec's generic error form while the classification job has not finished (HTTP 202: the decision
//   follows by webhook and on GET /v1/moderate/{moderation_job_id}).
// Keys are in the order the moderator writes them.
import { z } from 'zod';
import { PolicyCategoryNameSchema } from './policy-result.ts';
import { DomainValidationError, parseAs } from './parse.ts';

/** The risk levels a decision reports, lower case; unknown where no model or term could score the category. */
export const ModerationRiskLevelSchema = z.enum(['high', 'medium', 'low', 'none', 'unknown']);

export const ModerationCategorySchema = z.strictObject({ name: PolicyCategoryNameSchema, risk_level: ModerationRiskLevelSchema });

/** A category of a decision: the rules' own also say which of a picture's visual signals went unchecked. */
export const ModerationDecisionCategorySchema = ModerationCategorySchema.extend({
  not_scored: z
    .array(z.string())
    .optional()
    .describe(
      "Rules' decisions on a picture: the category's visual signals no model scored (as in the policy result), which the decision could not take into account. Absent when all were scored, and in a reviewer's decision.",
    ),
});

const jobFields = {
  classification_job_id: z.string().describe('The policy classification job the moderation builds on.'),
  content_type: z.enum(['image', 'video']),
  external_id: z.string().describe("Echo of the caller's identifier for the source file."),
  moderation_job_id: z.string().regex(/^vmod_/),
};

export const ModerationDecisionSchema = z
  .strictObject({
    ...jobFields,
    decision: z
      .enum(['reject', 'pending_review', 'approve'])
      .describe(
        "After the tenant's policy rules (Standard: reject on any HIGH category, pending_review on any MEDIUM or unknown one, and on SELF_HARM at MEDIUM or HIGH, which is never rejected automatically), else approve; a reviewer's verdict once human_reviewed.",
      ),
    decision_type: z
      .enum(['fully_automated', 'escalated', 'human_reviewed'])
      .describe('fully_automated: the rules decided; escalated: waiting for a person; human_reviewed: a reviewer decided (after an escalation, a quality sample or an appeal).'),
    escalate: z.boolean(),
    escalate_reasons: z
      .array(z.string())
      .describe(
        "Why a review: <level>_risk_<category> per category at a reviewed level (Standard: medium_risk_<category>), not_covered_<category> per category no model could score, uncertain_<category> inside the rules' uncertainty band, and the category name alone in lower case for a review-only category at MEDIUM or HIGH (Standard: self_harm).",
      ),
    reject_reasons: z
      .array(z.string())
      .optional()
      .describe(
        'Why an automatic reject: known_content_match when a hash bank at a rejected level matched, <level>_risk_<category> per other category at a rejected level (Standard: high_risk_<category>), and not_covered_<category> where the rules reject what could not be checked.',
      ),
    is_error: z.literal(false),
    policy_categories: z.array(ModerationDecisionCategorySchema).describe('Every category of the policy result, unknown ones included.'),
    policy_version: z.string().describe('The policy version whose scores and rules made the decision.'),
    reviewed_by: z
      .string()
      .optional()
      .describe(
        "Who decided (human_reviewed only): by default a stable pseudonymous id of the reviewer (rvw_..., the same for the same reviewer of the account); the reviewer's id when the account's review.reviewer_in_results is identified.",
      ),
    review_reason: z.string().optional().describe("The reviewer's reason (human_reviewed only), when the account's review.reviewer_in_results is identified; left out by default."),
    appeal: z.boolean().optional().describe('True when the verdict decided an appeal.'),
  })
  .describe('The decision on a finished policy classification job.');

export const ModerationErrorSchema = z
  .strictObject({
    ...jobFields,
    decision_type: z.literal('fully_automated'),
    escalate: z.literal(false),
    escalate_reasons: z.array(z.string()).max(0),
    is_error: z.literal(true),
    error_message: z.string().nullable().describe("The classification job's error message."),
    policy_categories: z.array(ModerationCategorySchema).max(0),
  })
  .describe('The classification job failed: no decision, an error message and no categories.');

export const ModerationPendingSchema = z
  .strictObject({ ...jobFields, error_message: z.string() })
  .describe('The classification job has not finished yet (HTTP 202); the decision follows by webhook and on GET.');

/** The HTTP 200 forms. */
export const ModerationOutcomeSchema = z.discriminatedUnion('is_error', [ModerationDecisionSchema, ModerationErrorSchema]);

export const ModerationResultSchema = z.union([ModerationDecisionSchema, ModerationErrorSchema, ModerationPendingSchema]);

export type ModerationRiskLevel = z.infer<typeof ModerationRiskLevelSchema>;
export type ModerationCategory = z.infer<typeof ModerationCategorySchema>;
export type ModerationDecisionCategory = z.infer<typeof ModerationDecisionCategorySchema>;
export type ModerationDecision = z.infer<typeof ModerationDecisionSchema>;
export type ModerationError = z.infer<typeof ModerationErrorSchema>;
export type ModerationPending = z.infer<typeof ModerationPendingSchema>;
export type ModerationOutcome = z.infer<typeof ModerationOutcomeSchema>;
export type ModerationResult = z.infer<typeof ModerationResultSchema>;

/** A moderation result with the HTTP status it is answered with. */
export type ModerationReply = { httpStatus: 200; result: ModerationOutcome } | { httpStatus: 202; result: ModerationPending };

/** Checks that a status and a result received from the moderator belong together. */
export function parseModerationReply(httpStatus: number, json: unknown): ModerationReply {
  if (httpStatus === 200) return { httpStatus, result: parseAs(ModerationOutcomeSchema, 'ModerationResult (HTTP 200)', json) };
  if (httpStatus === 202) return { httpStatus, result: parseAs(ModerationPendingSchema, 'ModerationResult (HTTP 202)', json) };
  throw new DomainValidationError('ModerationReply', `HTTP status ${httpStatus} is not one the moderator answers with (200 or 202)`);
}

/** Any of the three forms, e.g. a moderation callback body. */
export function parseModerationResult(json: unknown): ModerationResult {
  return parseAs(ModerationResultSchema, 'ModerationResult', json);
}
