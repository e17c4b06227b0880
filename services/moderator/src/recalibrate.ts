// Recalibration: refits a tenant's per-category HIGH/MEDIUM/LOW thresholds from its feedback. Pure: the
// command (scripts/recalibrate.ts) reads the stores, this file only computes.
//
// Labels. A feedback record on a category says whether the level the job reported for it was right. What
// it judges is whether the category was *flagged*: reported at or above the judged level, which is the
// category's acting level under the moderation rules of the policy version behind the job (actingLevel in
// packages/common/src/domain/policy-rules.ts: the lowest level the rules reject or review it at; MEDIUM
// under the Standard rules, LOW for a category in review_categories, MEDIUM where the rules act on no
// level). Reviewer feedback (feedback.ts) is recorded against the same level. Below that level the job
// was approved as far as that category goes, so "correct" there means "rightly let through". Hence, with
// `flagged` = reported level >= judged level:
//   applies = flagged && correct  ||  !flagged && !correct        (i.e. applies === (flagged === correct))
// Records without a score or with level UNKNOWN cannot be placed on the score axis and are left out.
// Several records on the same job and category (a caller's and a reviewer's): the newest one counts.
// Scores are compared across policy versions as they are; a tenant that changed a category's signals
// should recalibrate on feedback gathered since.
//
// The axis. A record's score is the category score, weight x risk (signalRisk in policy-rules.ts): each
// signal's calibrated probability read against its own operating points, so that 0.2/0.5/0.8 are every
// signal's LOW/MEDIUM/HIGH points. Nothing here assumes a raw probability: thresholds are fitted, measured
// and published on that same axis. Moving a category's threshold therefore moves the operating point of
// every signal of the category alike (a MEDIUM of 0.6 is, for each signal, the probability whose risk is
// 0.6 / weight), whatever language or model the signal comes from. Signals without operating points (text
// parts from before toxicity 3.0.0, visual classes today) read their probability as the risk; once a model
// ships points the same content may score differently, so, as after a change of signals, recalibrate on
// feedback gathered since.
//
// Fitting. A threshold t marks every score >= t (as riskLevel does). Per category:
// - HIGH rejects with nobody looking, so it must be right 9 times in 10: the threshold catching the most
//   true cases with precision >= 0.9 (of the thresholds catching as many, the highest one).
// - MEDIUM sends to a person, who catches the mistakes; 0.7 keeps most reviewer time on real cases while
//   catching more: the threshold catching the most true cases with precision >= 0.7.
// - LOW says "not clear of the category": the highest threshold keeping recall >= 0.95, so NONE is
//   wrong for at most 1 true case in 20. Clamped to <= MEDIUM (with well separated scores the level is
//   empty, which is right).
// A threshold sits midway between the lowest score it marks and the highest it does not (rounded to 3
// decimals where that marks the same examples), so it does not hug one observed score. A category
// with fewer than 10 true and 10 false examples, or where no threshold reaches the HIGH or MEDIUM
// precision, keeps its thresholds, and the result says why.
import { actingLevel, flaggedAt, riskRank, STANDARD_CATEGORY_NAMES, type ActingRules, type DecidingLevel, type PolicyDocument, type PolicyThresholds, type ResolvedPolicy } from '@modsvc/common/domain/index';
import type { FeedbackRecord } from '@modsvc/common/domain/review';

const LEVELS: readonly (keyof PolicyThresholds)[] = ['HIGH', 'MEDIUM', 'LOW'];

export interface RecalibrationTargets {
  highPrecision: number;
  mediumPrecision: number;
  lowRecall: number;
  minPositives: number;
  minNegatives: number;
}

export const DEFAULT_TARGETS: RecalibrationTargets = { highPrecision: 0.9, mediumPrecision: 0.7, lowRecall: 0.95, minPositives: 10, minNegatives: 10 };

export interface LabelledScore {
  score: number;
  applies: boolean;
}

export interface FeedbackCounts {
  /** Feedback records naming the category. */
  records: number;
  /** Older records on a job and category that a newer one replaced. */
  superseded: number;
  /** Records without a score or with level UNKNOWN. */
  unscored: number;
  positives: number;
  negatives: number;
}

/** The level a record is judged at: its category's acting level under the rules of the version behind it. */
export type JudgedLevelOf = (policyVersion: string | null, category: string) => DecidingLevel;

/** `JudgedLevelOf` from the rules of each policy version (the acting level of policy-rules.ts). */
export function judgedLevels(rulesOf: (policyVersion: string | null) => ActingRules): JudgedLevelOf {
  return (policyVersion, category) => actingLevel(rulesOf(policyVersion), category);
}

/** Per category, the labelled scores of its feedback (see the header) and what was counted. */
export function labelFeedback(
  records: readonly FeedbackRecord[],
  judgedLevelOf: JudgedLevelOf,
): Map<string, { examples: LabelledScore[]; counts: FeedbackCounts }> {
  const newest = new Map<string, FeedbackRecord>();
  const out = new Map<string, { examples: LabelledScore[]; counts: FeedbackCounts }>();
  const entry = (category: string) => {
    let e = out.get(category);
    if (!e) out.set(category, (e = { examples: [], counts: { records: 0, superseded: 0, unscored: 0, positives: 0, negatives: 0 } }));
    return e;
  };
  for (const r of records) {
    if (r.category === null) continue;
    entry(r.category).counts.records++;
    const key = JSON.stringify([r.category, r.job_id]);
    const before = newest.get(key);
    if (before) entry(r.category).counts.superseded++;
    if (!before || before.at <= r.at) newest.set(key, r);
  }
  for (const r of newest.values()) {
    const e = entry(r.category!);
    if (r.score === null || riskRank(r.risk_level) === null) {
      e.counts.unscored++;
      continue;
    }
    const flagged = flaggedAt(r.risk_level, judgedLevelOf(r.policy_version, r.category!));
    const applies = flagged === r.correct;
    e.examples.push({ score: r.score, applies });
    if (applies) e.counts.positives++;
    else e.counts.negatives++;
  }
  return out;
}

export interface Measure {
  /** Examples at or above the threshold that apply / do not; examples below it that apply. */
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** null when nothing is marked (precision) or nothing applies (recall). */
  precision: number | null;
  recall: number | null;
}

export function measure(examples: readonly LabelledScore[], threshold: number): Measure {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const e of examples) {
    if (e.score >= threshold) {
      if (e.applies) tp++;
      else fp++;
    } else if (e.applies) fn++;
  }
  return { truePositives: tp, falsePositives: fp, falseNegatives: fn, precision: tp + fp ? tp / (tp + fp) : null, recall: tp + fn ? tp / (tp + fn) : null };
}

interface Cut {
  /** Lowest score marked, highest score not marked (null when every example is marked). */
  lowestIn: number;
  highestOut: number | null;
  tp: number;
  fp: number;
}

/** Every way to split the examples by a threshold, from the highest threshold down (equal scores stay together). */
function cuts(examples: readonly LabelledScore[]): Cut[] {
  const sorted = [...examples].sort((a, b) => b.score - a.score);
  const out: Cut[] = [];
  let tp = 0;
  let fp = 0;
  for (let i = 0; i < sorted.length; i++) {
    const e = sorted[i]!;
    if (e.applies) tp++;
    else fp++;
    const next = sorted[i + 1];
    if (next && next.score === e.score) continue;
    out.push({ lowestIn: e.score, highestOut: next ? next.score : null, tp, fp });
  }
  return out;
}

function thresholdOf(cut: Cut): number {
  if (cut.highestOut === null) return cut.lowestIn;
  const mid = (cut.lowestIn + cut.highestOut) / 2;
  const rounded = Math.round(mid * 1000) / 1000;
  return rounded <= cut.lowestIn && rounded > cut.highestOut ? rounded : mid;
}

/** The cut catching the most true cases with precision >= target; the first (highest) of equals. */
function bestAtPrecision(all: readonly Cut[], target: number): Cut | null {
  let best: Cut | null = null;
  for (const c of all) if (c.tp > 0 && c.tp / (c.tp + c.fp) >= target && (!best || c.tp > best.tp)) best = c;
  return best;
}

export type FitResult = { thresholds: PolicyThresholds; reason: null } | { thresholds: null; reason: string };

export function fitThresholds(examples: readonly LabelledScore[], targets: RecalibrationTargets = DEFAULT_TARGETS): FitResult {
  const positives = examples.filter((e) => e.applies).length;
  const negatives = examples.length - positives;
  if (positives < targets.minPositives || negatives < targets.minNegatives) {
    return {
      thresholds: null,
      reason: `too little feedback: ${positives} true and ${negatives} false examples, at least ${targets.minPositives} and ${targets.minNegatives} needed`,
    };
  }
  const all = cuts(examples);
  const high = bestAtPrecision(all, targets.highPrecision);
  if (!high) return { thresholds: null, reason: `no threshold reaches precision ${targets.highPrecision} for HIGH` };
  const medium = bestAtPrecision(all, targets.mediumPrecision);
  if (!medium) return { thresholds: null, reason: `no threshold reaches precision ${targets.mediumPrecision} for MEDIUM` };
  const low = all.find((c) => c.tp / positives >= targets.lowRecall)!;
  const HIGH = thresholdOf(high);
  const MEDIUM = Math.min(thresholdOf(medium), HIGH);
  return { thresholds: { HIGH, MEDIUM, LOW: Math.min(thresholdOf(low), MEDIUM) }, reason: null };
}

export interface LevelMeasures {
  /** The rejecting level (scores >= HIGH) and the review level (scores >= MEDIUM, rejected or reviewed). */
  HIGH: Measure;
  MEDIUM: Measure;
}

export interface CategoryRecalibration {
  category: string;
  counts: FeedbackCounts;
  /** null when the category is not one of the active policy's (e.g. a hash-bank category). */
  current: PolicyThresholds | null;
  /** null when the category keeps its thresholds (`reason` says why). */
  proposed: PolicyThresholds | null;
  reason: string | null;
  /** Measured on the category's labelled feedback. */
  expected: { current: LevelMeasures | null; proposed: LevelMeasures | null };
}

function levelMeasures(examples: readonly LabelledScore[], t: PolicyThresholds): LevelMeasures {
  return { HIGH: measure(examples, t.HIGH), MEDIUM: measure(examples, t.MEDIUM) };
}

export function recalibrate(
  records: readonly FeedbackRecord[],
  active: ResolvedPolicy,
  judgedLevelOf: JudgedLevelOf,
  targets: RecalibrationTargets = DEFAULT_TARGETS,
): CategoryRecalibration[] {
  const labelled = labelFeedback(records, judgedLevelOf);
  return [...labelled.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, { examples, counts }]) => {
      const current = active.categories.find((c) => c.name === category)?.thresholds ?? null;
      const base = { category, counts, current };
      if (!current) return { ...base, proposed: null, reason: 'not a category of the active policy', expected: { current: null, proposed: null } };
      const fit = fitThresholds(examples, targets);
      return {
        ...base,
        proposed: fit.thresholds,
        reason: fit.reason,
        expected: { current: levelMeasures(examples, current), proposed: fit.thresholds && levelMeasures(examples, fit.thresholds) },
      };
    });
}

export function sameThresholds(a: PolicyThresholds, b: PolicyThresholds): boolean {
  return LEVELS.every((l) => a[l] === b[l]);
}

/** The categories whose proposed thresholds differ from their current ones. */
export function changesOf(results: readonly CategoryRecalibration[]): { category: string; from: PolicyThresholds; to: PolicyThresholds }[] {
  return results.flatMap((r) => (r.current && r.proposed && !sameThresholds(r.current, r.proposed) ? [{ category: r.category, from: r.current, to: r.proposed }] : []));
}

/**
 * `doc` with the changed categories' thresholds set. A Standard category the document does not name (it
 * is scored all the same: documents extend the Standard policy) gets an entry of its own with just the
 * new thresholds, which keeps its Standard description and signals. Any other category must be one of doc's.
 */
export function withThresholds(doc: PolicyDocument, changes: readonly { category: string; to: PolicyThresholds }[]): PolicyDocument {
  const byName = new Map(changes.map((c) => [c.category, c.to]));
  const added: PolicyDocument['categories'] = [];
  for (const [name, to] of byName) {
    if (doc.categories.some((c) => c.name === name)) continue;
    if (!STANDARD_CATEGORY_NAMES.includes(name as (typeof STANDARD_CATEGORY_NAMES)[number])) throw new Error(`category ${name} is not in the policy document`);
    added.push({ name, thresholds: { ...to } });
  }
  return { ...doc, categories: [...doc.categories.map((c) => (byName.has(c.name) ? { ...c, thresholds: { ...byName.get(c.name)! } } : c)), ...added] };
}
