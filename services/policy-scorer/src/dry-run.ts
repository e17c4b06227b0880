// A policy dry run: what a candidate document would have decided on the tenant's most recent automated
// decisions. The moderation jobs come from the audit trail (`moderation.decided`, newest first); each
// one's classification job still holds every part the pipeline stored (visual class scores, the caption's,
// OCR's and speech's toxicity, the text read and the transcript, frame embeddings), so the candidate is
// scored exactly as policy-scorer would score a new job (scoreCategories) and decided exactly as the
// moderator decides (decide). Hash-bank categories are carried over from the stored result.
import type { Runtime } from '@modsvc/common/host';
import {
  decide,
  isPolicyResult,
  policyCategoryNotes,
  type DryRunItem,
  type ModerationOutcome,
  type PolicyCategoryResult,
  type PolicyDocument,
  type PolicyDryRun,
  type ResolvedPolicy,
  type RiskLevel,
} from '@modsvc/common/domain/index';
import { scoreCategories } from './policy.ts';

/** Audit records read at most per replayed decision (other actions are interleaved with decisions). */
const AUDIT_PAGE = 500;
const AUDIT_SCAN_PER_ITEM = 40;

export const DRY_RUN_LIMITATIONS = [
  'Each decision is replayed on the scores stored with its classification job: visual classes, caption, OCR and speech toxicity, the text read in images and the transcript (for term lists) and frame embeddings (for example images). A class no model scored then stays unscored: self_harm on text scored before toxicity 3.0.0 is null, so SELF_HARM on such jobs is UNKNOWN (moderation.unknown applies) where it would be scored now.',
  'Only moderated content is replayed (POST /v1/moderate): a policy job that was never moderated has no decision to compare.',
  'Jobs past their retention (RESULT_RETENTION_DAYS) cannot be replayed; they are listed in skipped.',
  'Hash-bank matches are carried over as they were: banks are not matched again.',
  'Quality samples (review_sample_rate) are not shown: they never change an automated decision. Reviewer verdicts stay as they are (reviewed).',
];

type Decided = DryRunItem['before'];
type DecisionName = Decided['decision'];

const categoryView = (c: PolicyCategoryResult) => ({ name: c.name, score: c.score, risk_level: c.risk_level, triggered_by: c.triggered_by });
const RANK: Record<RiskLevel, number> = { UNKNOWN: -1, NONE: 0, LOW: 1, MEDIUM: 2, HIGH: 3 };

/** The most recent `n` moderation jobs decided by the rules, newest first, with when. */
async function recentDecisions(rt: Pick<Runtime, 'workflow'>, tenantId: string, n: number): Promise<{ id: string; at: string }[]> {
  const found = new Map<string, string>();
  let after: string | null = null;
  let scanned = 0;
  while (found.size < n && scanned < n * AUDIT_SCAN_PER_ITEM) {
    const page = await rt.workflow.listAudit(tenantId, { limit: AUDIT_PAGE, after });
    for (const r of page.records) {
      if (r.action === 'moderation.decided' && r.moderation_job_id && !found.has(r.moderation_job_id)) found.set(r.moderation_job_id, r.at);
      if (found.size >= n) break;
    }
    scanned += page.records.length;
    if (!page.next) break;
    after = page.next;
  }
  return [...found].map(([id, at]) => ({ id, at }));
}

export interface DryRunReplay {
  items: DryRunItem[];
  skipped: { moderation_job_id: string; reason: string }[];
}

/** Replays `candidate` on the tenant's `n` most recent automated decisions. */
export async function replayDecisions(rt: Pick<Runtime, 'workflow' | 'store'>, tenantId: string, candidate: ResolvedPolicy, n: number): Promise<DryRunReplay> {
  const items: DryRunItem[] = [];
  const skipped: DryRunReplay['skipped'] = [];
  const thresholds = new Map(candidate.categories.map((c) => [c.name, c.thresholds]));
  for (const { id, at } of await recentDecisions(rt, tenantId, n)) {
    const skip = (reason: string) => skipped.push({ moderation_job_id: id, reason });
    const mod = await rt.workflow.getModeration(tenantId, id);
    if (!mod) {
      skip('the moderation job is past its retention');
      continue;
    }
    const automated: ModerationOutcome | null = mod.automated ?? mod.result;
    if (!automated) {
      skip('no automated decision is stored');
      continue;
    }
    if (automated.is_error) {
      skip('its classification job failed: there are no scores to replay');
      continue;
    }
    const job = await rt.store.getForTenant(tenantId, mod.classificationJobId);
    if (!job || job.status !== 'done' || !job.results || !isPolicyResult(job.results)) {
      skip(job ? 'its classification job has no policy result' : 'its classification job is past its retention (RESULT_RETENTION_DAYS)');
      continue;
    }
    const stored = job.results.policy_categories;
    const banks = stored.filter((c) => c.triggered_by?.startsWith('bank:'));
    const scored = [...scoreCategories(job, candidate), ...banks];
    const d = decide(scored, candidate.moderation, thresholds);
    const before: Decided = {
      decision: automated.decision === 'pending_review' || automated.decision === 'reject' || automated.decision === 'approve' ? automated.decision : 'approve',
      escalate_reasons: automated.escalate_reasons,
      reject_reasons: automated.reject_reasons ?? [],
      categories: stored.map(categoryView),
    };
    const after: Decided = { decision: d.decision, escalate_reasons: d.escalate_reasons, reject_reasons: d.reject_reasons ?? [], categories: scored.map(categoryView) };
    const levelsBefore = new Map(stored.map((c) => [c.name, c.risk_level]));
    const levelsAfter = new Map(scored.map((c) => [c.name, c.risk_level]));
    const names = [...new Set([...levelsBefore.keys(), ...levelsAfter.keys()])];
    const levelChanges = names.filter((name) => levelsBefore.get(name) !== levelsAfter.get(name)).map((name) => ({ name, before: levelsBefore.get(name) ?? null, after: levelsAfter.get(name) ?? null }));
    const sameReasons = JSON.stringify([before.escalate_reasons, before.reject_reasons]) === JSON.stringify([after.escalate_reasons, after.reject_reasons]);
    const human = mod.result && !mod.result.is_error && mod.result.decision_type === 'human_reviewed' ? mod.result : null;
    items.push({
      moderation_job_id: mod.id,
      classification_job_id: mod.classificationJobId,
      external_id: mod.externalId,
      decided_at: at,
      policy_version: automated.policy_version,
      before,
      after,
      changed: before.decision !== after.decision || !sameReasons || levelChanges.length > 0,
      level_changes: levelChanges,
      reviewed: human && (human.decision === 'approve' || human.decision === 'reject') ? { decision: human.decision, reviewed_by: human.reviewed_by ?? null } : null,
    });
  }
  return { items, skipped };
}

const zeroCounts = (): Record<DecisionName, number> => ({ reject: 0, pending_review: 0, approve: 0 });

export function dryRunTotals(items: readonly DryRunItem[]): PolicyDryRun['totals'] {
  const before = zeroCounts();
  const after = zeroCounts();
  const transitions = new Map<string, { from: DecisionName; to: DecisionName; count: number }>();
  const categories = new Map<string, { name: string; raised: number; lowered: number; added: number; removed: number }>();
  for (const item of items) {
    before[item.before.decision]++;
    after[item.after.decision]++;
    if (item.before.decision !== item.after.decision) {
      const key = `${item.before.decision}>${item.after.decision}`;
      const t = transitions.get(key) ?? { from: item.before.decision, to: item.after.decision, count: 0 };
      t.count++;
      transitions.set(key, t);
    }
    for (const change of item.level_changes) {
      let c = categories.get(change.name);
      if (!c) categories.set(change.name, (c = { name: change.name, raised: 0, lowered: 0, added: 0, removed: 0 }));
      if (change.before === null) c.added++;
      else if (change.after === null) c.removed++;
      else if (RANK[change.after] > RANK[change.before]) c.raised++;
      else c.lowered++;
    }
  }
  return {
    items: items.length,
    changed: items.filter((i) => i.changed).length,
    decisions_before: before,
    decisions_after: after,
    transitions: [...transitions.values()].sort((a, b) => b.count - a.count),
    categories: [...categories.values()].sort((a, b) => a.name.localeCompare(b.name)),
  };
}

export function dryRunReport(args: { activeVersion: string; document: PolicyDocument; warnings: string[]; requested: number; replay: DryRunReplay }): PolicyDryRun {
  return {
    dry_run: true,
    published: false,
    active_version: args.activeVersion,
    document: args.document,
    warnings: args.warnings,
    categories: policyCategoryNotes(args.document),
    items_requested: args.requested,
    items: args.replay.items,
    skipped: args.replay.skipped,
    totals: dryRunTotals(args.replay.items),
    limitations: DRY_RUN_LIMITATIONS,
  };
}
