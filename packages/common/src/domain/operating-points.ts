// Operating points: for one signal (a text label in one language, or a visual class), the calibrated
// probabilities at which it reads LOW, MEDIUM and HIGH, chosen from held-back scores when the model was
// fitted and shipped with it. The policy reads a signal's probability against its own operating points
// (policy-rules.ts), so a category's risk level means the same thing whichever signal raised it.

/** Thresholds on a signal's calibrated probability, LOW <= MEDIUM <= HIGH. */
export interface OperatingPoints {
  LOW: number;
  MEDIUM: number;
  HIGH: number;
}

/** What one operating point was chosen for, and what it gives on the rows it was chosen on. */
export interface OperatingPointFigures {
  level: 'LOW' | 'MEDIUM' | 'HIGH';
  threshold: number;
  /** The target that chose it, e.g. "recall >= 0.90" or "precision >= 0.95". */
  target: string;
  /** Whether the target was reached on the held-back rows (otherwise the nearest point was taken). */
  reached: boolean;
  recall: number;
  /** Precision at the prior the probabilities are calibrated to (the rows' own precision is skewed by how the sources were collected). */
  precision: number;
  /** Share of held-back negatives at or above the threshold. */
  falsePositiveRate: number;
  /** Share of held-back benign texts (annotated not harmful at all) at or above the threshold. */
  benignFlaggedRate?: number;
}

/** A signal's operating points as /v1/models lists them: the thresholds, and the held-back rows and figures behind each. */
export interface SignalOperatingPoints {
  /** The label or class. */
  signal: string;
  points: OperatingPoints;
  /** The held-back rows the points were chosen on (never trained on). */
  basis: { part: string; positives: number; negatives: number };
  figures: OperatingPointFigures[];
}
