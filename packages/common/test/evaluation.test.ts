import { describe, expect, it } from 'vitest';
import { averagePrecision, bestF1Threshold, rocAuc, statsAtThreshold } from '../src/evaluation.ts';

describe('metrics', () => {
  it('computes ROC-AUC with ties and returns null for one class', () => {
    expect(rocAuc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])).toBeCloseTo(0.75, 10);
    expect(rocAuc([0.5, 0.5], [0, 1])).toBeCloseTo(0.5, 10);
    expect(rocAuc([0.1, 0.2], [1, 1])).toBeNull();
  });
  it('computes average precision', () => {
    expect(averagePrecision([0.9, 0.8, 0.7], [1, 0, 1])).toBeCloseTo((1 + 2 / 3) / 2, 10);
    expect(averagePrecision([0.9], [0])).toBeNull();
  });
  it('counts at a threshold and picks the F1-optimal one', () => {
    const st = statsAtThreshold([0.9, 0.6, 0.4, 0.1], [1, 0, 1, 0], 0.5);
    expect([st.tp, st.fp, st.fn, st.tn]).toEqual([1, 1, 1, 1]);
    expect(bestF1Threshold([0.9, 0.8, 0.3, 0.2], [1, 1, 0, 0])).toBe(0.8);
    // Weighting negatives (a rarer positive class) moves the F1-optimal threshold up.
    expect(bestF1Threshold([0.9, 0.7, 0.6, 0.2], [1, 0, 1, 0])).toBe(0.6);
    expect(bestF1Threshold([0.9, 0.7, 0.6, 0.2], [1, 0, 1, 0], 10)).toBe(0.9);
  });
});
