// The 3.0.0 training rules that are not the solver: operating points chosen from held-back scores, the
// self-harm encouragement rule, and the functional templates (deterministic, fully expanded, and never
// one of the everyday test lines the moderation test sends).
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@modsvc/common/seeded-random';
import { TEXT_LABELS } from '@modsvc/common/classes';
import { chooseOperatingPoints, DEFAULT_TARGETS, operatingPointFigures, type ScoredRows } from '@modsvc/common/domain/operating-point-fit';
import { applySelfHarmRule, encouragesSelfHarm } from '../self-harm-rules.ts';
import { expandGroups, expandOnce } from '../functional/expand.ts';
import { everydayTexts, functionalRows, NearTexts, nearCopy } from '../functional/index.ts';
import { normalizeText } from '../../../services/text-toxicity/src/model/normalize.ts';
import type { Row } from '../data.ts';
import { DegenerateCalibrationError, degenerateCalibrationReason, fitPlatt, MAX_PLATT_SLOPE } from '../train.ts';
import { loadToxicityModel } from '../../../services/text-toxicity/src/model/scorer.ts';
import { settingsSchema } from '../../../services/text-toxicity/src/settings.ts';

/** Positives scored uniformly in [lo, 1], negatives in [0, hi]; every negative benign unless told. */
function rows(n: number, lo: number, hi: number, seed = 1, benignShare = 1): ScoredRows & { benign: boolean[] } {
  const rand = mulberry32(seed);
  const probs: number[] = [];
  const labels: number[] = [];
  const benign: boolean[] = [];
  for (let i = 0; i < n; i++) {
    probs.push(lo + rand() * (1 - lo));
    labels.push(1);
    benign.push(false);
    probs.push(rand() * hi);
    labels.push(0);
    benign.push(rand() < benignShare);
  }
  return { probs, labels, negativeWeight: 1, benign };
}

const recallAt = (r: ScoredRows, t: number) => r.probs.filter((p, i) => r.labels[i]! >= 0.5 && p >= t).length / r.labels.filter((y) => y >= 0.5).length;
const benignRateAt = (r: ScoredRows & { benign: readonly boolean[] }, t: number) => r.probs.filter((p, i) => r.benign[i] && p >= t).length / r.benign.filter(Boolean).length;

describe('operating points', () => {
  it('MEDIUM catches the target recall when that flags few benign rows; HIGH reaches the precision; LOW <= MEDIUM <= HIGH', () => {
    const r = rows(2000, 0.3, 0.35);
    const ops = chooseOperatingPoints(r);
    expect(ops.LOW).toBeLessThanOrEqual(ops.MEDIUM);
    expect(ops.MEDIUM).toBeLessThanOrEqual(ops.HIGH);
    expect(recallAt(r, ops.MEDIUM)).toBeGreaterThanOrEqual(DEFAULT_TARGETS.mediumRecall);
    // The highest such threshold: a step up loses the recall.
    expect(recallAt(r, ops.MEDIUM + 0.005)).toBeLessThan(DEFAULT_TARGETS.mediumRecall);
    const high = operatingPointFigures(ops, r).find((f) => f.level === 'HIGH')!;
    expect(high.precision).toBeGreaterThanOrEqual(DEFAULT_TARGETS.highPrecision);
    expect(high.reached).toBe(true);
  });

  it('MEDIUM gives up recall rather than flag more than its share of benign rows', () => {
    // Positives and negatives overlap widely: recall 0.9 would flag most benign rows.
    const r = rows(2000, 0, 0.9, 2);
    const ops = chooseOperatingPoints(r);
    expect(benignRateAt(r, ops.MEDIUM)).toBeLessThanOrEqual(DEFAULT_TARGETS.mediumBenignRate);
    expect(benignRateAt(r, ops.MEDIUM)).toBeGreaterThan(DEFAULT_TARGETS.mediumBenignRate / 2);
    const medium = operatingPointFigures(ops, r).find((f) => f.level === 'MEDIUM')!;
    expect(medium.reached).toBe(false);
    expect(medium.benignFlaggedRate).toBeLessThanOrEqual(DEFAULT_TARGETS.mediumBenignRate);
  });

  it('sets HIGH to 1 (never reached) where no threshold reaches the precision at the prior', () => {
    const r = { ...rows(500, 0, 1, 3), negativeWeight: 50 };
    const ops = chooseOperatingPoints(r);
    expect(ops.HIGH).toBe(1);
    expect(operatingPointFigures(ops, r).find((f) => f.level === 'HIGH')!.reached).toBe(false);
  });

  it('counts precision at the prior: weighted negatives lower it', () => {
    const r = rows(1000, 0.2, 0.5, 4);
    const plain = operatingPointFigures(chooseOperatingPoints(r), r).find((f) => f.level === 'MEDIUM')!;
    const atPrior = operatingPointFigures(chooseOperatingPoints(r), { ...r, negativeWeight: 20 }).find((f) => f.level === 'MEDIUM')!;
    expect(atPrior.precision).toBeLessThan(plain.precision);
    expect(atPrior.recall).toBe(plain.recall);
  });
});

describe('self-harm encouragement rule', () => {
  it('marks telling someone to kill or harm themselves, outside a negation', () => {
    for (const t of ['just kill yourself', 'kys loser', 'go hang urself', 'slit your wrists', 'do us a favour and drink bleach', 'k y s']) expect(encouragesSelfHarm(normalizeText(t)), t).toBe(true);
    for (const t of ["don't kill yourself", 'please never hurt yourself', 'treat yourself today', 'I want to kill myself', 'do not cut yourself on the glass']) expect(encouragesSelfHarm(normalizeText(t)), t).toBe(false);
  });

  it('labels only English rows whose self_harm is not annotated, outside the self-harm file', () => {
    const SH = TEXT_LABELS.indexOf('self_harm');
    const row = (text: string, over: Partial<Row> = {}): Row => ({
      id: text,
      text,
      norm: normalizeText(text),
      source: 's',
      template: null,
      labels: new Float32Array(TEXT_LABELS.length).fill(Number.NaN),
      split: 'train',
      functionality: null,
      hateful: null,
      weak: false,
      lang: 'en',
      multi: false,
      file: 'main',
      ...over,
    });
    const annotated = row('kill yourself now', { labels: Float32Array.from(TEXT_LABELS.map((l) => (l === 'self_harm' ? 0 : Number.NaN))) });
    const rs = [row('kill yourself now'), row('kill yourself', { lang: 'es', multi: true }), row('kys', { file: 'self_harm' }), annotated, row('have a nice day')];
    expect(applySelfHarmRule(rs).map((r) => r.id)).toEqual(['kill yourself now']);
    expect(rs[0]!.labels[SH]).toBe(1);
    expect(annotated.labels[SH]).toBe(0);
  });
});

describe('functional templates', () => {
  it('expand alternatives and named lists, reproducibly, into distinct texts', () => {
    const groups = [{ name: 'g', labels: { threat: 1 }, perTemplate: 3, templates: ['{a|b} {@x}'] }];
    const a = expandGroups(groups, { x: ['1', '2', '3'] }, 7, 't');
    expect(a).toEqual(expandGroups(groups, { x: ['1', '2', '3'] }, 7, 't'));
    expect(new Set(a.map((r) => r.text)).size).toBe(3);
    for (const r of a) expect(r.text).toMatch(/^[ab] [123]$/);
    expect(expandOnce('{x {@y}|}', { y: ['z'] }, () => 0)).toBe('x z');
    expect(() => expandOnce('{@nope}', {}, () => 0)).toThrow(/no list @nope/);
    const w = (t: string) => new Set(t.split(' '));
    expect(nearCopy(w('a b c d e'), w('a b c d e f'))).toBe(true);
    expect(nearCopy(w('a b c d e'), w('a b c x y'))).toBe(false);
    expect(nearCopy(w('a b c'), w('a b c'))).toBe(false);
  });

  it('are all fully expanded, train-split only, and none is (nearly) a line of the everyday sets', () => {
    const rs = functionalRows();
    expect(rs.length).toBeGreaterThan(10_000);
    expect(new Set(rs.map((r) => r.lang)).size).toBeGreaterThanOrEqual(10);
    for (const r of rs) {
      expect(r.text).not.toMatch(/[{}@]/);
      expect(r.split).toBe('train');
    }
    const lines = everydayTexts();
    expect(lines.length).toBeGreaterThan(700);
    const exact = new Set(lines);
    expect(rs.filter((r) => exact.has(r.norm)).map((r) => r.text)).toEqual([]);
    // Nor a near copy: no template text shares 80 % of its words with an everyday line.
    const near = new NearTexts(lines);
    expect(near.has(lines[0]!)).toBe(true);
    const nearRows = rs.filter((r) => near.has(r.norm));
    expect(nearRows.map((r) => r.text)).toEqual([]);
  });
});

describe('calibration guard', () => {
  it('keeps every operating point within [0, 1], even when benign rows score 1', () => {
    const saturated: ScoredRows = { probs: [1, 1, 1, 0.5, 0.2, 0.1], labels: [1, 0, 0, 1, 0, 0], negativeWeight: 1, benign: [false, true, true, false, true, true] };
    const ops = chooseOperatingPoints(saturated);
    for (const level of ['LOW', 'MEDIUM', 'HIGH'] as const) {
      expect(ops[level]).toBeGreaterThanOrEqual(0);
      expect(ops[level]).toBeLessThanOrEqual(1);
    }
  });

  it('leaves a label unscored where its calibration is a step (the committed artifact has none scored)', () => {
    // Logits that barely vary, yet separate the labels: Platt's slope runs away to make a step of them.
    const { a } = fitPlatt([0, 0, 0, 0, 1e-6, 1e-6, 1e-6, 1e-6], [0, 0, 0, 0, 1, 1, 1, 1]);
    expect(a).toBeGreaterThan(MAX_PLATT_SLOPE);
    expect(degenerateCalibrationReason(a)).toMatch(/calibration degenerate/);
    // Logits that rank the labels the wrong way round: no positive slope; the label is left unscored, not the run failed.
    expect(() => fitPlatt([1, 1, 1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 1, 1, 1, 1])).toThrow(DegenerateCalibrationError);
    const manifest = loadToxicityModel(settingsSchema.parse({})).model.manifest;
    for (const [lang, info] of Object.entries(manifest.languages ?? {})) {
      for (const label of TEXT_LABELS) {
        const c = info.labels[label];
        if (!c?.scored) continue;
        expect(c.calibration.a, `${lang} ${label}`).toBeLessThanOrEqual(MAX_PLATT_SLOPE);
        for (const v of Object.values(c.operatingPoints ?? {})) expect(v, `${lang} ${label}`).toBeLessThanOrEqual(1);
      }
    }
    expect(manifest.languages!.ko!.labels.identity_attack.scored).toBe(false);
  });
});
