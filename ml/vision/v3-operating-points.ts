// Vision v3's operating points and publishing tiers, as calibrate-v3.ts applies them (apart from it so
// that tests can check them without running the script).
// - Operating points of a class, chosen on the held-back rows' calibrated probabilities with the one
//   chooser (packages/common/src/domain/operating-point-fit.ts): MEDIUM (review) the highest threshold
//   still catching 95 % of the held-back positives, with no benign cap (harm stopped is preferred: a
//   review costs less than a missed gun); HIGH (act without a person) the lowest threshold at precision
//   >= 0.95 at the rows' own mix, with at least 5 positives at or above it (1: never, where none);
//   LOW 99 % of the positives.
// - Tiers: a candidate class that passes the publishing rule is published at standard quality; one
//   that fails it but has at least one counted held-back source (>= rule.minPositives positives) and
//   is above chance (ROC-AUC > 0.5) on every counted source is published with quality 'limited'; the
//   others stay null.
import { chooseOperatingPoints, operatingPointFigures, type OperatingPointTargets, type ScoredRows } from '@modsvc/common/domain/operating-point-fit';
import type { SignalOperatingPoints } from '@modsvc/common/domain/operating-points';
import type { V3Summary, Verdict } from './v3-results.ts';

/** A class measured on photographs, at either quality: no benign cap (harm stopped is preferred: a review costs less than a missed gun), 1 states it. */
export const VISION_TARGETS: OperatingPointTargets = { lowRecall: 0.99, lowBenignRate: 1, mediumRecall: 0.95, mediumBenignRate: 1, highPrecision: 0.95, minHighPositives: 5 };
/**
 * A class whose held-back positives are not photographs (nazi_swastika: memes and drawings; figures on
 * all real images): its recall says nothing about the photographs callers send, so its MEDIUM may send
 * at most 2 % of the held-back benign photographs to review on its own and its LOW flag at most 10 %.
 */
export const OFF_PHOTO_VISION_TARGETS: OperatingPointTargets = { ...VISION_TARGETS, lowBenignRate: 0.1, mediumBenignRate: 0.02 };

/**
 * A class's operating points and their figures on the held-back rows (`labels` 1 or 0), at the rows' own
 * mix; `benign` marks the rows the benign caps count (held-back photographs with no harmful label), if any.
 */
export function visionOperatingPoints(
  signal: string,
  probs: readonly number[],
  labels: readonly number[],
  part: string,
  targets: OperatingPointTargets = VISION_TARGETS,
  benign?: readonly boolean[],
): SignalOperatingPoints {
  const rows: ScoredRows = { probs, labels, negativeWeight: 1, ...(benign ? { benign } : {}) };
  const points = chooseOperatingPoints(rows, targets);
  const positives = labels.filter((y) => y >= 0.5).length;
  return { signal, points, basis: { part, positives, negatives: labels.length - positives }, figures: operatingPointFigures(points, rows, targets) };
}

export type Tier = { tier: 'standard' } | { tier: 'limited'; why: string } | { tier: 'null'; why: string };

/** The publishing tier of a candidate class from its verdict under the rule. */
export function publishingTier(verdict: Verdict, rule: V3Summary['rule']): Tier {
  if (verdict.passes) return { tier: 'standard' };
  const counted = verdict.sources.filter((s) => s.positives >= rule.minPositives && s.rocAuc !== null);
  if (counted.length === 0) return { tier: 'null', why: `no held-back source with >= ${rule.minPositives} positives and a measurable ROC-AUC` };
  const atChance = counted.filter((s) => s.rocAuc! <= 0.5);
  if (atChance.length) return { tier: 'null', why: `held-back ROC-AUC at or below chance on ${atChance.map((s) => `${s.source} (${s.rocAuc!.toFixed(2)})`).join(', ')}` };
  const worst = Math.min(...counted.map((s) => s.rocAuc!));
  const short = [
    ...(worst < rule.minRocAuc ? [`worst held-back ROC-AUC ${worst.toFixed(3)} < ${rule.minRocAuc}`] : []),
    ...(counted.length < rule.minSources ? [`${counted.length} held-back source(s) with >= ${rule.minPositives} positives (the rule asks ${rule.minSources})`] : []),
  ];
  return { tier: 'limited', why: short.join('; ') || verdict.why };
}
