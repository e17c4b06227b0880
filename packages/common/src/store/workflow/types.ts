// The trust-and-safety workflow's records: moderation jobs (with their review state), the append-only
// audit trail, and feedback. Kept beside the jobs, in the same kind of store (JOB_STORE).
import type { AuditRecord, FeedbackRecord, ModerationJob, ReviewKind } from '../../domain/review.ts';

export class DuplicateModerationJobError extends Error {
  constructor(id: string) {
    super(`moderation job ${id} already exists`);
    this.name = 'DuplicateModerationJobError';
  }
}

/** The longest span listAppealTimes reads (it reads one partition per hour of it). */
export const APPEAL_WINDOW_MAX_HOURS = 48;
/** The longest span listDecisions reads (it reads one partition per hour of it). */
export const DECISION_WINDOW_MAX_HOURS = 48;

/** A page of one review kind's queue, oldest queued first; `next` continues it (null: the last page). */
export interface QueuePage {
  jobs: ModerationJob[];
  next: string | null;
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
  /**
   * The tenant's items the reviewer holds now: claimed by them with a lease running after `now` (ISO),
   * soonest lease end first, at most `limit` (the claim cap counts them).
   */
  listClaimedBy(tenantId: string, reviewerId: string, now: string, limit: number): Promise<ModerationJob[]>;
  /** Jobs of every tenant whose outbox has entries, oldest first (for the moderator's outbox sweep). */
  listWithOutbox(limit: number): Promise<ModerationJob[]>;
  /**
   * A page of the tenant's items of one review kind waiting or claimed, oldest queued first (every item
   * of a kind has the same SLA, so this is due order); `after` is the previous page's `next`.
   */
  listQueue(tenantId: string, kind: ReviewKind, limit: number, after?: string | null): Promise<QueuePage>;
  /** How many of the tenant's items of the kind wait or are claimed; with `queuedUpTo` (ISO), only those queued at or before it. */
  countQueue(tenantId: string, kind: ReviewKind, queuedUpTo?: string): Promise<number>;
  /**
   * Puts items in review written before the per-kind queue index existed into it (by writing them
   * again, unchanged); returns how many were written. Cheap when nothing is missing (two index counts).
   */
  indexQueue(): Promise<number>;

  /**
   * Appends; records are never changed or removed by the service. Appending a record whose id (within
   * its tenant) is stored already does nothing, so an outbox may carry the same record out twice.
   */
  appendAudit(record: AuditRecord): Promise<void>;
  /** The tenant's records matching the query, newest first, a page of at most `limit`. */
  listAudit(tenantId: string, query: AuditListQuery): Promise<AuditRecordPage>;
  /**
   * When the tenant's appeals (`appeal.requested` records) at or after `from` and up to `to` (ISO; at
   * most APPEAL_WINDOW_MAX_HOURS apart) were made, oldest first, at most `limit` (the hourly appeal cap).
   */
  listAppealTimes(tenantId: string, from: string, to: string, limit: number): Promise<string[]>;
  /**
   * The tenant's reviewer decisions (`review.decided` records) at or after `from` and up to `to` (ISO; at
   * most DECISION_WINDOW_MAX_HOURS apart), oldest first, at most `limit` (the supervisor's view).
   */
  listDecisions(tenantId: string, from: string, to: string, limit: number): Promise<AuditRecord[]>;

  /** Adds feedback; like appendAudit, a record whose id is stored already is not added again. */
  addFeedback(record: FeedbackRecord): Promise<void>;
  /** The tenant's feedback, oldest first, at most `limit`. */
  listFeedback(tenantId: string, limit: number): Promise<FeedbackRecord[]>;

  /** Removes decided jobs, audit records and feedback past their retention; returns how many. */
  deleteExpired(now: Date): Promise<number>;
}
