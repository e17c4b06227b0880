import type { JobOutcome, JobParts, JobRecord, JobWebhook, MediaMetadata, PartName } from '../jobs.ts';

import type { IdempotencyKeyRecord, WorkCounts } from './idempotency-keys.ts';

/** Fields a stage may set on a queued job. */
export interface JobPatch {
  mediaKey?: string;
  mediaType?: string;
  contentSha256?: string;
  metadata?: MediaMetadata;
  expectedParts?: PartName[];
}

export class DuplicateJobError extends Error {
  constructor(id: string) {
    super(`job ${id} already exists`);
    this.name = 'DuplicateJobError';
  }
}

/**
 * Job persistence. Every write is idempotent so that a redelivered bus message can repeat it.
 * One implementation, RecordJobStore (job-store.ts), over the record store of the deployment's kind.
 */
export interface JobStore {
  init(): Promise<void>;
  close(): Promise<void>;
  /** Throws DuplicateJobError when the id exists. */
  create(job: JobRecord): Promise<void>;
  get(id: string): Promise<JobRecord | null>;
  /** The job only if it belongs to the tenant (another tenant's id reads as absent). */
  getForTenant(tenantId: string, id: string): Promise<JobRecord | null>;
  /** Sets the given fields; returns the updated record, or null if absent. */
  update(id: string, patch: JobPatch): Promise<JobRecord | null>;
  /** Atomically sets parts[part]; returns the updated record, or null if absent. */
  setPart<P extends PartName>(id: string, part: P, value: NonNullable<JobParts[P]>): Promise<JobRecord | null>;
  /**
   * Moves a queued job to done or failed. Returns true only for the call that made the transition;
   * later calls (redeliveries) return false and change nothing. Sets finishedAt and, when the job has a
   * callback_url, webhook.state = 'pending'.
   */
  finish(id: string, outcome: JobOutcome): Promise<boolean>;
  /**
   * Atomically replaces the job's webhook with change(job), or leaves it when change returns null (a
   * condition that no longer holds). `change` may be called again on a fresh record after a concurrent
   * write, so it must be pure; no write is lost. Returns the updated record, or null when the job is
   * absent or the change declined.
   */
  updateWebhook(id: string, change: (job: JobRecord) => JobWebhook | null): Promise<JobRecord | null>;
  /** Queued jobs (oldest first), for re-driving after a restart. */
  listUnfinished(limit: number): Promise<JobRecord[]>;
  /** Finished jobs whose webhook state is 'pending'. */
  listPendingWebhooks(limit: number): Promise<JobRecord[]>;
  /** Deletes records whose expiresAt is before `now`; returns how many. */
  deleteExpired(now: Date): Promise<number>;
  /** Queued jobs now, and jobs finished at or after `since` (for admission control). */
  countWork(since: Date): Promise<WorkCounts>;
  /**
   * Records an idempotency key unless the tenant's key is held by a live record: null when `claim` now
   * holds it, else the record holding it. Of concurrent claims of one key exactly one gets null.
   */
  claimIdempotencyKey(claim: IdempotencyKeyRecord): Promise<IdempotencyKeyRecord | null>;
  /** The live (unexpired) record of a tenant's key, or null. */
  findIdempotencyKey(tenantId: string, key: string): Promise<IdempotencyKeyRecord | null>;
  /** Frees the key while it is still held for `jobId` (a claim whose job was then not created). */
  releaseIdempotencyKey(tenantId: string, key: string, jobId: string): Promise<void>;
}
