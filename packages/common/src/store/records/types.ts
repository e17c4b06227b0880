// The persistence port: one conditional record store that every store (jobs, idempotency keys, banks,
// policies, workflow) is written on once, with a thin adapter per backend (embedded nedb files, NATS
// JetStream KV, MongoDB). A collection holds whole records under string ids; every record carries a
// version that changes on each write, and every write that could race is conditional on it, so the
// read-modify-write loop in update.ts is the only concurrency control a store needs.
//
// Secondary access goes through declared indexes: an index maps a record to one (partition, sort)
// entry or to none. Partitions and sort keys compare as JavaScript strings do (UTF-16 code units);
// MongoDB compares UTF-8 bytes, which orders the same for every string without characters at or above
// U+E000, so keep sort keys ASCII (sort-keys.ts builds them) and use partitions for equality.

/** One entry of a record in an index. */
export interface IndexEntry {
  partition: string;
  sort: string;
}

/** Where a record sits in an index, or null when it is not in it. Must be pure. */
export type IndexFunction<T> = (value: T) => IndexEntry | null;

/** How values are turned into the text a backend keeps, and back. */
export interface RecordCodec<T> {
  encode(value: T): string;
  decode(text: string): T;
}

export interface CollectionSpec<T> {
  /** [A-Za-z0-9_-]+: a file, bucket or collection name in every backend. One spec per name per store. */
  name: string;
  /** Index name ([A-Za-z][A-Za-z0-9_-]*) to the record's entry in it. */
  indexes?: Record<string, IndexFunction<T>>;
  /** When the record expires (null: never). deleteExpired(now) removes records that expired before now. */
  expiresAt?: (value: T) => Date | null;
  /**
   * false (default): a record reads as absent from the moment it expires (get, list and replace skip it
   * and create may take its id) until it is removed. true: it stays readable until removed.
   */
  readableUntilRemoved?: boolean;
  /** Default: JSON keeping Date objects anywhere in the value (codec.ts). */
  codec?: RecordCodec<T>;
}

/** A record as read, with the version to make a conditional write against. */
export interface Versioned<T> {
  value: T;
  version: number;
}

export interface ListedRecord<T> extends Versioned<T> {
  id: string;
}

export interface RangeQuery {
  /** Only this partition; omitted: every partition. */
  partition?: string;
  /** Inclusive bounds on the sort key. */
  from?: string;
  to?: string;
}

export interface ListQuery extends RangeQuery {
  /**
   * 'asc' (default) or 'desc', by (partition, sort key, id): within one partition by sort key, ties
   * broken by id.
   */
  order?: 'asc' | 'desc';
  /** At most this many items (a positive integer). */
  limit: number;
  /** The `next` of the previous page: this page starts strictly after its last item. */
  after?: string | null;
}

export interface ListPage<T> {
  items: ListedRecord<T>[];
  /** Cursor for the next page, or null when this page is the last. */
  next: string | null;
}

export interface RecordCollection<T> {
  readonly name: string;
  /** Creates what backs the collection (file, bucket, indexes) if missing; other methods call it when needed. */
  open(): Promise<void>;
  get(id: string): Promise<Versioned<T> | null>;
  /** Stores the record unless the id holds one; returns its version, or null when the id was taken. */
  create(id: string, value: T): Promise<number | null>;
  /** Replaces the record if it is still at `expectedVersion`; returns the new version, or null (changed or absent). */
  replace(id: string, value: T, expectedVersion: number): Promise<number | null>;
  /** Removes the record (only at `expectedVersion` when given); true when this call removed it. */
  delete(id: string, expectedVersion?: number): Promise<boolean>;
  /** One page of an index, in index order. Records that expired and are not readable are skipped. */
  list(index: string, query: ListQuery): Promise<ListPage<T>>;
  /** Entries of an index in the range (expired records count until removed). */
  count(index: string, query?: RangeQuery): Promise<number>;
  /** Entries of an index per partition (only partitions with entries). */
  countByPartition(index: string): Promise<Map<string, number>>;
  /** Removes the records whose expiry is before `now`; returns how many this call removed. */
  deleteExpired(now: Date): Promise<number>;
}

export type RecordStoreKind = 'embedded' | 'nats-kv' | 'mongodb';

/** One per deployment: one directory, one NATS connection or one MongoDB database. */
export interface RecordStore {
  readonly kind: RecordStoreKind;
  /** Connects or opens (collections open on first use). Other methods call it when needed. */
  init(): Promise<void>;
  /** Releases everything; collections of a closed store reject. */
  close(): Promise<void>;
  collection<T>(spec: CollectionSpec<T>): RecordCollection<T>;
}

/** A conditional write kept losing to concurrent writes of the same record. */
export class RecordConflictError extends Error {
  constructor(
    readonly collection: string,
    readonly id: string,
    readonly attempts: number,
  ) {
    super(`${collection} record ${id}: gave up after ${attempts} conflicting concurrent writes`);
    this.name = 'RecordConflictError';
  }
}
