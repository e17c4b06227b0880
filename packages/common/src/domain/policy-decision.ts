// The decision after a policy's moderation rules, shared by the moderator (decisions) and policy-scorer
// (policy dry runs). A category at a rejected level rejects automatically,
// one at a reviewed level (or named in review_categories, or scored within the uncertainty band of a
// deciding threshold) escalates to human review; a category no model or term could score (UNKNOWN) was
// not checked, so the rules' `unknown` choice applies to it (by default review), never a silent approve.
// A review-only category (Standard: SELF_HARM) is never rejected: at MEDIUM or HIGH it escalates with its
// own name as the reason (`self_harm`), so that whoever reads the reasons sees what the person must check.
// It still reaches a person when another category rejects the content: the decision stays reject and it
// is escalated too (someone may need help whatever happens to the post).
import { ruleAction, standardModerationRules, type DecidingLevel } from './policy-rules.ts';
import type { ModerationRules, PolicyThresholds } from './policy-document.ts';
import type { ModerationDecision } from './moderation-result.ts';
import type { PolicyCategoryResult } from './policy-result.ts';

export type DecidedCategory = Pick<PolicyCategoryResult, 'name' | 'risk_level'> & Partial<Pick<PolicyCategoryResult, 'triggered_by' | 'score'>>;
export type Decision = Pick<ModerationDecision, 'decision' | 'decision_type' | 'escalate' | 'escalate_reasons' | 'reject_reasons'>;

export const STANDARD_RULES: ModerationRules = standardModerationRules();

// What the rules do with a category's level is policy-rules.ts's ruleAction (shared with feedback and
// recalibration through the acting level); the uncertainty band and known content are decided here.
const levelAction = (c: DecidedCategory, rules: ModerationRules) => ruleAction(rules, c.name, c.risk_level);

/** The thresholds whose crossing changes the action: the lowest rejected level's, and the lowest reviewed level's. */
function decidingThresholds(rules: ModerationRules, t: PolicyThresholds): number[] {
  const lowest = (levels: readonly DecidingLevel[]) => (levels.length ? Math.min(...levels.map((l) => t[l])) : null);
  return [lowest(rules.reject), lowest(rules.review)].filter((x): x is number => x !== null);
}

function isUncertain(c: DecidedCategory, rules: ModerationRules, thresholds: PolicyThresholds | undefined): boolean {
  if (!rules.uncertainty_band || !thresholds || c.score === null || c.score === undefined) return false;
  if (c.triggered_by?.startsWith('bank:')) return false;
  return decidingThresholds(rules, thresholds).some((t) => Math.abs(c.score! - t) < rules.uncertainty_band);
}

const isKnownContent = (c: DecidedCategory) => c.triggered_by?.startsWith('bank:') ?? false;

function reason(c: DecidedCategory, rules: ModerationRules, uncertain = false): string {
  const name = c.name.toLowerCase();
  if (rules.review_only.includes(c.name) && (c.risk_level === 'MEDIUM' || c.risk_level === 'HIGH')) return name;
  if (uncertain) return `uncertain_${name}`;
  if (c.risk_level === 'UNKNOWN') return `not_covered_${name}`;
  return `${c.risk_level.toLowerCase()}_risk_${name}`;
}

/**
 * `thresholds` gives each category's thresholds (for the uncertainty band); categories without an entry
 * are never treated as uncertain.
 */
export function decide(categories: readonly DecidedCategory[], rules: ModerationRules = STANDARD_RULES, thresholds: ReadonlyMap<string, PolicyThresholds> = new Map()): Decision {
  const uncertain = new Set(categories.filter((c) => isUncertain(c, rules, thresholds.get(c.name))).map((c) => c.name));
  const rejected = categories.filter((c) => levelAction(c, rules) === 'reject' && !uncertain.has(c.name));
  if (rejected.length) {
    const knownContent = rejected.some(isKnownContent);
    const reasons = [...(knownContent ? ['known_content_match'] : []), ...rejected.filter((c) => !isKnownContent(c)).map((c) => reason(c, rules))];
    const alsoReviewed = categories.filter((c) => rules.review_only.includes(c.name) && (c.risk_level === 'MEDIUM' || c.risk_level === 'HIGH'));
    return { decision: 'reject', decision_type: 'fully_automated', escalate: alsoReviewed.length > 0, escalate_reasons: alsoReviewed.map((c) => reason(c, rules)), reject_reasons: reasons };
  }
  const reviewed = categories.filter((c) => uncertain.has(c.name) || levelAction(c, rules) === 'review');
  if (reviewed.length) {
    return { decision: 'pending_review', decision_type: 'escalated', escalate: true, escalate_reasons: reviewed.map((c) => reason(c, rules, uncertain.has(c.name))) };
  }
  return { decision: 'approve', decision_type: 'fully_automated', escalate: false, escalate_reasons: [] };
}
