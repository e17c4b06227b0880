// Vision v3's operating points and publishing tiers (train/v3-operating-points.ts, applied by
// calibrate-v3.ts) on small synthetic held-back sets, and how a limited class merges into calibration.json.
import { describe, expect, it } from 'vitest';
import { signalRisk, riskLevel } from '@modsvc/common/domain/policy-rules';
import type { CalibrationFile, ClassCalibrator } from '../../../services/vision-inference/src/models/calibration.ts';
import { mergeV3Calibration } from '../../../services/vision-inference/src/models/v3-calibration.ts';
import { V3_ID } from '../../../services/vision-inference/src/models/vision-v3.ts';
import { publishingTier, visionOperatingPoints, VISION_TARGETS } from '../v3-operating-points.ts';
import type { SourceFigure, Verdict } from '../v3-results.ts';

/** 40 positives at 0.30, 0.31, ... 0.69 and 160 negatives at 0.000, 0.004, ... 0.636: they overlap. */
const positives = Array.from({ length: 40 }, (_, i) => 0.3 + i / 100);
const negatives = Array.from({ length: 160 }, (_, i) => i * 0.004);
const probs = [...positives, ...negatives];
const labels = [...positives.map(() => 1), ...negatives.map(() => 0)];
const recallAt = (t: number) => positives.filter((p) => p >= t).length / positives.length;

describe('vision operating points (held-back rows, no benign caps)', () => {
  const ops = visionOperatingPoints('firearm', probs, labels, 'synthetic');

  it('picks MEDIUM as the highest threshold that keeps recall >= 0.95, between two scores', () => {
    // 38 of 40 positives (0.95) are at or above 0.32; 39 at 0.31 would be more than needed
    expect(recallAt(ops.points.MEDIUM)).toBeGreaterThanOrEqual(0.95);
    expect(recallAt(ops.points.MEDIUM + 0.006)).toBeLessThan(0.95);
    expect(ops.points.MEDIUM).toBeGreaterThan(0.316);
    expect(ops.points.MEDIUM).toBeLessThanOrEqual(0.32);
  });

  it('sets LOW at recall >= 0.99 and HIGH at the first precision >= 0.95 from the top, at the rows own mix', () => {
    expect(recallAt(ops.points.LOW)).toBe(1);
    const flaggedNegatives = negatives.filter((p) => p >= ops.points.HIGH).length;
    const flaggedPositives = positives.filter((p) => p >= ops.points.HIGH).length;
    expect(flaggedPositives / (flaggedPositives + flaggedNegatives)).toBeGreaterThanOrEqual(VISION_TARGETS.highPrecision);
    expect(flaggedPositives).toBeGreaterThanOrEqual(VISION_TARGETS.minHighPositives);
    expect(ops.points.LOW).toBeLessThanOrEqual(ops.points.MEDIUM);
    expect(ops.points.MEDIUM).toBeLessThanOrEqual(ops.points.HIGH);
  });

  it('states the targets without a benign clause, counts the basis and reports no benign rate', () => {
    expect(ops.basis).toEqual({ part: 'synthetic', positives: 40, negatives: 160 });
    expect(ops.figures.map((f) => f.target)).toEqual(['recall >= 0.99', 'recall >= 0.95', 'precision >= 0.95']);
    expect(ops.figures.every((f) => !('benignFlaggedRate' in f))).toBe(true);
    expect(ops.figures.map((f) => f.reached)).toEqual([true, true, true]);
  });

  it('reads as the policy reads it: a score at MEDIUM is MEDIUM, one just below is LOW', () => {
    expect(riskLevel(signalRisk(ops.points.MEDIUM, ops.points))).toBe('MEDIUM');
    expect(riskLevel(signalRisk(ops.points.MEDIUM - 1e-4, ops.points))).toBe('LOW');
  });

  it('gives HIGH 1 (never) where no threshold reaches the precision', () => {
    const mixed = visionOperatingPoints('violence', [0.9, 0.9, 0.8, 0.8, 0.7, 0.7, 0.6, 0.6, 0.5, 0.5], [1, 0, 1, 0, 1, 0, 1, 0, 1, 0], 'synthetic');
    expect(mixed.points.HIGH).toBe(1);
    expect(mixed.figures[2]!.reached).toBe(false);
  });
});

describe('publishing tiers', () => {
  const rule = { minSources: 2, minPositives: 10, minRocAuc: 0.85 };
  const source = (name: string, positives: number, rocAuc: number | null): SourceFigure => ({ fold: 'A', source: name, positives, negatives: 100, rocAuc });
  const verdict = (passes: boolean, sources: SourceFigure[]): Verdict => ({ candidate: true, passes, why: 'test', worstRocAuc: null, sources });

  it('standard where the rule passes', () => {
    expect(publishingTier(verdict(true, [source('a', 20, 0.9), source('b', 30, 0.95)]), rule)).toEqual({ tier: 'standard' });
  });

  it('limited where the worst counted source is below the rule but above chance, or there is one source; uncounted sources play no part', () => {
    expect(publishingTier(verdict(false, [source('a', 20, 0.69), source('b', 30, 0.95), source('c', 3, 0.2)]), rule)).toEqual({ tier: 'limited', why: 'worst held-back ROC-AUC 0.690 < 0.85' });
    expect(publishingTier(verdict(false, [source('a', 15, 0.99)]), rule)).toEqual({ tier: 'limited', why: '1 held-back source(s) with >= 10 positives (the rule asks 2)' });
  });

  it('null without a counted source, or with a counted source at or below chance', () => {
    expect(publishingTier(verdict(false, [source('a', 9, 0.99)]), rule).tier).toBe('null');
    expect(publishingTier(verdict(false, [source('a', 20, 0.5), source('b', 30, 0.95)]), rule)).toMatchObject({ tier: 'null', why: expect.stringContaining('a (0.50)') });
  });
});

describe('merging v3 calibrators into calibration.json', () => {
  const cal = (model: string, quality?: 'limited'): ClassCalibrator => ({ model, method: 'platt', signals: [`${model}.x`], weights: [1], bias: 0, note: model, ...(quality ? { quality } : {}) });
  const base: CalibrationFile = { version: 'v1', fittedOn: 'v1 fit', classes: { alcohol: cal('human-object'), firearm: cal('heads') }, nullClasses: { knife: 'v1: none' } };

  it('a limited class takes the v3 calibrator only where no other model serves it; a standard one always does', () => {
    const merged = mergeV3Calibration(base, {
      model: V3_ID,
      fittedOn: 'folds',
      classes: { alcohol: cal(V3_ID, 'limited'), knife: cal(V3_ID, 'limited'), firearm: cal(V3_ID) },
      nullClasses: {},
    });
    expect(merged.classes.alcohol!.model).toBe('human-object');
    expect(merged.classes.knife).toEqual(cal(V3_ID, 'limited'));
    expect(merged.classes.firearm!.model).toBe(V3_ID);
    expect(merged.nullClasses).toEqual({});
  });
});
