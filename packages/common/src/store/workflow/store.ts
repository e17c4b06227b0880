// The workflow store on the record store (store/records): moderation jobs, the audit trail and feedback
// in three collections (collections.ts), one implementation for every backend.
import type { AuditRecord, FeedbackRecord, ModerationJob } from '../../domain/review.ts';
import { createOrGet, timeKey, updateRecord, type RecordCollection, type RecordStore } from '../records/index.ts';
import type { ReviewKind } from '../../domain/review.ts';
import {
  appealsPartition,
  auditSpec,
  claimsPartition,
  decisionsPartition,
  feedbackSpec,
  jobPartition,
  moderationJobsSpec,
  queuePartition,
  recordId,
  type WorkflowRetention,
} from './collections.ts';
import {
  APPEAL_WINDOW_MAX_HOURS,
  DECISION_WINDOW_MAX_HOURS,
  DuplicateModerationJobError,
  type AuditListQuery,
  type AuditRecordPage,
  type QueuePage,
  type WorkflowStore,
} from './types.ts';

const HOUR_MS = 3600_000;

export class RecordWorkflowStore implements WorkflowStore {
  private readonly jobs: RecordCollection<ModerationJob>;
  private readonly audit: RecordCollection<AuditRecord>;
  private readonly feedback: RecordCollection<FeedbackRecord>;

  /** `owned`: close() closes the record store too (it was made for this store alone). */
  constructor(
    private readonly store: RecordStore,
    retention: WorkflowRetention,
    private readonly owned = false,
  ) {
    this.jobs = store.collection(moderationJobsSpec(retention));
    this.audit = store.collection(auditSpec(retention));
    this.feedback = store.collection(feedbackSpec(retention));
  }

  init(): Promise<void> {
    return this.store.init();
  }

  async close(): Promise<void> {
    if (this.owned) await this.store.close();
  }

  async createModeration(job: ModerationJob): Promise<void> {
    if ((await this.jobs.create(recordId(job.tenantId, job.id), job)) === null) throw new DuplicateModerationJobError(job.id);
  }

  async getModeration(tenantId: string, id: string): Promise<ModerationJob | null> {
    return (await this.jobs.get(recordId(tenantId, id)))?.value ?? null;
  }

  updateModeration(tenantId: string, id: string, change: (job: ModerationJob) => ModerationJob | null): Promise<ModerationJob | null> {
    return updateRecord(this.jobs, recordId(tenantId, id), (job) => {
      const next = change(job);
      return next ? { ...next, id, tenantId } : null;
    });
  }

  async listClassifying(limit: number): Promise<ModerationJob[]> {
    return this.listAll('classifying', limit);
  }

  async listWithOutbox(limit: number): Promise<ModerationJob[]> {
    return this.listAll('outbox', limit);
  }

  private async listAll(index: 'classifying' | 'outbox', limit: number): Promise<ModerationJob[]> {
    if (limit <= 0) return [];
    return (await this.jobs.list(index, { limit })).items.map((i) => i.value);
  }

  async listInReview(tenantId: string, limit: number): Promise<ModerationJob[]> {
    if (limit <= 0) return [];
    return (await this.jobs.list('review', { partition: tenantId, limit })).items.map((i) => i.value);
  }

  countInReview(): Promise<Map<string, number>> {
    return this.jobs.countByPartition('review');
  }

  async listClaimedBy(tenantId: string, reviewerId: string, now: string, limit: number): Promise<ModerationJob[]> {
    if (limit <= 0) return [];
    const page = await this.jobs.list('claims', { partition: claimsPartition(tenantId, reviewerId), from: timeKey(now), limit });
    // The record is the truth (an index entry may briefly lag it): keep only leases running after now.
    const after = Date.parse(now);
    return page.items
      .map((i) => i.value)
      .filter((j) => j.review?.state === 'claimed' && j.review.claimed_by === reviewerId && j.review.lease_expires_at !== null && Date.parse(j.review.lease_expires_at) > after);
  }

  async listQueue(tenantId: string, kind: ReviewKind, limit: number, after: string | null = null): Promise<QueuePage> {
    if (limit <= 0) return { jobs: [], next: null };
    const page = await this.jobs.list('queue', { partition: queuePartition(tenantId, kind), limit, after });
    // The record is the truth (an index entry may briefly lag it).
    return { jobs: page.items.map((i) => i.value).filter((j) => j.review?.kind === kind && j.review.state !== 'done'), next: page.next };
  }

  countQueue(tenantId: string, kind: ReviewKind, queuedUpTo?: string): Promise<number> {
    return this.jobs.count('queue', { partition: queuePartition(tenantId, kind), ...(queuedUpTo !== undefined && { to: timeKey(queuedUpTo) }) });
  }

  async indexQueue(): Promise<number> {
    const [inReview, queued] = await Promise.all([this.jobs.countByPartition('review'), this.jobs.countByPartition('queue')]);
    const queuedPerTenant = new Map<string, number>();
    for (const [partition, n] of queued) {
      const tenantId = (JSON.parse(partition) as [string, string])[0];
      queuedPerTenant.set(tenantId, (queuedPerTenant.get(tenantId) ?? 0) + n);
    }
    let written = 0;
    for (const [tenantId, n] of inReview) {
      if ((queuedPerTenant.get(tenantId) ?? 0) >= n) continue;
      // Written again unchanged, each record gets the index entries its spec gives it now.
      for (let after: string | null = null; ; ) {
        const page = await this.jobs.list('review', { partition: tenantId, limit: 200, after });
        for (const { id } of page.items) if (await updateRecord(this.jobs, id, (job) => job)) written += 1;
        if (!page.next) break;
        after = page.next;
      }
    }
    return written;
  }

  async appendAudit(record: AuditRecord): Promise<void> {
    await createOrGet(this.audit, recordId(record.tenant_id, record.id), record);
  }

  async listAudit(tenantId: string, query: AuditListQuery): Promise<AuditRecordPage> {
    if (query.limit <= 0) return { records: [], next: null };
    const byJob = query.moderationJobId !== undefined;
    const page = await this.audit.list(byJob ? 'byJob' : 'byTenant', {
      partition: byJob ? jobPartition(tenantId, query.moderationJobId!) : tenantId,
      ...(query.from !== undefined && { from: timeKey(query.from) }),
      ...(query.to !== undefined && { to: timeKey(query.to) }),
      order: 'desc',
      limit: query.limit,
      after: query.after ?? null,
    });
    return { records: page.items.map((i) => i.value), next: page.next };
  }

  async listAppealTimes(tenantId: string, from: string, to: string, limit: number): Promise<string[]> {
    const start = Date.parse(timeKey(from).slice(0, 13) + ':00:00.000Z');
    const end = Date.parse(timeKey(to));
    if (limit <= 0 || end < Date.parse(timeKey(from))) return [];
    if (end - start > APPEAL_WINDOW_MAX_HOURS * HOUR_MS) throw new RangeError(`listAppealTimes reads at most ${APPEAL_WINDOW_MAX_HOURS} hours`);
    const times: string[] = [];
    for (let hour = start; hour <= end && times.length < limit; hour += HOUR_MS) {
      const page = await this.audit.list('appeals', { partition: appealsPartition(tenantId, hour), from: timeKey(from), to: timeKey(to), limit: limit - times.length });
      times.push(...page.items.map((i) => i.value.at));
    }
    return times;
  }

  async listDecisions(tenantId: string, from: string, to: string, limit: number): Promise<AuditRecord[]> {
    const start = Date.parse(timeKey(from).slice(0, 13) + ':00:00.000Z');
    const end = Date.parse(timeKey(to));
    if (limit <= 0 || end < Date.parse(timeKey(from))) return [];
    if (end - start > DECISION_WINDOW_MAX_HOURS * HOUR_MS) throw new RangeError(`listDecisions reads at most ${DECISION_WINDOW_MAX_HOURS} hours`);
    const records: AuditRecord[] = [];
    for (let hour = start; hour <= end && records.length < limit; hour += HOUR_MS) {
      const page = await this.audit.list('decisions', { partition: decisionsPartition(tenantId, hour), from: timeKey(from), to: timeKey(to), limit: limit - records.length });
      records.push(...page.items.map((i) => i.value));
    }
    return records;
  }

  async addFeedback(record: FeedbackRecord): Promise<void> {
    await createOrGet(this.feedback, recordId(record.tenant_id, record.id), record);
  }

  async listFeedback(tenantId: string, limit: number): Promise<FeedbackRecord[]> {
    if (limit <= 0) return [];
    return (await this.feedback.list('byTenant', { partition: tenantId, limit })).items.map((i) => i.value);
  }

  async deleteExpired(now: Date): Promise<number> {
    const counts = await Promise.all([this.jobs.deleteExpired(now), this.audit.deleteExpired(now), this.feedback.deleteExpired(now)]);
    return counts.reduce((a, b) => a + b, 0);
  }
}
