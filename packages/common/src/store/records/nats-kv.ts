// The record store on NATS JetStream KV, for distributed deployments without MongoDB: one bucket per
// collection (`<bucketPrefix><collection>`, history 1, file storage), key layout in kv-keys.ts. The
// version of a record is its KV revision: create is kv.create, replace is kv.update on the revision,
// delete purges the record's subject up to the revision read (nothing is left behind, and a record
// rewritten meanwhile survives).
//
// Index entries are keys written apart from the record, so they may briefly disagree with it; readers
// trust the record. A key a write makes the record need is put before the write (a crash leaves an
// extra key, never a missing one) and again after it (a concurrent removal may have landed between),
// then dropped if the record, read again, has already moved on; a key it stops needing is purged after
// the write and put back if the record, read again, needs it.
// list() reads the records its keys name and skips (and removes) keys their record no longer has;
// count() and countByPartition() read keys only, so they may count a key left by a crash until a list
// or a sweep removes it. Listing reads every key of the index (or of the partition) each time: fine
// for thousands of entries, not for millions, so keep partitions small (e.g. per-minute ones).
//
// Buckets get no max_age: an index key that stays valid across rewrites is not rewritten, so an age
// limit could drop it while its record still needs it. Expiry is deleteExpired()'s job.
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { StorageType, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { Kvm, type KV } from '@nats-io/kv';
import { comparePositions, decodeCursor, encodeCursor, inRange, type Position } from './cursor.ts';
import { EXPIRY_INDEX, expiryEntry, indexFilter, indexKey, isRevisionConflict, parseIndexKey, recordKey, type ParsedIndexKey } from './kv-keys.ts';
import { numberKey } from './sort-keys.ts';
import { checkId, checkListQuery, checkRange, resolveSpec, type ResolvedSpec } from './spec.ts';
import { CONFLICT, retryOnConflict } from './update.ts';
import type { CollectionSpec, ListPage, ListQuery, ListedRecord, RangeQuery, RecordCollection, RecordStore, Versioned } from './types.ts';

export interface NatsKvRecordStoreOptions {
  /** NATS URL (e.g. nats://127.0.0.1:4222); either this or `connection`. */
  url?: string;
  /** An existing connection; close() leaves it open. */
  connection?: NatsConnection;
  /** Prepended to collection names to make bucket names. Default ''. */
  bucketPrefix?: string;
  /** Attempts of a create or delete that keeps racing other writes. Default 20. */
  maxAttempts?: number;
  /** Clock for expiry, for tests. */
  now?: () => Date;
}

/** Reads in flight at once while listing. */
const READ_CONCURRENCY = 16;

interface Conn {
  nc: NatsConnection;
  jsm: JetStreamManager;
}

export class NatsKvRecordStore implements RecordStore {
  readonly kind = 'nats-kv' as const;
  readonly bucketPrefix: string;
  readonly maxAttempts: number;
  readonly now: () => Date;
  private readonly opts: NatsKvRecordStoreOptions;
  private opening: Promise<Conn> | null = null;
  private closed = false;

  constructor(opts: NatsKvRecordStoreOptions) {
    if (!opts.url && !opts.connection) throw new TypeError('NatsKvRecordStore needs url or connection');
    this.opts = opts;
    this.bucketPrefix = opts.bucketPrefix ?? '';
    if (this.bucketPrefix !== '' && !/^[-\w]+$/.test(this.bucketPrefix)) throw new TypeError(`invalid bucket prefix: ${this.bucketPrefix}`);
    this.maxAttempts = Math.max(1, Math.floor(opts.maxAttempts ?? 20));
    this.now = opts.now ?? (() => new Date());
  }

  async init(): Promise<void> {
    await this.conn();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const opened = await this.opening?.catch(() => null);
    this.opening = null;
    if (opened && !this.opts.connection && !opened.nc.isClosed()) await opened.nc.drain();
  }

  conn(): Promise<Conn> {
    if (this.closed) return Promise.reject(new Error('record store (NATS KV) is closed'));
    if (!this.opening) {
      this.opening = (async () => {
        const nc = this.opts.connection ?? (await connect({ servers: this.opts.url, name: 'modsvc-records', maxReconnectAttempts: -1, reconnectTimeWait: 1000 }));
        try {
          return { nc, jsm: await jetstreamManager(nc) };
        } catch (err) {
          if (!this.opts.connection) await nc.close().catch(() => undefined);
          throw err;
        }
      })();
      this.opening.catch(() => {
        this.opening = null;
      });
    }
    return this.opening;
  }

  collection<T>(spec: CollectionSpec<T>): RecordCollection<T> {
    return new NatsKvCollection(this, resolveSpec(spec));
  }
}

interface Bucket {
  kv: KV;
  jsm: JetStreamManager;
  stream: string;
  subjectPrefix: string;
}

interface Current<T> extends Versioned<T> {
  keys: string[];
  exp: Date | null;
}

class NatsKvCollection<T> implements RecordCollection<T> {
  readonly name: string;
  readonly bucketName: string;
  private opened: Promise<Bucket> | null = null;

  constructor(
    private readonly store: NatsKvRecordStore,
    private readonly spec: ResolvedSpec<T>,
  ) {
    this.name = spec.name;
    this.bucketName = `${store.bucketPrefix}${spec.name}`;
  }

  private bucket(): Promise<Bucket> {
    if (!this.opened) {
      this.opened = (async () => {
        const { nc, jsm } = await this.store.conn();
        const kv = await new Kvm(nc).create(this.bucketName, { history: 1, storage: StorageType.File });
        const stream = `KV_${this.bucketName}`;
        const history = (await jsm.streams.info(stream)).config.max_msgs_per_subject;
        if (history !== 1) throw new Error(`KV bucket ${this.bucketName} keeps ${history} values per key; the record store needs 1`);
        return { kv, jsm, stream, subjectPrefix: `$KV.${this.bucketName}.` };
      })();
      this.opened.catch(() => (this.opened = null));
    }
    // A closed store rejects even where the bucket was opened before.
    const opened = this.opened;
    return this.store.conn().then(() => opened);
  }

  /** Every key the record `value` under `id` needs beside it. */
  private keysOf(id: string, value: T): string[] {
    const keys = Object.entries(this.spec.entries(value)).map(([index, e]) => indexKey(index, e, id));
    const exp = this.spec.expiry(value);
    if (exp !== null) keys.push(indexKey(EXPIRY_INDEX, expiryEntry(exp), id));
    return keys;
  }

  private async read(b: Bucket, id: string): Promise<Current<T> | null> {
    const e = await b.kv.get(recordKey(id));
    if (!e || e.operation !== 'PUT') return null;
    const value = this.spec.codec.decode(e.string());
    return { value, version: e.revision, keys: this.keysOf(id, value), exp: this.spec.expiry(value) };
  }

  private hidden(c: Current<T>): boolean {
    return this.spec.hidden(c.exp, this.store.now());
  }

  private async putKeys(b: Bucket, keys: string[]): Promise<void> {
    await Promise.all(keys.map((k) => b.kv.put(k, '')));
  }

  /** Removes every message of a key's subject up to (not including) `beforeSeq`, or all; how many went. */
  private async purgeSubject(b: Bucket, key: string, beforeSeq?: number): Promise<number> {
    const res = await b.jsm.streams.purge(b.stream, beforeSeq === undefined ? { filter: b.subjectPrefix + key } : { filter: b.subjectPrefix + key, seq: beforeSeq });
    return res.purged;
  }

  /** Removes index keys the record under `id` no longer needs, putting back any it needs again by now. */
  private async dropKeys(b: Bucket, id: string, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await Promise.all(keys.map((k) => this.purgeSubject(b, k)));
    const current = await this.read(b, id);
    if (current) await this.putKeys(b, keys.filter((k) => current.keys.includes(k)));
  }

  /**
   * After a write: puts `keys` again (a removal by an earlier write may have landed between the first
   * put and this write), then removes any the record, read once more, no longer needs (a later write
   * may have removed them before this put landed).
   */
  private async settleKeys(b: Bucket, id: string, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.putKeys(b, keys);
    const current = await this.read(b, id);
    await this.dropKeys(b, id, keys.filter((k) => !current?.keys.includes(k)));
  }

  async open(): Promise<void> {
    await this.bucket();
  }

  async get(id: string): Promise<Versioned<T> | null> {
    checkId(id);
    const c = await this.read(await this.bucket(), id);
    return c && !this.hidden(c) ? { value: c.value, version: c.version } : null;
  }

  async create(id: string, value: T): Promise<number | null> {
    checkId(id);
    const b = await this.bucket();
    const text = this.spec.codec.encode(value);
    const keys = this.keysOf(id, value);
    return retryOnConflict<number | null>(
      this,
      id,
      async () => {
        await this.putKeys(b, keys);
        let current: Current<T> | null = null;
        try {
          const version = await b.kv.create(recordKey(id), text);
          await this.settleKeys(b, id, keys);
          return version;
        } catch (err) {
          if (!isRevisionConflict(err)) throw err;
          current = await this.read(b, id);
        }
        if (current && !this.hidden(current)) {
          await this.dropKeys(b, id, keys.filter((k) => !current.keys.includes(k)));
          return null;
        }
        if (!current) return CONFLICT; // removed meanwhile: try again
        // Expired but not removed yet: take the id over unless another write gets there first.
        return (await this.conditionalWrite(b, id, text, current, keys)) ?? CONFLICT;
      },
      { maxAttempts: this.store.maxAttempts },
    );
  }

  /** kv.update on `current`'s revision with the index keys maintained around it; null on a conflict. */
  private async conditionalWrite(b: Bucket, id: string, text: string, current: Current<T>, after: string[]): Promise<number | null> {
    const entering = after.filter((k) => !current.keys.includes(k));
    const leaving = current.keys.filter((k) => !after.includes(k));
    await this.putKeys(b, entering);
    let version: number;
    try {
      version = await b.kv.update(recordKey(id), text, current.version);
    } catch (err) {
      if (!isRevisionConflict(err)) throw err;
      await this.dropKeys(b, id, entering);
      return null;
    }
    await this.settleKeys(b, id, entering);
    await this.dropKeys(b, id, leaving);
    return version;
  }

  async replace(id: string, value: T, expectedVersion: number): Promise<number | null> {
    checkId(id);
    const b = await this.bucket();
    const text = this.spec.codec.encode(value);
    const current = await this.read(b, id);
    if (!current || current.version !== expectedVersion || this.hidden(current)) return null;
    return this.conditionalWrite(b, id, text, current, this.keysOf(id, value));
  }

  async delete(id: string, expectedVersion?: number): Promise<boolean> {
    checkId(id);
    const b = await this.bucket();
    return retryOnConflict(
      this,
      id,
      async () => {
        const current = await this.read(b, id);
        if (!current || this.hidden(current)) return false;
        if (expectedVersion !== undefined && current.version !== expectedVersion) return false;
        if (await this.removeAt(b, id, current)) return true;
        return expectedVersion === undefined ? CONFLICT : false; // rewritten meanwhile
      },
      { maxAttempts: this.store.maxAttempts },
    );
  }

  /** Purges the record if it is still at `current`'s revision (history 1: an older one is already gone), then its keys. */
  private async removeAt(b: Bucket, id: string, current: Current<T>): Promise<boolean> {
    if ((await this.purgeSubject(b, recordKey(id), current.version + 1)) === 0) return false;
    await this.dropKeys(b, id, current.keys);
    return true;
  }

  /**
   * The index keys matching `filter`, read from the stream's subject list in one request (paged by the
   * client when long). Not kv.keys(): its consumer ends when the server's pending count reaches zero,
   * and with writes and purges landing on the filtered subjects meanwhile that may never happen, so a
   * list under concurrent publishes hung. Keys are purged, never deleted with a marker, so every
   * subject the stream holds is a live key.
   */
  private async indexKeys(b: Bucket, filter: string): Promise<ParsedIndexKey[]> {
    const info = await b.jsm.streams.info(b.stream, { subjects_filter: b.subjectPrefix + filter });
    const out: ParsedIndexKey[] = [];
    for (const subject of Object.keys(info.state.subjects ?? {})) {
      const parsed = parseIndexKey(subject.slice(b.subjectPrefix.length));
      if (parsed) out.push(parsed);
    }
    return out;
  }

  async list(index: string, query: ListQuery): Promise<ListPage<T>> {
    this.spec.checkIndex(index);
    const { order, limit } = checkListQuery(query);
    const after = query.after ? decodeCursor(query.after) : undefined;
    const b = await this.bucket();
    const sign = order === 'asc' ? 1 : -1;
    const candidates = (await this.indexKeys(b, indexFilter(index, query.partition)))
      .filter((k) => inRange(k, query) && (!after || sign * comparePositions(k, after) > 0))
      .sort((x, y) => sign * comparePositions(x, y));
    const found: (ListedRecord<T> & { pos: Position })[] = [];
    for (let i = 0; i < candidates.length && found.length <= limit; i += READ_CONCURRENCY) {
      const batch = candidates.slice(i, i + READ_CONCURRENCY);
      const records = await Promise.all(batch.map((k) => this.read(b, k.id)));
      for (let j = 0; j < batch.length; j += 1) {
        const k = batch[j]!;
        const c = records[j];
        if (!c || !c.keys.includes(k.key)) {
          await this.dropKeys(b, k.id, [k.key]); // left by a crash or a write that moved on
          continue;
        }
        if (this.hidden(c)) continue; // expired: deleteExpired removes it
        if (found.length <= limit) found.push({ id: k.id, value: c.value, version: c.version, pos: k });
      }
    }
    const page = found.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map(({ id, value, version }) => ({ id, value, version })),
      next: found.length > limit && last ? encodeCursor(last.pos) : null,
    };
  }

  async count(index: string, query: RangeQuery = {}): Promise<number> {
    this.spec.checkIndex(index);
    checkRange(query);
    const keys = await this.indexKeys(await this.bucket(), indexFilter(index, query.partition));
    return keys.filter((k) => inRange(k, query)).length;
  }

  async countByPartition(index: string): Promise<Map<string, number>> {
    this.spec.checkIndex(index);
    const counts = new Map<string, number>();
    for (const k of await this.indexKeys(await this.bucket(), indexFilter(index))) counts.set(k.p, (counts.get(k.p) ?? 0) + 1);
    return counts;
  }

  /**
   * Reads the expiry index up to `now` and purges each record that expired before it at the revision
   * read: a record rewritten meanwhile survives until a later sweep, and of concurrent sweeps exactly
   * one counts each record.
   */
  async deleteExpired(now: Date): Promise<number> {
    const b = await this.bucket();
    const bound = numberKey(now.getTime());
    const due = (await this.indexKeys(b, indexFilter(EXPIRY_INDEX))).filter((k) => k.s < bound);
    let deleted = 0;
    for (let i = 0; i < due.length; i += READ_CONCURRENCY) {
      const batch = due.slice(i, i + READ_CONCURRENCY);
      const removed = await Promise.all(
        batch.map(async (k) => {
          const c = await this.read(b, k.id);
          if (c && c.exp !== null && c.exp.getTime() < now.getTime()) return this.removeAt(b, k.id, c);
          if (!c || !c.keys.includes(k.key)) await this.dropKeys(b, k.id, [k.key]);
          return false;
        }),
      );
      deleted += removed.filter(Boolean).length;
    }
    return deleted;
  }
}
