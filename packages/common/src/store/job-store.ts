// The job store, written once on the record store port (records/): jobs and idempotency keys are two
// collections (job-records.ts) of whichever record store the deployment runs (embedded files, NATS KV
// or MongoDB). Every write is either a create-if-absent or a conditional replace through the one
// update loop, so concurrent stage instances in any number of processes lose no write, and finish()
// returns true only for the call whose write moved the job out of 'queued'.
import type { JobOutcome, JobParts, JobRecord, JobWebhook, PartName } from '../jobs.ts';
import { idempotencyKeyId, type IdempotencyKeyRecord, type WorkCounts } from './idempotency-keys.ts';
import { IDEMPOTENCY_KEYS_SPEC, JOBS_SPEC, applyFinish, applyPart, applyPatch, applyWebhook, assertStorableRecord } from './job-records.ts';
import { minuteKey, timeKey } from './records/sort-keys.ts';
import type { RecordCollection, RecordStore } from './records/types.ts';
import { createOrGet, updateRecord, type UpdateOptions } from './records/update.ts';
import { DuplicateJobError, type JobPatch, type JobStore } from './types.ts';

export interface RecordJobStoreOptions {
  /** Where the jobs live; the job store inits it, and closes it unless `shared`. */
  records: RecordStore;
  /** The record store is shared with other stores: its owner closes it. */
  shared?: boolean;
  /** Conditional writes per change before RecordConflictError (records/update.ts). Default 100. */
  maxAttempts?: number;
  /** Clock for updatedAt and finishedAt, for tests (expiry uses the record store's). */
  now?: () => Date;
}

const MINUTE_MS = 60_000;
/** countWork reads the per-minute partitions of `finished` one by one up to this many, else the whole index. */
const MAX_MINUTE_PARTITIONS = 30;
/** Minutes past now still read, for jobs finished by a process whose clock runs ahead. */
const CLOCK_SKEW_MINUTES = 2;

export class RecordJobStore implements JobStore {
  readonly records: RecordStore;
  private readonly jobs: RecordCollection<JobRecord>;
  private readonly keys: RecordCollection<IdempotencyKeyRecord>;
  private readonly retry: UpdateOptions;
  private readonly now: () => Date;
  private readonly shared: boolean;

  constructor(opts: RecordJobStoreOptions) {
    this.records = opts.records;
    this.shared = opts.shared ?? false;
    this.jobs = opts.records.collection(JOBS_SPEC);
    this.keys = opts.records.collection(IDEMPOTENCY_KEYS_SPEC);
    this.retry = { maxAttempts: opts.maxAttempts };
    this.now = opts.now ?? (() => new Date());
  }

  /** Connects and opens both collections, so that a store that cannot work fails here. */
  async init(): Promise<void> {
    await this.records.init();
    await Promise.all([this.jobs.open(), this.keys.open()]);
  }

  async close(): Promise<void> {
    if (!this.shared) await this.records.close();
  }

  async create(job: JobRecord): Promise<void> {
    assertStorableRecord(job);
    if ((await this.jobs.create(job.id, job)) === null) throw new DuplicateJobError(job.id);
  }

  async get(id: string): Promise<JobRecord | null> {
    return (await this.jobs.get(id))?.value ?? null;
  }

  async getForTenant(tenantId: string, id: string): Promise<JobRecord | null> {
    const job = await this.get(id);
    return job && job.tenantId === tenantId ? job : null;
  }

  private modify(id: string, change: (job: JobRecord) => JobRecord | null): Promise<JobRecord | null> {
    return updateRecord(this.jobs, id, change, this.retry);
  }

  update(id: string, patch: JobPatch): Promise<JobRecord | null> {
    return this.modify(id, (job) => applyPatch(job, patch, this.now()));
  }

  setPart<P extends PartName>(id: string, part: P, value: NonNullable<JobParts[P]>): Promise<JobRecord | null> {
    return this.modify(id, (job) => applyPart(job, part, value, this.now()));
  }

  async finish(id: string, outcome: JobOutcome): Promise<boolean> {
    return (await this.modify(id, (job) => applyFinish(job, outcome, this.now()))) !== null;
  }

  updateWebhook(id: string, change: (job: JobRecord) => JobWebhook | null): Promise<JobRecord | null> {
    return this.modify(id, (job) => {
      const webhook = change(job);
      return webhook ? applyWebhook(job, webhook, this.now()) : null;
    });
  }

  private async first(index: 'queued' | 'pendingWebhooks', limit: number): Promise<JobRecord[]> {
    if (limit <= 0) return [];
    return (await this.jobs.list(index, { partition: '', limit })).items.map((i) => i.value);
  }

  listUnfinished(limit: number): Promise<JobRecord[]> {
    return this.first('queued', limit);
  }

  listPendingWebhooks(limit: number): Promise<JobRecord[]> {
    return this.first('pendingWebhooks', limit);
  }

  /** Removes expired jobs (returns how many) and expired idempotency keys. */
  async deleteExpired(now: Date): Promise<number> {
    const [jobs] = await Promise.all([this.jobs.deleteExpired(now), this.keys.deleteExpired(now)]);
    return jobs;
  }

  /** From index counts: the `queued` index, and the minutes of `finished` from `since` on. */
  async countWork(since: Date): Promise<WorkCounts> {
    const from = timeKey(since);
    const firstMinute = Math.floor(since.getTime() / MINUTE_MS);
    const lastMinute = Math.floor(this.now().getTime() / MINUTE_MS) + CLOCK_SKEW_MINUTES;
    const minutes = lastMinute - firstMinute + 1;
    const finished =
      minutes > 0 && minutes <= MAX_MINUTE_PARTITIONS
        ? Promise.all(Array.from({ length: minutes }, (_, i) => this.jobs.count('finished', { partition: minuteKey((firstMinute + i) * MINUTE_MS), from }))).then((ns) =>
            ns.reduce((a, b) => a + b, 0),
          )
        : this.jobs.count('finished', { from });
    const [queued, finishedCount] = await Promise.all([this.jobs.count('queued'), finished]);
    return { queued, finished: finishedCount };
  }

  async claimIdempotencyKey(claim: IdempotencyKeyRecord): Promise<IdempotencyKeyRecord | null> {
    const held = await createOrGet(this.keys, idempotencyKeyId(claim.tenantId, claim.key), claim, this.retry);
    return held.created ? null : held.value;
  }

  async findIdempotencyKey(tenantId: string, key: string): Promise<IdempotencyKeyRecord | null> {
    return (await this.keys.get(idempotencyKeyId(tenantId, key)))?.value ?? null;
  }

  async releaseIdempotencyKey(tenantId: string, key: string, jobId: string): Promise<void> {
    const id = idempotencyKeyId(tenantId, key);
    const held = await this.keys.get(id);
    // Only at the version read: a key claimed again meanwhile is no longer ours.
    if (held && held.value.jobId === jobId) await this.keys.delete(id, held.version);
  }
}
