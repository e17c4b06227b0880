// The record store on MongoDB (official driver): one MongoDB collection per record collection, all in
// one database (mongoDatabaseName), one document per record (document.ts):
//   {_id: id, v: version, exp: Date | null, ix: {<index>: {p, s}}, rec: encoded value}
// The value is kept as the codec's string rather than as native BSON: values may hold keys with dots
// or a leading '$' (job results, audit details), which MongoDB only half supports (no queries or
// updates on them, refused by older servers and some tools), and a string comes back exactly as the
// other backends give it (Dates anywhere, undefined fields dropped). Nothing queries inside values.
//
// Conditional writes are single-document operations: create is insertOne (duplicate key: the id is
// taken, unless the holder has expired or is a document of the previous store format, which is then
// replaced conditionally), replace and delete match {_id, v}. Versions start at a random number and
// count up, so a record deleted and created again does not repeat the version a stale reader holds.
// Each declared index is a compound index {ix.<name>.p, ix.<name>.s, _id} partial on ix.<name>.p
// existing, which every list and count query uses; a TTL index on exp lets MongoDB remove expired
// records itself (about once a minute), deleteExpired() does it at once.
//
// The filters, sorts and index declarations are built by the exported pure functions so that they can
// be checked without a server, and the adapter talks to the driver through MongoRecordDriver, which
// tests can implement over nedb (it evaluates these query documents with the same meaning).
import { randomInt } from 'node:crypto';
import { MongoClient, type Collection, type Filter, type IndexDescription, type MongoClientOptions } from 'mongodb';
import { decodeCursor, encodeCursor } from './cursor.ts';
import {
  both,
  expiredFilter,
  fromDoc,
  indexFilter,
  indexSort,
  isRecordDoc,
  liveFilter,
  partitionField,
  positionOf,
  sortField,
  toDoc,
  type DocFilter,
  type DocSort,
  type RecordDoc,
} from './document.ts';
import { checkId, checkListQuery, checkRange, resolveSpec, type ResolvedSpec } from './spec.ts';
import { CONFLICT, retryOnConflict } from './update.ts';
import type { CollectionSpec, ListPage, ListQuery, RangeQuery, RecordCollection, RecordStore, Versioned } from './types.ts';

export const DEFAULT_DB_NAME = 'modsvc';

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

// ---- pure builders -----------------------------------------------------------------------------

export const TTL_INDEX: IndexDescription = { key: { exp: 1 }, name: 'exp_ttl', expireAfterSeconds: 0 };

/** The TTL index, and per declared index a compound index partial on the record being in it. */
export function mongoIndexes(indexNames: string[]): IndexDescription[] {
  return [
    TTL_INDEX,
    ...indexNames.map((name) => ({
      key: { [partitionField(name)]: 1, [sortField(name)]: 1, _id: 1 },
      name: `ix_${name}`,
      partialFilterExpression: { [partitionField(name)]: { $exists: true } },
    })),
  ];
}

/** A document that holds an id without holding a live record: expired (when that hides it) or of the previous format. */
export function isStale(doc: Partial<RecordDoc>, hidesExpired: boolean, now: Date): boolean {
  if (!isRecordDoc(doc)) return true;
  return hidesExpired && doc.exp !== null && doc.exp.getTime() <= now.getTime();
}

/** Matches `stale` only while it is still what create read. */
export function takeOverFilter(stale: Partial<RecordDoc> & { _id: string }): DocFilter {
  return typeof stale.v === 'number' ? { _id: stale._id, v: stale.v } : { _id: stale._id, v: { $exists: false } };
}

/** The record at `version` (any version when undefined), while live when expired records are hidden. */
export function versionFilter(id: string, version: number | undefined, hidesExpired: boolean, now: Date): DocFilter {
  const filter: DocFilter = { _id: id, v: version === undefined ? { $exists: true } : version };
  return hidesExpired ? both(filter, liveFilter(now)) : filter;
}

export function listQuery(
  index: string,
  query: ListQuery,
  opts: { order: 'asc' | 'desc'; limit: number; hidesExpired: boolean; now: Date },
): { filter: DocFilter; sort: DocSort; limit: number } {
  const after = query.after ? decodeCursor(query.after) : undefined;
  return {
    filter: both(indexFilter(index, query, after, opts.order), opts.hidesExpired ? liveFilter(opts.now) : null),
    sort: indexSort(index, opts.order),
    limit: opts.limit + 1, // one more, to know whether there is a next page
  };
}

/** A first version: random, so that a re-created record does not repeat an old one. */
export function firstVersion(): number {
  return randomInt(1, 2 ** 47);
}

// ---- driver ------------------------------------------------------------------------------------

/** The collection operations the adapter uses. */
export interface MongoRecordDriver {
  createIndexes(indexes: IndexDescription[]): Promise<void>;
  /** Rejects with an error whose `code` is 11000 when the _id exists. */
  insertOne(doc: RecordDoc): Promise<void>;
  findOne(filter: DocFilter): Promise<Partial<RecordDoc> | null>;
  /** How many documents matched (0 or 1). */
  replaceOne(filter: DocFilter, doc: RecordDoc): Promise<number>;
  /** How many documents were deleted (0 or 1). */
  deleteOne(filter: DocFilter): Promise<number>;
  deleteMany(filter: DocFilter): Promise<number>;
  find(filter: DocFilter, sort: DocSort, limit: number): Promise<RecordDoc[]>;
  countDocuments(filter: DocFilter): Promise<number>;
  /** How many documents matching `filter` hold each value of `field`. */
  countBy(field: string, filter: DocFilter): Promise<{ value: unknown; count: number }[]>;
}

export function driverFor(coll: Collection<RecordDoc>): MongoRecordDriver {
  const f = (filter: DocFilter) => filter as Filter<RecordDoc>;
  return {
    async createIndexes(indexes) {
      await coll.createIndexes(indexes);
    },
    async insertOne(doc) {
      await coll.insertOne(doc);
    },
    findOne: (filter) => coll.findOne(f(filter)),
    replaceOne: async (filter, doc) => (await coll.replaceOne(f(filter), doc)).matchedCount,
    deleteOne: async (filter) => (await coll.deleteOne(f(filter))).deletedCount,
    deleteMany: async (filter) => (await coll.deleteMany(f(filter))).deletedCount,
    find: (filter, sort, limit) => coll.find(f(filter)).sort(sort).limit(limit).toArray(),
    countDocuments: (filter) => coll.countDocuments(f(filter)),
    async countBy(field, filter) {
      const groups = await coll.aggregate<{ _id: unknown; n: number }>([{ $match: filter }, { $group: { _id: `$${field}`, n: { $sum: 1 } } }]).toArray();
      return groups.map((g) => ({ value: g._id, count: g.n }));
    },
  };
}

function isDuplicateKey(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}

// ---- store -------------------------------------------------------------------------------------

export interface MongoRecordStoreOptions {
  url: string;
  /** Default: the database in the URL's path, else 'modsvc'. */
  dbName?: string;
  clientOptions?: MongoClientOptions;
  /** Clock for expiry, for tests. */
  now?: () => Date;
}

/** A store over given collections (test doubles): `driver(name)` is the collection of that name. */
export interface MongoRecordStoreDriverOptions {
  driver: (collectionName: string) => MongoRecordDriver;
  now?: () => Date;
}

/** Attempts of a create that keeps finding an expired holder taken over by someone else. */
const CREATE_ATTEMPTS = 10;

export class MongoRecordStore implements RecordStore {
  readonly kind = 'mongodb' as const;
  readonly dbName: string | null;
  readonly now: () => Date;
  private readonly client: MongoClient | null;
  private readonly driver: (name: string) => MongoRecordDriver;
  private connected: Promise<void> | null = null;
  private closed = false;

  constructor(opts: MongoRecordStoreOptions | MongoRecordStoreDriverOptions) {
    this.now = opts.now ?? (() => new Date());
    if ('driver' in opts) {
      this.client = null;
      this.dbName = null;
      this.driver = opts.driver;
    } else {
      const client = new MongoClient(opts.url, { appName: 'modsvc', ignoreUndefined: true, ...opts.clientOptions });
      const dbName = mongoDatabaseName(opts.url, opts.dbName);
      this.client = client;
      this.dbName = dbName;
      this.driver = (name) => driverFor(client.db(dbName).collection<RecordDoc>(name));
    }
  }

  init(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('record store (MongoDB) is closed'));
    if (!this.connected) {
      this.connected = this.client ? this.client.connect().then(() => undefined) : Promise.resolve();
      this.connected.catch(() => (this.connected = null));
    }
    return this.connected;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.connected = null;
    if (this.client) await this.client.close();
  }

  collection<T>(spec: CollectionSpec<T>): RecordCollection<T> {
    const resolved = resolveSpec(spec);
    return new MongoCollection(this, resolved, this.driver(resolved.name));
  }
}

class MongoCollection<T> implements RecordCollection<T> {
  readonly name: string;
  private indexed: Promise<void> | null = null;

  constructor(
    private readonly store: MongoRecordStore,
    private readonly spec: ResolvedSpec<T>,
    private readonly driver: MongoRecordDriver,
  ) {
    this.name = spec.name;
  }

  /** Connected, with the indexes created (once per collection object). */
  private async ready(): Promise<MongoRecordDriver> {
    await this.store.init();
    if (!this.indexed) {
      this.indexed = this.driver.createIndexes(mongoIndexes(this.spec.indexNames));
      this.indexed.catch(() => (this.indexed = null));
    }
    await this.indexed;
    return this.driver;
  }

  async open(): Promise<void> {
    await this.ready();
  }

  async get(id: string): Promise<Versioned<T> | null> {
    checkId(id);
    const doc = await (await this.ready()).findOne({ _id: id });
    if (!doc || isStale(doc, this.spec.hidesExpired, this.store.now())) return null;
    const { value, version } = fromDoc(this.spec, doc as RecordDoc);
    return { value, version };
  }

  async create(id: string, value: T): Promise<number | null> {
    checkId(id);
    const d = await this.ready();
    const doc = toDoc(this.spec, id, value, firstVersion());
    return retryOnConflict<number | null>(
      this,
      id,
      async () => {
        try {
          await d.insertOne(doc);
          return doc.v;
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
        const held = await d.findOne({ _id: id });
        if (!held) return CONFLICT; // removed meanwhile
        if (!isStale(held, this.spec.hidesExpired, this.store.now())) return null;
        return (await d.replaceOne(takeOverFilter({ ...held, _id: id }), doc)) === 1 ? doc.v : CONFLICT;
      },
      { maxAttempts: CREATE_ATTEMPTS },
    );
  }

  async replace(id: string, value: T, expectedVersion: number): Promise<number | null> {
    checkId(id);
    const d = await this.ready();
    const doc = toDoc(this.spec, id, value, expectedVersion + 1);
    const matched = await d.replaceOne(versionFilter(id, expectedVersion, this.spec.hidesExpired, this.store.now()), doc);
    return matched === 1 ? doc.v : null;
  }

  async delete(id: string, expectedVersion?: number): Promise<boolean> {
    checkId(id);
    const d = await this.ready();
    return (await d.deleteOne(versionFilter(id, expectedVersion, this.spec.hidesExpired, this.store.now()))) === 1;
  }

  async list(index: string, query: ListQuery): Promise<ListPage<T>> {
    this.spec.checkIndex(index);
    const { order, limit } = checkListQuery(query);
    const q = listQuery(index, query, { order, limit, hidesExpired: this.spec.hidesExpired, now: this.store.now() });
    const docs = await (await this.ready()).find(q.filter, q.sort, q.limit);
    const page = docs.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((doc) => fromDoc(this.spec, doc)),
      next: docs.length > limit && last ? encodeCursor(positionOf(last, index)) : null,
    };
  }

  async count(index: string, query: RangeQuery = {}): Promise<number> {
    this.spec.checkIndex(index);
    checkRange(query);
    return (await this.ready()).countDocuments(indexFilter(index, query));
  }

  async countByPartition(index: string): Promise<Map<string, number>> {
    this.spec.checkIndex(index);
    const groups = await (await this.ready()).countBy(partitionField(index), indexFilter(index, {}));
    return new Map(groups.filter((g) => typeof g.value === 'string').map((g) => [g.value as string, g.count]));
  }

  async deleteExpired(now: Date): Promise<number> {
    return (await this.ready()).deleteMany(expiredFilter(now));
  }
}
