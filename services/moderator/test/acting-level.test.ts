// Reviewer feedback, recalibration and the decider agree on the acting level of a category (the level
// from which the rules reject or escalate it): all three take it from policy-rules.ts. A reviewer's
// verdict is stored as "correct" against the automated level (feedback.ts), and recalibration reads it
// back as "the category applies" (recalibrate.ts); the round trip must give exactly "the reviewer's
// level is flagged", whatever the rules. Before, feedback judged rules acting on no level as never
// flagged while recalibration judged them at MEDIUM, and neither knew that review_categories act at LOW.
import { describe, expect, it } from 'vitest';
import {
  actingLevel,
  flaggedAt,
  PolicyDocumentSchema,
  standardModerationRules,
  type FeedbackRecord,
  type ModerationDecision,
  type ModerationJob,
  type ModerationRiskLevel,
  type ModerationRules,
  type PolicyResult,
  type RiskLevel,
} from '@modsvc/common/domain/index';
import type { Runtime } from '@modsvc/common/host';
import type { PolicyVersionRecord } from '@modsvc/common/store/policies/index';
import { policyNamed } from '@modsvc/common/tenant-policy';
import { newJobRecord } from '../../../packages/common/test/fixtures.ts';
import { decide } from '../src/decide.ts';
import { feedbackFromReview, reviewerAgrees } from '../src/feedback.ts';
import { judgedLevels, labelFeedback } from '../src/recalibrate.ts';

const RULE_SETS: [string, Partial<ModerationRules>][] = [
  ['Standard', {}],
  ['reject HIGH only', { reject: ['HIGH'], review: [] }],
  ['review LOW and MEDIUM', { reject: ['HIGH'], review: ['LOW', 'MEDIUM'] }],
  ['reject MEDIUM and HIGH', { reject: ['MEDIUM', 'HIGH'], review: [] }],
  ['DRUGS a review category', { review_categories: ['DRUGS'] }],
  ['acting on no level', { reject: [], review: [] }],
  ['acting on no level but DRUGS a review category', { reject: [], review: [], review_categories: ['DRUGS'] }],
  ['reject LOW and up', { reject: ['LOW', 'MEDIUM', 'HIGH'], review: [] }],
  ['no review-only category', { review_only: [] }],
];
// SELF_HARM is review-only under the Standard rules: escalated from MEDIUM up whatever the lists say.
const CATEGORIES = ['SEXUAL', 'DRUGS', 'SELF_HARM'];
const AUTOMATED: Exclude<RiskLevel, 'UNKNOWN'>[] = ['NONE', 'LOW', 'MEDIUM', 'HIGH'];
const REVIEWER: ModerationRiskLevel[] = ['none', 'low', 'medium', 'high', 'unknown'];
const SCORE = { NONE: 0.1, LOW: 0.3, MEDIUM: 0.6, HIGH: 0.9 };

// Version v<i+1> of tenant t1 carries rule set i.
const rulesOf = (i: number): ModerationRules => ({ ...standardModerationRules(), ...RULE_SETS[i]![1] });
const versions: PolicyVersionRecord[] = RULE_SETS.map((_, i) => ({
  tenantId: 't1',
  version: i + 1,
  document: PolicyDocumentSchema.parse({ categories: CATEGORIES.map((name) => ({ name })), moderation: rulesOf(i) }),
  createdAt: new Date(0),
}));
const policies = {
  get: async (tenantId: string, version: number) => versions.find((v) => v.tenantId === tenantId && v.version === version) ?? null,
  latest: async () => versions.at(-1)!,
};

/** The feedback record feedbackFromReview makes for one category the reviewer set. */
async function reviewerFeedback(version: string, category: string, automated: Exclude<RiskLevel, 'UNKNOWN'>, reviewer: ModerationRiskLevel): Promise<FeedbackRecord> {
  const results: PolicyResult = {
    policy_categories: [{ name: category, description: category, score: SCORE[automated], risk_level: automated, triggered_by: 'x' }],
    url: 'a.jpg',
    tier: 'premium',
    policy_table_version: 'standard-2026-11-22',
    policy_version: version,
  };
  const job = newJobRecord({ product: 'policy', status: 'done', results });
  const rt = {
    store: { getForTenant: async () => job },
    policies,
  } as unknown as Runtime;
  const mod = { id: 'vmod_1', tenantId: 't1', classificationJobId: job.id, result: null, inputSha256: null } as unknown as ModerationJob;
  const decision = { policy_version: version, policy_categories: [{ name: category, risk_level: automated.toLowerCase() }] } as unknown as ModerationDecision;
  const records = await feedbackFromReview(rt, mod, decision, { tenantId: 't1', reviewerId: 'alice' }, { decision: 'reject', categories: [{ name: category, risk_level: reviewer }], reason: 'r' });
  expect(records).toHaveLength(1);
  return records[0]!;
}

describe('the acting level: feedback, recalibration and the decider agree', () => {
  it.each(RULE_SETS.map(([name], i) => [name, i] as const))('%s', async (_, i) => {
    const version = `v${i + 1}`;
    const rules = (await policyNamed(policies as never, 't1', version)).moderation;
    expect(rules).toEqual(rulesOf(i));
    // Recalibration judges each record as scripts/recalibrate.ts does: by the rules of its version.
    const judged = judgedLevels(() => rules);
    for (const category of CATEGORIES) {
      const acting = actingLevel(rules, category);
      expect(judged(version, category)).toBe(acting);

      for (const automated of AUTOMATED) {
        for (const reviewer of REVIEWER) {
          const record = await reviewerFeedback(version, category, automated, reviewer);
          expect(record.correct).toBe(reviewerAgrees(rules, category, automated, reviewer));
          const [example] = labelFeedback([record], judged).get(category)!.examples;
          // The round trip: the category applies exactly when the reviewer's level is flagged.
          expect({ automated, reviewer, applies: example!.applies }).toEqual({ automated, reviewer, applies: flaggedAt(reviewer, acting) });
        }
      }

      // The decider lets a category through below its acting level and acts on it from there up,
      // wherever the rules act on some level for it.
      const actsOnSome = AUTOMATED.some((l) => decide([{ name: category, risk_level: l }], rules).decision !== 'approve');
      if (!actsOnSome) continue;
      for (const level of AUTOMATED) {
        expect({ level, acts: decide([{ name: category, risk_level: level }], rules).decision !== 'approve' }).toEqual({ level, acts: flaggedAt(level, acting) });
      }
    }
  });

  it('rules acting on no level are judged at the Standard acting level by both (feedback used to call every verdict correct)', async () => {
    const i = RULE_SETS.findIndex(([name]) => name === 'acting on no level');
    const lowered = await reviewerFeedback(`v${i + 1}`, 'SEXUAL', 'MEDIUM', 'none');
    expect(lowered.correct).toBe(false);
    expect(labelFeedback([lowered], judgedLevels(() => rulesOf(i))).get('SEXUAL')!.examples[0]!.applies).toBe(false);
  });

  it('a review-only category acts from MEDIUM at the latest, and is escalated, never rejected', async () => {
    for (const [name, i] of RULE_SETS.map(([n], j) => [n, j] as const)) {
      const rules = rulesOf(i);
      if (!rules.review_only.includes('SELF_HARM')) continue;
      expect({ name, acting: ['LOW', 'MEDIUM'].includes(actingLevel(rules, 'SELF_HARM')) }).toEqual({ name, acting: true });
      for (const level of AUTOMATED) expect(decide([{ name: 'SELF_HARM', risk_level: level }], rules).decision).not.toBe('reject');
      expect(decide([{ name: 'SELF_HARM', risk_level: 'HIGH' }], rules)).toMatchObject({ decision: 'pending_review', escalate_reasons: ['self_harm'] });
    }
    const i = RULE_SETS.findIndex(([name]) => name === 'acting on no level');
    // Rules that act on nothing still escalate self-harm at MEDIUM; a reviewer lowering it to LOW disagrees.
    expect(actingLevel(rulesOf(i), 'SELF_HARM')).toBe('MEDIUM');
    expect((await reviewerFeedback(`v${i + 1}`, 'SELF_HARM', 'MEDIUM', 'low')).correct).toBe(false);
    expect((await reviewerFeedback(`v${i + 1}`, 'SELF_HARM', 'MEDIUM', 'high')).correct).toBe(true);
  });

  it('a review category acts from LOW for both (a MEDIUM lowered to LOW is still flagged there)', async () => {
    const i = RULE_SETS.findIndex(([name]) => name === 'DRUGS a review category');
    expect((await reviewerFeedback(`v${i + 1}`, 'DRUGS', 'MEDIUM', 'low')).correct).toBe(true);
    expect((await reviewerFeedback(`v${i + 1}`, 'SEXUAL', 'MEDIUM', 'low')).correct).toBe(false);
  });
});
