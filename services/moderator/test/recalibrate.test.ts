import { describe, expect, it } from 'vitest';
import { actingLevel, resolvePolicyDocument, standardModerationRules, STANDARD_POLICY, STANDARD_POLICY_DOCUMENT } from '@modsvc/common/domain/index';
import { changesOf, DEFAULT_TARGETS, fitThresholds, judgedLevels, labelFeedback, measure, recalibrate, withThresholds } from '../src/recalibrate.ts';
import { feedback, feedbackFor, N, OVERLAPPING, P } from './recalibrate-fixtures.ts';

describe('labelling feedback', () => {
  const medium = () => 'MEDIUM' as const;

  it('a category applies when a flagged level was right or an unflagged one was wrong', () => {
    const cases: [string, boolean, boolean][] = [
      ['HIGH', true, true],
      ['HIGH', false, false],
      ['MEDIUM', true, true],
      ['medium', false, false],
      ['LOW', true, false],
      ['low', false, true],
      ['NONE', true, false],
      ['none', false, true],
    ];
    const labelled = labelFeedback(
      cases.map(([risk_level, correct], i) => feedback({ risk_level, correct, score: i / 10 })),
      medium,
    ).get('DRUGS')!;
    expect(labelled.examples.map((e) => e.applies)).toEqual(cases.map((c) => c[2]));
    expect(labelled.counts).toMatchObject({ records: 8, positives: 4, negatives: 4, unscored: 0 });
  });

  it("judges at the category's acting level under the rules of the record's version", () => {
    const rules = (r: Partial<ReturnType<typeof standardModerationRules>>) => ({ ...standardModerationRules(), ...r });
    expect(actingLevel(rules({ reject: ['HIGH'], review: ['MEDIUM'] }), 'DRUGS')).toBe('MEDIUM');
    expect(actingLevel(rules({ reject: ['HIGH'], review: ['LOW', 'MEDIUM'] }), 'DRUGS')).toBe('LOW');
    expect(actingLevel(rules({ reject: ['HIGH'], review: [] }), 'DRUGS')).toBe('HIGH');
    const byVersion = (v: string | null) => (v === 'v2' ? 'LOW' : 'MEDIUM');
    const labelled = labelFeedback([feedback({ risk_level: 'LOW', correct: true, policy_version: 'v2' }), feedback({ risk_level: 'LOW', correct: true })], byVersion);
    expect(labelled.get('DRUGS')!.examples.map((e) => e.applies)).toEqual([true, false]);
    // The level is per category: a review category acts (and is judged) from LOW.
    const v3 = judgedLevels((v) => (v === 'v3' ? rules({ review_categories: ['DRUGS'] }) : standardModerationRules()));
    const perCategory = labelFeedback([feedback({ risk_level: 'LOW', correct: true, policy_version: 'v3' }), feedback({ category: 'SEXUAL', risk_level: 'LOW', correct: true, policy_version: 'v3' })], v3);
    expect([perCategory.get('DRUGS')!.examples[0]!.applies, perCategory.get('SEXUAL')!.examples[0]!.applies]).toEqual([true, false]);
  });

  it('leaves out unscored records and class feedback, and counts only the newest record per job and category', () => {
    const labelled = labelFeedback(
      [
        feedback({ job_id: 'j1', risk_level: 'HIGH', correct: true, score: 0.9 }),
        feedback({ job_id: 'j1', risk_level: 'HIGH', correct: false, score: 0.9 }),
        feedback({ job_id: 'j1', category: 'SEXUAL', risk_level: 'HIGH', correct: true, score: 0.9 }),
        feedback({ risk_level: 'UNKNOWN', score: null }),
        feedback({ risk_level: 'MEDIUM', score: null }),
        feedback({ category: null, class: 'pills' }),
      ],
      medium,
    );
    expect([...labelled.keys()].sort()).toEqual(['DRUGS', 'SEXUAL']);
    expect(labelled.get('DRUGS')).toEqual({ examples: [{ score: 0.9, applies: false }], counts: { records: 4, superseded: 1, unscored: 2, positives: 0, negatives: 1 } });
  });
});

describe('precision and recall', () => {
  it('counts what a threshold marks (scores >= threshold)', () => {
    const m = measure([...P(0.9, 0.6, 0.3), ...N(0.8, 0.5, 0.6)], 0.6);
    expect(m).toEqual({ truePositives: 2, falsePositives: 2, falseNegatives: 1, precision: 0.5, recall: 2 / 3 });
  });

  it('is null where undefined: nothing marked, nothing true', () => {
    expect(measure([...P(0.2), ...N(0.1)], 0.5)).toMatchObject({ precision: null, recall: 0 });
    expect(measure(N(0.7), 0.5)).toMatchObject({ precision: 0, recall: null });
  });
});

describe('fitting thresholds', () => {
  it('finds the known answer on overlapping scores', () => {
    const fit = fitThresholds(OVERLAPPING);
    expect(fit.reason).toBeNull();
    expect(fit.thresholds!.HIGH).toBeCloseTo(0.74, 10);
    expect(fit.thresholds!.MEDIUM).toBeCloseTo(0.6, 10);
    expect(fit.thresholds!.LOW).toBeCloseTo(0.34, 10);
    // The targets hold at the fitted thresholds.
    expect(measure(OVERLAPPING, fit.thresholds!.HIGH)).toMatchObject({ truePositives: 10, falsePositives: 1 });
    expect(measure(OVERLAPPING, fit.thresholds!.MEDIUM)).toMatchObject({ truePositives: 13, falsePositives: 5 });
    expect(measure(OVERLAPPING, fit.thresholds!.LOW).recall).toBe(1);
  });

  it('LOW follows the recall target', () => {
    const fit = fitThresholds(OVERLAPPING, { ...DEFAULT_TARGETS, lowRecall: 0.9 });
    expect(fit.thresholds!.LOW).toBeCloseTo(0.525, 10);
  });

  it('well separated scores put HIGH and MEDIUM at the gap, and never order LOW above MEDIUM', () => {
    const fit = fitThresholds([...P(0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.92, 0.95, 0.99), ...N(0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.42, 0.45)]);
    expect(fit.thresholds).not.toBeNull();
    const t = fit.thresholds!;
    expect(t.HIGH).toBeCloseTo(0.525, 10);
    expect(t.MEDIUM).toBe(t.HIGH);
    expect(t.LOW).toBe(t.MEDIUM);
  });

  it('too few true or false examples leave the thresholds', () => {
    const few = fitThresholds([...P(0.9, 0.8, 0.7, 0.6, 0.95, 0.85, 0.75, 0.65, 0.55), ...N(0.1, 0.2, 0.3, 0.4, 0.15, 0.25, 0.35, 0.45, 0.05, 0.5, 0.12)]);
    expect(few).toEqual({ thresholds: null, reason: 'too little feedback: 9 true and 11 false examples, at least 10 and 10 needed' });
  });

  it('scores that do not separate reach no HIGH precision', () => {
    const fit = fitThresholds([...P(...Array<number>(10).fill(0.5)), ...N(...Array<number>(10).fill(0.5))]);
    expect(fit).toEqual({ thresholds: null, reason: 'no threshold reaches precision 0.9 for HIGH' });
  });
});

describe('recalibrating a policy', () => {
  const records = [
    ...feedbackFor('DRUGS', OVERLAPPING),
    ...feedbackFor('SEXUAL', [...P(0.9, 0.8), ...N(0.1)]),
    ...feedbackFor('KNOWN_HARMFUL', P(1)),
  ];
  const results = recalibrate(records, STANDARD_POLICY, () => 'MEDIUM');

  it('proposes thresholds with enough feedback, keeps them otherwise and says why', () => {
    expect(results.map((r) => r.category)).toEqual(['DRUGS', 'KNOWN_HARMFUL', 'SEXUAL']);
    const [drugs, bank, sexual] = results;
    expect(drugs!.current).toEqual({ HIGH: 0.8, MEDIUM: 0.5, LOW: 0.2 });
    expect(drugs!.proposed!.HIGH).toBeCloseTo(0.74, 10);
    expect(sexual!.proposed).toBeNull();
    expect(sexual!.reason).toMatch(/too little feedback: 2 true and 1 false/);
    expect(bank).toMatchObject({ current: null, proposed: null, reason: 'not a category of the active policy' });
  });

  it('reports precision and recall at HIGH and MEDIUM under current and proposed thresholds', () => {
    const e = results[0]!.expected;
    // Standard: >= 0.8 marks 8 true, 0 false; >= 0.5 marks 14 true, 8 false (of 15 true).
    expect(e.current!.HIGH).toMatchObject({ precision: 1, recall: 8 / 15 });
    expect(e.current!.MEDIUM).toMatchObject({ precision: 14 / 22, recall: 14 / 15 });
    expect(e.proposed!.HIGH).toMatchObject({ precision: 10 / 11, recall: 10 / 15 });
    expect(e.proposed!.MEDIUM).toMatchObject({ precision: 13 / 18, recall: 13 / 15 });
  });

  it('changes only the refitted categories of the document', () => {
    const changes = changesOf(results);
    expect(changes.map((c) => c.category)).toEqual(['DRUGS']);
    const doc = withThresholds(STANDARD_POLICY_DOCUMENT, changes);
    expect(doc.categories.find((c) => c.name === 'DRUGS')!.thresholds).toEqual(changes[0]!.to);
    expect(doc.categories.filter((c) => c.thresholds).length).toBe(1);
    expect(doc.thresholds).toEqual(STANDARD_POLICY_DOCUMENT.thresholds);
    expect(() => withThresholds(STANDARD_POLICY_DOCUMENT, [{ category: 'COSMETICS', to: { HIGH: 1, MEDIUM: 1, LOW: 1 } }])).toThrow(/COSMETICS/);
  });

  it('gives a Standard category the document does not name (scored all the same) an entry with just its new thresholds', () => {
    const custom = { categories: [{ name: 'COSMETICS', description: 'Make-up.', signals: [{ terms: ['lipstick'], weight: 0.6 }] }], thresholds: STANDARD_POLICY_DOCUMENT.thresholds, moderation: standardModerationRules() };
    const to = { HIGH: 0.7, MEDIUM: 0.4, LOW: 0.1 };
    const doc = withThresholds(custom, [{ category: 'HATE_SPEECH', to }]);
    expect(doc.categories).toEqual([...custom.categories, { name: 'HATE_SPEECH', thresholds: to }]);
    const hate = resolvePolicyDocument(doc, 'v2').categories.find((c) => c.name === 'HATE_SPEECH')!;
    expect(hate).toEqual({ ...STANDARD_POLICY.categories.find((c) => c.name === 'HATE_SPEECH'), thresholds: to });
  });
});
