// The policy rules have one home (packages/common/src/domain/policy-rules.ts): the risk level of a score,
// the Standard defaults, what the rules do with a level, and the acting level of a category.
import { describe, expect, it } from 'vitest';
import {
  actingLevel,
  flaggedAt,
  ModerationRulesSchema,
  PolicyDocumentSchema,
  RISK_THRESHOLDS,
  riskLevel,
  riskRank,
  ruleAction,
  standardModerationRules,
  STANDARD_POLICY,
  STANDARD_POLICY_DOCUMENT,
  type ModerationRules,
} from '@modsvc/common/domain/index';

const rules = (r: Partial<ModerationRules>): ModerationRules => ({ ...standardModerationRules(), ...r });

describe('the risk level of a score', () => {
  it('is defined at the boundaries: a score exactly at a threshold is that level, just below it the level beneath', () => {
    const t = { HIGH: 0.9, MEDIUM: 0.6, LOW: 0.3 };
    expect([t.HIGH, t.HIGH - 1e-9, t.MEDIUM, t.MEDIUM - 1e-9, t.LOW, t.LOW - 1e-9, 0, 1].map((s) => riskLevel(s, t))).toEqual([
      'HIGH',
      'MEDIUM',
      'MEDIUM',
      'LOW',
      'LOW',
      'NONE',
      'NONE',
      'HIGH',
    ]);
  });

  it('is UNKNOWN for a score that is not a number (null, undefined, NaN): never NONE, which would approve it', () => {
    for (const t of [RISK_THRESHOLDS, { HIGH: 0, MEDIUM: 0, LOW: 0 }]) {
      expect([riskLevel(null, t), riskLevel(undefined, t), riskLevel(Number.NaN, t)]).toEqual(['UNKNOWN', 'UNKNOWN', 'UNKNOWN']);
    }
  });

  it('takes the highest level whose threshold is reached when thresholds coincide', () => {
    expect(riskLevel(0.5, { HIGH: 0.5, MEDIUM: 0.5, LOW: 0.5 })).toBe('HIGH');
    expect(riskLevel(0, { HIGH: 1, MEDIUM: 0, LOW: 0 })).toBe('MEDIUM');
  });

  it('uses the Standard thresholds by default, which are the default of every document and of the Standard policy', () => {
    for (const s of [null, 0, 0.19, 0.2, 0.5, 0.79, 0.8, 1]) expect(riskLevel(s)).toBe(riskLevel(s, RISK_THRESHOLDS));
    expect([riskLevel(0.2), riskLevel(0.5), riskLevel(0.8)]).toEqual(['LOW', 'MEDIUM', 'HIGH']);
    expect(PolicyDocumentSchema.parse({ categories: [{ name: 'SEXUAL' }] }).thresholds).toEqual(RISK_THRESHOLDS);
    expect(STANDARD_POLICY_DOCUMENT.thresholds).toEqual(RISK_THRESHOLDS);
    for (const c of STANDARD_POLICY.categories) expect(c.thresholds).toEqual(RISK_THRESHOLDS);
  });

  it('ranks levels on the score axis in either case; UNKNOWN has no place on it', () => {
    expect(['none', 'LOW', 'medium', 'HIGH'].map(riskRank)).toEqual([0, 1, 2, 3]);
    expect([riskRank('UNKNOWN'), riskRank('unknown'), riskRank(null), riskRank(undefined), riskRank('bogus')]).toEqual([null, null, null, null, null]);
  });
});

describe('the moderation rules', () => {
  it('have Standard defaults that the schema and the Standard policy share', () => {
    expect(ModerationRulesSchema.parse({})).toEqual(standardModerationRules());
    expect(STANDARD_POLICY.moderation).toEqual(standardModerationRules());
    expect(standardModerationRules()).toMatchObject({ reject: ['HIGH'], review: ['MEDIUM'], unknown: 'review' });
  });

  it('act on a level: UNKNOWN as `unknown` says, NONE approved, rejected and reviewed levels, review categories from LOW', () => {
    const r = rules({ reject: ['HIGH'], review: ['MEDIUM'], unknown: 'reject', review_categories: ['DRUGS'] });
    const levels = ['UNKNOWN', 'NONE', 'LOW', 'MEDIUM', 'HIGH'] as const;
    expect(levels.map((l) => ruleAction(r, 'SEXUAL', l))).toEqual(['reject', 'approve', 'approve', 'review', 'reject']);
    expect(levels.map((l) => ruleAction(r, 'DRUGS', l))).toEqual(['reject', 'approve', 'review', 'review', 'reject']);
  });
});

describe('the acting level of a category', () => {
  const cases: [string, Partial<ModerationRules>, string, 'LOW' | 'MEDIUM' | 'HIGH'][] = [
    ['Standard', {}, 'SEXUAL', 'MEDIUM'],
    ['reject only', { reject: ['HIGH'], review: [] }, 'SEXUAL', 'HIGH'],
    ['review LOW', { reject: ['HIGH'], review: ['LOW', 'MEDIUM'] }, 'SEXUAL', 'LOW'],
    ['reject MEDIUM', { reject: ['MEDIUM', 'HIGH'], review: [] }, 'SEXUAL', 'MEDIUM'],
    ['a review category', { review_categories: ['DRUGS'] }, 'DRUGS', 'LOW'],
    ['another category of the same rules', { review_categories: ['DRUGS'] }, 'SEXUAL', 'MEDIUM'],
    ['rules acting on no level: the Standard acting level', { reject: [], review: [] }, 'SEXUAL', 'MEDIUM'],
    ['rules acting on no level but a review category', { reject: [], review: [], review_categories: ['DRUGS'] }, 'DRUGS', 'LOW'],
  ];

  it.each(cases)('%s', (_, r, category, expected) => {
    expect(actingLevel(rules(r), category)).toBe(expected);
  });

  it('is the lowest level the rules do not approve; the Standard one where they approve every level', () => {
    for (const [, r, category] of cases) {
      const full = rules(r);
      const lowest = (['LOW', 'MEDIUM', 'HIGH'] as const).find((l) => ruleAction(full, category, l) !== 'approve');
      expect(actingLevel(full, category)).toBe(lowest ?? actingLevel(standardModerationRules(), category));
    }
  });

  it('flags a level at or above it, in either case, and never UNKNOWN', () => {
    expect(['none', 'low', 'medium', 'high', 'unknown'].map((l) => flaggedAt(l, 'MEDIUM'))).toEqual([false, false, true, true, false]);
    expect(['NONE', 'LOW', 'MEDIUM', 'HIGH', 'UNKNOWN'].map((l) => flaggedAt(l, 'LOW'))).toEqual([false, true, true, true, false]);
    expect([flaggedAt(undefined, 'LOW'), flaggedAt(null, 'LOW')]).toEqual([false, false]);
  });
});
