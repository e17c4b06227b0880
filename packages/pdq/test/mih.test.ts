import { describe, expect, it } from 'vitest';
import { hammingDistance, hashToHex, MihIndex, type MihMatch } from '../src/index.ts';
import { seededRandom } from './synthetic-images.ts';
import { hashDrawer } from './random-hashes.ts';

const random = seededRandom(42);

const { randomHash, atDistance } = hashDrawer(random);

const nearestFirst = <Id extends string | number>(a: MihMatch<Id>, b: MihMatch<Id>): number => a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Every stored hash within the largest radius tried, with its distance to `query`, nearest first, ties by id. */
function allByDistance<Id extends string | number>(stored: Map<Id, Uint8Array>, query: Uint8Array): MihMatch<Id>[] {
  return bruteForce(stored, query, Math.max(...RADII));
}

/** The answer by definition: every stored hash within the radius. */
function bruteForce<Id extends string | number>(stored: Map<Id, Uint8Array>, query: Uint8Array, radius: number): MihMatch<Id>[] {
  const matches: MihMatch<Id>[] = [];
  for (const [id, hash] of stored) {
    const distance = hammingDistance(hash, query);
    if (distance <= radius) matches.push({ id, distance });
  }
  return matches.sort(nearestFirst);
}

function withinRadius<Id>(sorted: MihMatch<Id>[], radius: number): MihMatch<Id>[] {
  return sorted.filter((m) => m.distance <= radius);
}

const RADII = [0, 1, 15, 16, 31, 32, 40, 47, 48, 63, 64, 90];

describe('MihIndex', () => {
  const stored = new Map<number, Uint8Array>();
  const index = new MihIndex<number>({ initialCapacity: 16 });
  const queries: Uint8Array[] = [];
  let nextId = 0;
  for (let i = 0; i < 20_000; i++) {
    const hash = randomHash();
    stored.set(nextId, hash);
    index.add(nextId++, hash);
  }
  // Near neighbours at every distance 0..40 around 100 of the queries.
  for (let q = 0; q < 150; q++) {
    const query = randomHash();
    queries.push(query);
    if (q < 100) {
      for (let distance = 0; distance <= 40; distance++) {
        const hash = atDistance(query, distance);
        stored.set(nextId, hash);
        index.add(nextId++, hash);
      }
    }
  }

  it('finds exactly what a linear scan finds, at radii on both sides of each 16-bit boundary', () => {
    expect(index.size).toBe(20_000 + 100 * 41);
    let found = 0;
    for (const query of queries) {
      const sorted = allByDistance(stored, query);
      for (const radius of RADII) {
        const expected = withinRadius(sorted, radius);
        expect(index.search(query, radius)).toEqual(expected);
        found += expected.length;
      }
    }
    expect(found).toBeGreaterThan(100 * 41 * 4);
    expect(index.searchLinear(queries[0]!, 31)).toEqual(bruteForce(stored, queries[0]!, 31));
  }, 120_000);

  it('forgets removed hashes and replaces a hash added again under the same id', () => {
    const query = queries[0]!;
    const planted = index.search(query, 40).map((m) => m.id);
    expect(planted.length).toBeGreaterThanOrEqual(41);
    for (const id of planted.filter((_, i) => i % 2 === 0)) {
      expect(index.remove(id)).toBe(true);
      stored.delete(id);
    }
    expect(index.remove(planted[0]!)).toBe(false);
    const moved = planted[1]!;
    const far = atDistance(query, 100);
    index.add(moved, far);
    stored.set(moved, far);
    expect(index.get(moved)).toEqual(far);
    const sorted = allByDistance(stored, query);
    for (const radius of RADII) expect(index.search(query, radius)).toEqual(withinRadius(sorted, radius));
    expect(index.size).toBe(stored.size);
  }, 60_000);

  it('stays exact through a long mix of additions, removals and searches', () => {
    const ids = [...stored.keys()];
    for (let step = 0; step < 6_000; step++) {
      const action = random();
      if (action < 0.45) {
        const id = ids[Math.floor(random() * ids.length)]!;
        index.remove(id);
        stored.delete(id);
      } else if (action < 0.93) {
        const near = queries[Math.floor(random() * queries.length)]!;
        const hash = random() < 0.5 ? atDistance(near, Math.floor(random() * 40)) : randomHash();
        const id = random() < 0.2 ? ids[Math.floor(random() * ids.length)]! : nextId++;
        index.add(id, hash);
        stored.set(id, hash);
        ids.push(id);
      } else {
        const query = queries[Math.floor(random() * queries.length)]!;
        const radius = RADII[Math.floor(random() * RADII.length)]!;
        expect(index.search(query, radius)).toEqual(bruteForce(stored, query, radius));
      }
    }
    index.compact();
    expect(index.size).toBe(stored.size);
    expect(new Map(index.entries())).toEqual(stored);
    for (const query of queries.slice(0, 20)) expect(index.search(query, 31)).toEqual(bruteForce(stored, query, 31));
  }, 120_000);
});

describe('MihIndex edges', () => {
  it('stays exact as a bank grows past the size where tables pay and shrinks below it again', () => {
    const stored = new Map<number, Uint8Array>();
    const index = new MihIndex<number>();
    const query = randomHash();
    const check = () => {
      for (const radius of [0, 31, 47]) expect(index.search(query, radius)).toEqual(bruteForce(stored, query, radius));
    };
    for (let id = 0; id < 6000; id++) {
      const hash = id % 10 === 0 ? atDistance(query, id % 48) : randomHash();
      index.add(id, hash);
      stored.set(id, hash);
      if (id % 1000 === 999) check();
    }
    for (let id = 0; id < 5000; id++) {
      index.remove(id);
      stored.delete(id);
      if (id % 1000 === 999) check();
    }
    expect(index.size).toBe(1000);
    // Replacing every hash many times over, with no search in between, reuses the slots.
    for (let round = 0; round < 20; round++) for (const [id, hash] of stored) index.add(id, hash);
    expect([...index.entries()]).toHaveLength(1000);
    // White-box: no slot beyond the 6,000 first used was needed.
    expect((index as unknown as { usedSlots: number }).usedSlots).toBe(6000);
    check();
  });

  it('takes hex or bytes, string ids, and refuses bad hashes without dropping the old one', () => {
    const index = new MihIndex();
    const hash = randomHash();
    index.add('a', hashToHex(hash).toUpperCase());
    expect(index.has('a')).toBe(true);
    expect(() => index.add('a', 'not a hash')).toThrow(/not a PDQ hash/);
    expect(() => index.add('a', new Uint8Array(31))).toThrow(/32 bytes/);
    expect(index.get('a')).toEqual(hash);
    expect(index.search(hashToHex(hash))).toEqual([{ id: 'a', distance: 0 }]);
    expect(() => index.search(hash, 1.5)).toThrow(/integer/);
    expect(index.search(hash, -1)).toEqual([]);
    expect(new MihIndex().search(hash)).toEqual([]);
    expect(index.get('b')).toBeUndefined();
  });
});
