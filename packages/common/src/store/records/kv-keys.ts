// Keys of the NATS KV adapter, one bucket per collection:
//   r.<id>                                   a record (kv.create / kv.update on its revision)
//   i.<index>.x<hex(partition)>.x<hex(sort)>.<id>   an index entry (empty value), beside the record
// <id> is the id itself when it is [A-Za-z0-9_-]+, else '=' + base64url(id) (a KV key token allows
// neither dots nor most punctuation); partitions and sort keys are hex, which keeps every string storable
// (the 'x' keeps an empty one a valid token). The expiry of a record is the internal index `_exp`.
import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';
import { numberKey } from './sort-keys.ts';
import type { IndexEntry } from './types.ts';

const RAW_ID = /^[A-Za-z0-9_-]+$/;
const ENCODED_PREFIX = '=';

export function encodeId(id: string): string {
  return RAW_ID.test(id) ? id : ENCODED_PREFIX + Buffer.from(id, 'utf8').toString('base64url');
}

export function decodeId(token: string): string {
  return token.startsWith(ENCODED_PREFIX) ? Buffer.from(token.slice(ENCODED_PREFIX.length), 'base64url').toString('utf8') : token;
}

const hexToken = (s: string) => `x${Buffer.from(s, 'utf8').toString('hex')}`;
const fromHexToken = (t: string) => Buffer.from(t.slice(1), 'hex').toString('utf8');

/** The internal index of expiry times, which deleteExpired reads. */
export const EXPIRY_INDEX = '_exp';

export const recordKey = (id: string) => `r.${encodeId(id)}`;

export function indexKey(index: string, e: IndexEntry, id: string): string {
  return `i.${index}.${hexToken(e.partition)}.${hexToken(e.sort)}.${encodeId(id)}`;
}

export const expiryEntry = (exp: Date): IndexEntry => ({ partition: '', sort: numberKey(exp.getTime()) });

/** The key filter of an index, or of one of its partitions. */
export function indexFilter(index: string, partition?: string): string {
  return partition === undefined ? `i.${index}.>` : `i.${index}.${hexToken(partition)}.>`;
}

export interface ParsedIndexKey {
  key: string;
  p: string;
  s: string;
  id: string;
}

/** The parts of an index key, or null for a key of another shape. */
export function parseIndexKey(key: string): ParsedIndexKey | null {
  const parts = key.split('.');
  if (parts.length !== 5 || parts[0] !== 'i') return null;
  return { key, p: fromHexToken(parts[2]!), s: fromHexToken(parts[3]!), id: decodeId(parts[4]!) };
}

/** True for the server's "wrong last sequence" answer to a conditional write. */
export function isRevisionConflict(err: unknown): boolean {
  if (err instanceof JetStreamApiError) {
    return err.code === JetStreamApiCodes.StreamWrongLastSequence || err.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown;
  }
  return err instanceof Error && /wrong last sequence/i.test(err.message);
}
