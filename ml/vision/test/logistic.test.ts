import { describe, expect, it } from 'vitest';
import { averagePrecision, rocAuc } from '@modsvc/common/evaluation';
import { expectedCalibrationError } from '@modsvc/common/evaluation';
import { fitLogistic, metrics, predictLogit } from '../logistic.ts';
import { sigmoid } from '../../../services/vision-inference/src/models/calibration.ts';

describe('training tools', () => {
  it('rocAuc and averagePrecision on known rankings', () => {
    expect(rocAuc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])).toBe(0.75);
    expect(rocAuc([0.5, 0.5], [0, 1])).toBe(0.5);
    expect(rocAuc([1, 2], [1, 1])).toBeNull();
    expect(averagePrecision([0.9, 0.8, 0.7], [1, 0, 1])).toBeCloseTo((1 + 2 / 3) / 2, 10);
    const m = metrics([0.9, 0.6, 0.2, 0.1], [1, 0, 1, 0]);
    expect(m).toMatchObject({ n: 4, positives: 2, precisionAt05: 0.5, recallAt05: 0.5, falsePositiveRateAt05: 0.5 });
  });

  it('expected calibration error: 0 when each bin\'s mean score equals its positive rate, large when overconfident', () => {
    // Bin [0.2, 0.3): scores 0.25 x4, one positive -> |1.0 - 1| = 0; bin [0.7, 0.8): 0.75 x4, three positives -> 0.
    expect(expectedCalibrationError([0.25, 0.25, 0.25, 0.25, 0.75, 0.75, 0.75, 0.75], [1, 0, 0, 0, 1, 1, 1, 0])).toBeCloseTo(0, 10);
    expect(expectedCalibrationError([0.95, 0.95, 0.95, 0.95], [0, 0, 0, 1])).toBeCloseTo(0.7, 10);
    expect(expectedCalibrationError([], [])).toBeNull();
    expect(metrics([0.95, 0.95], [0, 1]).calibrationError).toBe(0.45);
  });

  it('fitLogistic recovers a separating direction, with weights in the original feature space', () => {
    // Deterministic data: label = x0 - 0.5 * x1 > 1, feature 1 on a large scale.
    const X: Float64Array[] = [];
    const y: number[] = [];
    for (let i = 0; i < 200; i++) {
      const x0 = ((i * 37) % 100) / 25;
      const x1 = (((i * 53) % 100) / 50) * 100;
      X.push(Float64Array.from([x0, x1]));
      y.push(x0 - 0.005 * x1 > 1 ? 1 : 0);
    }
    const m = fitLogistic(X, y, y.map(() => 1), { iterations: 500, l2: 1e-4, learningRate: 0.1 });
    expect(m.weights[0]).toBeGreaterThan(0);
    expect(m.weights[1]).toBeLessThan(0);
    const p = X.map((x) => sigmoid(predictLogit(m, x)));
    expect(rocAuc(p, y)).toBeGreaterThan(0.98);
    const acc = p.filter((pi, i) => (pi >= 0.5 ? 1 : 0) === y[i]).length / y.length;
    expect(acc).toBeGreaterThan(0.9);
  });
});
