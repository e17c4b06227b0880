// A tenant's policy document: its categories (signals with weights, thresholds), which are enabled, and
// the moderation rules. Standard tenants use the built-in Standard document; Premium tenants publish
// their own versions. `resolvePolicyDocument` turns a published document into the form the scorer and
// the moderator use: every category with its signals and thresholds filled in.
//
// A published document *extends* the Standard policy: every Standard category is scored unless the
// document disables it by name (`"enabled": false` on its entry, or, in the older form, an entry left out
// of the top-level `enabled` list). An entry named like a Standard category overrides the fields it gives
// (description, signals, thresholds) and keeps the Standard ones for the rest; other entries are custom
// categories, added to the Standard ones. Documents stored before this rule are read the same way: their
// results gain the Standard categories they did not name (docs/api.md#policies-per-tenant says why).
import { z } from 'zod';
import { TEXT_LABELS, VISUAL_CLASSES } from '../classes.ts';
import { BankCategorySchema } from './banks.ts';
import { POLICY_TABLE_VERSION, STANDARD_CATEGORIES, type PolicySignal } from './standard-policy.ts';
import { RISK_THRESHOLDS, standardModerationRules } from './policy-rules.ts';

const WeightSchema = z.number().gt(0).max(1).describe('Multiplies the signal score (0 < weight <= 1).');

export const ItemClassSignalSchema = z
  .strictObject({ class: z.enum([...TEXT_LABELS, ...VISUAL_CLASSES]), weight: WeightSchema })
  .describe('A visual class, or a text label (caption_language_toxicity, or self_harm) scored on the caption.');

export const TextLabelSignalSchema = z
  .strictObject({ text: z.enum(TEXT_LABELS), weight: WeightSchema })
  .describe('A text label (the seven toxicity labels, or self_harm), at its highest risk over caption, text in images and speech.');

export const TermListSignalSchema = z
  .strictObject({
    terms: z.array(z.string().trim().min(1).max(100)).min(1).max(500),
    weight: WeightSchema,
  })
  .describe('Terms matched in the caption, text in images and the transcript, ignoring case, spacing, punctuation and leetspeak.');

/** Limits of an example image as sent (decoded bytes), and of the examples of one signal. */
export const EXAMPLE_IMAGE_MAX_BYTES = 150 * 1024;
export const EXAMPLES_MAX = 8;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** JPEG (FF D8 FF) or PNG (89 'PNG'), from the first bytes. */
function imageKind(bytes: Buffer): 'jpeg' | 'png' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 4 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  return null;
}

export const ExampleImageSchema = z
  .strictObject({
    image_base64: z.string().superRefine((b64, ctx) => {
      const compact = b64.replace(/\s+/g, '');
      if (!compact || compact.length % 4 === 1 || !BASE64.test(compact)) return void ctx.addIssue({ code: 'custom', message: 'is not valid base64' });
      const bytes = Buffer.from(compact, 'base64');
      if (bytes.length > EXAMPLE_IMAGE_MAX_BYTES) return void ctx.addIssue({ code: 'custom', message: `the image is ${bytes.length} bytes; at most ${EXAMPLE_IMAGE_MAX_BYTES} are accepted` });
      if (!imageKind(bytes)) ctx.addIssue({ code: 'custom', message: 'is not a JPEG or PNG image' });
    }),
  })
  .describe('An example image as sent: JPEG or PNG bytes in base64. Stored as its sha256 and embedding, never as the image.');

export const ExampleEmbeddingSchema = z
  .strictObject({
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hex digits'),
    embedding: z
      .string()
      .regex(BASE64, 'is not valid base64')
      .refine((b64) => {
        const n = Buffer.from(b64, 'base64').length;
        return n >= 16 && n <= 4096;
      }, 'must decode to 16-4096 int8 values'),
  })
  .describe("A stored example: the sha256 of the image's bytes and its embedding (int8, base64).");

export const ExamplesSignalSchema = z
  .strictObject({
    // The count is checked in superRefine: a failed .min/.max here would hide which union member was meant.
    examples: z.array(z.union([ExampleImageSchema, ExampleEmbeddingSchema])).describe(`1 to ${EXAMPLES_MAX} examples.`),
    weight: WeightSchema,
    min_similarity: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe('Cosine similarity below which the signal scores 0; the measured default when absent (docs/custom-categories.md).'),
    embedding_model: z.string().min(1).max(200).optional().describe('The network that embedded the stored examples; set when the images are embedded at publication.'),
  })
  .superRefine((s, ctx) => {
    if (s.examples.length < 1 || s.examples.length > EXAMPLES_MAX) {
      ctx.addIssue({ code: 'custom', path: ['examples'], message: `give 1 to ${EXAMPLES_MAX} examples (got ${s.examples.length})` });
    }
    if (s.examples.some((e) => 'embedding' in e) && !s.embedding_model) {
      ctx.addIssue({ code: 'custom', path: ['embedding_model'], message: 'stored examples (sha256 and embedding) need the embedding_model that produced them' });
    }
  })
  .describe('Example images of the category, matched by the cosine similarity of image embeddings to the frames of the content.');

export const PolicySignalSpecSchema = z.union([ItemClassSignalSchema, TextLabelSignalSchema, TermListSignalSchema, ExamplesSignalSchema]);

export const PolicyThresholdsSchema = z
  .strictObject({ HIGH: z.number().min(0).max(1), MEDIUM: z.number().min(0).max(1), LOW: z.number().min(0).max(1) })
  .refine((t) => t.HIGH >= t.MEDIUM && t.MEDIUM >= t.LOW, { message: 'thresholds must satisfy HIGH >= MEDIUM >= LOW' });

const DecidingRiskLevelSchema = z.enum(['HIGH', 'MEDIUM', 'LOW']);

// The defaults of the fields below are the Standard rules (policy-rules.ts).
const STANDARD_RULES = standardModerationRules();

export const ModerationRulesSchema = z.strictObject({
  reject: z.array(DecidingRiskLevelSchema).default(() => [...STANDARD_RULES.reject]).describe('Risk levels rejected automatically.'),
  review: z.array(DecidingRiskLevelSchema).default(() => [...STANDARD_RULES.review]).describe('Risk levels escalated to human review.'),
  unknown: z.enum(['review', 'approve', 'reject']).default(STANDARD_RULES.unknown).describe('What a category no model or term could score leads to.'),
  review_categories: z
    .array(BankCategorySchema)
    .max(50)
    .default(() => [...STANDARD_RULES.review_categories])
    .describe('Categories escalated to review whenever they score LOW or above (and are not rejected).'),
  review_only: z
    .array(BankCategorySchema)
    .max(50)
    .default(() => [...STANDARD_RULES.review_only])
    .describe(
      'Categories never rejected automatically (default: SELF_HARM): at MEDIUM or HIGH they always go to review, whatever reject and review say, with the category name in lower case as the reason (self_harm); where the rules would reject them (a rejected LOW, or UNKNOWN with unknown: reject) they go to review instead. Documents stored without it get the default.',
    ),
  uncertainty_band: z
    .number()
    .min(0)
    .max(0.5)
    .default(STANDARD_RULES.uncertainty_band)
    .describe('A score this close to the threshold of a deciding level (either side) is not trusted: the category goes to review as uncertain_<category>.'),
  review_sample_rate: z
    .number()
    .min(0)
    .max(1)
    .default(STANDARD_RULES.review_sample_rate)
    .describe('Share of automated decisions also queued for review as quality samples (the automated decision stands unless the reviewer overturns it).'),
});

const STANDARD_NAMES = new Set<string>(STANDARD_CATEGORIES.map((c) => c.name));

export const PolicyCategorySpecSchema = z
  .strictObject({
    name: BankCategorySchema,
    description: z.string().trim().min(1).max(500).optional().describe('Required for custom categories; Standard ones keep theirs when absent.'),
    signals: z
      .array(PolicySignalSpecSchema)
      .min(1)
      .max(100)
      .optional()
      .describe('Required for custom categories. On a Standard category it replaces the Standard signals (list them too to add one); absent, they are kept.'),
    thresholds: PolicyThresholdsSchema.optional().describe("The document's thresholds when absent."),
    enabled: z
      .boolean()
      .optional()
      .describe('false: the category is not scored. The only way to turn a Standard category off: a document that does not name it still scores it.'),
  })
  .superRefine((c, ctx) => {
    if (STANDARD_NAMES.has(c.name)) return;
    if (!c.description) ctx.addIssue({ code: 'custom', path: ['description'], message: `custom category ${c.name} needs a description` });
    if (!c.signals) ctx.addIssue({ code: 'custom', path: ['signals'], message: `custom category ${c.name} needs signals` });
  });

export const PolicyDocumentSchema = z
  .strictObject({
    categories: z
      .array(PolicyCategorySpecSchema)
      .max(50)
      .default(() => [])
      .describe('Custom categories, and entries overriding or disabling Standard ones; the Standard categories not named here are scored as they are. Empty: the Standard categories under this document\'s thresholds and rules.'),
    thresholds: PolicyThresholdsSchema.default(RISK_THRESHOLDS).describe('Default thresholds for categories that give none.'),
    enabled: z
      .array(BankCategorySchema)
      .optional()
      .describe(
        "Older form of `enabled` per category: the document's entries not listed here are not scored. Standard categories the document does not name are scored either way.",
      ),
    moderation: ModerationRulesSchema.default(standardModerationRules),
  })
  .superRefine((doc, ctx) => {
    const names = doc.categories.map((c) => c.name);
    names.forEach((n, i) => {
      if (names.indexOf(n) !== i) ctx.addIssue({ code: 'custom', path: ['categories', i, 'name'], message: `category ${n} appears twice` });
    });
    doc.enabled?.forEach((n, i) => {
      if (!names.includes(n)) ctx.addIssue({ code: 'custom', path: ['enabled', i], message: `enabled names ${n}, which is not a category of the document` });
    });
    doc.categories.forEach((c, i) => {
      if (c.enabled === undefined || !doc.enabled) return;
      if (c.enabled !== doc.enabled.includes(c.name)) {
        ctx.addIssue({ code: 'custom', path: ['categories', i, 'enabled'], message: `${c.name} is ${c.enabled ? 'enabled' : 'disabled'} here but ${c.enabled ? 'left out of' : 'listed in'} the document's enabled list` });
      }
    });
    doc.moderation.reject.forEach((level, i) => {
      if (doc.moderation.review.includes(level)) ctx.addIssue({ code: 'custom', path: ['moderation', 'reject', i], message: `${level} is both rejected and reviewed` });
    });
  });

export type PolicyDocument = z.infer<typeof PolicyDocumentSchema>;
export type PolicyDocumentInput = z.input<typeof PolicyDocumentSchema>;
export type PolicySignalSpec = z.infer<typeof PolicySignalSpecSchema>;
export type PolicyCategorySpec = z.infer<typeof PolicyCategorySpecSchema>;
export type ExamplesSignal = z.infer<typeof ExamplesSignalSchema>;
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

/**
 * A document as stored, with the moderation rules added since it was published filled in with their
 * Standard defaults (review_only): what scoring, deciding and GET /policy read.
 */
export function withRuleDefaults(doc: PolicyDocument): PolicyDocument {
  return { ...doc, moderation: { ...standardModerationRules(), ...doc.moderation } };
}

function specOf(signal: PolicySignal): PolicySignalSpec {
  return 'visual' in signal ? { class: signal.visual, weight: signal.weight } : { text: signal.text, weight: signal.weight };
}

export const STANDARD_POLICY_DOCUMENT: PolicyDocument = {
  categories: STANDARD_CATEGORIES.map((c) => ({ name: c.name, description: c.description, signals: c.signals.map(specOf) })),
  thresholds: { ...RISK_THRESHOLDS },
  moderation: standardModerationRules(),
};

/** Whether the document scores its entry `c`: not `"enabled": false`, and listed in `enabled` when the document has that list. */
function entryEnabled(doc: Pick<PolicyDocument, 'enabled'>, c: Pick<PolicyCategorySpec, 'name' | 'enabled'>): boolean {
  return c.enabled !== false && (!doc.enabled || doc.enabled.includes(c.name));
}

const standardOf = (name: string) => STANDARD_CATEGORIES.find((s) => s.name === name);

/**
 * The categories a document scores, in order: its own entries (as written, the disabled ones left out),
 * then the Standard categories it does not name, in the Standard order. An entry named like a Standard
 * category keeps the Standard description and signals it does not give; every category without its own
 * thresholds takes the document's (which default to the Standard ones).
 */
export function resolvePolicyDocument(doc: PolicyDocument, version: string): ResolvedPolicy {
  const named = new Set(doc.categories.map((c) => c.name));
  const own = doc.categories.filter((c) => entryEnabled(doc, c));
  const extended = STANDARD_CATEGORIES.filter((s) => !named.has(s.name)).map((s): PolicyCategorySpec => ({ name: s.name }));
  const categories = [...own, ...extended].map((c) => {
    const standard = standardOf(c.name);
    return {
      name: c.name,
      description: c.description ?? standard?.description ?? c.name,
      signals: c.signals ?? standard?.signals.map(specOf) ?? [],
      thresholds: c.thresholds ?? doc.thresholds,
    };
  });
  return { version, categories, moderation: withRuleDefaults(doc).moderation };
}

/** Where each category a document scores (or turns off) comes from. */
export type PolicyCategoryOrigin = 'standard' | 'standard_overridden' | 'custom';

export interface PolicyCategoryNote {
  name: string;
  origin: PolicyCategoryOrigin;
  enabled: boolean;
  /** What the entry changes of a Standard category: the fields it gives. */
  overrides: ('description' | 'signals' | 'thresholds')[];
}

/** Every Standard category and every custom one of the document: where it comes from, whether it is scored. */
export function policyCategoryNotes(doc: PolicyDocument): PolicyCategoryNote[] {
  const entries = new Map(doc.categories.map((c) => [c.name, c]));
  const standard = STANDARD_CATEGORIES.map((s): PolicyCategoryNote => {
    const e = entries.get(s.name);
    if (!e) return { name: s.name, origin: 'standard', enabled: true, overrides: [] };
    const overrides = (['description', 'signals', 'thresholds'] as const).filter((f) => e[f] !== undefined);
    return { name: s.name, origin: overrides.length ? 'standard_overridden' : 'standard', enabled: entryEnabled(doc, e), overrides };
  });
  const custom = doc.categories.filter((c) => !standardOf(c.name)).map((c): PolicyCategoryNote => ({ name: c.name, origin: 'custom', enabled: entryEnabled(doc, c), overrides: [] }));
  return [...standard, ...custom];
}

const signalLabel = (s: PolicySignalSpec) => ('class' in s ? s.class : 'text' in s ? `${s.text} text` : 'terms' in s ? 'a term list' : 'example images');

/**
 * What a publisher should know before a document goes live: each Standard category it turns off (content
 * only that category would flag is no longer flagged), and each Standard category whose signals it
 * replaces without keeping all of the Standard ones.
 */
export function policyWarnings(doc: PolicyDocument): string[] {
  const warnings: string[] = [];
  for (const s of STANDARD_CATEGORIES) {
    const e = doc.categories.find((c) => c.name === s.name);
    if (!e) continue;
    if (!entryEnabled(doc, e)) {
      const how = e.enabled === false ? '"enabled": false' : "it is left out of the document's enabled list";
      warnings.push(`Standard category ${s.name} is disabled (${how}): it is not scored, so content that only it would flag (${s.description}) is no longer rejected or reviewed.`);
      continue;
    }
    if (!e.signals) continue;
    const given = new Set(e.signals.map((x) => JSON.stringify(x)));
    const dropped = s.signals.map(specOf).filter((x) => !given.has(JSON.stringify(x)));
    if (dropped.length) {
      warnings.push(`Standard category ${s.name}: its signals replace the Standard ones, and these Standard signals (with their Standard weight) are no longer used: ${dropped.map((x) => `${signalLabel(x)} (${x.weight})`).join(', ')}.`);
    }
  }
  return warnings;
}

/** The Standard tier: today's table and thresholds, versioned by the table. */
export const STANDARD_POLICY: ResolvedPolicy = resolvePolicyDocument(STANDARD_POLICY_DOCUMENT, POLICY_TABLE_VERSION);

export const PolicyViewSchema = z
  .strictObject({
    version: z.string().describe('v<n> for a published version; the table version for the built-in Standard policy.'),
    created_at: z.string().nullable().describe('When the version was published (ISO 8601); null for the built-in Standard policy.'),
    document: PolicyDocumentSchema,
  })
  .describe("A version of a tenant's policy document.");

export type PolicyView = z.infer<typeof PolicyViewSchema>;

export const PublishedPolicySchema = PolicyViewSchema.extend({
  warnings: z
    .array(z.string())
    .describe('What the publisher should know: each Standard category the document disables, each Standard category whose Standard signals it drops. Empty when none.'),
}).describe('The version just published, with warnings.');

export type PublishedPolicy = z.infer<typeof PublishedPolicySchema>;

/**
 * What `PUT /v1/policy` takes besides a bare document: the envelope `GET /v1/policy` answers (and the PUT
 * itself, with its warnings). Only `document` is used: `version`, `created_at` and `warnings` describe a
 * version already published and are ignored (every PUT makes a new version).
 */
export const PolicyEnvelopeSchema = z
  .strictObject({
    version: z.string().max(200).optional(),
    created_at: z.string().max(100).nullable().optional(),
    warnings: z.array(z.string()).optional(),
    document: z.unknown(),
  })
  .describe('A policy version as GET /v1/policy answers it; only its document is read.');

export type PolicyBodyParse = { success: true; data: PolicyDocument; envelope: boolean } | { success: false; issues: z.core.$ZodIssue[] };

/**
 * The document of a PUT body, validated: the body itself, or its `document` when the body is an envelope
 * (an object with a `document` field, which a document never has). Issues of an envelope's document are
 * named from the body (`document.categories.0.name`).
 */
export function parsePolicyBody(body: unknown): PolicyBodyParse {
  const isEnvelope = body !== null && typeof body === 'object' && !Array.isArray(body) && 'document' in body;
  let document = body;
  if (isEnvelope) {
    const envelope = PolicyEnvelopeSchema.safeParse(body);
    if (!envelope.success) return { success: false, issues: envelope.error.issues };
    document = envelope.data.document;
  }
  const parsed = PolicyDocumentSchema.safeParse(document);
  if (parsed.success) return { success: true, data: parsed.data, envelope: isEnvelope };
  return { success: false, issues: isEnvelope ? parsed.error.issues.map((i) => ({ ...i, path: ['document', ...i.path] })) : parsed.error.issues };
}
