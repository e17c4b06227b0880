// The policy classification result: one entry per category of the tenant's policy (the Standard table by
// default), plus one per hash-bank category that matched.
import { z } from 'zod';
import { ScoreSchema } from './score.ts';
import { RiskLevelSchema } from './risk-level.ts';
import { STANDARD_CATEGORY_NAMES } from './standard-policy.ts';
import { RISK_THRESHOLDS } from './policy-rules.ts';
import { parseAs } from './parse.ts';
import { knownContentFields } from './known-content.ts';
import { BankCategorySchema } from './banks.ts';

/** A Standard category, a tenant's custom category, or the category of a hash bank that matched (e.g. KNOWN_HARMFUL). */
export const PolicyCategoryNameSchema = z.union([z.enum(STANDARD_CATEGORY_NAMES), BankCategorySchema]);

export const PolicyCategoryResultSchema = z.strictObject({
  name: PolicyCategoryNameSchema,
  description: z.string(),
  score: ScoreSchema.describe(
    "A risk score: the maximum of weight x risk over the signals some model scored, a signal's risk being its calibrated probability read against its own operating points, so that 0.2, 0.5 and 0.8 are each signal's LOW, MEDIUM and HIGH points (GET /v1/models lists them; a signal without points reads its probability as it is). 0 with triggered_by no_text for a category of text signals only on a job without text; null when no signal was scored.",
  ),
  risk_level: RiskLevelSchema.describe(
    `The score against the category's thresholds (Standard: HIGH >= ${RISK_THRESHOLDS.HIGH}, MEDIUM >= ${RISK_THRESHOLDS.MEDIUM}, LOW >= ${RISK_THRESHOLDS.LOW}; a Premium policy may set its own), else NONE; UNKNOWN when the score is null. A hash-bank category has its bank's level.`,
  ),
  triggered_by: z
    .string()
    .nullable()
    .describe('The signal that set the score, e.g. `firearm`, `speech:threat`, `bank:<bank_id>` for a known-content match, or `no_text` for a text-only category on a job with no text.'),
  not_scored: z
    .array(z.string())
    .optional()
    .describe(
      'On a picture (image or video), the visual signals of this category that no model scored (`knife` while no knife model is published, `examples` for examples that could not be compared): the score and risk level say nothing about them. Absent when every visual signal was scored, and on text.',
    ),
});

export const PolicyResultSchema = z.strictObject({
  policy_categories: z
    .array(PolicyCategoryResultSchema)
    .describe(
      "Every category of the tenant's policy: a Premium document's own categories first, then the Standard ones it does not name, in the Standard order: the spec's five (SEXUAL, DRUGS, DEATH_INJURY_MILITARY, ARMS_AMMO, HATE_SPEECH), then the extensions SELF_HARM and HARASSMENT; then one per matching hash-bank category.",
    ),
  url: z.string().describe('The analysed resource: the submitted URL, or the uploaded file name.'),
  tier: z.enum(['standard', 'premium']).describe("standard: the built-in Standard policy; premium: the tenant's own published policy (policy_version)."),
  policy_table_version: z.string().describe('Version of the table of signals, weights and thresholds that produced the scores.'),
  policy_version: z
    .string()
    .optional()
    .describe("Version of the tenant's policy document that produced the scores: the table version for Standard tenants. Absent in results stored before it was introduced."),
  ...knownContentFields,
});

export type PolicyCategoryName = z.infer<typeof PolicyCategoryNameSchema>;
export type PolicyCategoryResult = z.infer<typeof PolicyCategoryResultSchema>;
export type PolicyResult = z.infer<typeof PolicyResultSchema>;

export function parsePolicyResult(json: unknown): PolicyResult {
  return parseAs(PolicyResultSchema, 'PolicyResult', json);
}
