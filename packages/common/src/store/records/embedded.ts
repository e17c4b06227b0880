// The record store in files, for the all-in-one deployment: one nedb file per collection,
// `<dir>/<collection>.db` (an append-only log of JSON lines, compacted on open, on close and when it
// grows past twice the live data), one document per record (document.ts) with nedb indexes on the
// index fields and on the expiry.
//
// Conditional writes are read-compare-write under one in-process queue per collection, which makes
// them atomic: one directory is one store, stores opened on the same directory in one process share
// its datastores, and a LOCK file refuses a second live process on the same host (use NATS KV or
// MongoDB to run several). Versions come from a per-collection counter that only grows while the
// directory is open.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { serviceLogger } from '../../logger.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { releaseDirLock, takeDirLock } from './dir-lock.ts';
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
  type RecordDoc,
} from './document.ts';
import { Datastore } from './nedb.ts';
import { SerialQueue } from './serial-queue.ts';
import { checkId, checkListQuery, checkRange, resolveSpec, type ResolvedSpec } from './spec.ts';
import { repairTornTail } from './torn-tail.ts';
import type { CollectionSpec, ListPage, ListQuery, RangeQuery, RecordCollection, RecordStore, Versioned } from './types.ts';

const log = serviceLogger('embedded-store');

export interface EmbeddedRecordStoreOptions {
  /** Directory holding one `<collection>.db` per collection and the LOCK file; created if missing. */
  dir: string;
  /** Refuse to open a directory locked by another live process on this host. Default true. */
  lock?: boolean;
  /**
   * Every this many writes to a collection, its file is compacted if the writes since the last
   * compaction outnumber twice its live records. Default 1000. The first store to open a directory decides.
   */
  compactionCheckWrites?: number;
  /** Clock for expiry, for tests. */
  now?: () => Date;
}

const DEFAULT_COMPACTION_CHECK_WRITES = 1000;

/** One collection's datastore, shared by every store open on the directory. */
class SharedCollection {
  readonly queue = new SerialQueue();
  private writesSinceCompaction = 0;

  constructor(
    readonly file: string,
    readonly db: Datastore<RecordDoc>,
    private version: number,
    private readonly checkEvery: number,
  ) {}

  nextVersion(): number {
    this.version += 1;
    return this.version;
  }

  /** Called after writes: compacts once the log holds more than ~2x the live documents. */
  noteWrites(n = 1): void {
    for (let i = 0; i < n; i += 1) {
      this.writesSinceCompaction += 1;
      if (this.writesSinceCompaction % this.checkEvery !== 0) continue;
      if (this.writesSinceCompaction >= 2 * this.db.getAllData().length) {
        this.writesSinceCompaction = 0;
        this.db.compactDatafileAsync().catch((err: unknown) => log.error({ err, file: this.file }, 'compaction failed'));
      }
    }
  }
}

/**
 * Documents written by the store this one replaced hold the encoded value in `rec` but no version or
 * index fields: they are given both on open, and the other store's indexes are dropped.
 */
async function upgradeLegacy<T>(db: Datastore<RecordDoc>, spec: ResolvedSpec<T>, nextVersion: () => number): Promise<number> {
  const legacy = (await db.findAsync({ v: { $exists: false } })) as Partial<RecordDoc>[];
  let upgraded = 0;
  for (const doc of legacy) {
    if (typeof doc._id !== 'string' || typeof doc.rec !== 'string') continue;
    await db.updateAsync({ _id: doc._id }, toDoc(spec, doc._id, spec.codec.decode(doc.rec), nextVersion()), {});
    upgraded += 1;
  }
  if (upgraded > 0) {
    const ours = (f: string) => f === '_id' || f === 'exp' || f.startsWith('ix.');
    const indexes = (db as unknown as { indexes: Record<string, unknown> }).indexes; // untyped, but public
    for (const field of Object.keys(indexes)) if (!ours(field)) await db.removeIndexAsync(field);
  }
  return upgraded;
}

async function openCollection<T>(dir: string, spec: ResolvedSpec<T>, checkEvery: number): Promise<SharedCollection> {
  const file = join(dir, `${spec.name}.db`);
  const dropped = await repairTornTail(file);
  if (dropped > 0) log.warn({ file, dropped }, 'dropped a partly written last line');
  const db = new Datastore<RecordDoc>({ filename: file });
  await db.loadDatabaseAsync();
  await db.ensureIndexAsync({ fieldName: 'exp' });
  for (const name of spec.indexNames) {
    await db.ensureIndexAsync({ fieldName: partitionField(name), sparse: true });
    await db.ensureIndexAsync({ fieldName: sortField(name), sparse: true });
  }
  const maxVersion = db.getAllData().reduce((m, d) => (typeof d.v === 'number' && d.v > m ? d.v : m), 0);
  const shared = new SharedCollection(file, db, maxVersion, checkEvery);
  const upgraded = await upgradeLegacy(db, spec, () => shared.nextVersion());
  if (upgraded > 0) log.info({ file, upgraded }, 'gave records of the previous store format versions and index entries');
  log.debug({ file, records: db.getAllData().length }, 'collection opened');
  return shared;
}

/** What one directory holds open: the lock and the collections. */
class DirBackend {
  refs = 0;
  private readonly collections = new Map<string, Promise<SharedCollection>>();

  constructor(
    readonly dir: string,
    private readonly lockPath: string | null,
    private readonly checkEvery: number,
  ) {}

  collection<T>(spec: ResolvedSpec<T>): Promise<SharedCollection> {
    let opened = this.collections.get(spec.name);
    if (!opened) {
      opened = openCollection(this.dir, spec, this.checkEvery);
      this.collections.set(spec.name, opened);
      opened.catch(() => this.collections.delete(spec.name));
    }
    return opened;
  }

  async shutdown(): Promise<void> {
    for (const opened of this.collections.values()) {
      const c = await opened.catch(() => null);
      if (c) await c.queue.run(() => c.db.compactDatafileAsync());
    }
    if (this.lockPath) await releaseDirLock(this.lockPath);
  }
}

const backends = new Map<string, Promise<DirBackend>>();
/** Shutdowns in progress, so that reopening a directory waits for its last close to finish. */
const closing = new Map<string, Promise<void>>();

async function openBackend(dir: string, lock: boolean, checkEvery: number): Promise<DirBackend> {
  await mkdir(dir, { recursive: true });
  const lockPath = lock ? join(dir, 'LOCK') : null;
  if (lockPath) await takeDirLock(lockPath, dir);
  return new DirBackend(dir, lockPath, checkEvery);
}

async function acquireBackend(dir: string, lock: boolean, checkEvery: number): Promise<DirBackend> {
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

async function releaseBackend(backend: DirBackend): Promise<void> {
  backend.refs -= 1;
  if (backend.refs > 0) return;
  backends.delete(backend.dir);
  const done = backend.shutdown().finally(() => {
    if (closing.get(backend.dir) === done) closing.delete(backend.dir);
  });
  closing.set(backend.dir, done);
  await done;
}

export class EmbeddedRecordStore implements RecordStore {
  readonly kind = 'embedded' as const;
  readonly dir: string;
  readonly now: () => Date;
  private readonly lock: boolean;
  private readonly checkEvery: number;
  private opening: Promise<DirBackend> | null = null;
  private closed = false;

  constructor(opts: EmbeddedRecordStoreOptions) {
    this.dir = resolve(opts.dir);
    this.lock = opts.lock ?? true;
    this.checkEvery = Math.max(1, Math.floor(opts.compactionCheckWrites ?? DEFAULT_COMPACTION_CHECK_WRITES));
    this.now = opts.now ?? (() => new Date());
  }

  async init(): Promise<void> {
    await this.backend();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const opening = this.opening;
    this.opening = null;
    const backend = await opening?.catch(() => null);
    if (backend) await releaseBackend(backend);
  }

  backend(): Promise<DirBackend> {
    if (this.closed) return Promise.reject(new Error(`store ${this.dir} is closed`));
    if (!this.opening) {
      this.opening = acquireBackend(this.dir, this.lock, this.checkEvery);
      this.opening.catch(() => {
        this.opening = null;
      });
    }
    return this.opening;
  }

  collection<T>(spec: CollectionSpec<T>): RecordCollection<T> {
    return new EmbeddedCollection(this, resolveSpec(spec));
  }
}

class EmbeddedCollection<T> implements RecordCollection<T> {
  readonly name: string;

  constructor(
    private readonly store: EmbeddedRecordStore,
    private readonly spec: ResolvedSpec<T>,
  ) {
    this.name = spec.name;
  }

  private async shared(): Promise<SharedCollection> {
    return (await this.store.backend()).collection(this.spec);
  }

  /** The stored document if it reads as present now. */
  private live(doc: RecordDoc | null): doc is RecordDoc {
    return isRecordDoc(doc) && !this.spec.hidden(doc.exp, this.store.now());
  }

  async open(): Promise<void> {
    await this.shared();
  }

  async get(id: string): Promise<Versioned<T> | null> {
    checkId(id);
    const doc = await (await this.shared()).db.findOneAsync({ _id: id });
    if (!this.live(doc)) return null;
    const { value, version } = fromDoc(this.spec, doc);
    return { value, version };
  }

  async create(id: string, value: T): Promise<number | null> {
    checkId(id);
    const c = await this.shared();
    const doc = toDoc(this.spec, id, value, 0);
    return c.queue.run(async () => {
      const existing = await c.db.findOneAsync({ _id: id });
      if (this.live(existing)) return null;
      doc.v = c.nextVersion();
      if (existing) await c.db.updateAsync({ _id: id }, doc, {});
      else await c.db.insertAsync(doc);
      c.noteWrites();
      return doc.v;
    });
  }

  async replace(id: string, value: T, expectedVersion: number): Promise<number | null> {
    checkId(id);
    const c = await this.shared();
    const doc = toDoc(this.spec, id, value, 0);
    return c.queue.run(async () => {
      const existing = await c.db.findOneAsync({ _id: id });
      if (!this.live(existing) || existing.v !== expectedVersion) return null;
      doc.v = c.nextVersion();
      await c.db.updateAsync({ _id: id }, doc, {});
      c.noteWrites();
      return doc.v;
    });
  }

  async delete(id: string, expectedVersion?: number): Promise<boolean> {
    checkId(id);
    const c = await this.shared();
    return c.queue.run(async () => {
      const existing = await c.db.findOneAsync({ _id: id });
      if (!this.live(existing) || (expectedVersion !== undefined && existing.v !== expectedVersion)) return false;
      await c.db.removeAsync({ _id: id }, {});
      c.noteWrites();
      return true;
    });
  }

  async list(index: string, query: ListQuery): Promise<ListPage<T>> {
    this.spec.checkIndex(index);
    const { order, limit } = checkListQuery(query);
    const after = query.after ? decodeCursor(query.after) : undefined;
    const filter = both(indexFilter(index, query, after, order), this.spec.hidesExpired ? liveFilter(this.store.now()) : null);
    const docs = await (await this.shared()).db.findAsync(filter).sort(indexSort(index, order)).limit(limit + 1);
    const page = docs.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((d) => fromDoc(this.spec, d)),
      next: docs.length > limit && last ? encodeCursor(positionOf(last, index)) : null,
    };
  }

  async count(index: string, query: RangeQuery = {}): Promise<number> {
    this.spec.checkIndex(index);
    checkRange(query);
    return (await this.shared()).db.countAsync(indexFilter(index, query));
  }

  async countByPartition(index: string): Promise<Map<string, number>> {
    this.spec.checkIndex(index);
    const docs = await (await this.shared()).db.findAsync(indexFilter(index, {}), { ix: 1 });
    const counts = new Map<string, number>();
    for (const d of docs) {
      const p = d.ix[index]!.p;
      counts.set(p, (counts.get(p) ?? 0) + 1);
    }
    return counts;
  }

  async deleteExpired(now: Date): Promise<number> {
    const c = await this.shared();
    return c.queue.run(async () => {
      const n = await c.db.removeAsync(expiredFilter(now), { multi: true });
      c.noteWrites(n);
      return n;
    });
  }
}
