import { describe, expect, it } from 'vitest';
import {
  ModerationRulesSchema,
  PolicyDocumentSchema,
  standardModerationRules,
  POLICY_TABLE_VERSION,
  resolvePolicyDocument,
  riskLevel,
  RISK_THRESHOLDS,
  STANDARD_CATEGORIES,
  STANDARD_POLICY,
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
    expect(doc.moderation).toEqual({ reject: ['HIGH'], review: ['MEDIUM'], unknown: 'review', review_categories: [], uncertainty_band: 0, review_sample_rate: 0 });
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

  it('lets a Standard category keep its signals and description with its own thresholds; only enabled categories are scored', () => {
    const doc = PolicyDocumentSchema.parse({ categories: [{ name: 'SEXUAL', thresholds: { HIGH: 0.9, MEDIUM: 0.6, LOW: 0.3 } }, ...COSMETICS.categories], enabled: ['SEXUAL'] });
    const policy = resolvePolicyDocument(doc, 'v2');
    expect(policy.categories).toHaveLength(1);
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
