import { describe, expect, it } from 'vitest';
import { hammingDistance, MihIndex, type MihHashMatch, type MihMatch } from '../src/index.ts';
import { seededRandom } from './synthetic-images.ts';
import { hashDrawer } from './random-hashes.ts';

// Ids holding several hashes (a banked picture and its crops, a video's frames).

const random = seededRandom(99);
const { randomHash, atDistance } = hashDrawer(random);

function bruteForce(stored: Map<number, Uint8Array[]>, query: Uint8Array, radius: number): { perId: MihMatch<number>[]; perHash: MihHashMatch<number>[] } {
  const perHash: MihHashMatch<number>[] = [];
  for (const [id, hashes] of stored) hashes.forEach((h, hash) => {
    const distance = hammingDistance(h, query);
    if (distance <= radius) perHash.push({ id, distance, hash });
  });
  perHash.sort((a, b) => a.distance - b.distance || a.id - b.id || a.hash - b.hash);
  const seen = new Set<number>();
  const perId = perHash.filter((m) => !seen.has(m.id) && seen.add(m.id)).map(({ id, distance }) => ({ id, distance }));
  return { perId, perHash };
}

describe('MihIndex with several hashes an id', () => {
  it('reports an id once at its nearest hash, every hash through searchHashes, and forgets all of them on removal', () => {
    const index = new MihIndex<string>();
    const query = randomHash();
    index.add('pic', [atDistance(query, 40), atDistance(query, 12), atDistance(query, 20)]);
    index.add('one', atDistance(query, 25));
    expect(index.size).toBe(2);
    expect(index.hashCount).toBe(4);
    expect(index.search(query, 31)).toEqual([
      { id: 'pic', distance: 12 },
      { id: 'one', distance: 25 },
    ]);
    expect(index.searchHashes(query, 31)).toEqual([
      { id: 'pic', distance: 12, hash: 1 },
      { id: 'pic', distance: 20, hash: 2 },
      { id: 'one', distance: 25, hash: 0 },
    ]);
    expect(index.hashes('pic')).toHaveLength(3);
    expect([...index.keys()]).toEqual(['pic', 'one']);
    index.add('pic', atDistance(query, 30));
    expect(index.hashCount).toBe(2);
    expect(index.search(query, 31)).toEqual([
      { id: 'one', distance: 25 },
      { id: 'pic', distance: 30 },
    ]);
    expect(index.remove('pic')).toBe(true);
    expect(index.hashCount).toBe(1);
    expect(() => index.add('x', [])).toThrow(/at least one/);
    expect(() => index.add('x', [query, 'bad'])).toThrow(/not a PDQ hash/);
    expect(index.has('x')).toBe(false);
  });

  it('stays exact, through its tables, as ids of 1 to 9 hashes come and go', () => {
    const index = new MihIndex<number>();
    const stored = new Map<number, Uint8Array[]>();
    const queries = Array.from({ length: 30 }, randomHash);
    let nextId = 0;
    const addOne = () => {
      const n = 1 + Math.floor(random() * 9);
      const near = queries[Math.floor(random() * queries.length)]!;
      const hashes = Array.from({ length: n }, () => (random() < 0.3 ? atDistance(near, Math.floor(random() * 48)) : randomHash()));
      const id = random() < 0.1 && nextId > 0 ? Math.floor(random() * nextId) : nextId++;
      index.add(id, hashes);
      stored.set(id, hashes);
    };
    // Past MIN_INDEXED_SIZE (4,096 hashes), so that searches go through the tables.
    for (let i = 0; i < 1500; i++) addOne();
    expect(index.hashCount).toBeGreaterThan(4096);
    for (let step = 0; step < 3000; step++) {
      const action = random();
      if (action < 0.35) {
        const id = Math.floor(random() * nextId);
        expect(index.remove(id)).toBe(stored.delete(id));
      } else if (action < 0.85) addOne();
      else {
        const query = queries[Math.floor(random() * queries.length)]!;
        const radius = [0, 15, 31, 47][Math.floor(random() * 4)]!;
        const expected = bruteForce(stored, query, radius);
        expect(index.search(query, radius)).toEqual(expected.perId);
        expect(index.searchHashes(query, radius)).toEqual(expected.perHash);
      }
    }
    expect(index.size).toBe(stored.size);
    expect(index.hashCount).toBe([...stored.values()].reduce((n, h) => n + h.length, 0));
    for (const query of queries) expect(index.searchLinear(query, 31)).toEqual(bruteForce(stored, query, 31).perId);
    expect(index.memoryBytes()).toBeGreaterThan(index.hashCount * 32);
  }, 60_000);
});

describe('MihIndex.retain', () => {
  it('removes the ids not listed, answers the listed ones it lacks, and stays exact', () => {
    const index = new MihIndex<string>();
    const stored = new Map<string, Uint8Array[]>();
    for (let i = 0; i < 6000; i++) {
      const hashes = Array.from({ length: 1 + (i % 3) }, randomHash);
      index.add(`id${i}`, hashes);
      stored.set(`id${i}`, hashes);
    }
    index.prepare();
    const listed = [...stored.keys()].filter((_, i) => i % 7 !== 0);
    listed.splice(10, 0, 'new1', 'new2');
    const { missing, removed } = index.retain(listed);
    expect(missing.map((at) => listed[at])).toEqual(['new1', 'new2']);
    expect(removed.sort()).toEqual([...stored.keys()].filter((_, i) => i % 7 === 0).sort());
    for (const id of removed) stored.delete(id);
    expect(index.size).toBe(stored.size);
    expect(index.hashCount).toBe([...stored.values()].reduce((n, h) => n + h.length, 0));
    const query = stored.get('id1')![1]!;
    expect(index.searchHashes(query, 0)).toEqual([{ id: 'id1', distance: 0, hash: 1 }]);
    // Nothing to do: nothing removed, nothing missing.
    expect(index.retain([...stored.keys()])).toEqual({ missing: [], removed: [] });
  });
});
