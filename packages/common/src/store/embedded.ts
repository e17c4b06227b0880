// File-persisted job store for the all-in-one deployment, built on @seald-io/nedb (an append-only
// log of JSON lines, compacted on open, on close and when it grows past twice the live data).
//
// Each job is one nedb document: a few top-level fields the queries need (status, createdAt,
// finishedAt, webhookState, expiresAt, all indexed) plus the whole record as an opaque string
// (see records.ts), so record keys containing dots or '$' never reach nedb's key checks and Dates
// anywhere in the record come back as Dates. Every write is a read-modify-replace done under one
// in-process queue per directory, which is what makes finish() exactly-once under concurrency.
//
// One directory is one store: stores opened on the same directory in one process share a backend,
// and a LOCK file refuses a second live process on the same host (use MongoDB to run several).
import { mkdir, open, readFile, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import nedb from '@seald-io/nedb';
import type { JobRecord, JobStatus, WebhookState } from '../jobs.ts';
import { serviceLogger } from '../logger.ts';
import { ReadModifyWriteJobStore } from './read-modify-write.ts';
import { assertStorableRecord, decodeRecord, encodeRecord } from './records.ts';
import { DuplicateJobError, type JobStore } from './types.ts';
import { EmbeddedIdempotencyKeys } from './idempotency-embedded.ts';
import type { IdempotencyKeyRecord, WorkCounts } from './idempotency-keys.ts';

const log = serviceLogger('embedded-job-store');

// The package is CommonJS (`module.exports = Datastore`) but its typings declare `export default`,
// which NodeNext resolution reads as a namespace: the runtime default import is the class itself.
const Datastore = nedb as unknown as typeof nedb.default;
type Datastore<T> = nedb.default<T>;

export interface EmbeddedJobStoreOptions {
  /** Directory holding the data file (`jobs.db`) and the LOCK file; created if missing. */
  dir: string;
  /** Refuse to open a directory locked by another live process on this host. Default true. */
  lock?: boolean;
  /**
   * Every this many writes, the data file is compacted if the writes since the last compaction
   * outnumber twice the live jobs. Default 1000. Shared by stores on the same directory: the first
   * store to open it decides.
   */
  compactionCheckWrites?: number;
  /** Clock, for tests. */
  now?: () => Date;
}

interface StoredJob {
  _id: string;
  status: JobStatus;
  createdAt: Date;
  finishedAt: Date | null;
  webhookState: WebhookState;
  expiresAt: Date;
  /** The full record, encoded by encodeRecord. */
  rec: string;
}

function toStored(job: JobRecord): StoredJob {
  return {
    _id: job.id,
    status: job.status,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
    webhookState: job.webhook.state,
    expiresAt: job.expiresAt,
    rec: encodeRecord(job),
  };
}

/** Runs tasks one at a time, in call order. */
class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

const DEFAULT_COMPACTION_CHECK_WRITES = 1000;

class Backend {
  readonly queue = new SerialQueue();
  refs = 0;
  private writesSinceCompaction = 0;

  constructor(
    readonly dir: string,
    readonly db: Datastore<StoredJob>,
    private readonly lockPath: string | null,
    private readonly checkEvery: number,
  ) {}

  /** Called after each write: compacts once the log holds more than ~2x the live documents. */
  noteWrite(): void {
    this.writesSinceCompaction += 1;
    if (this.writesSinceCompaction % this.checkEvery !== 0) return;
    const live = this.db.getAllData().length;
    if (this.writesSinceCompaction >= 2 * live) {
      this.writesSinceCompaction = 0;
      this.db.compactDatafileAsync().catch((err: unknown) => log.error({ err, dir: this.dir }, 'compaction failed'));
    }
  }

  async shutdown(): Promise<void> {
    await this.queue.run(async () => {
      await this.db.compactDatafileAsync();
    });
    if (this.lockPath) await unlink(this.lockPath).catch(() => undefined);
  }
}

const backends = new Map<string, Promise<Backend>>();
/** Shutdowns in progress, so that reopening a directory waits for its last close to finish. */
const closing = new Map<string, Promise<void>>();

interface LockInfo {
  pid: number;
  host: string;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function takeLock(lockPath: string, dir: string): Promise<void> {
  const mine: LockInfo = { pid: process.pid, host: hostname() };
  try {
    await writeFile(lockPath, JSON.stringify(mine), { flag: 'wx' });
    return;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  let held: Partial<LockInfo> = {};
  try {
    held = JSON.parse(await readFile(lockPath, 'utf8')) as Partial<LockInfo>;
  } catch {
    // unreadable or half-written lock: treat as stale
  }
  // Our own pid cannot hold it (this process has no backend for the directory), so a lock naming it
  // is left from an earlier run that had the same pid, as happens to PID 1 in containers.
  if (held.host === mine.host && typeof held.pid === 'number' && held.pid !== process.pid && processAlive(held.pid)) {
    throw new Error(
      `job store ${dir} is in use by process ${held.pid}; the embedded store serves one process (use MongoDB to run several)`,
    );
  }
  log.warn({ dir, held }, 'taking over a stale job store lock');
  await writeFile(lockPath, JSON.stringify(mine));
}

/**
 * A process killed in the middle of an append leaves a final line without its newline. nedb counts
 * it as corrupt and, in a small file, refuses to load over it; that line was never acknowledged to
 * a caller, so it is cut off here. Returns how many bytes were dropped.
 */
export async function repairTornTail(file: string): Promise<number> {
  let fh;
  try {
    fh = await open(file, 'r+');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  try {
    const { size } = await fh.stat();
    if (size === 0) return 0;
    const chunk = Buffer.alloc(64 * 1024);
    let end = size;
    let keep = 0; // bytes to keep: up to and including the last newline
    let first = true;
    while (end > 0) {
      const start = Math.max(0, end - chunk.length);
      const { bytesRead } = await fh.read(chunk, 0, end - start, start);
      const nl = chunk.subarray(0, bytesRead).lastIndexOf(0x0a);
      if (first && nl === bytesRead - 1) return 0; // ends with a newline: intact
      first = false;
      if (nl >= 0) {
        keep = start + nl + 1;
        break;
      }
      end = start;
    }
    await fh.truncate(keep);
    return size - keep;
  } finally {
    await fh.close();
  }
}

async function openBackend(dir: string, lock: boolean, checkEvery: number): Promise<Backend> {
  await mkdir(dir, { recursive: true });
  const lockPath = lock ? join(dir, 'LOCK') : null;
  if (lockPath) await takeLock(lockPath, dir);
  try {
    const filename = join(dir, 'jobs.db');
    const dropped = await repairTornTail(filename);
    if (dropped > 0) log.warn({ dir, dropped }, 'dropped a partly written last line of the job store');
    const db = new Datastore<StoredJob>({ filename });
    await db.loadDatabaseAsync();
    await db.ensureIndexAsync({ fieldName: 'status' });
    await db.ensureIndexAsync({ fieldName: 'webhookState' });
    await db.ensureIndexAsync({ fieldName: 'expiresAt' });
    log.debug({ dir, jobs: db.getAllData().length }, 'job store opened');
    return new Backend(dir, db, lockPath, checkEvery);
  } catch (err) {
    if (lockPath) await unlink(lockPath).catch(() => undefined);
    throw err;
  }
}

async function acquireBackend(dir: string, lock: boolean, checkEvery: number): Promise<Backend> {
  let pending = backends.get(dir);
  if (!pending) {
    const previous = (closing.get(dir) ?? Promise.resolve()).catch(() => undefined);
    const opened = previous.then(() => openBackend(dir, lock, checkEvery));
    pending = opened;
    backends.set(dir, opened);
    opened.catch(() => {
      if (backends.get(dir) === opened) backends.delete(dir);
    });
  }
  const backend = await pending;
  backend.refs += 1;
  return backend;
}

async function releaseBackend(backend: Backend): Promise<void> {
  backend.refs -= 1;
  if (backend.refs > 0) return;
  backends.delete(backend.dir);
  const done = backend.shutdown().finally(() => {
    if (closing.get(backend.dir) === done) closing.delete(backend.dir);
  });
  closing.set(backend.dir, done);
  await done;
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { errorType?: unknown }).errorType === 'uniqueViolated';
}

export class EmbeddedJobStore extends ReadModifyWriteJobStore implements JobStore {
  readonly dir: string;
  private readonly lock: boolean;
  private readonly compactionCheckWrites: number;
  private opening: Promise<Backend> | null = null;
  private closed = false;
  private readonly idempotencyKeys: EmbeddedIdempotencyKeys;

  constructor(opts: EmbeddedJobStoreOptions) {
    super(opts.now);
    this.dir = resolve(opts.dir);
    this.idempotencyKeys = new EmbeddedIdempotencyKeys(this.dir, this.now);
    this.lock = opts.lock ?? true;
    this.compactionCheckWrites = Math.max(1, Math.floor(opts.compactionCheckWrites ?? DEFAULT_COMPACTION_CHECK_WRITES));
  }

  /** Opens (or joins) the directory's backend. Other methods call it on first use. */
  async init(): Promise<void> {
    await this.backend();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.idempotencyKeys.close();
    const opening = this.opening;
    this.opening = null;
    if (!opening) return;
    const backend = await opening.catch(() => null);
    if (backend) await releaseBackend(backend);
  }

  private backend(): Promise<Backend> {
    if (this.closed) return Promise.reject(new Error(`job store ${this.dir} is closed`));
    if (!this.opening) {
      this.opening = acquireBackend(this.dir, this.lock, this.compactionCheckWrites);
      this.opening.catch(() => {
        this.opening = null;
      });
    }
    return this.opening;
  }

  private async read(db: Datastore<StoredJob>, id: string): Promise<JobRecord | null> {
    const doc = await db.findOneAsync({ _id: id }, { rec: 1 });
    return doc ? decodeRecord(doc.rec) : null;
  }

  /** Read-modify-replace of one record under the directory's write queue. */
  protected async modify<T>(id: string, change: (job: JobRecord) => { next: JobRecord | null; result: T }, absent: T): Promise<T> {
    const b = await this.backend();
    return b.queue.run(async () => {
      const job = await this.read(b.db, id);
      if (!job) return absent;
      const { next, result } = change(job);
      if (next) {
        await b.db.updateAsync({ _id: id }, toStored(next), {});
        b.noteWrite();
      }
      return result;
    });
  }

  async create(job: JobRecord): Promise<void> {
    assertStorableRecord(job);
    const doc = toStored(job);
    const b = await this.backend();
    await b.queue.run(async () => {
      try {
        await b.db.insertAsync(doc);
      } catch (err) {
        if (isUniqueViolation(err)) throw new DuplicateJobError(job.id);
        throw err;
      }
      b.noteWrite();
    });
  }

  async get(id: string): Promise<JobRecord | null> {
    const b = await this.backend();
    return this.read(b.db, id);
  }

  async listUnfinished(limit: number): Promise<JobRecord[]> {
    if (limit <= 0) return [];
    const b = await this.backend();
    const docs = await b.db.findAsync({ status: 'queued' }, { rec: 1, createdAt: 1 }).sort({ createdAt: 1, _id: 1 }).limit(limit);
    return docs.map((d) => decodeRecord(d.rec));
  }

  async listPendingWebhooks(limit: number): Promise<JobRecord[]> {
    if (limit <= 0) return [];
    const b = await this.backend();
    const docs = await b.db
      .findAsync({ webhookState: 'pending', status: { $ne: 'queued' } }, { rec: 1, finishedAt: 1 })
      .sort({ finishedAt: 1, _id: 1 })
      .limit(limit);
    return docs.map((d) => decodeRecord(d.rec));
  }

  async deleteExpired(now: Date): Promise<number> {
    const b = await this.backend();
    return b.queue.run(async () => {
      const n = await b.db.removeAsync({ expiresAt: { $lt: now } }, { multi: true });
      for (let i = 0; i < n; i += 1) b.noteWrite();
      return n;
    });
  }

  async countWork(since: Date): Promise<WorkCounts> {
    const b = await this.backend();
    const [queued, finished] = await Promise.all([b.db.countAsync({ status: 'queued' }), b.db.countAsync({ finishedAt: { $gte: since } })]);
    return { queued, finished };
  }

  /** Keys live in their own file beside the jobs; the directory's LOCK, taken first, covers both. */
  async claimIdempotencyKey(claim: IdempotencyKeyRecord): Promise<IdempotencyKeyRecord | null> {
    await this.backend();
    return this.idempotencyKeys.claim(claim);
  }

  async findIdempotencyKey(tenantId: string, key: string): Promise<IdempotencyKeyRecord | null> {
    await this.backend();
    return this.idempotencyKeys.find(tenantId, key);
  }

  async releaseIdempotencyKey(tenantId: string, key: string, jobId: string): Promise<void> {
    await this.backend();
    await this.idempotencyKeys.release(tenantId, key, jobId);
  }
}
