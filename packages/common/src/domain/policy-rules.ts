// The policy rules, in one place: the Standard defaults (thresholds and moderation rules), how a signal's
// probability reads on the category score axis (its operating points), how a score reads as a risk
// level, what the moderation rules do with a category at a level, and the level at which a category
// acts. The scorer (signal risks, risk levels), the decider (actions), reviewer feedback and
// recalibration (the acting level) all take them from here, so they cannot drift apart.
import type { ModerationRules, PolicyThresholds } from './policy-document.ts';
import type { OperatingPoints } from './operating-points.ts';
import type { RiskLevel } from './risk-level.ts';

/** The levels a threshold marks and the moderation rules can act on, lowest first. */
export const DECIDING_LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type DecidingLevel = (typeof DECIDING_LEVELS)[number];

/**
 * The Standard thresholds on a category score (a signal's risk, signalRisk below, times the signal's
 * weight), which are also the default of every policy document. Part of the Standard table: changing
 * them means a new POLICY_TABLE_VERSION (standard-policy.ts).
 */
export const RISK_THRESHOLDS = { HIGH: 0.8, MEDIUM: 0.5, LOW: 0.2 } as const;

/** Operating points usable as the knots of the risk scale: numbers in [0, 1] with LOW <= MEDIUM <= HIGH. */
function usable(ops: OperatingPoints): boolean {
  const { LOW, MEDIUM, HIGH } = ops;
  return [LOW, MEDIUM, HIGH].every((x) => typeof x === 'number' && x >= 0 && x <= 1) && LOW <= MEDIUM && MEDIUM <= HIGH;
}

const RISK_KNOTS = [0, RISK_THRESHOLDS.LOW, RISK_THRESHOLDS.MEDIUM, RISK_THRESHOLDS.HIGH, 1] as const;

/**
 * A signal's calibrated probability on the category score axis (its *risk*), so that the signal's own
 * operating points land exactly on the Standard thresholds: piecewise linear through (0, 0),
 * (ops.LOW, 0.2), (ops.MEDIUM, 0.5), (ops.HIGH, 0.8) and (1, 1). For each level X,
 * p >= ops.X exactly when signalRisk(p) >= RISK_THRESHOLDS.X, also at the boundaries. Where points
 * coincide (or one is 0 or 1) a probability at them takes the highest level they mark, as a threshold
 * marks every score at or above it. Monotone, in [0, 1]; null, undefined and NaN stay as they are.
 * Without operating points (parts stored before toxicity 3.0.0, visual classes today), or with points
 * that cannot be knots (outside [0, 1], not LOW <= MEDIUM <= HIGH), the probability is its own risk.
 * A tenant's category thresholds apply to weight x risk, so they move every signal's effective
 * operating points alike.
 */
export function signalRisk(probability: number, ops?: OperatingPoints | null): number;
export function signalRisk(probability: number | null, ops?: OperatingPoints | null): number | null;
export function signalRisk(probability: number | null | undefined, ops?: OperatingPoints | null): number | null | undefined;
export function signalRisk(p: number | null | undefined, ops?: OperatingPoints | null): number | null | undefined {
  if (p === null || p === undefined || Number.isNaN(p) || !ops || !usable(ops)) return p;
  const xs = [0, ops.LOW, ops.MEDIUM, ops.HIGH, 1];
  if (p >= 1) return 1;
  if (p < 0) return 0;
  // The last knot at or below p: of coinciding knots, the highest level's.
  let i = xs.length - 2;
  while (xs[i]! > p) i--;
  const [x0, x1, y0, y1] = [xs[i]!, xs[i + 1]!, RISK_KNOTS[i]!, RISK_KNOTS[i + 1]!];
  const risk = y0 + ((p - x0) / (x1 - x0)) * (y1 - y0);
  // p < x1 here; rounding must not lift it onto the next knot's level.
  return risk < y1 ? risk : y1 * (1 - Number.EPSILON);
}

/**
 * The Standard moderation rules, the one home of every default: reject HIGH, review MEDIUM, review what
 * no model or term could score, no review categories, SELF_HARM review-only (escalated, never rejected
 * automatically), no uncertainty band, no quality sampling. The schema's field defaults, a document
 * without `moderation`, the Standard policy and the decider all take them from here (a fresh copy each
 * time: nobody shares the arrays).
 */
export function standardModerationRules() {
  return {
    reject: ['HIGH'] as DecidingLevel[],
    review: ['MEDIUM'] as DecidingLevel[],
    unknown: 'review' as 'review' | 'approve' | 'reject',
    review_categories: [] as string[],
    review_only: ['SELF_HARM'] as string[],
    uncertainty_band: 0,
    review_sample_rate: 0,
  };
}

/**
 * The one risk-level function: a score against a category's thresholds (the Standard ones by default).
 * A threshold marks every score at or above it, so a score exactly at HIGH is HIGH. A score that is
 * not a number (null, undefined, NaN) was not measured: UNKNOWN, never NONE, so that the moderation
 * rules' `unknown` applies to it instead of a silent approve.
 */
export function riskLevel(score: number | null | undefined, thresholds: Readonly<PolicyThresholds> = RISK_THRESHOLDS): RiskLevel {
  if (score === null || score === undefined || Number.isNaN(score)) return 'UNKNOWN';
  if (score >= thresholds.HIGH) return 'HIGH';
  if (score >= thresholds.MEDIUM) return 'MEDIUM';
  if (score >= thresholds.LOW) return 'LOW';
  return 'NONE';
}

const RANK: Readonly<Record<string, number>> = { NONE: 0, LOW: 1, MEDIUM: 2, HIGH: 3 };

/**
 * The order of levels on the score axis, in either case (a moderation result writes them in lower
 * case): NONE 0, LOW 1, MEDIUM 2, HIGH 3; null for UNKNOWN or anything else, which has no place on it.
 */
export function riskRank(level: string | null | undefined): number | null {
  return level ? (RANK[level.toUpperCase()] ?? null) : null;
}

export type RuleAction = 'reject' | 'review' | 'approve';

type LevelRules = Pick<ModerationRules, 'reject' | 'review' | 'unknown' | 'review_categories' | 'review_only'>;

function listedAction(rules: LevelRules, category: string, level: RiskLevel): RuleAction {
  if (level === 'UNKNOWN') return rules.unknown;
  if (level === 'NONE') return 'approve';
  if (rules.reject.includes(level)) return 'reject';
  if (rules.review.includes(level)) return 'review';
  return rules.review_categories.includes(category) ? 'review' : 'approve';
}

/**
 * What the moderation rules do with a category at a level: UNKNOWN gets the rules' `unknown` choice,
 * NONE is approved, a rejected level rejects, a reviewed level escalates, and a category named in
 * `review_categories` escalates at any other level from LOW up. A category named in `review_only`
 * (Standard: SELF_HARM) is never rejected automatically, whatever the lists say: at MEDIUM or HIGH it
 * always escalates (a person must see it, never approved either), and where the lists would reject it
 * (a rejected LOW, or UNKNOWN with `unknown: reject`) it escalates instead. (The uncertainty band and
 * known content are the decider's business: they depend on the score and trigger, not on the level.)
 */
export function ruleAction(rules: LevelRules, category: string, level: RiskLevel): RuleAction {
  const listed = listedAction(rules, category, level);
  if (!rules.review_only.includes(category)) return listed;
  if (level === 'MEDIUM' || level === 'HIGH') return 'review';
  return listed === 'reject' ? 'review' : listed;
}

export type ActingRules = Pick<ModerationRules, 'reject' | 'review' | 'review_categories' | 'review_only'>;

function lowestActing(rules: ActingRules, category: string): DecidingLevel | null {
  // `unknown` plays no part: it is never asked for a deciding level.
  return DECIDING_LEVELS.find((level) => ruleAction({ ...rules, unknown: 'approve' }, category, level) !== 'approve') ?? null;
}

const STANDARD_ACTING_LEVEL = lowestActing(standardModerationRules(), '')!;

/**
 * The acting level of a category under a policy's rules: the lowest level at which the rules reject or
 * escalate it (ruleAction), so LOW for a category in `review_categories`, at most MEDIUM for one in
 * `review_only`. Rules that act on no level at all (every level approved) are judged at the Standard
 * acting level, MEDIUM, so that a verdict on the level still says something. A category is *flagged*
 * at or above its acting level (`flaggedAt`): reviewer feedback records whether the reviewer's level
 * agrees with the automated one on that, and recalibration reads the records back with the same level.
 */
export function actingLevel(rules: ActingRules, category: string): DecidingLevel {
  return lowestActing(rules, category) ?? STANDARD_ACTING_LEVEL;
}

/** Whether a level (either case) is at or above the acting level; UNKNOWN and unknown strings never are. */
export function flaggedAt(level: string | null | undefined, acting: DecidingLevel): boolean {
  const rank = riskRank(level);
  return rank !== null && rank >= RANK[acting]!;
}
