// The policy rules, in one place: the Standard defaults (thresholds and moderation rules), how a score
// reads as a risk level, what the moderation rules do with a category at a level, and the level at
// which a category acts. The scorer (risk levels), the decider (actions), reviewer feedback and
// recalibration (the acting level) all take them from here, so they cannot drift apart.
import type { ModerationRules, PolicyThresholds } from './policy-document.ts';
import type { RiskLevel } from './risk-level.ts';

/** The levels a threshold marks and the moderation rules can act on, lowest first. */
export const DECIDING_LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type DecidingLevel = (typeof DECIDING_LEVELS)[number];

/**
 * The Standard thresholds on a category score (a calibrated probability times the signal's weight),
 * which are also the default of every policy document. Part of the Standard table: changing them
 * means a new POLICY_TABLE_VERSION (standard-policy.ts).
 */
export const RISK_THRESHOLDS = { HIGH: 0.8, MEDIUM: 0.5, LOW: 0.2 } as const;

/**
 * The Standard moderation rules, the one home of every default: reject HIGH, review MEDIUM, review what
 * no model or term could score, no review categories, no uncertainty band, no quality sampling. The
 * schema's field defaults, a document without `moderation`, the Standard policy and the decider all
 * take them from here (a fresh copy each time: nobody shares the arrays).
 */
export function standardModerationRules() {
  return {
    reject: ['HIGH'] as DecidingLevel[],
    review: ['MEDIUM'] as DecidingLevel[],
    unknown: 'review' as 'review' | 'approve' | 'reject',
    review_categories: [] as string[],
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

/**
 * What the moderation rules do with a category at a level: UNKNOWN gets the rules' `unknown` choice,
 * NONE is approved, a rejected level rejects, a reviewed level escalates, and a category named in
 * `review_categories` escalates at any other level from LOW up. (The uncertainty band and known
 * content are the decider's business: they depend on the score and trigger, not on the level.)
 */
export function ruleAction(rules: Pick<ModerationRules, 'reject' | 'review' | 'unknown' | 'review_categories'>, category: string, level: RiskLevel): RuleAction {
  if (level === 'UNKNOWN') return rules.unknown;
  if (level === 'NONE') return 'approve';
  if (rules.reject.includes(level)) return 'reject';
  if (rules.review.includes(level)) return 'review';
  return rules.review_categories.includes(category) ? 'review' : 'approve';
}

export type ActingRules = Pick<ModerationRules, 'reject' | 'review' | 'review_categories'>;

function lowestActing(rules: ActingRules, category: string): DecidingLevel | null {
  // `unknown` plays no part: it is never asked for a deciding level.
  return DECIDING_LEVELS.find((level) => ruleAction({ ...rules, unknown: 'approve' }, category, level) !== 'approve') ?? null;
}

const STANDARD_ACTING_LEVEL = lowestActing(standardModerationRules(), '')!;

/**
 * The acting level of a category under a policy's rules: the lowest level at which the rules reject or
 * escalate it (ruleAction), so LOW for a category in `review_categories`. Rules that act on no level
 * at all (every level approved) are judged at the Standard acting level, MEDIUM, so that a verdict on
 * the level still says something. A category is *flagged* at or above its acting level (`flaggedAt`):
 * reviewer feedback records whether the reviewer's level agrees with the automated one on that, and
 * recalibration reads the records back with the same level.
 */
export function actingLevel(rules: ActingRules, category: string): DecidingLevel {
  return lowestActing(rules, category) ?? STANDARD_ACTING_LEVEL;
}

/** Whether a level (either case) is at or above the acting level; UNKNOWN and unknown strings never are. */
export function flaggedAt(level: string | null | undefined, acting: DecidingLevel): boolean {
  const rank = riskRank(level);
  return rank !== null && rank >= RANK[acting]!;
}
