// The behaviour every RecordStore adapter must have. Run with describeRecordStoreContract(). Nothing
// here waits on the clock: expiry is tested with a store clock set ahead of real time, so that records
// "expired" for the store are still in the future for MongoDB's own TTL monitor.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOrGet, updateRecord } from '../../src/store/records/update.ts';
import { numberKey, timeKey } from '../../src/store/records/sort-keys.ts';
import type { CollectionSpec, ListQuery, RecordCollection, RecordStore } from '../../src/store/records/types.ts';

export interface RecordStoreHarness {
  /** A new store instance over the same data (its own connection or handle), with an optional clock. */
  open(opts?: { now?: () => Date }): RecordStore;
  /** Removes the data; called after every store opened is closed. */
  dispose(): Promise<void>;
}

export type RecordStoreFactory = () => Promise<RecordStoreHarness>;

interface Item {
  n: number;
  /** Partition of the byGroup index; null: not in it. */
  group: string | null;
  rank: number;
  at: Date;
  exp?: Date | null;
  extra?: Record<string, unknown>;
}

const HOUR = 3600_000;
const T0 = new Date('2030-01-01T00:00:00.000Z');

function item(n: number, over: Partial<Item> = {}): Item {
  return { n, group: 'g', rank: n, at: new Date(T0.getTime() + n * 1000), ...over };
}

let seq = 0;

function itemSpec(over: Partial<CollectionSpec<Item>> = {}): CollectionSpec<Item> {
  seq += 1;
  return {
    name: `items${seq}`,
    indexes: {
      byGroup: (v) => (v.group === null ? null : { partition: v.group, sort: numberKey(v.rank) }),
      byTime: (v) => ({ partition: '', sort: timeKey(v.at) }),
    },
    expiresAt: (v) => v.exp ?? null,
    ...over,
  };
}

/** Every id of an index in order, page by page. */
async function listAll(coll: RecordCollection<Item>, index: string, query: Omit<ListQuery, 'after'>): Promise<string[]> {
  const ids: string[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 1000; pages += 1) {
    const page = await coll.list(index, { ...query, after });
    ids.push(...page.items.map((i) => i.id));
    if (!page.next) return ids;
    after = page.next;
  }
  throw new Error('too many pages');
}

export function describeRecordStoreContract(name: string, factory: RecordStoreFactory): void {
  describe(`RecordStore contract: ${name}`, () => {
    let h: RecordStoreHarness;
    let opened: RecordStore[];

    /** A store, closed after the test. */
    function open(opts?: { now?: () => Date }): RecordStore {
      const s = h.open(opts);
      opened.push(s);
      return s;
    }

    beforeEach(async () => {
      h = await factory();
      opened = [];
    });

    afterEach(async () => {
      for (const s of opened) await s.close().catch(() => undefined);
      await h.dispose();
    });

    it('creates, gets, replaces and deletes by version', async () => {
      const coll = open().collection(itemSpec());
      expect(await coll.get('a')).toBeNull();
      const v1 = await coll.create('a', item(1));
      expect(v1).toEqual(expect.any(Number));
      expect(await coll.create('a', item(2))).toBeNull();
      expect(await coll.get('a')).toEqual({ value: item(1), version: v1 });

      const v2 = await coll.replace('a', item(3), v1!);
      expect(v2).toEqual(expect.any(Number));
      expect(v2).not.toBe(v1);
      expect(await coll.replace('a', item(4), v1!)).toBeNull(); // stale version
      expect(await coll.replace('missing', item(4), v2!)).toBeNull();
      expect(await coll.get('a')).toEqual({ value: item(3), version: v2 });

      expect(await coll.delete('a', v1!)).toBe(false);
      expect(await coll.get('a')).not.toBeNull();
      expect(await coll.delete('a', v2!)).toBe(true);
      expect(await coll.get('a')).toBeNull();
      expect(await coll.delete('a')).toBe(false);
      expect(await coll.replace('a', item(5), v2!)).toBeNull();

      // A deleted id is free again, and an unconditional delete removes whatever version is there.
      const v3 = await coll.create('a', item(6));
      expect(v3).not.toBeNull();
      expect(await coll.delete('a')).toBe(true);
      expect(await coll.get('a')).toBeNull();
    });

    it('lets exactly one of 20 concurrent creates of one id win, across three stores', async () => {
      const spec = itemSpec();
      const colls = [open(), open(), open()].map((s) => s.collection(spec));
      const versions = await Promise.all(Array.from({ length: 20 }, (_, i) => colls[i % 3]!.create('contested', item(i))));
      const winners = versions.map((v, i) => (v === null ? -1 : i)).filter((i) => i >= 0);
      expect(winners).toHaveLength(1);
      expect(await colls[1]!.get('contested')).toEqual({ value: item(winners[0]!), version: versions[winners[0]!] });
      expect((await colls[2]!.list('byGroup', { limit: 30 })).items.map((i) => i.id)).toEqual(['contested']);
      expect(await colls[2]!.count('byGroup')).toBe(1);
    });

    it('loses no increment of 50 concurrent updateRecord calls from three stores', async () => {
      const spec = itemSpec();
      const colls = [open(), open(), open()].map((s) => s.collection(spec));
      await colls[0]!.create('counter', item(0));
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => updateRecord(colls[i % 3]!, 'counter', (v) => ({ ...v, n: v.n + 1, rank: v.n + 1 }), { maxAttempts: 1000 })),
      );
      expect(results.map((r) => r!.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect((await colls[2]!.get('counter'))?.value.n).toBe(50);
      // The index holds the one entry of the final value.
      const listed = await colls[1]!.list('byGroup', { partition: 'g', limit: 10 });
      expect(listed.items.map((x) => [x.id, x.value.rank])).toEqual([['counter', 50]]);
      expect(await colls[0]!.count('byGroup')).toBe(1);
    });

    it('updateRecord writes nothing when the record is absent or the change declines; createOrGet creates once', async () => {
      const coll = open().collection(itemSpec());
      expect(await updateRecord(coll, 'missing', (v) => v)).toBeNull();
      expect(await coll.get('missing')).toBeNull();
      const v = await coll.create('a', item(1));
      expect(await updateRecord(coll, 'a', () => null)).toBeNull();
      expect(await coll.get('a')).toEqual({ value: item(1), version: v });

      const first = await createOrGet(coll, 'b', item(2));
      expect(first).toMatchObject({ value: item(2), created: true });
      const second = await createOrGet(coll, 'b', item(3));
      expect(second).toEqual({ value: item(2), version: first.version, created: false });
    });

    it('lists an index by partition, inclusive range and order, ties broken by id', async () => {
      const coll = open().collection(itemSpec());
      // ranks: a0..a5 in group a with ranks 0,0,1,1,2,2; b0..b2 in b; x out of the index
      for (let i = 0; i < 6; i += 1) await coll.create(`a${i}`, item(i, { group: 'a', rank: Math.floor(i / 2) }));
      for (let i = 0; i < 3; i += 1) await coll.create(`b${i}`, item(10 + i, { group: 'b', rank: i }));
      await coll.create('x', item(20, { group: null }));

      const ids = async (q: ListQuery) => (await coll.list('byGroup', q)).items.map((i) => i.id);
      expect(await ids({ partition: 'a', limit: 10 })).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5']);
      expect(await ids({ partition: 'a', limit: 10, order: 'desc' })).toEqual(['a5', 'a4', 'a3', 'a2', 'a1', 'a0']);
      expect(await ids({ partition: 'a', limit: 10, from: numberKey(1), to: numberKey(1) })).toEqual(['a2', 'a3']);
      expect(await ids({ partition: 'a', limit: 10, from: numberKey(1) })).toEqual(['a2', 'a3', 'a4', 'a5']);
      expect(await ids({ partition: 'a', limit: 10, to: numberKey(0), order: 'desc' })).toEqual(['a1', 'a0']);
      expect(await ids({ partition: 'a', limit: 2 })).toEqual(['a0', 'a1']);
      expect(await ids({ partition: 'c', limit: 10 })).toEqual([]);
      // Every partition: by partition, then sort key, then id.
      expect(await ids({ limit: 20 })).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'b0', 'b1', 'b2']);
      expect(await ids({ limit: 20, order: 'desc', from: numberKey(1) })).toEqual(['b2', 'b1', 'a5', 'a4', 'a3', 'a2']);
      // Paging over every partition, both ways.
      expect(await listAll(coll, 'byGroup', { limit: 2 })).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'b0', 'b1', 'b2']);
      expect(await listAll(coll, 'byGroup', { limit: 4, order: 'desc' })).toEqual(['b2', 'b1', 'b0', 'a5', 'a4', 'a3', 'a2', 'a1', 'a0']);
      expect(await listAll(coll, 'byGroup', { partition: 'a', limit: 3, from: numberKey(1), order: 'desc' })).toEqual(['a5', 'a4', 'a3', 'a2']);

      const page = await coll.list('byGroup', { partition: 'b', limit: 2 });
      expect(page.items[0]).toEqual({ id: 'b0', value: item(10, { group: 'b', rank: 0 }), version: expect.any(Number) });
      expect(page.next).toEqual(expect.any(String));
      const rest = await coll.list('byGroup', { partition: 'b', limit: 2, after: page.next });
      expect(rest.items.map((i) => i.id)).toEqual(['b2']);
      expect(rest.next).toBeNull();
      expect((await coll.list('byGroup', { partition: 'b', limit: 3 })).next).toBeNull();
      // Another index of the same records.
      expect((await coll.list('byTime', { limit: 3, order: 'desc' })).items.map((i) => i.id)).toEqual(['x', 'b2', 'b1']);
    });

    it('pages without repeating or missing an item while other records enter and leave the index', async () => {
      const coll = open().collection(itemSpec());
      const stable = Array.from({ length: 30 }, (_, i) => `s${String(i).padStart(2, '0')}`);
      for (const [i, id] of stable.entries()) await coll.create(id, item(i, { rank: Math.floor(i / 3) }));
      const churn = Array.from({ length: 12 }, (_, i) => `c${i}`);
      for (const [i, id] of churn.entries()) await coll.create(id, item(100 + i, { rank: i % 10, group: i % 2 ? 'g' : null }));

      const seen: string[] = [];
      const positions: [number, string][] = [];
      let after: string | null = null;
      for (let round = 0; round < 100; round += 1) {
        const page = await coll.list('byGroup', { partition: 'g', limit: 4, after });
        for (const it of page.items) {
          seen.push(it.id);
          positions.push([it.value.rank, it.id]);
        }
        // Between pages: flip some churners in or out, add one record and delete one.
        for (const [i, id] of churn.entries()) {
          if ((i + round) % 3 === 0) await updateRecord(coll, id, (v) => ({ ...v, group: v.group === null ? 'g' : null }));
        }
        await coll.create(`new${round}`, item(200 + round, { rank: round % 10 }));
        if (round > 0) await coll.delete(`new${round - 1}`);
        if (!page.next) break;
        after = page.next;
      }
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of stable) expect(seen).toContain(id);
      for (const id of seen) expect(id).toMatch(/^(s|c|new)\d+$/);
      const sorted = [...positions].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1));
      expect(positions).toEqual(sorted);
    });

    it('answers every list, count and sweep while two other stores keep rewriting and deleting in the same partition', async () => {
      const spec = itemSpec();
      const reader = open().collection(spec);
      const stable = ['k0', 'k1', 'k2'];
      for (const [i, id] of stable.entries()) await reader.create(id, item(i, { rank: 1000 + i }));
      let writing = true;
      const writers = [open(), open()].map(async (s, w) => {
        const coll = s.collection(spec);
        for (let n = 0; writing; n += 1) {
          const id = `w${w}_${n % 4}`;
          const exp = new Date(T0.getTime() + HOUR + n); // keeps the expiry index churning, never due at T0
          await updateRecord(coll, id, (v) => ({ ...v, rank: n, exp }), { maxAttempts: 1000 });
          await createOrGet(coll, id, item(n, { exp }), { maxAttempts: 1000 });
          if (n % 3 === 0) await coll.delete(id);
        }
      });
      try {
        for (let round = 0; round < 40; round += 1) {
          const top = await reader.list('byGroup', { partition: 'g', order: 'desc', limit: 3 });
          expect(top.items.map((i) => i.id)).toEqual(['k2', 'k1', 'k0']);
          expect(await reader.count('byGroup', { partition: 'g', from: numberKey(1000) })).toBe(3);
          expect(await reader.deleteExpired(T0)).toBe(0);
        }
      } finally {
        writing = false;
        await Promise.all(writers);
      }
    }, 30_000);

    it('keeps index entries in step with updates, and counts per range and partition', async () => {
      const coll = open().collection(itemSpec());
      for (let i = 0; i < 5; i += 1) await coll.create(`a${i}`, item(i, { group: 'a' }));
      for (let i = 0; i < 3; i += 1) await coll.create(`b${i}`, item(i, { group: 'b' }));
      await coll.create('none', item(9, { group: null }));
      expect(await coll.count('byGroup')).toBe(8);
      expect(await coll.count('byGroup', { partition: 'a' })).toBe(5);
      expect(await coll.count('byGroup', { partition: 'a', from: numberKey(1), to: numberKey(3) })).toBe(3);
      expect(await coll.count('byGroup', { from: numberKey(2) })).toBe(4);
      expect(await coll.count('byGroup', { partition: 'zzz' })).toBe(0);
      expect(await coll.countByPartition('byGroup')).toEqual(new Map([['a', 5], ['b', 3]]));
      expect(await coll.count('byTime')).toBe(9);

      // Move a0 to b, take a1 out of the index, put `none` in, delete b0.
      await updateRecord(coll, 'a0', (v) => ({ ...v, group: 'b', rank: 7 }));
      await updateRecord(coll, 'a1', (v) => ({ ...v, group: null }));
      await updateRecord(coll, 'none', (v) => ({ ...v, group: 'c' }));
      await coll.delete('b0');
      expect(await coll.countByPartition('byGroup')).toEqual(new Map([['a', 3], ['b', 3], ['c', 1]]));
      expect(await listAll(coll, 'byGroup', { partition: 'a', limit: 2 })).toEqual(['a2', 'a3', 'a4']);
      expect(await listAll(coll, 'byGroup', { partition: 'b', limit: 2 })).toEqual(['b1', 'b2', 'a0']);
      expect(await coll.count('byGroup', { partition: 'b', from: numberKey(7) })).toBe(1);
      expect(await coll.count('byTime')).toBe(8);
    });

    it('hides expired records, lets their ids be taken, and removes them with deleteExpired', async () => {
      const realNow = Date.now();
      const clock = new Date(realNow + 2 * HOUR); // the store's now
      const coll = open({ now: () => clock }).collection(itemSpec());
      const soon = new Date(realNow + HOUR); // expired for the store
      const later = new Date(realNow + 3 * HOUR);
      await coll.create('expired1', item(1, { exp: soon }));
      await coll.create('expired2', item(2, { exp: soon }));
      const vTaken = await coll.create('taken', item(3, { exp: soon }));
      await coll.create('live', item(4, { exp: later }));
      await coll.create('forever', item(5));

      expect(await coll.get('expired1')).toBeNull();
      expect(await coll.get('live')).not.toBeNull();
      expect(await coll.get('forever')).not.toBeNull();
      expect((await coll.list('byGroup', { partition: 'g', limit: 10 })).items.map((i) => i.id)).toEqual(['live', 'forever']);
      expect(await coll.replace('taken', item(30), vTaken!)).toBeNull();
      expect(await coll.delete('taken')).toBe(false);
      expect(await updateRecord(coll, 'expired2', (v) => v)).toBeNull();

      // An expired id is free.
      const v = await coll.create('taken', item(31, { exp: later }));
      expect(v).not.toBeNull();
      expect(await coll.get('taken')).toEqual({ value: item(31, { exp: later }), version: v });

      expect(await coll.deleteExpired(clock)).toBe(2);
      expect(await coll.deleteExpired(clock)).toBe(0);
      expect(await coll.count('byGroup')).toBe(3);
      expect((await listAll(coll, 'byTime', { limit: 2 })).sort()).toEqual(['forever', 'live', 'taken']);
      // Nothing expired before a time earlier than every expiry.
      expect(await coll.deleteExpired(new Date(realNow))).toBe(0);
    });

    it('keeps expired records readable until removed when the spec asks', async () => {
      const realNow = Date.now();
      const clock = new Date(realNow + 2 * HOUR);
      const coll = open({ now: () => clock }).collection(itemSpec({ readableUntilRemoved: true }));
      const soon = new Date(realNow + HOUR);
      const v = await coll.create('old', item(1, { exp: soon }));
      await coll.create('exact', item(2, { exp: clock }));
      expect(await coll.get('old')).toEqual({ value: item(1, { exp: soon }), version: v });
      expect(await coll.create('old', item(9))).toBeNull();
      expect((await coll.list('byGroup', { partition: 'g', limit: 10 })).items.map((i) => i.id)).toEqual(['old', 'exact']);
      const v2 = await coll.replace('old', item(3, { exp: soon }), v!);
      expect(v2).not.toBeNull();
      // deleteExpired(now) removes what expired before now, not at it.
      expect(await coll.deleteExpired(clock)).toBe(1);
      expect(await coll.get('old')).toBeNull();
      expect(await coll.get('exact')).not.toBeNull();
      expect(await coll.create('old', item(4))).not.toBeNull();
    });

    it('round-trips Dates anywhere in a value, and keys with dots and dollars', async () => {
      const coll = open().collection(itemSpec());
      const when = new Date('2026-02-03T04:05:06.007Z');
      const extra = { 'a.b': 1, $weird: { when, $set: { 'x.y': [when, 'z'] } }, list: [new Date(0), null, 'x'], _id: 'not-the-id' };
      await coll.create('dated', item(1, { extra }));
      const got = await coll.get('dated');
      expect(got?.value.extra).toEqual(extra);
      expect(got?.value.at).toBeInstanceOf(Date);
      expect(((got?.value.extra?.$weird as { when: unknown }).when as Date).getTime()).toBe(when.getTime());
      const listed = await coll.list('byGroup', { partition: 'g', limit: 1 });
      expect(listed.items[0]?.value.extra).toEqual(extra);
    });

    it('stores ids with any characters, and partitions too', async () => {
      const coll = open().collection(itemSpec());
      const ids = ['a.b', ' lead space', 'ünï/cödé 😀', '$dollar', '=looks-encoded', '.', '*', '>', 'tab\tnl\n', 'x'.repeat(200), 'plain_id-1'];
      for (const [i, id] of ids.entries()) expect(await coll.create(id, item(i, { group: i % 2 ? 'p.q *>' : 'ü $' }))).not.toBeNull();
      for (const [i, id] of ids.entries()) expect((await coll.get(id))?.value.n).toBe(i);
      expect(await coll.get('a')).toBeNull();
      expect(await coll.create('a.b', item(99))).toBeNull();
      expect((await listAll(coll, 'byTime', { limit: 3 })).sort()).toEqual([...ids].sort());
      expect(await coll.countByPartition('byGroup')).toEqual(new Map([['ü $', 6], ['p.q *>', 5]]));
      expect((await coll.list('byGroup', { partition: 'p.q *>', limit: 10 })).items.map((i) => i.id)).toEqual(ids.filter((_, i) => i % 2));
      for (const id of ids) expect(await coll.delete(id)).toBe(true);
      expect(await coll.count('byTime')).toBe(0);
    });

    it('keeps data across close and reopen, and refuses use after close', async () => {
      const spec = itemSpec();
      const first = open();
      const c1 = first.collection(spec);
      await first.init();
      const v = await c1.create('kept', item(1));
      const v2 = await c1.replace('kept', item(2, { group: 'h' }), v!);
      await c1.create('gone', item(3));
      await c1.delete('gone');
      await first.close();
      await expect(c1.get('kept')).rejects.toThrow(/closed/);

      const second = open();
      const c2 = second.collection(spec);
      expect(await c2.get('kept')).toEqual({ value: item(2, { group: 'h' }), version: v2 });
      expect(await c2.get('gone')).toBeNull();
      expect((await c2.list('byGroup', { partition: 'h', limit: 5 })).items.map((i) => i.id)).toEqual(['kept']);
      expect(await c2.replace('kept', item(4), v2!)).not.toBeNull();
    });

    it('refuses undeclared indexes, bad limits, bad cursors and bad names', async () => {
      const store = open();
      const coll = store.collection(itemSpec());
      await expect(coll.list('nope', { limit: 1 })).rejects.toThrow(/no index/);
      await expect(coll.count('nope')).rejects.toThrow(/no index/);
      await expect(coll.list('byGroup', { limit: 0 })).rejects.toThrow(/limit/);
      await expect(coll.list('byGroup', { limit: 1, after: 'garbage' })).rejects.toThrow(/cursor/);
      await expect(coll.get('')).rejects.toThrow(/id/);
      expect(() => store.collection({ name: 'a.b' })).toThrow(/collection name/);
      expect(() => store.collection({ name: 'ok', indexes: { 'bad.name': () => null } })).toThrow(/index name/);
    });
  });
}
