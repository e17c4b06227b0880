// The two metrics modules (packages/common/src/evaluation.ts for TypeScript, ml/lib/metrics.py for the
// Python training) give the same figures: known values, then both on the same scores (no ties, where the
// two average precisions agree by definition). The Python half needs /usr/bin/python3 with numpy
// (make vision-v3-deps) and is skipped without it.
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { averagePrecision, expectedCalibrationError, rocAuc } from '@modsvc/common/evaluation';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../../..');
const PYTHON = '/usr/bin/python3';
const hasNumpy = spawnSync(PYTHON, ['-c', 'import numpy'], { stdio: 'ignore' }).status === 0;

const labels = [1, 0, 1, 1, 0, 0, 1, 0, 0, 1];
const scores = [0.91, 0.12, 0.64, 0.35, 0.48, 0.05, 0.77, 0.59, 0.23, 0.83];

function python(): { auc: number; ap: number; ece: number } {
  const code = `import json; from ml.lib.metrics import roc_auc, average_precision, ece
y = ${JSON.stringify(labels)}; s = ${JSON.stringify(scores)}
print(json.dumps({'auc': roc_auc(y, s), 'ap': average_precision(y, s), 'ece': ece(y, s)}))`;
  return JSON.parse(execFileSync(PYTHON, ['-c', code], { cwd: REPO, encoding: 'utf8' })) as { auc: number; ap: number; ece: number };
}

describe('metrics', () => {
  it('gives the known values in TypeScript', () => {
    // 5 positives x 5 negatives: 23 of the 25 pairs ranked right (0.35 under 0.48 and 0.59).
    expect(rocAuc(scores, labels)).toBeCloseTo(23 / 25, 12);
    // Precision at each positive, in score order: 1, 1, 1, 1, then 5/7 (0.35 after the negatives 0.59, 0.48).
    expect(averagePrecision(scores, labels)).toBeCloseTo((4 + 5 / 7) / 5, 12);
    expect(expectedCalibrationError([0.05, 0.15, 0.95], [0, 1, 1], 10)).toBeCloseTo((0.05 + 0.85 + 0.05) / 3, 12);
  });

  it.skipIf(!hasNumpy)('gives the same figures in ml/lib/metrics.py', () => {
    const py = python();
    expect(py.auc).toBeCloseTo(rocAuc(scores, labels)!, 12);
    expect(py.ap).toBeCloseTo(averagePrecision(scores, labels)!, 12);
    expect(py.ece).toBeCloseTo(expectedCalibrationError(scores, labels)!, 12);
  });
});
