// The decision after the policy's moderation rules. A category at a rejected level rejects automatically,
// one at a reviewed level escalates to human review; a category no model or term could score (UNKNOWN)
// was not checked, so the rules' `unknown` choice applies to it (by default review), never a silent approve.
import type { ModerationDecision, ModerationRules, PolicyCategoryResult } from '@modsvc/common/domain/index';

type DecidedCategory = Pick<PolicyCategoryResult, 'name' | 'risk_level'> & Partial<Pick<PolicyCategoryResult, 'triggered_by'>>;
export type Decision = Pick<ModerationDecision, 'decision' | 'decision_type' | 'escalate' | 'escalate_reasons' | 'reject_reasons'>;

const STANDARD_RULES: ModerationRules = { reject: ['HIGH'], review: ['MEDIUM'], unknown: 'review' };

type Action = 'reject' | 'review' | 'approve';

function actionFor(c: DecidedCategory, rules: ModerationRules): Action {
  if (c.risk_level === 'UNKNOWN') return rules.unknown;
  if (c.risk_level === 'NONE') return 'approve';
  if (rules.reject.includes(c.risk_level)) return 'reject';
  if (rules.review.includes(c.risk_level)) return 'review';
  return 'approve';
}

const isKnownContent = (c: DecidedCategory) => c.triggered_by?.startsWith('bank:') ?? false;

function reason(c: DecidedCategory): string {
  const name = c.name.toLowerCase();
  return c.risk_level === 'UNKNOWN' ? `not_covered_${name}` : `${c.risk_level.toLowerCase()}_risk_${name}`;
}

export function decide(categories: readonly DecidedCategory[], rules: ModerationRules = STANDARD_RULES): Decision {
  const rejected = categories.filter((c) => actionFor(c, rules) === 'reject');
  if (rejected.length) {
    const knownContent = rejected.some(isKnownContent);
    const reasons = [...(knownContent ? ['known_content_match'] : []), ...rejected.filter((c) => !isKnownContent(c)).map(reason)];
    return { decision: 'reject', decision_type: 'fully_automated', escalate: false, escalate_reasons: [], reject_reasons: reasons };
  }
  const reviewed = categories.filter((c) => actionFor(c, rules) === 'review');
  if (reviewed.length) return { decision: 'review', decision_type: 'escalated', escalate: true, escalate_reasons: reviewed.map(reason) };
  return { decision: 'approve', decision_type: 'fully_automated', escalate: false, escalate_reasons: [] };
}
