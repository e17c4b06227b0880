// The workflow store on the record store (store/records): moderation jobs, the audit trail and feedback
// in three collections (collections.ts), one implementation for every backend.
import type { AuditRecord, FeedbackRecord, ModerationJob } from '../../domain/review.ts';
import { createOrGet, timeKey, updateRecord, type RecordCollection, type RecordStore } from '../records/index.ts';
import { auditSpec, feedbackSpec, jobPartition, moderationJobsSpec, recordId, type WorkflowRetention } from './collections.ts';
import { DuplicateModerationJobError, type AuditListQuery, type AuditRecordPage, type WorkflowStore } from './types.ts';

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
