// MongoDB job store (official driver). Collection `jobs`, one document per job with `_id` = job id.
// Retention is enforced by MongoDB itself through a TTL index on expiresAt; deleteExpired() is
// still provided for an immediate sweep. Each write is a single atomic update, so concurrent stage
// instances need no locking: finish() only matches a queued job, so exactly one call transitions it;
// updateWebhook() is a compare-and-swap on the webhook, retried on a fresh read when another write won.
//
// The filters and update documents are built by the exported pure functions below so that they
// can be checked without a server; the store talks to the driver through the narrow JobCollection
// interface (driverCollection() adapts a driver Collection to it).
import { MongoClient, type Collection, type Filter, type IndexDescription, type MongoClientOptions, type UpdateFilter } from 'mongodb';
import type { JobOutcome, JobParts, JobRecord, JobWebhook, PartName } from '../jobs.ts';
import { assertStorableRecord, definedPatch } from './records.ts';
import { DuplicateJobError, type JobPatch, type JobStore } from './types.ts';
import { IDEMPOTENCY_KEYS_COLLECTION, MongoIdempotencyKeys, driverKeyCollection, type IdempotencyKeyCollection, type IdempotencyKeyDoc } from './idempotency-mongo.ts';
import type { IdempotencyKeyRecord, WorkCounts } from './idempotency-keys.ts';

/** A job as stored in MongoDB: the record with `id` moved to `_id`. */
export type JobDoc = Omit<JobRecord, 'id'> & { _id: string };

export type JobFilter = Filter<JobDoc>;
export type JobUpdate = UpdateFilter<JobDoc>;
export type JobSort = Record<string, 1 | -1>;

/** The collection operations MongoJobStore uses. */
export interface JobCollection {
  createIndexes(indexes: IndexDescription[]): Promise<void>;
  /** Rejects with an error whose `code` is 11000 when the _id exists. */
  insertOne(doc: JobDoc): Promise<void>;
  findOne(filter: JobFilter): Promise<JobDoc | null>;
  find(filter: JobFilter, sort: JobSort, limit: number): Promise<JobDoc[]>;
  /** Returns how many documents matched (0 or 1). */
  updateOne(filter: JobFilter, update: JobUpdate): Promise<number>;
  /** Returns the document after the update, or null when none matched. */
  findOneAndUpdate(filter: JobFilter, update: JobUpdate): Promise<JobDoc | null>;
  /** Returns how many documents were deleted. */
  deleteMany(filter: JobFilter): Promise<number>;
  countDocuments(filter: JobFilter): Promise<number>;
}

export const JOBS_COLLECTION = 'jobs';
export const DEFAULT_DB_NAME = 'modsvc';

export const JOB_INDEXES: IndexDescription[] = [
  { key: { tenantId: 1, _id: 1 }, name: 'tenantId_id' },
  { key: { status: 1, createdAt: 1 }, name: 'status_createdAt' },
  { key: { 'webhook.state': 1 }, name: 'webhook_state' },
  { key: { expiresAt: 1 }, name: 'expiresAt_ttl', expireAfterSeconds: 0 },
  { key: { finishedAt: 1 }, name: 'finishedAt' },
];

export function toJobDoc(job: JobRecord): JobDoc {
  const { id, ...rest } = job;
  return { _id: id, ...rest };
}

export function fromJobDoc(doc: JobDoc): JobRecord {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest };
}

export function patchUpdate(patch: JobPatch, now: Date): JobUpdate {
  return { $set: { ...definedPatch(patch), updatedAt: now } };
}

export function setPartUpdate<P extends PartName>(part: P, value: NonNullable<JobParts[P]>, now: Date): JobUpdate {
  return { $set: { [`parts.${part}`]: value, updatedAt: now } } as JobUpdate;
}

/**
 * finish() as two mutually exclusive conditional updates, tried in order: one for jobs with a
 * callback URL (which also marks the webhook pending) and one for jobs without. Both require
 * status 'queued', so across all concurrent calls exactly one update can match.
 */
export function finishUpdates(id: string, outcome: JobOutcome, now: Date): { filter: JobFilter; update: JobUpdate }[] {
  const fields =
    outcome.status === 'done'
      ? { status: 'done' as const, results: outcome.results, finishedAt: now, updatedAt: now }
      : { status: 'failed' as const, msg: outcome.msg, finishedAt: now, updatedAt: now };
  return [
    {
      filter: { _id: id, status: 'queued', callbackUrl: { $ne: null } },
      update: { $set: { ...fields, 'webhook.state': 'pending' } } as JobUpdate,
    },
    { filter: { _id: id, status: 'queued', callbackUrl: null }, update: { $set: fields } },
  ];
}

/**
 * updateWebhook() as a compare-and-swap: the update matches only while the stored webhook is still the
 * one the change was computed from (an embedded document equals only an identical one, fields in the
 * same order, which holds for the document as read back).
 */
export function webhookSwap(id: string, current: JobWebhook, next: JobWebhook, now: Date): { filter: JobFilter; update: JobUpdate } {
  return { filter: { _id: id, webhook: current }, update: { $set: { webhook: next, updatedAt: now } } as JobUpdate };
}

/** Compare-and-swap rounds before updateWebhook() gives up under constant contention. */
const MAX_WEBHOOK_SWAPS = 50;

export const UNFINISHED_QUERY: { filter: JobFilter; sort: JobSort } = {
  filter: { status: 'queued' },
  sort: { createdAt: 1, _id: 1 },
};

export const PENDING_WEBHOOKS_QUERY: { filter: JobFilter; sort: JobSort } = {
  filter: { 'webhook.state': 'pending', status: { $in: ['done', 'failed'] } },
  sort: { finishedAt: 1, _id: 1 },
};

export function expiredFilter(now: Date): JobFilter {
  return { expiresAt: { $lt: now } };
}

/** The database named in the connection string's path, if any. */
export function dbNameFromUrl(url: string): string | undefined {
  const m = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^?]+)/.exec(url);
  return m?.[1] ? decodeURIComponent(m[1]) : undefined;
}

/**
 * The one database every MongoDB store of a deployment uses: the name given, else the connection
 * string's, else 'modsvc' (the driver's own default, `test`, is never used).
 */
export function mongoDatabaseName(url: string, dbName?: string): string {
  return dbName ?? dbNameFromUrl(url) ?? DEFAULT_DB_NAME;
}

/** Adapts a driver collection to JobCollection. */
export function driverCollection(coll: Collection<JobDoc>): JobCollection {
  return {
    async createIndexes(indexes) {
      await coll.createIndexes(indexes);
    },
    async insertOne(doc) {
      await coll.insertOne(doc);
    },
    findOne: (filter) => coll.findOne(filter),
    find: (filter, sort, limit) => coll.find(filter).sort(sort).limit(limit).toArray(),
    async updateOne(filter, update) {
      return (await coll.updateOne(filter, update)).matchedCount;
    },
    findOneAndUpdate: (filter, update) => coll.findOneAndUpdate(filter, update, { returnDocument: 'after' }),
    async deleteMany(filter) {
      return (await coll.deleteMany(filter)).deletedCount;
    },
    countDocuments: (filter) => coll.countDocuments(filter),
  };
}

function isDuplicateKey(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}

export interface MongoJobStoreOptions {
  url: string;
  /** Default: the database in the URL's path, else 'modsvc'. */
  dbName?: string;
  clientOptions?: MongoClientOptions;
  /** Clock, for tests. */
  now?: () => Date;
}

/** A store over an existing JobCollection (a test double, or a driver collection via driverCollection()). */
export interface MongoJobStoreCollectionOptions {
  collection: JobCollection;
  /** Where idempotency keys are kept; without it the key methods refuse. */
  idempotencyKeys?: IdempotencyKeyCollection;
  now?: () => Date;
}

export class MongoJobStore implements JobStore {
  /** Null when built over a given collection; close() then closes nothing. */
  private readonly client: MongoClient | null;
  private readonly coll: JobCollection;
  private readonly now: () => Date;
  private initialized: Promise<void> | null = null;
  private readonly idempotencyKeys: MongoIdempotencyKeys | null;

  constructor(opts: MongoJobStoreOptions | MongoJobStoreCollectionOptions) {
    this.now = opts.now ?? (() => new Date());
    let keys: IdempotencyKeyCollection | undefined;
    if ('collection' in opts) {
      this.client = null;
      this.coll = opts.collection;
      keys = opts.idempotencyKeys;
    } else {
      this.client = new MongoClient(opts.url, { appName: 'modsvc', ignoreUndefined: true, ...opts.clientOptions });
      const db = this.client.db(mongoDatabaseName(opts.url, opts.dbName));
      this.coll = driverCollection(db.collection<JobDoc>(JOBS_COLLECTION));
      keys = driverKeyCollection(db.collection<IdempotencyKeyDoc>(IDEMPOTENCY_KEYS_COLLECTION));
    }
    this.idempotencyKeys = keys ? new MongoIdempotencyKeys(keys, () => this.init(), this.now) : null;
  }

  /** Connects and creates the indexes (idempotent). Other methods call it on first use. */
  init(): Promise<void> {
    if (!this.initialized) {
      this.initialized = (async () => {
        if (this.client) await this.client.connect();
        await this.coll.createIndexes(JOB_INDEXES);
      })();
      this.initialized.catch(() => {
        this.initialized = null;
      });
    }
    return this.initialized;
  }

  async close(): Promise<void> {
    this.initialized = null;
    if (this.client) await this.client.close();
  }

  private async ready(): Promise<JobCollection> {
    await this.init();
    return this.coll;
  }

  async create(job: JobRecord): Promise<void> {
    assertStorableRecord(job);
    const coll = await this.ready();
    try {
      await coll.insertOne(toJobDoc(job));
    } catch (err) {
      if (isDuplicateKey(err)) throw new DuplicateJobError(job.id);
      throw err;
    }
  }

  async get(id: string): Promise<JobRecord | null> {
    const doc = await (await this.ready()).findOne({ _id: id });
    return doc ? fromJobDoc(doc) : null;
  }

  async getForTenant(tenantId: string, id: string): Promise<JobRecord | null> {
    const doc = await (await this.ready()).findOne({ _id: id, tenantId });
    return doc ? fromJobDoc(doc) : null;
  }

  async update(id: string, patch: JobPatch): Promise<JobRecord | null> {
    const doc = await (await this.ready()).findOneAndUpdate({ _id: id }, patchUpdate(patch, this.now()));
    return doc ? fromJobDoc(doc) : null;
  }

  async setPart<P extends PartName>(id: string, part: P, value: NonNullable<JobParts[P]>): Promise<JobRecord | null> {
    const doc = await (await this.ready()).findOneAndUpdate({ _id: id }, setPartUpdate(part, value, this.now()));
    return doc ? fromJobDoc(doc) : null;
  }

  async finish(id: string, outcome: JobOutcome): Promise<boolean> {
    const coll = await this.ready();
    for (const { filter, update } of finishUpdates(id, outcome, this.now())) {
      if ((await coll.updateOne(filter, update)) > 0) return true;
    }
    return false;
  }

  async updateWebhook(id: string, change: (job: JobRecord) => JobWebhook | null): Promise<JobRecord | null> {
    const coll = await this.ready();
    for (let round = 0; round < MAX_WEBHOOK_SWAPS; round++) {
      const doc = await coll.findOne({ _id: id });
      if (!doc) return null;
      const webhook = change(fromJobDoc(doc));
      if (!webhook) return null;
      const { filter, update } = webhookSwap(id, doc.webhook, webhook, this.now());
      const after = await coll.findOneAndUpdate(filter, update);
      if (after) return fromJobDoc(after);
    }
    throw new Error(`job ${id}: its webhook changed under ${MAX_WEBHOOK_SWAPS} updates in a row`);
  }

  async listUnfinished(limit: number): Promise<JobRecord[]> {
    if (limit <= 0) return [];
    const docs = await (await this.ready()).find(UNFINISHED_QUERY.filter, UNFINISHED_QUERY.sort, limit);
    return docs.map(fromJobDoc);
  }

  async listPendingWebhooks(limit: number): Promise<JobRecord[]> {
    if (limit <= 0) return [];
    const docs = await (await this.ready()).find(PENDING_WEBHOOKS_QUERY.filter, PENDING_WEBHOOKS_QUERY.sort, limit);
    return docs.map(fromJobDoc);
  }

  async deleteExpired(now: Date): Promise<number> {
    return (await this.ready()).deleteMany(expiredFilter(now));
  }

  async countWork(since: Date): Promise<WorkCounts> {
    const coll = await this.ready();
    const [queued, finished] = await Promise.all([coll.countDocuments(UNFINISHED_QUERY.filter), coll.countDocuments({ finishedAt: { $gte: since } })]);
    return { queued, finished };
  }

  private keys(): MongoIdempotencyKeys {
    if (!this.idempotencyKeys) throw new Error('this job store was built over a collection without idempotencyKeys');
    return this.idempotencyKeys;
  }

  async claimIdempotencyKey(claim: IdempotencyKeyRecord): Promise<IdempotencyKeyRecord | null> {
    return this.keys().claim(claim);
  }

  async findIdempotencyKey(tenantId: string, key: string): Promise<IdempotencyKeyRecord | null> {
    return this.keys().find(tenantId, key);
  }

  async releaseIdempotencyKey(tenantId: string, key: string, jobId: string): Promise<void> {
    await this.keys().release(tenantId, key, jobId);
  }
}
