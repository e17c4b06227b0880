// The review queue as a reviewer works it: in due order (queued_at plus the tenant's SLA for the item's
// kind), so overdue items come first, the most overdue at the top; equal due times by priority, then by
// id. Each review kind has its own index partition, oldest queued first, which is due order within the
// kind (every item of a kind has the same SLA); the queue merges the three in pages, reading at most
// QUEUE_SCAN items however long the queue is. The filters (category, reason, kind) and the facets they
// choose from are applied to what was read.
import type { WorkflowStore } from '@modsvc/common/store/workflow/index';
import {
  REVIEW_KINDS,
  reviewCategoriesOf,
  reviewItemOf,
  type ModerationJob,
  type ReviewItem,
  type ReviewKind,
  type ReviewQueueFilter,
  type ReviewQueuePage,
  type ReviewState,
  type SlaHours,
} from '@modsvc/common/domain/index';

/** Items read (over the three kinds) to build one answer: items held by others are skipped, and the facets count what was read. */
export const QUEUE_SCAN = 1000;
const PAGE = 100;
const HOUR_MS = 3600_000;

interface KindStream {
  kind: ReviewKind;
  jobs: ModerationJob[];
  at: number;
  next: string | null;
}

export interface QueueOptions {
  limit: number;
  filter: ReviewQueueFilter;
  /** Whether the reviewer may take (or holds) the item now. */
  takeable: (review: ReviewState) => boolean;
  now: Date;
}

function matches(job: ModerationJob, categories: readonly string[], filter: ReviewQueueFilter): boolean {
  const r = job.review!;
  if (filter.kind && r.kind !== filter.kind) return false;
  if (filter.reason && !r.reasons.some((reason) => reason.toLowerCase() === filter.reason)) return false;
  if (filter.category && !categories.includes(filter.category)) return false;
  return true;
}

function count(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

const facets = (map: Map<string, number>) => [...map].map(([name, n]) => ({ name, count: n })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));

export async function queueInDueOrder(workflow: WorkflowStore, tenantId: string, sla: SlaHours, opts: QueueOptions): Promise<ReviewQueuePage> {
  const streams: KindStream[] = await Promise.all(
    REVIEW_KINDS.map(async (kind) => {
      const page = await workflow.listQueue(tenantId, kind, PAGE);
      return { kind, jobs: page.jobs, at: 0, next: page.next };
    }),
  );
  const due = (job: ModerationJob) => Date.parse(job.review!.queued_at) + sla[job.review!.kind] * HOUR_MS;
  const before = (a: ModerationJob, b: ModerationJob) => due(a) - due(b) || b.review!.priority - a.review!.priority || a.id.localeCompare(b.id);

  const items: ReviewItem[] = [];
  const categories = new Map<string, number>();
  const reasons = new Map<string, number>();
  let overdue = 0;
  for (let scanned = 0; scanned < QUEUE_SCAN; scanned += 1) {
    for (const s of streams) {
      while (s.at >= s.jobs.length && s.next) {
        const page = await workflow.listQueue(tenantId, s.kind, PAGE, s.next);
        Object.assign(s, { jobs: page.jobs, at: 0, next: page.next });
      }
    }
    let first: KindStream | null = null;
    for (const s of streams) if (s.at < s.jobs.length && (!first || before(s.jobs[s.at]!, first.jobs[first.at]!) < 0)) first = s;
    if (!first) break;
    const job = first.jobs[first.at++]!;
    if (!job.review || !opts.takeable(job.review)) continue;
    const about = reviewCategoriesOf(job);
    for (const c of about) count(categories, c);
    for (const r of new Set(job.review.reasons.map((x) => x.toLowerCase()))) count(reasons, r);
    if (!matches(job, about, opts.filter)) continue;
    const item = reviewItemOf(job, opts.now, sla)!;
    if (item.overdue) overdue += 1;
    if (items.length < opts.limit) items.push(item);
  }
  return { items, overdue, categories: facets(categories), reasons: facets(reasons) };
}
