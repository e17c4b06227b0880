// Idempotency keys of the MongoDB store: collection `idempotency_keys` in the jobs' database, `_id` =
// the key's id, and a TTL index on expiresAt so that MongoDB drops them after 24 h. insertOne fails
// with a duplicate-key error when the key exists, which makes a claim atomic across every process;
// MongoDB's TTL monitor runs about once a minute, so a record that has expired but is still there is
// taken over with a replace conditional on its expiry.
import type { Collection, Filter, IndexDescription } from 'mongodb';
import { idempotencyKeyId, isLiveKey, type IdempotencyKeyRecord } from './idempotency-keys.ts';

export const IDEMPOTENCY_KEYS_COLLECTION = 'idempotency_keys';

export const IDEMPOTENCY_KEY_INDEXES: IndexDescription[] = [{ key: { expiresAt: 1 }, name: 'expiresAt_ttl', expireAfterSeconds: 0 }];

export type IdempotencyKeyDoc = IdempotencyKeyRecord & { _id: string };
export type IdempotencyKeyFilter = Filter<IdempotencyKeyDoc>;

/** The collection operations MongoIdempotencyKeys uses. */
export interface IdempotencyKeyCollection {
  createIndexes(indexes: IndexDescription[]): Promise<void>;
  /** Rejects with an error whose `code` is 11000 when the _id exists. */
  insertOne(doc: IdempotencyKeyDoc): Promise<void>;
  findOne(filter: IdempotencyKeyFilter): Promise<IdempotencyKeyDoc | null>;
  /** Returns how many documents matched (0 or 1). */
  replaceOne(filter: IdempotencyKeyFilter, doc: IdempotencyKeyDoc): Promise<number>;
  deleteOne(filter: IdempotencyKeyFilter): Promise<void>;
}

/** Adapts a driver collection to IdempotencyKeyCollection. */
export function driverKeyCollection(coll: Collection<IdempotencyKeyDoc>): IdempotencyKeyCollection {
  return {
    async createIndexes(indexes) {
      await coll.createIndexes(indexes);
    },
    async insertOne(doc) {
      await coll.insertOne(doc);
    },
    findOne: (filter) => coll.findOne(filter),
    async replaceOne(filter, doc) {
      return (await coll.replaceOne(filter, doc)).matchedCount;
    },
    async deleteOne(filter) {
      await coll.deleteOne(filter);
    },
  };
}

function fromDoc(doc: IdempotencyKeyDoc): IdempotencyKeyRecord {
  const { _id: _ignored, ...record } = doc;
  return record;
}

function isDuplicateKey(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}

export class MongoIdempotencyKeys {
  private indexed: Promise<void> | null = null;

  constructor(
    private readonly coll: IdempotencyKeyCollection,
    /** Connects the store's client (idempotent). */
    private readonly connect: () => Promise<void>,
    private readonly now: () => Date,
  ) {}

  private async ready(): Promise<IdempotencyKeyCollection> {
    await this.connect();
    if (!this.indexed) {
      this.indexed = this.coll.createIndexes(IDEMPOTENCY_KEY_INDEXES);
      this.indexed.catch(() => (this.indexed = null));
    }
    await this.indexed;
    return this.coll;
  }

  async claim(claim: IdempotencyKeyRecord): Promise<IdempotencyKeyRecord | null> {
    const coll = await this.ready();
    const _id = idempotencyKeyId(claim.tenantId, claim.key);
    for (;;) {
      try {
        await coll.insertOne({ ...claim, _id });
        return null;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const held = await coll.findOne({ _id });
      if (!held) continue; // released or expired meanwhile
      if (isLiveKey(held, this.now())) return fromDoc(held);
      if ((await coll.replaceOne({ _id, expiresAt: held.expiresAt }, { ...claim, _id })) === 1) return null;
    }
  }

  async find(tenantId: string, key: string): Promise<IdempotencyKeyRecord | null> {
    const doc = await (await this.ready()).findOne({ _id: idempotencyKeyId(tenantId, key) });
    return doc && isLiveKey(doc, this.now()) ? fromDoc(doc) : null;
  }

  async release(tenantId: string, key: string, jobId: string): Promise<void> {
    await (await this.ready()).deleteOne({ _id: idempotencyKeyId(tenantId, key), jobId });
  }
}
