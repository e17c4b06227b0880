// The trust-and-safety workflow's records: moderation jobs (with their review state), the append-only
// audit trail, and feedback. Kept beside the jobs, in the same kind of store (JOB_STORE).
import type { AuditRecord, FeedbackRecord, ModerationJob } from '../../domain/review.ts';

export class DuplicateModerationJobError extends Error {
  constructor(id: string) {
    super(`moderation job ${id} already exists`);
    this.name = 'DuplicateModerationJobError';
  }
}

export interface AuditListQuery {
  moderationJobId?: string;
  /** ISO times (any offset), inclusive, compared as instants. */
  from?: string;
  to?: string;
  limit: number;
  /** The `next` of the previous page. */
  after?: string | null;
}

/** One page of an audit trail, newest first; `next` continues it (null: this is the last page). */
export interface AuditRecordPage {
  records: AuditRecord[];
  next: string | null;
}

export interface WorkflowStore {
  init(): Promise<void>;
  close(): Promise<void>;

  /** Throws DuplicateModerationJobError when the id exists. */
  createModeration(job: ModerationJob): Promise<void>;
  /** The job only if it belongs to the tenant. */
  getModeration(tenantId: string, id: string): Promise<ModerationJob | null>;
  /**
   * Atomically replaces the job with change(job), or leaves it when change returns null. `change` may run
   * again on a fresh record after a concurrent write, so it must be pure. Returns the stored record, or
   * null when the job is absent (or another tenant's) or the change declined.
   */
  updateModeration(tenantId: string, id: string, change: (job: ModerationJob) => ModerationJob | null): Promise<ModerationJob | null>;
  /** Jobs of every tenant whose status is 'classifying', oldest first (for the moderator's sweep). */
  listClassifying(limit: number): Promise<ModerationJob[]>;
  /**
   * The tenant's review queue: jobs whose review.state is 'queued' or 'claimed' (all of them, the caller
   * filters leases with isClaimable), highest priority first, then oldest queued_at first.
   */
  listInReview(tenantId: string, limit: number): Promise<ModerationJob[]>;
  /** Items waiting or claimed per tenant, over all tenants (for the queue-depth gauge). */
  countInReview(): Promise<Map<string, number>>;
  /** Jobs of every tenant whose outbox has entries, oldest first (for the moderator's outbox sweep). */
  listWithOutbox(limit: number): Promise<ModerationJob[]>;

  /**
   * Appends; records are never changed or removed by the service. Appending a record whose id (within
   * its tenant) is stored already does nothing, so an outbox may carry the same record out twice.
   */
  appendAudit(record: AuditRecord): Promise<void>;
  /** The tenant's records matching the query, newest first, a page of at most `limit`. */
  listAudit(tenantId: string, query: AuditListQuery): Promise<AuditRecordPage>;

  /** Adds feedback; like appendAudit, a record whose id is stored already is not added again. */
  addFeedback(record: FeedbackRecord): Promise<void>;
  /** The tenant's feedback, oldest first, at most `limit`. */
  listFeedback(tenantId: string, limit: number): Promise<FeedbackRecord[]>;

  /** Removes decided jobs, audit records and feedback past their retention; returns how many. */
  deleteExpired(now: Date): Promise<number>;
}
