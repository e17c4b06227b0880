// The document the embedded (nedb) and MongoDB adapters keep per record, and the MongoDB-style query
// documents over it, which nedb evaluates with the same meaning ($exists, $in, $gt/$lt, $or, $and).
//   {_id: id, v: version, exp: Date | null, ix: {<index>: {p: partition, s: sort key}}, rec: encoded value}
// Only `ix` and `exp` are queried; the value stays one opaque string (see codec.ts).
import type { Position } from './cursor.ts';
import type { ResolvedSpec } from './spec.ts';
import type { ListedRecord } from './types.ts';

export interface RecordDoc {
  _id: string;
  v: number;
  exp: Date | null;
  ix: Record<string, { p: string; s: string }>;
  rec: string;
}

export type DocFilter = Record<string, unknown>;
export type DocSort = Record<string, 1 | -1>;

export function toDoc<T>(spec: ResolvedSpec<T>, id: string, value: T, version: number): RecordDoc {
  const ix: RecordDoc['ix'] = {};
  for (const [name, e] of Object.entries(spec.entries(value))) ix[name] = { p: e.partition, s: e.sort };
  return { _id: id, v: version, exp: spec.expiry(value), ix, rec: spec.codec.encode(value) };
}

/** False for a document this adapter did not write (no version), which reads as absent. */
export function isRecordDoc(doc: Partial<RecordDoc> | null | undefined): doc is RecordDoc {
  return !!doc && typeof doc.v === 'number' && typeof doc.rec === 'string';
}

export function fromDoc<T>(spec: ResolvedSpec<T>, doc: RecordDoc): ListedRecord<T> {
  return { id: doc._id, value: spec.codec.decode(doc.rec), version: doc.v };
}

export const partitionField = (index: string) => `ix.${index}.p`;
export const sortField = (index: string) => `ix.${index}.s`;

export function positionOf(doc: RecordDoc, index: string): Position {
  const e = doc.ix[index]!;
  return { p: e.p, s: e.s, id: doc._id };
}

/** Documents of records that read as present at `now` (exp unset or later). */
export function liveFilter(now: Date): DocFilter {
  return { $or: [{ exp: null }, { exp: { $gt: now } }] };
}

/** Records that expired before `now` ($ne: null because nedb, unlike MongoDB, orders null below any Date). */
export function expiredFilter(now: Date): DocFilter {
  return { exp: { $lt: now, $ne: null } };
}

/** The entries of `index` in the range, strictly after `after` in `order` when given. */
export function indexFilter(index: string, q: { partition?: string; from?: string; to?: string }, after?: Position, order: 'asc' | 'desc' = 'asc'): DocFilter {
  const P = partitionField(index);
  const S = sortField(index);
  // `$exists` is spelt out so that MongoDB sees the partial index's filter implied by every query.
  const filter: DocFilter = { [P]: q.partition === undefined ? { $exists: true } : { $exists: true, $in: [q.partition] } };
  const range: Record<string, string> = {};
  if (q.from !== undefined) range.$gte = q.from;
  if (q.to !== undefined) range.$lte = q.to;
  if (Object.keys(range).length > 0) filter[S] = range;
  if (after) {
    const beyond = order === 'asc' ? '$gt' : '$lt';
    const rest = [{ [S]: { [beyond]: after.s } }, { [S]: after.s, _id: { [beyond]: after.id } }];
    const clauses = q.partition === undefined ? [{ [P]: { [beyond]: after.p } }, ...rest.map((c) => ({ [P]: after.p, ...c }))] : rest;
    return { $and: [filter, { $or: clauses }] };
  }
  return filter;
}

export function indexSort(index: string, order: 'asc' | 'desc'): DocSort {
  const d = order === 'asc' ? 1 : -1;
  return { [partitionField(index)]: d, [sortField(index)]: d, _id: d };
}

/** Both conditions (either may be absent). */
export function both(a: DocFilter, b: DocFilter | null): DocFilter {
  return b === null ? a : { $and: [a, b] };
}
