// Choosing a signal's operating points (operating-points.ts) on held-back rows from its served, calibrated
// probabilities, for every model that ships them: text toxicity (one label in one language, chosen on the
// calibration split, never trained on, then measured on the validation split; DEFAULT_TARGETS) and vision
// v3 (one class, chosen on the held-back folds' rows; its targets are in calibrate-v3.ts). Text's rules:
// - MEDIUM (review): the highest threshold that still catches `mediumRecall` of the positives, unless
//   that flags more than `mediumBenignRate` of the benign rows (texts annotated as not toxic at all):
//   then the threshold that flags that share. The kit's positives include implicit and borderline
//   cases, so full recall on them would send a third of ordinary text to review;
// - HIGH (act without a person): the lowest threshold whose precision, at the prior the probabilities
//   are calibrated to, reaches `highPrecision`; where no threshold does, HIGH is 1 (never reached);
// - LOW (not clear of the label): the highest threshold catching `lowRecall` of the positives, unless
//   that flags more than `lowBenignRate` of the benign rows.
// A threshold sits midway between the lowest score it marks and the next lower score, so it does not hug
// one observed value. LOW <= MEDIUM <= HIGH always: where the precision is reached below MEDIUM, HIGH is
// MEDIUM (acting without a person is never looser than sending to one).
// Rows without `benign` (vision) have no benign caps: the benign rates play no part and the targets say none.
import type { OperatingPointFigures, OperatingPoints } from './operating-points.ts';

export interface OperatingPointTargets {
  lowRecall: number;
  lowBenignRate: number;
  mediumRecall: number;
  mediumBenignRate: number;
  highPrecision: number;
  /** HIGH needs at least this many positives at or above it, so one lucky row cannot set it. */
  minHighPositives: number;
}

export const DEFAULT_TARGETS: OperatingPointTargets = { lowRecall: 0.97, lowBenignRate: 0.1, mediumRecall: 0.9, mediumBenignRate: 0.03, highPrecision: 0.95, minHighPositives: 5 };

export interface ScoredRows {
  probs: readonly number[];
  /** Soft labels; >= 0.5 is a positive. */
  labels: readonly number[];
  /** Weight of each negative so that positives make up the target prior of the total weight (1: the rows' own mix). */
  negativeWeight: number;
  /** Which rows are benign (annotated not toxic at all); the benign-rate caps count these. Absent: no benign caps (and no benignFlaggedRate). */
  benign?: readonly boolean[];
}

const roundUp6 = (x: number): number => Math.ceil(x * 1e6) / 1e6;

/** Rows sorted by score, high to low, with cumulative positive and weighted negative counts. */
function sweep(rows: ScoredRows): { score: number; tp: number; fp: number }[] {
  const order = rows.probs.map((p, i) => i).sort((a, b) => rows.probs[b]! - rows.probs[a]!);
  const out: { score: number; tp: number; fp: number }[] = [];
  let tp = 0;
  let fp = 0;
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    if (rows.labels[i]! >= 0.5) tp++;
    else fp += rows.negativeWeight;
    const next = order[k + 1];
    // Only between distinct scores can a threshold separate rows.
    if (next === undefined || rows.probs[next]! < rows.probs[i]!) out.push({ score: rows.probs[i]!, tp, fp });
  }
  return out;
}

/** The threshold between `score` (marked) and the next lower distinct score (not marked). */
function between(points: { score: number }[], k: number): number {
  const lower = points[k + 1]?.score ?? 0;
  return Math.min(points[k]!.score, roundUp6((points[k]!.score + lower) / 2));
}

/** The lowest threshold that flags at most `rate` of the benign rows (0 when there are none). */
function atBenignRate(rows: ScoredRows, rate: number): number {
  const benign = rows.probs.filter((_, i) => rows.benign?.[i]).sort((a, b) => b - a);
  if (benign.length === 0) return 0;
  // Strictly above the score of the benign row just past the allowed share.
  const k = Math.floor(rate * benign.length);
  // Never above 1: a benign row at probability 1 cannot be left unflagged by any threshold.
  return k >= benign.length ? 0 : Math.min(1, roundUp6(benign[k]! + 1e-6));
}

export function chooseOperatingPoints(rows: ScoredRows, targets: OperatingPointTargets = DEFAULT_TARGETS): OperatingPoints {
  const pts = sweep(rows);
  const positives = pts.length ? pts[pts.length - 1]!.tp : 0;
  if (positives === 0) return { LOW: 1, MEDIUM: 1, HIGH: 1 };
  const atRecall = (target: number, benignRate: number): number => {
    const k = pts.findIndex((p) => p.tp / positives >= target);
    return Math.max(between(pts, k), atBenignRate(rows, benignRate));
  };
  let high = 1;
  for (let k = pts.length - 1; k >= 0; k--) {
    const p = pts[k]!;
    if (p.tp >= targets.minHighPositives && p.tp / (p.tp + p.fp) >= targets.highPrecision) {
      high = between(pts, k);
      break;
    }
  }
  const medium = atRecall(targets.mediumRecall, targets.mediumBenignRate);
  const low = Math.min(atRecall(targets.lowRecall, targets.lowBenignRate), medium);
  // Acting without a person is never looser than sending to one: HIGH flags a subset of MEDIUM.
  return { LOW: low, MEDIUM: medium, HIGH: Math.max(high, medium) };
}

/**
 * Operating points of a label a language has no positives for (scored unmeasured, with English's
 * calibration): its benign rows still say how often a threshold flags ordinary text in that language,
 * so MEDIUM and LOW flag the same shares of them as the caps above; HIGH is 1, since no data of the
 * language says when acting without a person would be right. Null without enough benign rows.
 */
export function benignOnlyOperatingPoints(benignProbs: readonly number[], targets: OperatingPointTargets = DEFAULT_TARGETS, minRows = 200): OperatingPoints | null {
  if (benignProbs.length < minRows) return null;
  const rows = { probs: benignProbs, labels: benignProbs.map(() => 0), negativeWeight: 1, benign: benignProbs.map(() => true) };
  const medium = atBenignRate(rows, targets.mediumBenignRate);
  return { LOW: Math.min(atBenignRate(rows, targets.lowBenignRate), medium), MEDIUM: medium, HIGH: 1 };
}

/** Recall, precision (negatives weighted as given) and false-positive rate of each operating point on `rows`. */
export function operatingPointFigures(points: OperatingPoints, rows: ScoredRows, targets: OperatingPointTargets = DEFAULT_TARGETS): OperatingPointFigures[] {
  const pos = rows.labels.filter((y) => y >= 0.5).length;
  const neg = rows.labels.length - pos;
  const capped = rows.benign !== undefined;
  const target = {
    LOW: `recall >= ${targets.lowRecall}${capped ? `, flagging at most ${targets.lowBenignRate} of benign texts` : ''}`,
    MEDIUM: `recall >= ${targets.mediumRecall}${capped ? `, flagging at most ${targets.mediumBenignRate} of benign texts` : ''}`,
    HIGH: `precision >= ${targets.highPrecision}`,
  } as const;
  const benignRows = rows.benign?.filter(Boolean).length ?? 0;
  return (['LOW', 'MEDIUM', 'HIGH'] as const).map((level) => {
    const t = points[level];
    let tp = 0;
    let fp = 0;
    let benignFlagged = 0;
    rows.probs.forEach((p, i) => {
      if (p < t) return;
      if (rows.labels[i]! >= 0.5) tp++;
      else fp++;
      if (rows.benign?.[i]) benignFlagged++;
    });
    const recall = pos ? tp / pos : 0;
    const wfp = fp * rows.negativeWeight;
    const precision = tp + wfp > 0 ? tp / (tp + wfp) : 1;
    const reached = level === 'HIGH' ? t < 1 && precision >= targets.highPrecision : recall >= (level === 'LOW' ? targets.lowRecall : targets.mediumRecall);
    const r4 = (x: number): number => Math.round(x * 10000) / 10000;
    return { level, threshold: t, target: target[level], reached, recall: r4(recall), precision: r4(precision), falsePositiveRate: r4(neg ? fp / neg : 0), ...(capped ? { benignFlaggedRate: r4(benignRows ? benignFlagged / benignRows : 0) } : {}) };
  });
}
