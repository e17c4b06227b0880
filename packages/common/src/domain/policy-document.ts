// A tenant's policy document: its categories (signals with weights, thresholds), which are enabled, and
// the moderation rules. Standard tenants use the built-in Standard document; Premium tenants publish
// their own versions. `resolvePolicyDocument` turns a published document into the form the scorer and
// the moderator use: every category with its signals and thresholds filled in.
import { z } from 'zod';
import { TOXICITY_LABELS, VISUAL_CLASSES } from '../classes.ts';
import { BankCategorySchema } from './banks.ts';
import { POLICY_TABLE_VERSION, RISK_THRESHOLDS, STANDARD_CATEGORIES, type PolicySignal } from './standard-policy.ts';

const WeightSchema = z.number().gt(0).max(1).describe('Multiplies the signal score (0 < weight <= 1).');

export const ItemClassSignalSchema = z
  .strictObject({ class: z.enum([...TOXICITY_LABELS, ...VISUAL_CLASSES]), weight: WeightSchema })
  .describe('A visual class, or a caption_language_toxicity label scored on the caption.');

export const TextLabelSignalSchema = z
  .strictObject({ text: z.enum(TOXICITY_LABELS), weight: WeightSchema })
  .describe('A toxicity label, at its highest score over caption, text in images and speech.');

export const TermListSignalSchema = z
  .strictObject({
    terms: z.array(z.string().trim().min(1).max(100)).min(1).max(500),
    weight: WeightSchema,
  })
  .describe('Terms matched in the caption, text in images and the transcript, ignoring case, spacing, punctuation and leetspeak.');

export const PolicySignalSpecSchema = z.union([ItemClassSignalSchema, TextLabelSignalSchema, TermListSignalSchema]);

export const PolicyThresholdsSchema = z
  .strictObject({ HIGH: z.number().min(0).max(1), MEDIUM: z.number().min(0).max(1), LOW: z.number().min(0).max(1) })
  .refine((t) => t.HIGH >= t.MEDIUM && t.MEDIUM >= t.LOW, { message: 'thresholds must satisfy HIGH >= MEDIUM >= LOW' });

const DecidingRiskLevelSchema = z.enum(['HIGH', 'MEDIUM', 'LOW']);

export const ModerationRulesSchema = z.strictObject({
  reject: z.array(DecidingRiskLevelSchema).default(['HIGH']).describe('Risk levels rejected automatically.'),
  review: z.array(DecidingRiskLevelSchema).default(['MEDIUM']).describe('Risk levels escalated to human review.'),
  unknown: z.enum(['review', 'approve', 'reject']).default('review').describe('What a category no model or term could score leads to.'),
});

const STANDARD_NAMES = new Set<string>(STANDARD_CATEGORIES.map((c) => c.name));

export const PolicyCategorySpecSchema = z
  .strictObject({
    name: BankCategorySchema,
    description: z.string().trim().min(1).max(500).optional().describe('Required for custom categories; Standard ones keep theirs when absent.'),
    signals: z.array(PolicySignalSpecSchema).min(1).max(100).optional().describe('Required for custom categories; Standard ones keep the Standard signals when absent.'),
    thresholds: PolicyThresholdsSchema.optional().describe("The document's thresholds when absent."),
  })
  .superRefine((c, ctx) => {
    if (STANDARD_NAMES.has(c.name)) return;
    if (!c.description) ctx.addIssue({ code: 'custom', path: ['description'], message: `custom category ${c.name} needs a description` });
    if (!c.signals) ctx.addIssue({ code: 'custom', path: ['signals'], message: `custom category ${c.name} needs signals` });
  });

export const PolicyDocumentSchema = z
  .strictObject({
    categories: z.array(PolicyCategorySpecSchema).min(1).max(50),
    thresholds: PolicyThresholdsSchema.default(RISK_THRESHOLDS).describe('Default thresholds for categories that give none.'),
    enabled: z.array(BankCategorySchema).optional().describe('The categories scored; all of them when absent.'),
    moderation: ModerationRulesSchema.default({ reject: ['HIGH'], review: ['MEDIUM'], unknown: 'review' }),
  })
  .superRefine((doc, ctx) => {
    const names = doc.categories.map((c) => c.name);
    names.forEach((n, i) => {
      if (names.indexOf(n) !== i) ctx.addIssue({ code: 'custom', path: ['categories', i, 'name'], message: `category ${n} appears twice` });
    });
    doc.enabled?.forEach((n, i) => {
      if (!names.includes(n)) ctx.addIssue({ code: 'custom', path: ['enabled', i], message: `enabled names ${n}, which is not a category of the document` });
    });
    doc.moderation.reject.forEach((level, i) => {
      if (doc.moderation.review.includes(level)) ctx.addIssue({ code: 'custom', path: ['moderation', 'reject', i], message: `${level} is both rejected and reviewed` });
    });
  });

export type PolicyDocument = z.infer<typeof PolicyDocumentSchema>;
export type PolicyDocumentInput = z.input<typeof PolicyDocumentSchema>;
export type PolicySignalSpec = z.infer<typeof PolicySignalSpecSchema>;
export type PolicyThresholds = z.infer<typeof PolicyThresholdsSchema>;
export type ModerationRules = z.infer<typeof ModerationRulesSchema>;

export interface ResolvedPolicyCategory {
  name: string;
  description: string;
  signals: readonly PolicySignalSpec[];
  thresholds: PolicyThresholds;
}

/** A document ready to score with: enabled categories only, every signal and threshold filled in. */
export interface ResolvedPolicy {
  version: string;
  categories: readonly ResolvedPolicyCategory[];
  moderation: ModerationRules;
}

function specOf(signal: PolicySignal): PolicySignalSpec {
  return 'visual' in signal ? { class: signal.visual, weight: signal.weight } : { text: signal.text, weight: signal.weight };
}

export const STANDARD_POLICY_DOCUMENT: PolicyDocument = {
  categories: STANDARD_CATEGORIES.map((c) => ({ name: c.name, description: c.description, signals: c.signals.map(specOf) })),
  thresholds: { ...RISK_THRESHOLDS },
  moderation: { reject: ['HIGH'], review: ['MEDIUM'], unknown: 'review' },
};

export function resolvePolicyDocument(doc: PolicyDocument, version: string): ResolvedPolicy {
  const enabled = doc.enabled ? new Set(doc.enabled) : null;
  const categories = doc.categories
    .filter((c) => !enabled || enabled.has(c.name))
    .map((c) => {
      const standard = STANDARD_CATEGORIES.find((s) => s.name === c.name);
      return {
        name: c.name,
        description: c.description ?? standard?.description ?? c.name,
        signals: c.signals ?? standard?.signals.map(specOf) ?? [],
        thresholds: c.thresholds ?? doc.thresholds,
      };
    });
  return { version, categories, moderation: doc.moderation };
}

/** The Standard tier: today's table and thresholds, versioned by the table. */
export const STANDARD_POLICY: ResolvedPolicy = resolvePolicyDocument(STANDARD_POLICY_DOCUMENT, POLICY_TABLE_VERSION);

export function riskLevelWith(thresholds: PolicyThresholds, score: number | null): 'HIGH' | 'MEDIUM' | 'LOW' | 'NONE' | 'UNKNOWN' {
  if (score === null) return 'UNKNOWN';
  if (score >= thresholds.HIGH) return 'HIGH';
  if (score >= thresholds.MEDIUM) return 'MEDIUM';
  if (score >= thresholds.LOW) return 'LOW';
  return 'NONE';
}

export const PolicyViewSchema = z
  .strictObject({
    version: z.string().describe('v<n> for a published version; the table version for the built-in Standard policy.'),
    created_at: z.string().nullable().describe('When the version was published (ISO 8601); null for the built-in Standard policy.'),
    document: PolicyDocumentSchema,
  })
  .describe("A version of a tenant's policy document.");

export type PolicyView = z.infer<typeof PolicyViewSchema>;
