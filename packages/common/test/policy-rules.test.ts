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
  signalRisk,
  standardModerationRules,
  STANDARD_POLICY,
  STANDARD_POLICY_DOCUMENT,
  type ModerationRules,
  type OperatingPoints,
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

/** The largest double below x (x > 0). */
const below = (x: number) => {
  const f = new Float64Array([x]);
  new BigInt64Array(f.buffer)[0]! -= 1n;
  return f[0]!;
};

describe("a signal's risk: its probability read against its own operating points", () => {
  const LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const;
  const OPS: [string, OperatingPoints][] = [
    ['spread', { LOW: 0.1, MEDIUM: 0.3, HIGH: 0.6 }],
    ['above the Standard thresholds', { LOW: 0.35, MEDIUM: 0.72, HIGH: 0.93 }],
    ['LOW = MEDIUM', { LOW: 0.4, MEDIUM: 0.4, HIGH: 0.7 }],
    ['MEDIUM = HIGH', { LOW: 0.05, MEDIUM: 0.9, HIGH: 0.9 }],
    ['all equal', { LOW: 0.5, MEDIUM: 0.5, HIGH: 0.5 }],
    ['LOW at 0', { LOW: 0, MEDIUM: 0.2, HIGH: 0.5 }],
    ['all at 0', { LOW: 0, MEDIUM: 0, HIGH: 0 }],
    ['HIGH at 1', { LOW: 0.3, MEDIUM: 0.6, HIGH: 1 }],
    ['all at 1', { LOW: 1, MEDIUM: 1, HIGH: 1 }],
    ['awkward doubles', { LOW: 0.1 + 0.2, MEDIUM: 0.7000000000000001, HIGH: 0.9999999999999999 }],
    // Points where the interpolation just below HIGH rounds onto 0.8 itself unless it is held below.
    ['interpolation rounding up', { LOW: 0.11443919455936746, MEDIUM: 0.14596167399873616, HIGH: 0.4851653819682984 }],
  ];

  it('puts the operating points exactly on the Standard thresholds, with 0 and 1 fixed', () => {
    const ops = { LOW: 0.1, MEDIUM: 0.3, HIGH: 0.6 };
    expect([0, ops.LOW, ops.MEDIUM, ops.HIGH, 1].map((p) => signalRisk(p, ops))).toEqual([0, RISK_THRESHOLDS.LOW, RISK_THRESHOLDS.MEDIUM, RISK_THRESHOLDS.HIGH, 1]);
    // Linear in between: halfway from MEDIUM to HIGH is halfway from 0.5 to 0.8.
    expect(signalRisk(0.45, ops)).toBeCloseTo(0.65, 12);
    expect(signalRisk(0.05, ops)).toBeCloseTo(0.1, 12);
    expect(signalRisk(0.8, ops)).toBeCloseTo(0.9, 12);
  });

  it.each(OPS)('p >= ops.X exactly when the risk reaches the Standard X, at and around each point (%s)', (_, ops) => {
    const probes = new Set<number>([0, 1, 0.5]);
    for (const l of LEVELS) for (const p of [ops[l], ops[l] > 0 ? below(ops[l]) : 0, Math.min(1, ops[l] + 1e-12), ops[l] - 1e-9]) if (p >= 0 && p <= 1) probes.add(p);
    for (let i = 0; i <= 1000; i++) probes.add(i / 1000);
    for (const p of probes) {
      const risk = signalRisk(p, ops);
      for (const l of LEVELS) expect({ p, level: l, reached: risk >= RISK_THRESHOLDS[l] }).toEqual({ p, level: l, reached: p >= ops[l] });
      // So riskLevel on the risk is the level of p against the operating points.
      expect(riskLevel(risk)).toBe(riskLevel(p, ops));
      expect(risk).toBeGreaterThanOrEqual(0);
      expect(risk).toBeLessThanOrEqual(1);
    }
  });

  it.each(OPS)('is monotone (%s)', (_, ops) => {
    let last = -Infinity;
    for (let i = 0; i <= 10000; i++) {
      const risk = signalRisk(i / 10000, ops);
      expect(risk).toBeGreaterThanOrEqual(last);
      last = risk;
    }
  });

  it('a probability at coinciding points takes the highest level they mark', () => {
    expect(riskLevel(signalRisk(0.4, { LOW: 0.4, MEDIUM: 0.4, HIGH: 0.7 }))).toBe('MEDIUM');
    expect(riskLevel(signalRisk(0.5, { LOW: 0.5, MEDIUM: 0.5, HIGH: 0.5 }))).toBe('HIGH');
    expect(riskLevel(signalRisk(0, { LOW: 0, MEDIUM: 0, HIGH: 0 }))).toBe('HIGH');
    expect(riskLevel(signalRisk(0, { LOW: 0, MEDIUM: 0.2, HIGH: 0.5 }))).toBe('LOW');
    expect(riskLevel(signalRisk(below(1), { LOW: 0.3, MEDIUM: 0.6, HIGH: 1 }))).toBe('MEDIUM');
    expect(riskLevel(signalRisk(1, { LOW: 1, MEDIUM: 1, HIGH: 1 }))).toBe('HIGH');
  });

  it('keeps what is not a measurement as it is, and stays in [0, 1] for probabilities off the scale', () => {
    const ops = { LOW: 0.1, MEDIUM: 0.3, HIGH: 0.6 };
    expect(signalRisk(Number.NaN, ops)).toBeNaN();
    expect(signalRisk(null, ops)).toBeNull();
    expect(signalRisk(undefined, ops)).toBeUndefined();
    expect([signalRisk(-0.1, ops), signalRisk(1.5, ops)]).toEqual([0, 1]);
  });

  it('is the probability itself without operating points (older parts, visual classes), or with points that cannot be knots', () => {
    for (const p of [0, 0.1999, 0.2, 0.5, 0.79, 0.8, 1]) {
      expect(signalRisk(p)).toBe(p);
      expect(signalRisk(p, null)).toBe(p);
      expect(signalRisk(p, { LOW: 0.6, MEDIUM: 0.3, HIGH: 0.9 })).toBe(p);
      expect(signalRisk(p, { LOW: 0.1, MEDIUM: 0.3, HIGH: 1.2 })).toBe(p);
      expect(signalRisk(p, { LOW: Number.NaN, MEDIUM: 0.3, HIGH: 0.9 })).toBe(p);
    }
    // The Standard thresholds as operating points are the identity.
    for (const p of [0, 0.13, 0.2, 0.37, 0.5, 0.66, 0.8, 0.9, 1]) expect(signalRisk(p, RISK_THRESHOLDS)).toBeCloseTo(p, 12);
  });

  it("a tenant's category thresholds move every signal's effective operating point alike", () => {
    // A category MEDIUM of 0.65 is, for each signal, the probability whose risk is 0.65: 0.45 for these points.
    const ops = { LOW: 0.1, MEDIUM: 0.3, HIGH: 0.6 };
    const tenant = { HIGH: 0.8, MEDIUM: 0.65, LOW: 0.2 };
    expect(riskLevel(signalRisk(0.44, ops), tenant)).toBe('LOW');
    expect(riskLevel(signalRisk(0.46, ops), tenant)).toBe('MEDIUM');
  });
});

describe('the moderation rules', () => {
  it('have Standard defaults that the schema and the Standard policy share', () => {
    expect(ModerationRulesSchema.parse({})).toEqual(standardModerationRules());
    expect(STANDARD_POLICY.moderation).toEqual(standardModerationRules());
    expect(standardModerationRules()).toMatchObject({ reject: ['HIGH'], review: ['MEDIUM'], unknown: 'review', review_only: ['SELF_HARM'] });
  });

  it('never reject a review-only category: MEDIUM and HIGH always escalate, a rejected LOW or UNKNOWN escalates instead', () => {
    const levels = ['UNKNOWN', 'NONE', 'LOW', 'MEDIUM', 'HIGH'] as const;
    const at = (r: Partial<ModerationRules>) => levels.map((l) => ruleAction(rules(r), 'SELF_HARM', l));
    expect(at({})).toEqual(['review', 'approve', 'approve', 'review', 'review']);
    expect(at({ reject: ['LOW', 'MEDIUM', 'HIGH'], review: [], unknown: 'reject' })).toEqual(['review', 'approve', 'review', 'review', 'review']);
    expect(at({ reject: [], review: [], unknown: 'approve' })).toEqual(['approve', 'approve', 'approve', 'review', 'review']);
    expect(at({ review_categories: ['SELF_HARM'] })).toEqual(['review', 'approve', 'review', 'review', 'review']);
    // Another category of the same rules, and SELF_HARM once the tenant empties the list, follow the lists.
    expect(levels.map((l) => ruleAction(rules({ unknown: 'reject' }), 'DRUGS', l))).toEqual(['reject', 'approve', 'approve', 'review', 'reject']);
    expect(at({ review_only: [] })).toEqual(['review', 'approve', 'approve', 'review', 'reject']);
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
    ['a review-only category under rules rejecting only HIGH', { reject: ['HIGH'], review: [] }, 'SELF_HARM', 'MEDIUM'],
    ['a review-only category under rules acting on no level', { reject: [], review: [] }, 'SELF_HARM', 'MEDIUM'],
    ['a review-only category under rules rejecting LOW', { reject: ['LOW', 'MEDIUM', 'HIGH'], review: [] }, 'SELF_HARM', 'LOW'],
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
