// Job store on NATS JetStream Key-Value, for distributed deployments that run NATS but no MongoDB.
// MongoDB (mongo.ts) remains the production store: this adapter scans every key for its list and
// sweep queries, which is fine for thousands of live jobs, not for millions.
//
// One KV entry per job: key = the job id (ids outside [A-Za-z0-9_-] are stored as '=' + base64url
// of the id, see jobKey), value = the record as JSON with Dates tagged and revived (records.ts).
// The bucket is created when missing, with a max_age (default 400 days) no shorter than any
// result retention, as a backstop only: retention is enforced by deleteExpired().
//
// Every mutation is optimistic: read the entry and its revision, apply the pure transition from
// records.ts, write with kv.update(key, value, revision), and on a wrong-revision conflict read
// again and retry (bounded, with a small jittered backoff). So concurrent writers from any number
// of processes never lose each other's writes, and finish() returns true only for the one caller
// whose write moved the job out of 'queued'. create() uses kv.create, which fails when the key exists.
//
// deleteExpired() removes an expired entry by purging its subject from the stream up to the
// revision it read: nothing is left behind (no delete markers piling up for the 400 days of
// max_age), and an entry rewritten meanwhile is left for the next sweep.
import { jitteredBackoffMs } from '../backoff.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { JetStreamApiCodes, JetStreamApiError, StorageType, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { Kvm, type KV, type KvEntry } from '@nats-io/kv';
import { nanos } from '@nats-io/nats-core';
import type { JobRecord } from '../jobs.ts';
import { serviceLogger } from '../logger.ts';
import { ReadModifyWriteJobStore } from './read-modify-write.ts';
import { assertStorableRecord, decodeRecord, encodeRecord } from './records.ts';
import { DuplicateJobError, type JobStore } from './types.ts';
import { NatsKvIdempotencyKeys } from './idempotency-nats-kv.ts';
import type { IdempotencyKeyRecord, WorkCounts } from './idempotency-keys.ts';

const log = serviceLogger('nats-kv-job-store');

const DAY_MS = 24 * 60 * 60 * 1000;
/** Default bucket max_age: longer than any result retention; deleteExpired() does the real work. */
export const DEFAULT_JOBS_KV_TTL_MS = 400 * DAY_MS;
export const DEFAULT_JOBS_BUCKET = 'jobs';
const DEFAULT_MAX_ATTEMPTS = 100;
/** Reads in flight at once while scanning the bucket. */
const SCAN_CONCURRENCY = 16;

export interface NatsKvJobStoreOptions {
  /** NATS URL (e.g. nats://127.0.0.1:4222); either this or `connection`. */
  url?: string;
  /** An existing connection; close() leaves it open. */
  connection?: NatsConnection;
  /** KV bucket name ([-\w]+). Default `jobs`. */
  bucket?: string;
  /** Values kept per key when the bucket is created. Default 1. */
  history?: number;
  /**
   * Bucket max_age in ms, a backstop behind deleteExpired(); must exceed the longest retention.
   * Default 400 days. An existing bucket with a shorter (non-zero) max_age is raised to this.
   */
  ttlMs?: number;
  /** Attempts per mutation before a write conflict is given up as JobStoreConflictError. Default 100. */
  maxAttempts?: number;
  /** Clock, for tests. */
  now?: () => Date;
}

/** A mutation kept losing optimistic-concurrency races (only under extreme contention on one job). */
export class JobStoreConflictError extends Error {
  constructor(id: string, attempts: number) {
    super(`job ${id}: gave up after ${attempts} conflicting concurrent writes`);
    this.name = 'JobStoreConflictError';
  }
}

const RAW_KEY_RE = /^[A-Za-z0-9_-]+$/;
const ENCODED_PREFIX = '=';

/** The KV key of a job id: the id itself when it is [A-Za-z0-9_-]+, else '=' + base64url(id). */
export function jobKey(id: string): string {
  return RAW_KEY_RE.test(id) ? id : ENCODED_PREFIX + Buffer.from(id, 'utf8').toString('base64url');
}

/** Inverse of jobKey. */
export function jobIdFromKey(key: string): string {
  return key.startsWith(ENCODED_PREFIX) ? Buffer.from(key.slice(ENCODED_PREFIX.length), 'base64url').toString('utf8') : key;
}

/** True for the server's "wrong last sequence" answer to a conditional write. */
export function isRevisionConflict(err: unknown): boolean {
  if (err instanceof JetStreamApiError) {
    return err.code === JetStreamApiCodes.StreamWrongLastSequence || err.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown;
  }
  return err instanceof Error && /wrong last sequence/i.test(err.message);
}

function liveRecord(entry: KvEntry | null): JobRecord | null {
  if (!entry || entry.operation !== 'PUT') return null;
  return decodeRecord(entry.string());
}

function byTimeThenId(time: (j: JobRecord) => Date | null): (a: JobRecord, b: JobRecord) => number {
  return (a, b) => {
    const d = (time(a)?.getTime() ?? 0) - (time(b)?.getTime() ?? 0);
    if (d !== 0) return d;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

interface Opened {
  nc: NatsConnection;
  kv: KV;
  jsm: JetStreamManager;
  /** Messages kept per key by the bucket as it exists (an existing bucket keeps its own). */
  history: number;
}

export class NatsKvJobStore extends ReadModifyWriteJobStore implements JobStore {
  readonly bucket: string;
  readonly history: number;
  readonly ttlMs: number;
  private readonly opts: NatsKvJobStoreOptions;
  private readonly maxAttempts: number;
  private opening: Promise<Opened> | null = null;
  private closed = false;
  private readonly idempotencyKeys: NatsKvIdempotencyKeys;

  constructor(opts: NatsKvJobStoreOptions) {
    super(opts.now);
    if (!opts.url && !opts.connection) throw new TypeError('NatsKvJobStore needs url or connection');
    this.opts = opts;
    this.bucket = opts.bucket ?? DEFAULT_JOBS_BUCKET;
    this.history = opts.history ?? 1;
    this.ttlMs = opts.ttlMs ?? DEFAULT_JOBS_KV_TTL_MS;
    this.maxAttempts = Math.max(1, Math.floor(opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS));
    if (!/^[-\w]+$/.test(this.bucket)) throw new TypeError(`invalid KV bucket name: ${this.bucket}`);
    if (!Number.isInteger(this.history) || this.history < 1 || this.history > 64) throw new TypeError('history must be an integer in 1..64');
    if (!(this.ttlMs > 0)) throw new TypeError('ttlMs must be positive');
    this.idempotencyKeys = new NatsKvIdempotencyKeys(async () => (await this.ready()).nc, `${this.bucket}-idempotency-keys`, this.now);
  }

  /** The JetStream stream behind the bucket. */
  get streamName(): string {
    return `KV_${this.bucket}`;
  }

  /** Connects and opens (creating if missing) the bucket. Other methods call it on first use. */
  async init(): Promise<void> {
    await this.ready();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const opening = this.opening;
    this.opening = null;
    if (!opening) return;
    const opened = await opening.catch(() => null);
    if (opened && !this.opts.connection && !opened.nc.isClosed()) await opened.nc.drain();
  }

  private ready(): Promise<Opened> {
    if (this.closed) return Promise.reject(new Error(`job store (KV bucket ${this.bucket}) is closed`));
    if (!this.opening) {
      this.opening = this.open();
      this.opening.catch(() => {
        this.opening = null;
      });
    }
    return this.opening;
  }

  private async open(): Promise<Opened> {
    const nc =
      this.opts.connection ??
      (await connect({ servers: this.opts.url, name: 'modsvc-jobs', maxReconnectAttempts: -1, reconnectTimeWait: 1000 }));
    try {
      const kv = await new Kvm(nc).create(this.bucket, { history: this.history, ttl: this.ttlMs, storage: StorageType.File });
      const jsm = await jetstreamManager(nc);
      // An existing bucket keeps its settings: make sure its max_age cannot drop records that are
      // still within retention.
      const info = await jsm.streams.info(this.streamName);
      const maxAge = info.config.max_age;
      if (maxAge > 0 && maxAge < nanos(this.ttlMs)) {
        log.warn({ bucket: this.bucket, maxAgeMs: maxAge / 1e6, ttlMs: this.ttlMs }, 'raising the job bucket max_age');
        await jsm.streams.update(this.streamName, { max_age: nanos(this.ttlMs) });
      }
      if (info.config.max_msgs_per_subject !== this.history) {
        log.info({ bucket: this.bucket, history: info.config.max_msgs_per_subject }, 'job bucket exists with a different history; keeping it');
      }
      return { nc, kv, jsm, history: info.config.max_msgs_per_subject };
    } catch (err) {
      if (!this.opts.connection) await nc.close().catch(() => undefined);
      throw err;
    }
  }

  /**
   * Optimistic read-modify-write of one record. `change` gets the current record (re-read after
   * every conflict) and returns the next record, or null to write nothing.
   */
  protected async modify<T>(id: string, change: (job: JobRecord) => { next: JobRecord | null; result: T }, absent: T): Promise<T> {
    const { kv } = await this.ready();
    const key = jobKey(id);
    for (let attempt = 1; ; attempt += 1) {
      const entry = await kv.get(key);
      const job = liveRecord(entry);
      if (!entry || !job) return absent;
      const { next, result } = change(job);
      if (!next) return result;
      try {
        await kv.update(key, encodeRecord(next), entry.revision);
        return result;
      } catch (err) {
        if (!isRevisionConflict(err)) throw err;
        if (attempt >= this.maxAttempts) throw new JobStoreConflictError(id, attempt);
      }
      await sleep(jitteredBackoffMs(attempt, 1, 64));
    }
  }

  async create(job: JobRecord): Promise<void> {
    assertStorableRecord(job);
    const { kv } = await this.ready();
    try {
      await kv.create(jobKey(job.id), encodeRecord(job));
    } catch (err) {
      if (isRevisionConflict(err)) throw new DuplicateJobError(job.id);
      throw err;
    }
  }

  async get(id: string): Promise<JobRecord | null> {
    const { kv } = await this.ready();
    return liveRecord(await kv.get(jobKey(id)));
  }

  /** Every live entry in the bucket (keys() then a bounded number of concurrent gets). */
  private async scan(): Promise<{ key: string; revision: number; job: JobRecord }[]> {
    const { kv } = await this.ready();
    const keys: string[] = [];
    for await (const key of await kv.keys()) keys.push(key);
    const out: { key: string; revision: number; job: JobRecord }[] = [];
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < keys.length) {
        const key = keys[next++]!;
        const entry = await kv.get(key);
        const job = liveRecord(entry);
        if (entry && job) out.push({ key, revision: entry.revision, job });
      }
    };
    await Promise.all(Array.from({ length: Math.min(SCAN_CONCURRENCY, keys.length) }, worker));
    return out;
  }

  async listUnfinished(limit: number): Promise<JobRecord[]> {
    if (limit <= 0) return [];
    const jobs = (await this.scan()).map((e) => e.job).filter((j) => j.status === 'queued');
    return jobs.sort(byTimeThenId((j) => j.createdAt)).slice(0, limit);
  }

  async listPendingWebhooks(limit: number): Promise<JobRecord[]> {
    if (limit <= 0) return [];
    const jobs = (await this.scan()).map((e) => e.job).filter((j) => j.webhook.state === 'pending' && j.status !== 'queued');
    return jobs.sort(byTimeThenId((j) => j.finishedAt)).slice(0, limit);
  }

  /**
   * Purges every entry whose expiresAt is before `now`. Each purge removes the key's messages up to
   * the revision that was read, so a concurrent rewrite survives until the next sweep and two
   * concurrent sweeps count each record once.
   */
  async deleteExpired(now: Date): Promise<number> {
    const { kv, jsm, history } = await this.ready();
    const expired = (await this.scan()).filter((e) => e.job.expiresAt.getTime() < now.getTime());
    let deleted = 0;
    for (const e of expired) {
      const res = await jsm.streams.purge(this.streamName, { filter: `$KV.${this.bucket}.${e.key}`, seq: e.revision + 1 });
      if (res.purged === 0) continue; // rewritten (history 1 keeps only the newest) or swept by someone else
      if (history !== 1) {
        // Older revisions went too, but a rewrite newer than the one read survives: not deleted.
        const latest = await kv.get(e.key);
        if (latest && latest.revision > e.revision) continue;
      }
      deleted += 1;
    }
    return deleted;
  }

  async countWork(since: Date): Promise<WorkCounts> {
    const jobs = (await this.scan()).map((e) => e.job);
    return { queued: jobs.filter((j) => j.status === 'queued').length, finished: jobs.filter((j) => j.finishedAt !== null && j.finishedAt >= since).length };
  }

  /** Keys live in the bucket `<bucket>-idempotency-keys`, on this store's connection. */
  claimIdempotencyKey(claim: IdempotencyKeyRecord): Promise<IdempotencyKeyRecord | null> {
    return this.idempotencyKeys.claim(claim);
  }

  findIdempotencyKey(tenantId: string, key: string): Promise<IdempotencyKeyRecord | null> {
    return this.idempotencyKeys.find(tenantId, key);
  }

  releaseIdempotencyKey(tenantId: string, key: string, jobId: string): Promise<void> {
    return this.idempotencyKeys.release(tenantId, key, jobId);
  }
}
