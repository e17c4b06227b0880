// Small, dependency-free learning tools for the calibration / head training: weighted L2-regularised
// logistic regression (full-batch Adam on standardised features) and the per-class metrics report
// (ranking metrics from @modsvc/common/evaluation).
import { averagePrecision, expectedCalibrationError, rocAuc } from '@modsvc/common/evaluation';
import { sigmoid, type ClassMetrics } from '../../services/vision-inference/src/models/calibration.ts';

export interface LogisticModel {
  /** Weights and bias in the ORIGINAL feature space (standardisation folded in). */
  weights: number[];
  bias: number;
}

export interface FitOptions {
  l2?: number;
  iterations?: number;
  learningRate?: number;
}

/** Fits p = sigmoid(b + w.x) minimising weighted log-loss + l2/2 |w|^2 (on standardised x). */
export function fitLogistic(X: Float64Array[], y: number[], w: number[], opts: FitOptions = {}): LogisticModel {
  const { l2 = 1e-2, iterations = 300, learningRate = 0.05 } = opts;
  const n = X.length;
  const d = X[0]?.length ?? 0;
  const mu = new Float64Array(d);
  const sd = new Float64Array(d);
  for (const x of X) for (let j = 0; j < d; j++) mu[j]! += x[j]! / n;
  for (const x of X) for (let j = 0; j < d; j++) sd[j]! += (x[j]! - mu[j]!) ** 2 / n;
  for (let j = 0; j < d; j++) sd[j] = Math.sqrt(sd[j]!) || 1;
  const Z = X.map((x) => {
    const z = new Float64Array(d);
    for (let j = 0; j < d; j++) z[j] = (x[j]! - mu[j]!) / sd[j]!;
    return z;
  });
  const wsum = w.reduce((a, b) => a + b, 0);
  const beta = new Float64Array(d);
  let b0 = 0;
  const m = new Float64Array(d + 1);
  const v = new Float64Array(d + 1);
  const g = new Float64Array(d + 1);
  for (let it = 1; it <= iterations; it++) {
    g.fill(0);
    for (let i = 0; i < n; i++) {
      const z = Z[i]!;
      let s = b0;
      for (let j = 0; j < d; j++) s += beta[j]! * z[j]!;
      const r = ((sigmoid(s) - y[i]!) * w[i]!) / wsum;
      for (let j = 0; j < d; j++) g[j]! += r * z[j]!;
      g[d]! += r;
    }
    for (let j = 0; j < d; j++) g[j]! += l2 * beta[j]!;
    for (let j = 0; j <= d; j++) {
      m[j] = 0.9 * m[j]! + 0.1 * g[j]!;
      v[j] = 0.999 * v[j]! + 0.001 * g[j]! ** 2;
      const step = (learningRate * (m[j]! / (1 - 0.9 ** it))) / (Math.sqrt(v[j]! / (1 - 0.999 ** it)) + 1e-8);
      if (j < d) beta[j]! -= step;
      else b0 -= step;
    }
  }
  const weights = Array.from(beta, (bj, j) => bj / sd[j]!);
  const bias = b0 - weights.reduce((a, wj, j) => a + wj * mu[j]!, 0);
  return { weights, bias };
}

export function predictLogit(m: LogisticModel, x: ArrayLike<number>): number {
  let s = m.bias;
  for (let j = 0; j < m.weights.length; j++) s += m.weights[j]! * (x[j] as number);
  return s;
}

/** The figures stored per class in calibration.json, plus the false-positive rate the report shows. */
export interface Metrics extends ClassMetrics {
  /** Share of negatives at or above 0.5. */
  falsePositiveRateAt05: number | null;
  /** Expected calibration error: mean |predicted - observed rate| over 10 equal-width bins, weighted by bin size. */
  calibrationError: number | null;
}

const r3 = (v: number | null) => (v == null ? null : Math.round(v * 1000) / 1000);

export function metrics(p: number[], y: number[]): Metrics {
  const pos = y.filter((v) => v === 1).length;
  const neg = y.length - pos;
  const tp = p.filter((s, i) => s >= 0.5 && y[i] === 1).length;
  const fp = p.filter((s, i) => s >= 0.5 && y[i] === 0).length;
  return {
    n: y.length,
    positives: pos,
    rocAuc: r3(rocAuc(p, y)),
    averagePrecision: r3(averagePrecision(p, y)),
    precisionAt05: tp + fp ? r3(tp / (tp + fp)) : null,
    recallAt05: pos ? r3(tp / pos) : null,
    falsePositiveRateAt05: neg ? r3(fp / neg) : null,
    calibrationError: r3(expectedCalibrationError(p, y)),
  };
}
