// What a policy dry run answers (PUT /v1/policy?dry_run=true): the document as it would be published,
// its warnings, and what it would have decided on the tenant's most recent automated decisions, against
// what was decided then. Nothing is published.
import { z } from 'zod';
import { PolicyDocumentSchema } from './policy-document.ts';
import { PolicyCategoryNameSchema } from './policy-result.ts';
import { RiskLevelSchema } from './risk-level.ts';
import { ScoreSchema } from './score.ts';

/** How many recent decisions a dry run replays by default, and at most. */
export const DRY_RUN_DEFAULT_ITEMS = 50;
export const DRY_RUN_MAX_ITEMS = 500;

const DecisionSchema = z.enum(['reject', 'pending_review', 'approve']);

const DryRunCategorySchema = z.strictObject({
  name: PolicyCategoryNameSchema,
  score: ScoreSchema,
  risk_level: RiskLevelSchema,
  triggered_by: z.string().nullable(),
});

const DryRunDecisionSchema = z.strictObject({
  decision: DecisionSchema,
  escalate_reasons: z.array(z.string()),
  reject_reasons: z.array(z.string()),
  categories: z.array(DryRunCategorySchema).describe('Every category of the result, with its score and level (upper case, as in a policy result).'),
});

export const DryRunItemSchema = z.strictObject({
  moderation_job_id: z.string(),
  classification_job_id: z.string(),
  external_id: z.string(),
  decided_at: z.string().describe('When the automated decision was made (ISO 8601).'),
  policy_version: z.string().describe('The policy version that decided it then.'),
  before: DryRunDecisionSchema.describe('The automated decision made then, and the scores and levels behind it.'),
  after: DryRunDecisionSchema.describe('What the candidate document decides on the same stored scores.'),
  changed: z.boolean().describe('The decision, a reason or a level differs.'),
  level_changes: z
    .array(z.strictObject({ name: PolicyCategoryNameSchema, before: RiskLevelSchema.nullable(), after: RiskLevelSchema.nullable() }))
    .describe('Categories whose level differs; null where the category is not in that result.'),
  reviewed: z
    .strictObject({ decision: z.enum(['reject', 'approve']), reviewed_by: z.string().nullable() })
    .nullable()
    .describe("The reviewer's verdict standing on the item now, if a person decided it (a dry run changes no verdict)."),
});

const DecisionCountsSchema = z.strictObject({ reject: z.number().int(), pending_review: z.number().int(), approve: z.number().int() });

export const PolicyDryRunSchema = z
  .strictObject({
    dry_run: z.literal(true),
    published: z.literal(false).describe('A dry run never publishes.'),
    active_version: z.string().describe('The version in force now (v<n>, or the Standard table version).'),
    document: PolicyDocumentSchema.describe('The document as it would be stored (defaults filled in, example images as their embeddings).'),
    warnings: z.array(z.string()).describe('The same warnings the publication would answer.'),
    categories: z
      .array(
        z.strictObject({
          name: PolicyCategoryNameSchema,
          origin: z.enum(['standard', 'standard_overridden', 'custom']),
          enabled: z.boolean(),
          overrides: z.array(z.enum(['description', 'signals', 'thresholds'])),
        }),
      )
      .describe('Every Standard category and every custom one: where it comes from and whether it would be scored.'),
    items_requested: z.number().int(),
    items: z.array(DryRunItemSchema).describe('The most recent automated decisions first.'),
    skipped: z
      .array(z.strictObject({ moderation_job_id: z.string(), reason: z.string() }))
      .describe('Recent decisions that could not be replayed, and why (their classification job expired or failed...).'),
    totals: z.strictObject({
      items: z.number().int(),
      changed: z.number().int(),
      decisions_before: DecisionCountsSchema,
      decisions_after: DecisionCountsSchema,
      transitions: z.array(z.strictObject({ from: DecisionSchema, to: DecisionSchema, count: z.number().int() })).describe('Items whose decision changed, per change.'),
      categories: z
        .array(z.strictObject({ name: PolicyCategoryNameSchema, raised: z.number().int(), lowered: z.number().int(), added: z.number().int(), removed: z.number().int() }))
        .describe('Per category: items whose level would rise or fall (UNKNOWN counts as below NONE), items where the category would newly appear or no longer be in the result.'),
    }),
    limitations: z.array(z.string()).describe('What a dry run cannot see.'),
  })
  .describe('What publishing the document would change on recent decisions; nothing is published.');

export type PolicyDryRun = z.infer<typeof PolicyDryRunSchema>;
export type DryRunItem = z.infer<typeof DryRunItemSchema>;
