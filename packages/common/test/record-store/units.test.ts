// The record store's pure parts: sort keys, codec, cursors, KV keys, the MongoDB query builders (no
// server needed) and the update loop's bound.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeValue, encodeValue } from '../../src/store/records/codec.ts';
import { comparePositions, decodeCursor, encodeCursor } from '../../src/store/records/cursor.ts';
import { expiredFilter, indexFilter, indexSort, liveFilter, toDoc } from '../../src/store/records/document.ts';
import { EmbeddedRecordStore } from '../../src/store/records/embedded.ts';
import { createRecordStore } from '../../src/store/records/index.ts';
import { decodeId, encodeId, indexKey, parseIndexKey } from '../../src/store/records/kv-keys.ts';
import { dbNameFromUrl, isStale, listQuery, mongoDatabaseName, mongoIndexes, takeOverFilter, versionFilter, MongoRecordStore } from '../../src/store/records/mongo.ts';
import { NatsKvRecordStore } from '../../src/store/records/nats-kv.ts';
import { descNumberKey, minuteKey, numberKey, timeKey } from '../../src/store/records/sort-keys.ts';
import { resolveSpec } from '../../src/store/records/spec.ts';
import { RecordConflictError, type RecordCollection } from '../../src/store/records/types.ts';
import { createOrGet, updateRecord } from '../../src/store/records/update.ts';

describe('sort keys', () => {
  it('order fixed-width numbers as the numbers, ascending or descending', () => {
    const ns = [-(2 ** 53 - 1), -1000, -1, 0, 1, 9, 10, 99, 100, 2 ** 53 - 1];
    const asc = ns.map(numberKey);
    expect(asc.every((k) => k.length === 17)).toBe(true);
    expect([...asc].sort()).toEqual(asc);
    const desc = ns.map(descNumberKey);
    expect([...desc].sort()).toEqual([...desc].reverse());
    expect(() => numberKey(1.5)).toThrow(RangeError);
    expect(() => numberKey(2 ** 53)).toThrow(RangeError);
  });

  it('normalise times to UTC ISO, which orders as the times do', () => {
    expect(timeKey('2026-03-01T12:00:00+02:00')).toBe('2026-03-01T10:00:00.000Z');
    expect(timeKey(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(minuteKey('2026-03-01T10:07:59.999Z')).toBe('2026-03-01T10:07');
    expect(() => timeKey('not a time')).toThrow(RangeError);
    expect(() => timeKey(new Date('+012345-01-01T00:00:00Z'))).toThrow(RangeError);
  });
});

describe('codec', () => {
  it('keeps Dates anywhere, and keys with dots and dollars', () => {
    const value = { at: new Date(5), nested: { 'a.b': [new Date(7), { $x: new Date(9) }] }, s: 'x' };
    const back = decodeValue<typeof value>(encodeValue(value));
    expect(back).toEqual(value);
    expect(back.nested['a.b'][0]).toBeInstanceOf(Date);
    expect(decodeValue(encodeValue(new Date(3)))).toEqual(new Date(3));
  });
});

describe('cursors', () => {
  it('round-trip positions and refuse anything else', () => {
    const pos = { p: 'ü.$', s: '', id: 'a b' };
    expect(decodeCursor(encodeCursor(pos))).toEqual(pos);
    for (const bad of ['', 'xyz', Buffer.from('[1,2,3]').toString('base64url'), Buffer.from('["a","b"]').toString('base64url')]) {
      expect(() => decodeCursor(bad)).toThrow(/cursor/);
    }
    expect(comparePositions({ p: 'a', s: 'z', id: 'z' }, { p: 'b', s: 'a', id: 'a' })).toBe(-1);
    expect(comparePositions({ p: 'a', s: 'b', id: 'a' }, { p: 'a', s: 'b', id: 'b' })).toBe(-1);
  });
});

describe('NATS KV keys', () => {
  it('keep plain ids, encode the others into one token, and parse index keys back', () => {
    expect(encodeId('job_AbC-09')).toBe('job_AbC-09');
    for (const id of ['a.b', '=x', 'x y', 'ü', '*', '>']) {
      expect(encodeId(id)).toMatch(/^=[A-Za-z0-9_-]+$/);
      expect(decodeId(encodeId(id))).toBe(id);
    }
    const key = indexKey('queue', { partition: '', sort: 'a.b *' }, 'id.1');
    expect(key).toMatch(/^i\.queue\.x\.x[0-9a-f]+\.=[A-Za-z0-9_-]+$/);
    expect(parseIndexKey(key)).toEqual({ key, p: '', s: 'a.b *', id: 'id.1' });
    expect(parseIndexKey('r.abc')).toBeNull();
  });
});

describe('MongoDB documents and queries', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  const spec = resolveSpec<{ g: string | null; at: Date; exp: Date | null; 'k.$': number }>({
    name: 'things',
    indexes: { byG: (v) => (v.g === null ? null : { partition: v.g, sort: timeKey(v.at) }) },
    expiresAt: (v) => v.exp,
  });

  it('keeps the value as one encoded string beside its version, expiry and index entries', () => {
    const value = { g: 'a', at: now, exp: now, 'k.$': 1 };
    expect(toDoc(spec, 'id1', value, 7)).toEqual({
      _id: 'id1',
      v: 7,
      exp: now,
      ix: { byG: { p: 'a', s: '2026-03-01T12:00:00.000Z' } },
      rec: encodeValue(value),
    });
    expect(toDoc(spec, 'id2', { ...value, g: null, exp: null }, 1)).toMatchObject({ exp: null, ix: {} });
  });

  it('declares a TTL index and one partial compound index per declared index', () => {
    expect(mongoIndexes(['byG'])).toEqual([
      { key: { exp: 1 }, name: 'exp_ttl', expireAfterSeconds: 0 },
      { key: { 'ix.byG.p': 1, 'ix.byG.s': 1, _id: 1 }, name: 'ix_byG', partialFilterExpression: { 'ix.byG.p': { $exists: true } } },
    ]);
  });

  it('queries an index by its partial filter, range and a keyset cursor', () => {
    expect(indexFilter('byG', {})).toEqual({ 'ix.byG.p': { $exists: true } });
    expect(indexFilter('byG', { partition: 'a', from: 'f', to: 't' })).toEqual({ 'ix.byG.p': { $exists: true, $in: ['a'] }, 'ix.byG.s': { $gte: 'f', $lte: 't' } });
    expect(indexFilter('byG', { partition: 'a' }, { p: 'a', s: 'm', id: 'x' }, 'desc')).toEqual({
      $and: [{ 'ix.byG.p': { $exists: true, $in: ['a'] } }, { $or: [{ 'ix.byG.s': { $lt: 'm' } }, { 'ix.byG.s': 'm', _id: { $lt: 'x' } }] }],
    });
    expect(indexFilter('byG', {}, { p: 'a', s: 'm', id: 'x' })).toEqual({
      $and: [
        { 'ix.byG.p': { $exists: true } },
        { $or: [{ 'ix.byG.p': { $gt: 'a' } }, { 'ix.byG.p': 'a', 'ix.byG.s': { $gt: 'm' } }, { 'ix.byG.p': 'a', 'ix.byG.s': 'm', _id: { $gt: 'x' } }] },
      ],
    });
    expect(indexSort('byG', 'desc')).toEqual({ 'ix.byG.p': -1, 'ix.byG.s': -1, _id: -1 });
    const after = encodeCursor({ p: 'a', s: 'm', id: 'x' });
    expect(listQuery('byG', { partition: 'a', limit: 5, after }, { order: 'asc', limit: 5, hidesExpired: true, now })).toEqual({
      filter: { $and: [indexFilter('byG', { partition: 'a' }, { p: 'a', s: 'm', id: 'x' }), liveFilter(now)] },
      sort: indexSort('byG', 'asc'),
      limit: 6,
    });
  });

  it('writes conditionally on the version, and takes over only what create read', () => {
    expect(versionFilter('i', 4, false, now)).toEqual({ _id: 'i', v: 4 });
    expect(versionFilter('i', undefined, true, now)).toEqual({ $and: [{ _id: 'i', v: { $exists: true } }, { $or: [{ exp: null }, { exp: { $gt: now } }] }] });
    expect(takeOverFilter({ _id: 'i', v: 9 })).toEqual({ _id: 'i', v: 9 });
    expect(takeOverFilter({ _id: 'i' })).toEqual({ _id: 'i', v: { $exists: false } });
    expect(expiredFilter(now)).toEqual({ exp: { $lt: now, $ne: null } });
    const doc = { _id: 'i', v: 1, exp: now, ix: {}, rec: '{}' };
    expect(isStale(doc, true, now)).toBe(true);
    expect(isStale(doc, false, now)).toBe(false);
    expect(isStale({ ...doc, exp: null }, true, now)).toBe(false);
    expect(isStale({ _id: 'legacy', status: 'queued' } as never, false, now)).toBe(true);
  });

  it('names one database for every store of a deployment', () => {
    expect(dbNameFromUrl('mongodb://localhost:27017/jobsdb?replicaSet=rs0')).toBe('jobsdb');
    expect(dbNameFromUrl('mongodb+srv://u:p@c.example.com/x%2Dy')).toBe('x-y');
    expect(dbNameFromUrl('mongodb://localhost:27017/?tls=true')).toBeUndefined();
    expect(mongoDatabaseName('mongodb://localhost:27017')).toBe('modsvc');
    expect(mongoDatabaseName('mongodb://h/a', 'b')).toBe('b');
    expect(new MongoRecordStore({ url: 'mongodb://127.0.0.1:1/named' }).dbName).toBe('named');
  });

  it('rejects use when no server answers, and closes cleanly', async () => {
    const store = new MongoRecordStore({ url: 'mongodb://127.0.0.1:1/x', clientOptions: { serverSelectionTimeoutMS: 300 } });
    await expect(store.collection({ name: 'c' }).get('a')).rejects.toThrow();
    await store.close();
  });
});

describe('updateRecord and createOrGet', () => {
  /** A collection whose conditional writes always lose. */
  function losing(): RecordCollection<number> & { replaces: number } {
    return {
      name: 'losing',
      replaces: 0,
      open: async () => {},
      get: async () => ({ value: 1, version: 1 }),
      create: async () => null,
      async replace() {
        this.replaces += 1;
        return null;
      },
      delete: async () => false,
      list: async () => ({ items: [], next: null }),
      count: async () => 0,
      countByPartition: async () => new Map(),
      deleteExpired: async () => 0,
    };
  }

  it('give up with RecordConflictError after the attempts', async () => {
    const coll = losing();
    const err = await updateRecord(coll, 'x', (n) => n + 1, { maxAttempts: 3, capMs: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RecordConflictError);
    expect(err).toMatchObject({ collection: 'losing', id: 'x', attempts: 3 });
    expect(coll.replaces).toBe(3);
    const vanishing = { ...losing(), get: async () => null };
    await expect(createOrGet(vanishing, 'y', 1, { maxAttempts: 2, capMs: 1 })).rejects.toBeInstanceOf(RecordConflictError);
  });
});

describe('createRecordStore', () => {
  it('builds the kind asked for, the embedded one under <dataDir>/store', async () => {
    const embedded = createRecordStore({ kind: 'embedded', dataDir: '/var/lib/modsvc' });
    expect(embedded).toBeInstanceOf(EmbeddedRecordStore);
    expect((embedded as EmbeddedRecordStore).dir).toBe('/var/lib/modsvc/store');
    expect(createRecordStore({ kind: 'nats-kv', dataDir: '/x', natsUrl: 'nats://127.0.0.1:1' })).toBeInstanceOf(NatsKvRecordStore);
    const mongo = createRecordStore({ kind: 'mongodb', dataDir: '/x', mongodbUrl: 'mongodb://127.0.0.1:1/a', mongodbDbName: 'b' });
    expect((mongo as MongoRecordStore).dbName).toBe('b');
    await mongo.close();
    expect(() => createRecordStore({ kind: 'mongodb', dataDir: '/x' })).toThrow(/MONGODB_URL/);
    expect(() => createRecordStore({ kind: 'nats-kv', dataDir: '/x' })).toThrow(/NATS_URL/);
  });
});

describe('embedded store files', () => {
  it('gives documents of the previous store format versions and index entries on open', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'modsvc-records-legacy-'));
    try {
      const value = { id: 'j1', status: 'queued', createdAt: new Date('2026-01-01T00:00:00Z') };
      // As the previous embedded job store wrote it: a few query fields and the encoded record.
      const legacy = { _id: 'j1', status: 'queued', createdAt: { $$date: value.createdAt.getTime() }, rec: encodeValue(value) };
      await writeFile(join(dir, 'jobs.db'), `${JSON.stringify({ $$indexCreated: { fieldName: 'status' } })}\n${JSON.stringify(legacy)}\n`);
      const store = new EmbeddedRecordStore({ dir });
      const coll = store.collection<typeof value>({
        name: 'jobs',
        indexes: { queued: (v) => (v.status === 'queued' ? { partition: '', sort: timeKey(v.createdAt) } : null) },
      });
      expect(await coll.get('j1')).toEqual({ value, version: expect.any(Number) });
      expect((await coll.list('queued', { limit: 5 })).items.map((i) => i.id)).toEqual(['j1']);
      await store.close();
      expect(await readFile(join(dir, 'jobs.db'), 'utf8')).not.toContain('"fieldName":"status"');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
