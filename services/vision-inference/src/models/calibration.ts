// Calibrators: per spec class, p = sigmoid(bias + sum(weight_i * signal_i)) over named per-frame
// signals, fitted on held-back labelled images by train/calibrate.ts and stored in
// artifacts/calibration.json together with their metrics.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { VisualClass } from '@modsvc/common/classes';
import type { SignalOperatingPoints } from '@modsvc/common/domain/operating-points';
import type { Signals } from './signals.ts';

export interface ClassMetrics {
  n: number;
  positives: number;
  rocAuc: number | null;
  averagePrecision: number | null;
  precisionAt05: number | null;
  recallAt05: number | null;
  /** Expected calibration error (10 bins); absent in files written before it was measured. */
  calibrationError?: number | null;
}

export interface ClassCalibrator {
  /** Model id (in the registry) whose outputs the signals come from. */
  model: string;
  method: 'platt' | 'logistic' | 'identity';
  signals: string[];
  weights: number[];
  bias: number;
  /** Signal whose box (if any) is attached to evidence. */
  boxSignal?: string;
  /** Input [width, height] the model ran at when the signals were fitted: it scores only at that size. */
  inputSize?: [number, number];
  note: string;
  /** Held-back (out-of-fold) metrics: all labelled images, and `real*` photographs only. */
  metrics?: { all: ClassMetrics; photos: ClassMetrics | null };
  /** The held-back source repositories the figures rest on, each with its own figures (/v1/models `heldBack.sources`); absent in older files. */
  sources?: CalibratorSource[];
  /**
   * The class's operating points (signal = the class), chosen on the held-back rows' calibrated
   * probabilities: the policy reads the score against them (signalRisk). Absent: the Standard scale.
   */
  operatingPoints?: SignalOperatingPoints;
  /** 'limited': published below the publishing rule (note says why); absent: standard quality. */
  quality?: 'limited';
}

/** A held-back source repository: its images were never fitted on; rocAuc on them alone (null: not measurable). */
export interface CalibratorSource {
  source: string;
  positives: number;
  negatives: number;
  rocAuc: number | null;
  /** The split (fold) in which the source was held back, where the fit had several. */
  fold?: string;
}

export interface CalibrationFile {
  version: string;
  fittedOn: string;
  classes: Partial<Record<VisualClass, ClassCalibrator>>;
  /** Classes deliberately left null, with the reason. */
  nullClasses: Partial<Record<VisualClass, string>>;
}

export const DEFAULT_CALIBRATION_PATH = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../artifacts/calibration.json');

/** The calibrators of `file` (VISION_CALIBRATION; default artifacts/calibration.json); none when it is missing. */
export function loadCalibration(file = DEFAULT_CALIBRATION_PATH): CalibrationFile {
  if (!existsSync(file)) return { version: 'none', fittedOn: '', classes: {}, nullClasses: {} };
  return JSON.parse(readFileSync(file, 'utf8')) as CalibrationFile;
}

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** The calibrated probability, or null when a needed signal is missing (its model did not run). */
export function applyCalibrator(c: ClassCalibrator, s: Signals): number | null {
  let z = c.bias;
  for (let i = 0; i < c.signals.length; i++) {
    const v = s[c.signals[i] as string];
    if (v === undefined || !Number.isFinite(v)) return null;
    z += (c.weights[i] as number) * v;
  }
  if (c.method === 'identity') return Math.min(1, Math.max(0, z));
  return sigmoid(z);
}
