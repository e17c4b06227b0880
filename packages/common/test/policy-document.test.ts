import { describe, expect, it } from 'vitest';
import {
  decide,
  ModerationRulesSchema,
  parsePolicyBody,
  policyCategoryNotes,
  PolicyDocumentSchema,
  policyWarnings,
  standardModerationRules,
  POLICY_TABLE_VERSION,
  resolvePolicyDocument,
  riskLevel,
  RISK_THRESHOLDS,
  STANDARD_CATEGORIES,
  STANDARD_POLICY,
  STANDARD_POLICY_DOCUMENT,
  withRuleDefaults,
  type PolicyCategoryResult,
  type PolicyDocument,
} from '@modsvc/common/domain/index';

const COSMETICS = {
  categories: [
    {
      name: 'COSMETICS',
      description: 'Make-up and beauty products.',
      signals: [{ class: 'adult_toys', weight: 1 }, { terms: ['lipstick'], weight: 0.6 }],
      thresholds: { HIGH: 0.8, MEDIUM: 0.5, LOW: 0.2 },
    },
  ],
  moderation: { reject: ['HIGH'], review: ['MEDIUM'] },
};

const issuePaths = (doc: unknown) => {
  const r = PolicyDocumentSchema.safeParse(doc);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('policy document', () => {
  it('accepts a custom category with item-class and term signals, filling in the defaults', () => {
    const doc = PolicyDocumentSchema.parse(COSMETICS);
    expect(doc.thresholds).toEqual(RISK_THRESHOLDS);
    expect(doc.moderation).toEqual({ reject: ['HIGH'], review: ['MEDIUM'], unknown: 'review', review_categories: [], review_only: ['SELF_HARM'], uncertainty_band: 0, review_sample_rate: 0 });
  });

  it('names each invalid field', () => {
    expect(issuePaths({ categories: [{ name: 'lower', description: 'x', signals: [{ class: 'unicorn', weight: 2 }] }] })).toEqual(
      expect.arrayContaining(['categories.0.name', 'categories.0.signals.0']),
    );
    expect(issuePaths({ categories: [{ name: 'COSMETICS' }] })).toEqual(['categories.0.description', 'categories.0.signals']);
    expect(issuePaths({ categories: [{ name: 'SEXUAL', thresholds: { HIGH: 0.3, MEDIUM: 0.5, LOW: 0.1 } }] })).toEqual(['categories.0.thresholds']);
    expect(issuePaths({ ...COSMETICS, enabled: ['DRUGS'] })).toEqual(['enabled.0']);
    expect(issuePaths({ ...COSMETICS, categories: [...COSMETICS.categories, ...COSMETICS.categories] })).toEqual(['categories.1.name']);
    expect(issuePaths({ ...COSMETICS, moderation: { reject: ['HIGH'], review: ['HIGH'] } })).toEqual(['moderation.reject.0']);
    expect(issuePaths({ ...COSMETICS, extra: 1 })).toEqual(['']);
  });

  it('an entry named like a Standard category overrides only the fields it gives; the top-level enabled list turns off the entries it leaves out', () => {
    const doc = PolicyDocumentSchema.parse({ categories: [{ name: 'SEXUAL', thresholds: { HIGH: 0.9, MEDIUM: 0.6, LOW: 0.3 } }, ...COSMETICS.categories], enabled: ['SEXUAL'] });
    const policy = resolvePolicyDocument(doc, 'v2');
    // COSMETICS is named and left out of `enabled`: off. The Standard categories the document does not name are scored.
    expect(policy.categories.map((c) => c.name)).toEqual(['SEXUAL', 'DRUGS', 'DEATH_INJURY_MILITARY', 'ARMS_AMMO', 'HATE_SPEECH', 'SELF_HARM', 'HARASSMENT']);
    expect(policy.categories[0]).toMatchObject({ name: 'SEXUAL', description: STANDARD_CATEGORIES[0]!.description, thresholds: { HIGH: 0.9 } });
    expect(policy.categories[0]!.signals).toHaveLength(STANDARD_CATEGORIES[0]!.signals.length);
  });
  it('the Standard policy is the table with its thresholds and version', () => {
    expect(STANDARD_POLICY.version).toBe(POLICY_TABLE_VERSION);
    expect(STANDARD_POLICY.categories.map((c) => c.name)).toEqual(STANDARD_CATEGORIES.map((c) => c.name));
    for (const score of [null, 0, 0.19, 0.2, 0.5, 0.79, 0.8, 1]) expect(riskLevel(score, STANDARD_POLICY.categories[0]!.thresholds)).toBe(riskLevel(score));
  });
});

describe('the Standard moderation rules have one home', () => {
  it('the field defaults, a document without moderation and the Standard policy are the same rules, never shared arrays', () => {
    const fromFields = ModerationRulesSchema.parse({});
    const fromDocument = PolicyDocumentSchema.parse(COSMETICS).moderation;
    expect(fromFields).toEqual(standardModerationRules());
    expect(fromDocument).toEqual(standardModerationRules());
    expect(STANDARD_POLICY.moderation).toEqual(standardModerationRules());
    fromFields.reject.push('MEDIUM');
    fromDocument.review_categories.push('COSMETICS');
    expect(ModerationRulesSchema.parse({}).reject).toEqual(['HIGH']);
    expect(PolicyDocumentSchema.parse(COSMETICS).moderation.review_categories).toEqual([]);
  });
});

/** A job's scores as the Standard categories read them, for decide(): HATE_SPEECH from a Confederate flag. */
const FLAG_AND_HATE_CAPTION: PolicyCategoryResult[] = [
  { name: 'HATE_SPEECH', description: '', score: 0.63, risk_level: 'MEDIUM', triggered_by: 'confederate_flag' },
];

describe('a published document extends the Standard policy', () => {
  const byName = (doc: unknown) => new Map(resolvePolicyDocument(PolicyDocumentSchema.parse(doc), 'v1').categories.map((c) => [c.name, c]));

  it('a document with one custom category scores the five Standard categories too, as the Standard policy does, after its own', () => {
    const policy = resolvePolicyDocument(PolicyDocumentSchema.parse(COSMETICS), 'v1');
    expect(policy.categories.map((c) => c.name)).toEqual(['COSMETICS', ...STANDARD_CATEGORIES.map((c) => c.name)]);
    for (const standard of STANDARD_POLICY.categories) expect(policy.categories.find((c) => c.name === standard.name)).toEqual(standard);
    // The issue's case: a Standard tenant escalates a Confederate flag as HATE_SPEECH; so does this Premium tenant.
    const categories = [{ name: 'COSMETICS', description: '', score: 0, risk_level: 'NONE' as const, triggered_by: null }, ...FLAG_AND_HATE_CAPTION];
    const thresholds = new Map(policy.categories.map((c) => [c.name, c.thresholds]));
    expect(decide(categories, policy.moderation, thresholds)).toMatchObject({ decision: 'pending_review', escalate_reasons: ['medium_risk_hate_speech'] });
  });

  it("an override's thresholds, signals and description replace the Standard ones; what it leaves out stays Standard", () => {
    const cats = byName({
      categories: [
        { name: 'HATE_SPEECH', thresholds: { HIGH: 0.9, MEDIUM: 0.4, LOW: 0.1 } },
        { name: 'DRUGS', description: 'Cannabis only.', signals: [{ class: 'marijuana', weight: 1 }] },
      ],
      thresholds: { HIGH: 0.85, MEDIUM: 0.55, LOW: 0.25 },
    });
    const standard = new Map(STANDARD_POLICY.categories.map((c) => [c.name, c]));
    expect(cats.get('HATE_SPEECH')).toEqual({ ...standard.get('HATE_SPEECH'), thresholds: { HIGH: 0.9, MEDIUM: 0.4, LOW: 0.1 } });
    expect(cats.get('DRUGS')).toEqual({ name: 'DRUGS', description: 'Cannabis only.', signals: [{ class: 'marijuana', weight: 1 }], thresholds: { HIGH: 0.85, MEDIUM: 0.55, LOW: 0.25 } });
    // A Standard category the document does not name takes the document's default thresholds, like any category without its own.
    expect(cats.get('SEXUAL')).toEqual({ ...standard.get('SEXUAL'), thresholds: { HIGH: 0.85, MEDIUM: 0.55, LOW: 0.25 } });
  });

  it('"enabled": false on a Standard category turns it off, and only that does (with a warning)', () => {
    const doc = PolicyDocumentSchema.parse({ categories: [...COSMETICS.categories, { name: 'DRUGS', enabled: false }] });
    expect([...byName(doc).keys()]).toEqual(['COSMETICS', 'SEXUAL', 'DEATH_INJURY_MILITARY', 'ARMS_AMMO', 'HATE_SPEECH', 'SELF_HARM', 'HARASSMENT']);
    const warnings = policyWarnings(doc);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Standard category DRUGS is disabled \("enabled": false\)/);
    expect(policyCategoryNotes(doc)).toEqual([
      { name: 'SEXUAL', origin: 'standard', enabled: true, overrides: [] },
      { name: 'DRUGS', origin: 'standard', enabled: false, overrides: [] },
      { name: 'DEATH_INJURY_MILITARY', origin: 'standard', enabled: true, overrides: [] },
      { name: 'ARMS_AMMO', origin: 'standard', enabled: true, overrides: [] },
      { name: 'HATE_SPEECH', origin: 'standard', enabled: true, overrides: [] },
      { name: 'SELF_HARM', origin: 'standard', enabled: true, overrides: [] },
      { name: 'HARASSMENT', origin: 'standard', enabled: true, overrides: [] },
      { name: 'COSMETICS', origin: 'custom', enabled: true, overrides: [] },
    ]);
    // A custom category may be switched off as well (kept in the document, not scored); no warning for it.
    const off = PolicyDocumentSchema.parse({ categories: [{ ...COSMETICS.categories[0], enabled: false }] });
    expect([...byName(off).keys()]).toEqual(STANDARD_CATEGORIES.map((c) => c.name));
    expect(policyWarnings(off)).toEqual([]);
  });

  it('warns when a Standard category is left out of the older enabled list, and when an override drops Standard signals', () => {
    const listed = PolicyDocumentSchema.parse({ categories: [...COSMETICS.categories, { name: 'HATE_SPEECH' }], enabled: ['COSMETICS'] });
    expect(byName(listed).has('HATE_SPEECH')).toBe(false);
    expect(policyWarnings(listed)).toEqual([expect.stringMatching(/^Standard category HATE_SPEECH is disabled \(it is left out of the document's enabled list\)/)]);
    const narrowed = PolicyDocumentSchema.parse({ categories: [{ name: 'HATE_SPEECH', signals: [{ class: 'nazi_swastika', weight: 1 }, { text: 'identity_attack', weight: 1 }] }] });
    expect(policyWarnings(narrowed)).toEqual([
      'Standard category HATE_SPEECH: its signals replace the Standard ones, and these Standard signals (with their Standard weight) are no longer used: confederate_flag (0.7), pepe_frog (0.5), severe_toxicity text (0.6).',
    ]);
    expect(policyWarnings(STANDARD_POLICY_DOCUMENT)).toEqual([]);
    expect(policyWarnings(PolicyDocumentSchema.parse(COSMETICS))).toEqual([]);
  });

  it('refuses an entry whose enabled contradicts the enabled list', () => {
    expect(issuePaths({ categories: [{ ...COSMETICS.categories[0], enabled: false }], enabled: ['COSMETICS'] })).toEqual(['categories.0.enabled']);
    expect(issuePaths({ categories: [{ name: 'DRUGS', enabled: true }, ...COSMETICS.categories], enabled: ['COSMETICS'] })).toEqual(['categories.0.enabled']);
    expect(issuePaths({ categories: [{ name: 'DRUGS', enabled: 'no' }] })).toEqual(['categories.0.enabled']);
  });

  it('a document without categories is the Standard categories under its own thresholds and rules', () => {
    const doc = PolicyDocumentSchema.parse({ moderation: { reject: ['HIGH', 'MEDIUM'], review: ['LOW'] } });
    const policy = resolvePolicyDocument(doc, 'v1');
    expect(policy.categories).toEqual(STANDARD_POLICY.categories);
    expect(policy.moderation).toMatchObject({ reject: ['HIGH', 'MEDIUM'], review: ['LOW'] });
  });

  it('the extension categories SELF_HARM and HARASSMENT are Standard categories: scored unless "enabled": false turns them off, with a warning', () => {
    const doc = PolicyDocumentSchema.parse({ categories: [{ name: 'SELF_HARM', enabled: false }, { name: 'HARASSMENT', enabled: false }] });
    expect([...byName(doc).keys()]).toEqual(['SEXUAL', 'DRUGS', 'DEATH_INJURY_MILITARY', 'ARMS_AMMO', 'HATE_SPEECH']);
    expect(policyWarnings(doc)).toEqual([
      expect.stringMatching(/^Standard category SELF_HARM is disabled \("enabled": false\)/),
      expect.stringMatching(/^Standard category HARASSMENT is disabled \("enabled": false\)/),
    ]);
    const one = PolicyDocumentSchema.parse({ categories: [{ name: 'HARASSMENT', enabled: false }] });
    expect([...byName(one).keys()]).toEqual(['SEXUAL', 'DRUGS', 'DEATH_INJURY_MILITARY', 'ARMS_AMMO', 'HATE_SPEECH', 'SELF_HARM']);
  });

  it('accepts self_harm in text and class signals; an unknown label is refused', () => {
    const doc = PolicyDocumentSchema.parse({
      categories: [{ name: 'WELLBEING', description: 'Self-harm talk.', signals: [{ text: 'self_harm', weight: 1 }, { class: 'self_harm', weight: 0.5 }] }],
    });
    expect(doc.categories[0]!.signals).toEqual([{ text: 'self_harm', weight: 1 }, { class: 'self_harm', weight: 0.5 }]);
    expect(issuePaths({ categories: [{ name: 'WELLBEING', description: 'x', signals: [{ text: 'suicide', weight: 1 }] }] })).toEqual(['categories.0.signals.0']);
  });

  it('a document stored before review_only gets its default: SELF_HARM review-only when scoring, deciding and shown', () => {
    const { review_only: _reviewOnly, ...olderRules } = standardModerationRules();
    const stored = { categories: [], thresholds: RISK_THRESHOLDS, moderation: { ...olderRules, reject: ['HIGH', 'MEDIUM'] } } as unknown as PolicyDocument;
    expect(resolvePolicyDocument(stored, 'v1').moderation).toEqual({ ...standardModerationRules(), reject: ['HIGH', 'MEDIUM'] });
    expect(withRuleDefaults(stored).moderation.review_only).toEqual(['SELF_HARM']);
    // A document that says otherwise keeps what it says.
    const optedOut = PolicyDocumentSchema.parse({ moderation: { review_only: [] } });
    expect(resolvePolicyDocument(optedOut, 'v2').moderation.review_only).toEqual([]);
  });

  it('documents stored before extension (no Standard category named) are read the same way: they gain the Standard categories', () => {
    const stored = { categories: [{ name: 'COSMETICS', description: 'Make-up.', signals: [{ terms: ['lipstick'], weight: 0.6 }] }], thresholds: RISK_THRESHOLDS, moderation: standardModerationRules() };
    expect([...byName(stored).keys()]).toEqual(['COSMETICS', ...STANDARD_CATEGORIES.map((c) => c.name)]);
  });
});

describe('the PUT body: a document or the envelope GET answers', () => {
  it('reads the document of an envelope, ignoring version, created_at and warnings; a bare document as it is', () => {
    const view = { version: 'v3', created_at: '2026-11-24T05:00:00.000Z', document: PolicyDocumentSchema.parse(COSMETICS) };
    const fromEnvelope = parsePolicyBody(view);
    expect(fromEnvelope).toEqual({ success: true, envelope: true, data: view.document });
    expect(parsePolicyBody({ ...view, warnings: ['x'] })).toMatchObject({ success: true, data: view.document });
    expect(parsePolicyBody({ version: 'standard-2026-11-22', created_at: null, document: STANDARD_POLICY_DOCUMENT })).toMatchObject({ success: true, data: STANDARD_POLICY_DOCUMENT });
    expect(parsePolicyBody(COSMETICS)).toEqual({ success: true, envelope: false, data: PolicyDocumentSchema.parse(COSMETICS) });
  });

  it("names an envelope's invalid fields from the body", () => {
    const paths = (body: unknown) => {
      const r = parsePolicyBody(body);
      return r.success ? [] : r.issues.map((i) => i.path.join('.'));
    };
    expect(paths({ version: 'v1', document: { categories: [{ name: 'COSMETICS', signals: [] }] } })).toEqual(['document.categories.0.signals', 'document.categories.0.description']);
    expect(paths({ version: 1, document: COSMETICS })).toEqual(['version']);
    expect(paths({ version: 'v1', document: COSMETICS, extra: true })).toEqual(['']);
  });
});
