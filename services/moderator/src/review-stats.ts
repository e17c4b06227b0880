// The supervisor's view of a tenant's review (GET /v1/review/stats, tenant admins): per review kind the
// queue depth, the overdue items and the oldest one (index counts and one read per kind); per reviewer
// the decisions of each hour of the last 24 and how many overturned the decision that stood, from the
// review.decided audit records (one small index partition per hour, at most DECISIONS_SCAN records).
import type { WorkflowStore } from '@modsvc/common/store/workflow/index';
import { REVIEW_KINDS, type AuditRecord, type ReviewKind, type ReviewStats, type SlaHours } from '@modsvc/common/domain/index';

/** Decision records one answer reads; past it the answer says `truncated`. */
export const DECISIONS_SCAN = 20_000;
const HOURS = 24;
const HOUR_MS = 3600_000;

export interface StatsOptions {
  sla: SlaHours;
  /** The tenant's reviewers, listed even without decisions. */
  reviewers: readonly string[];
  now: Date;
}

const rate = (overturned: number, compared: number) => (compared > 0 ? Math.round((overturned / compared) * 10_000) / 10_000 : null);

interface Tally {
  decisions: number;
  compared: number;
  overturned: number;
}

function tally(records: readonly AuditRecord[]): Tally {
  const compared = records.filter((r) => typeof r.details.previous_decision === 'string');
  return { decisions: records.length, compared: compared.length, overturned: compared.filter((r) => r.details.overturned === true).length };
}

export async function reviewStats(workflow: WorkflowStore, tenantId: string, opts: StatsOptions): Promise<ReviewStats> {
  const now = opts.now.getTime();
  const queues = await Promise.all(
    REVIEW_KINDS.map(async (kind) => {
      // Overdue: queued_at + SLA < now, i.e. queued at or before a millisecond earlier than now - SLA.
      const overdueUpTo = new Date(now - opts.sla[kind] * HOUR_MS - 1).toISOString();
      const [depth, overdue, oldest] = await Promise.all([workflow.countQueue(tenantId, kind), workflow.countQueue(tenantId, kind, overdueUpTo), workflow.listQueue(tenantId, kind, 5)]);
      const oldestAt = oldest.jobs[0]?.review?.queued_at ?? null;
      return {
        kind,
        sla_hours: opts.sla[kind],
        depth,
        overdue,
        oldest_queued_at: oldestAt,
        oldest_age_seconds: oldestAt === null ? null : Math.max(0, Math.floor((now - Date.parse(oldestAt)) / 1000)),
      };
    }),
  );

  const windowFrom = Math.floor(now / HOUR_MS) * HOUR_MS - (HOURS - 1) * HOUR_MS;
  const hours = Array.from({ length: HOURS }, (_, i) => new Date(windowFrom + i * HOUR_MS).toISOString());
  const read = await workflow.listDecisions(tenantId, new Date(windowFrom).toISOString(), opts.now.toISOString(), DECISIONS_SCAN + 1);
  const truncated = read.length > DECISIONS_SCAN;
  const records = read.slice(0, DECISIONS_SCAN).filter((r) => r.action === 'review.decided' && r.actor.kind === 'reviewer');

  const byReviewer = new Map<string, AuditRecord[]>(opts.reviewers.map((id) => [id, []]));
  for (const r of records) byReviewer.set(r.actor.id, [...(byReviewer.get(r.actor.id) ?? []), r]);
  const reviewers = [...byReviewer]
    .map(([reviewerId, mine]) => {
      const perHour = new Array<number>(HOURS).fill(0);
      for (const r of mine) perHour[Math.min(HOURS - 1, Math.max(0, Math.floor((Date.parse(r.at) - windowFrom) / HOUR_MS)))]! += 1;
      const t = tally(mine);
      return { reviewer_id: reviewerId, decisions: t.decisions, per_hour: perHour, compared: t.compared, overturned: t.overturned, overturn_rate: rate(t.overturned, t.compared) };
    })
    .sort((a, b) => b.decisions - a.decisions || a.reviewer_id.localeCompare(b.reviewer_id));

  const overturns = REVIEW_KINDS.map((kind: ReviewKind) => {
    const t = tally(records.filter((r) => r.details.kind === kind));
    return { kind, ...t, overturn_rate: rate(t.overturned, t.compared) };
  });
  const all = tally(records);
  return {
    generated_at: opts.now.toISOString(),
    queues,
    window_from: hours[0]!,
    hours,
    reviewers,
    overturns,
    decisions: all.decisions,
    compared: all.compared,
    overturned: all.overturned,
    overturn_rate: rate(all.overturned, all.compared),
    truncated,
  };
}
