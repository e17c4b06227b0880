// What every adapter derives from a CollectionSpec: checked names, the codec, each value's index
// entries and expiry, and the checks of list queries.
import { jsonDateCodec } from './codec.ts';
import type { CollectionSpec, IndexEntry, ListQuery, RangeQuery, RecordCodec } from './types.ts';

const COLLECTION_NAME = /^[A-Za-z0-9_-]+$/;
const INDEX_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** A spec with its defaults applied, as adapters use it. */
export interface ResolvedSpec<T> {
  name: string;
  codec: RecordCodec<T>;
  indexNames: string[];
  /** The value's entry in each index it is in. */
  entries(value: T): Record<string, IndexEntry>;
  expiry(value: T): Date | null;
  /** Whether expired records read as absent before they are removed (not readableUntilRemoved). */
  hidesExpired: boolean;
  /** True when a record expiring at `exp` reads as absent at `now`. */
  hidden(exp: Date | null, now: Date): boolean;
  /** Throws unless `index` is declared. */
  checkIndex(index: string): void;
}

export function resolveSpec<T>(spec: CollectionSpec<T>): ResolvedSpec<T> {
  if (!COLLECTION_NAME.test(spec.name)) throw new TypeError(`invalid collection name: ${spec.name}`);
  const indexes = spec.indexes ?? {};
  const indexNames = Object.keys(indexes);
  for (const name of indexNames) {
    if (!INDEX_NAME.test(name)) throw new TypeError(`collection ${spec.name}: invalid index name: ${name}`);
  }
  const readable = spec.readableUntilRemoved ?? false;
  return {
    name: spec.name,
    codec: spec.codec ?? jsonDateCodec<T>(),
    indexNames,
    entries(value) {
      const out: Record<string, IndexEntry> = {};
      for (const name of indexNames) {
        const entry = indexes[name]!(value);
        if (entry === null) continue;
        if (typeof entry.partition !== 'string' || typeof entry.sort !== 'string') {
          throw new TypeError(`collection ${spec.name}, index ${name}: partition and sort must be strings`);
        }
        out[name] = { partition: entry.partition, sort: entry.sort };
      }
      return out;
    },
    expiry(value) {
      const exp = spec.expiresAt?.(value) ?? null;
      if (exp !== null && (!(exp instanceof Date) || Number.isNaN(exp.getTime()))) {
        throw new TypeError(`collection ${spec.name}: expiresAt must return a valid Date or null`);
      }
      return exp;
    },
    hidesExpired: !readable,
    hidden: (exp, now) => !readable && exp !== null && exp.getTime() <= now.getTime(),
    checkIndex(index) {
      if (!Object.hasOwn(indexes, index)) throw new TypeError(`collection ${spec.name} has no index ${index}`);
    },
  };
}

export function checkId(id: string): void {
  if (typeof id !== 'string' || id.length === 0) throw new TypeError('a record id must be a non-empty string');
}

export function checkRange(query: RangeQuery): void {
  for (const k of ['partition', 'from', 'to'] as const) {
    if (query[k] !== undefined && typeof query[k] !== 'string') throw new TypeError(`${k} must be a string`);
  }
}

export function checkListQuery(query: ListQuery): { order: 'asc' | 'desc'; limit: number } {
  checkRange(query);
  const order = query.order ?? 'asc';
  if (order !== 'asc' && order !== 'desc') throw new TypeError(`order must be 'asc' or 'desc'`);
  if (!Number.isInteger(query.limit) || query.limit < 1) throw new TypeError('limit must be a positive integer');
  return { order, limit: query.limit };
}
