import { PDQ_HASH_BYTES } from './bits.ts';
import { hexToHash, popcount32 } from './hamming.ts';

// Multi-index hashing (Norouzi et al. 2014), as in the reference's mih.h: the 256 bits are cut
// into 16 chunks of 16 bits. If two hashes are within distance r, some chunk differs in at most
// floor(r/16) bits (else all 16 would differ in more, more than r in total). So a search looks
// up, in each chunk's table, every value within floor(r/16) bits of the query's chunk, and
// checks the full distance of the hashes found there. At radius ≤ 31 that is 16 x 17 lookups.
//
// Storage, all typed arrays: the hashes (8 words per slot) and, per chunk, the slots sorted by
// that chunk's value with an offset table over the 65,536 values (compressed rows: 4 MiB of
// offsets, 64 bytes per hash). A lookup thus reads consecutive slot numbers and the processor
// can fetch their hashes in parallel. Hashes added since the tables were built sit in a short
// list that every search scans; removed ones stay in the tables, skipped, until the next
// rebuild — which happens when either pile grows past a fraction of the tables. Banks too small
// for the tables to pay are scanned and never allocate them.
//
// An id may hold several hashes (a banked picture and its crops, a video's frames): each takes a
// slot of its own, chained from the id's first slot, and a search reports the id once, at the
// distance of its nearest hash (`searchHashes` reports every hash that matched).

const WORDS_PER_HASH = PDQ_HASH_BYTES / 4;
const CHUNKS = 16;
const CHUNK_VALUES = 1 << 16;
const OFFSETS_PER_CHUNK = CHUNK_VALUES + 1;
/** Beyond 3 differing bits per chunk the neighbour lists grow past 2,500 per chunk: scan instead. */
const MAX_BITS_PER_CHUNK = 3;
/** Below this many hashes a scan takes under ~0.1 ms: not worth the tables' 4 MiB. */
const MIN_INDEXED_SIZE = 4096;
/** Additions kept out of the tables before a rebuild: this many, or 1/32 of the tables. */
const MIN_PENDING_ADDITIONS = 2048;
const PENDING_ADDITIONS_FRACTION = 1 / 32;
const STALE_REMOVALS_FRACTION = 1 / 8;
/** Hashes one id may hold (their places are kept in 16 bits). */
const MAX_HASHES_PER_ID = 1 << 16;

export interface MihMatch<Id> {
  id: Id;
  distance: number;
}

export interface MihHashMatch<Id> extends MihMatch<Id> {
  /** Which of the id's hashes matched: its place in the list `add` was given (0 for a single hash). */
  hash: number;
}

export type HashInput = Uint8Array | string;

function hashBytes(hash: HashInput): Uint8Array {
  const bytes = typeof hash === 'string' ? hexToHash(hash) : hash;
  if (bytes.length !== PDQ_HASH_BYTES) throw new RangeError(`a PDQ hash is ${PDQ_HASH_BYTES} bytes, got ${bytes.length}`);
  return bytes;
}

function writeWords(bytes: Uint8Array, words: Uint32Array, offset: number): void {
  for (let w = 0; w < WORDS_PER_HASH; w++) {
    const at = 4 * w;
    words[offset + w] = (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
  }
}

/** The query's words, in one buffer reused by every search (searches are synchronous). */
const QUERY_WORDS = new Uint32Array(WORDS_PER_HASH);

function queryWords(hash: HashInput): Uint32Array {
  writeWords(hashBytes(hash), QUERY_WORDS, 0);
  return QUERY_WORDS;
}

function chunkOf(words: Uint32Array, offset: number, chunk: number): number {
  const word = words[offset + (chunk >> 1)]!;
  return (chunk & 1) === 0 ? word >>> 16 : word & 0xffff;
}

/** All 16-bit masks with at most `bits` bits set, fewest bits first. */
function masksUpTo(bits: number): Uint16Array {
  const masks: number[] = [];
  for (let mask = 0; mask < CHUNK_VALUES; mask++) if (popcount32(mask) <= bits) masks.push(mask);
  masks.sort((a, b) => popcount32(a) - popcount32(b) || a - b);
  return Uint16Array.from(masks);
}

const NEIGHBOUR_MASKS: Uint16Array[] = Array.from({ length: MAX_BITS_PER_CHUNK + 1 }, (_, bits) => masksUpTo(bits));

function byDistanceThenId<Id extends string | number>(a: MihMatch<Id>, b: MihMatch<Id>): number {
  return a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function byDistanceIdHash<Id extends string | number>(a: MihHashMatch<Id>, b: MihHashMatch<Id>): number {
  return byDistanceThenId(a, b) || a.hash - b.hash;
}

/** The nearest match of each id, from matches sorted nearest first. */
function nearestPerId<Id extends string | number>(sorted: MihHashMatch<Id>[]): MihMatch<Id>[] {
  const seen = new Set<Id>();
  const out: MihMatch<Id>[] = [];
  for (const { id, distance } of sorted) {
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ id, distance });
  }
  return out;
}

export interface MihIndexOptions {
  /** Slots to allocate up front (the index doubles as it fills). Default 1024. */
  initialCapacity?: number;
}

/**
 * Exact Hamming-radius search over 256-bit PDQ hashes. Ids are the caller's (numbers or strings);
 * an id holds one hash or several, and adding it again replaces its hashes. Synchronous; not for
 * concurrent use across workers.
 */
export class MihIndex<Id extends string | number = string> {
  private capacity: number;
  private words: Uint32Array;
  private ids: (Id | undefined)[] = [];
  /** An id's first slot; its other hashes follow through `nextSlot`. */
  private readonly slotOf = new Map<Id, number>();
  /** Per slot: the id's next slot (-1: none) and the hash's place in the id's list. */
  private nextSlot: Int32Array;
  private ordinal: Uint16Array;
  private liveSlots = 0;
  /** Ids holding more than one hash: while there are none, searches need not merge per id. */
  private multiHashIds = 0;
  private usedSlots = 0;
  private readonly freeSlots: number[] = [];

  /** Allocated by the first rebuild, so that small banks, always scanned, never hold them. */
  private offsets: Uint32Array | undefined;
  private postings = new Int32Array(0);
  private tableSize = 0;
  private inTables: Uint8Array;
  /** Slots removed since the tables were built; reused only after the next rebuild. */
  private staleSlots: number[] = [];
  private pendingSlots: number[] = [];

  /** Query stamp per slot, so a hash found through several chunks is reported once. */
  private seen: Uint32Array;
  private query = 0;

  constructor(options: MihIndexOptions = {}) {
    this.capacity = Math.max(1, options.initialCapacity ?? 1024);
    this.words = new Uint32Array(this.capacity * WORDS_PER_HASH);
    this.inTables = new Uint8Array(this.capacity);
    this.seen = new Uint32Array(this.capacity);
    this.nextSlot = new Int32Array(this.capacity);
    this.ordinal = new Uint16Array(this.capacity);
  }

  /** Number of ids. */
  get size(): number {
    return this.slotOf.size;
  }

  /** Number of hashes (as many as ids when each holds one). */
  get hashCount(): number {
    return this.liveSlots;
  }

  has(id: Id): boolean {
    return this.slotOf.has(id);
  }

  /**
   * Adds `id` with `hash` (32 bytes or 64 hex digits), or with several hashes (a list, at least
   * one), replacing any it had. Every hash is checked before anything changes.
   */
  add(id: Id, hash: HashInput | readonly HashInput[]): void {
    const list = Array.isArray(hash) ? (hash as readonly HashInput[]) : [hash as HashInput];
    if (list.length === 0) throw new RangeError('add needs at least one hash');
    if (list.length > MAX_HASHES_PER_ID) throw new RangeError(`an id holds at most ${MAX_HASHES_PER_ID} hashes, got ${list.length}`);
    const bytes = list.map(hashBytes);
    this.remove(id);
    let previous = -1;
    for (const [n, b] of bytes.entries()) {
      const slot = this.takeSlot();
      writeWords(b, this.words, slot * WORDS_PER_HASH);
      this.ids[slot] = id;
      this.ordinal[slot] = n;
      this.nextSlot[slot] = -1;
      if (previous < 0) this.slotOf.set(id, slot);
      else this.nextSlot[previous] = slot;
      previous = slot;
      this.pendingSlots.push(slot);
      this.liveSlots++;
    }
    if (bytes.length > 1) this.multiHashIds++;
  }

  /** Removes `id` and all its hashes; false if it was not there. */
  remove(id: Id): boolean {
    const first = this.slotOf.get(id);
    if (first === undefined) return false;
    this.slotOf.delete(id);
    if (this.nextSlot[first] !== -1) this.multiHashIds--;
    let slot: number = first;
    while (slot !== -1) {
      const next: number = this.nextSlot[slot]!;
      this.releaseSlot(slot);
      slot = next;
    }
    return true;
  }

  private releaseSlot(slot: number): void {
    this.ids[slot] = undefined;
    this.liveSlots--;
    if (this.inTables[slot] === 1) {
      this.staleSlots.push(slot);
    } else {
      const pending = this.pendingSlots.lastIndexOf(slot);
      this.pendingSlots[pending] = this.pendingSlots[this.pendingSlots.length - 1]!;
      this.pendingSlots.pop();
      this.freeSlots.push(slot);
    }
  }

  /**
   * Brings the index in line with the full list of ids it should hold: removes every id not in
   * `ids`, and answers the positions in `ids` of those it does not hold (for the caller to add) with
   * the ids removed. One map lookup per listed id and a pass over the slots: cheaper than a set of
   * the ids when a bank of a million changes by a few.
   */
  retain(ids: readonly Id[]): { missing: number[]; removed: Id[] } {
    const stamp = this.nextQueryStamp();
    const missing: number[] = [];
    ids.forEach((id, at) => {
      let slot = this.slotOf.get(id) ?? -1;
      if (slot === -1) missing.push(at);
      for (; slot !== -1; slot = this.nextSlot[slot]!) this.seen[slot] = stamp;
    });
    const removed: Id[] = [];
    if (ids.length - missing.length < this.slotOf.size) {
      // remove() frees all of an id's slots, so each unlisted id is met once.
      for (let slot = 0; slot < this.usedSlots; slot++) {
        const id = this.ids[slot];
        if (id === undefined || this.seen[slot] === stamp) continue;
        removed.push(id);
        this.remove(id);
      }
    }
    return { missing, removed };
  }

  /** The (first) stored hash of `id`, as 32 bytes. */
  get(id: Id): Uint8Array | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.bytesAt(slot);
  }

  /** Every stored hash of `id`, in the order `add` was given them (empty when `id` is not there). */
  hashes(id: Id): Uint8Array[] {
    const out: Uint8Array[] = [];
    for (let slot = this.slotOf.get(id) ?? -1; slot !== -1; slot = this.nextSlot[slot]!) out.push(this.bytesAt(slot));
    return out;
  }

  /** Every id, once. */
  keys(): IterableIterator<Id> {
    return this.slotOf.keys();
  }

  /** Every stored hash with its id (an id with several hashes comes once per hash). */
  *entries(): IterableIterator<[Id, Uint8Array]> {
    for (let slot = 0; slot < this.usedSlots; slot++) {
      const id = this.ids[slot];
      if (id !== undefined) yield [id, this.bytesAt(slot)];
    }
  }

  /**
   * Bytes held, about: the typed arrays exactly, plus an estimate of the ids and the id map
   * (~60 bytes an id, ~8 a slot). For budgets, not for accounting.
   */
  memoryBytes(): number {
    const typed = [this.words, this.postings, this.offsets, this.inTables, this.seen, this.nextSlot, this.ordinal];
    return typed.reduce((sum, a) => sum + (a?.byteLength ?? 0), 0) + 8 * this.capacity + 60 * this.slotOf.size;
  }

  /**
   * Folds pending additions and removals into the lookup tables now (searches do it themselves
   * once enough pile up): call after a bulk load so the first search does not pay for it.
   */
  compact(): void {
    const count = this.liveSlots;
    const live = new Int32Array(count);
    for (let slot = 0, n = 0; slot < this.usedSlots; slot++) if (this.ids[slot] !== undefined) live[n++] = slot;
    // A little room to spare, as additions usually follow.
    if (this.postings.length < CHUNKS * count) this.postings = new Int32Array(CHUNKS * Math.ceil(count * 1.0625));
    this.inTables.fill(0);
    for (const slot of live) this.inTables[slot] = 1;
    this.offsets ??= new Uint32Array(CHUNKS * OFFSETS_PER_CHUNK);
    const cursor = new Uint32Array(CHUNK_VALUES);
    for (let chunk = 0; chunk < CHUNKS; chunk++) {
      const offsets = this.offsets.subarray(chunk * OFFSETS_PER_CHUNK, (chunk + 1) * OFFSETS_PER_CHUNK);
      offsets.fill(0);
      for (const slot of live) offsets[chunkOf(this.words, slot * WORDS_PER_HASH, chunk) + 1]!++;
      for (let value = 0; value < CHUNK_VALUES; value++) offsets[value + 1]! += offsets[value]!;
      cursor.set(offsets.subarray(0, CHUNK_VALUES));
      const base = chunk * count;
      for (const slot of live) this.postings[base + cursor[chunkOf(this.words, slot * WORDS_PER_HASH, chunk)]!++] = slot;
    }
    this.tableSize = count;
    this.freeSlots.push(...this.staleSlots);
    this.staleSlots = [];
    this.pendingSlots = [];
  }

  /**
   * Folds pending changes into the lookup tables now, if searches at `maxDistance` would use
   * tables (a bank too small for them is left to be scanned, and never allocates them): call
   * after a bulk load, so that the first search does not pay for it.
   */
  prepare(maxDistance = 31): void {
    if (!this.indexIsCheaper(maxDistance)) return;
    if (this.offsets === undefined || this.pendingSlots.length > 0 || this.staleSlots.length > 0) this.compact();
  }

  /**
   * Every id with a stored hash within `maxDistance` bits of `hash`, at the distance of its
   * nearest one; nearest first (ties by id).
   */
  search(hash: HashInput, maxDistance = 31): MihMatch<Id>[] {
    return this.perId(this.searchHashes(hash, maxDistance));
  }

  /** Every stored hash within `maxDistance` bits, with its id and place; nearest first (ties by id, then place). */
  searchHashes(hash: HashInput, maxDistance = 31): MihHashMatch<Id>[] {
    if (!Number.isInteger(maxDistance)) throw new RangeError(`maxDistance must be an integer, got ${maxDistance}`);
    const query = queryWords(hash);
    const matches: MihHashMatch<Id>[] = [];
    if (maxDistance < 0 || this.liveSlots === 0) return matches;
    if (!this.indexIsCheaper(maxDistance)) {
      this.scanSlots(query, maxDistance, matches);
    } else {
      if (this.offsets === undefined || this.tablesAreStale()) this.compact();
      this.searchTables(query, maxDistance, matches);
      for (const slot of this.pendingSlots) this.check(slot, query, maxDistance, matches);
    }
    return matches.sort(byDistanceIdHash);
  }

  /** Same answer as `search`, by checking every hash: the yardstick for the index. */
  searchLinear(hash: HashInput, maxDistance = 31): MihMatch<Id>[] {
    const matches: MihHashMatch<Id>[] = [];
    if (maxDistance >= 0) this.scanSlots(queryWords(hash), maxDistance, matches);
    return this.perId(matches.sort(byDistanceIdHash));
  }

  private perId(sorted: MihHashMatch<Id>[]): MihMatch<Id>[] {
    if (this.multiHashIds === 0) return sorted.map(({ id, distance }) => ({ id, distance }));
    return nearestPerId(sorted);
  }

  private tablesAreStale(): boolean {
    return (
      this.pendingSlots.length > Math.max(MIN_PENDING_ADDITIONS, this.tableSize * PENDING_ADDITIONS_FRACTION) ||
      this.staleSlots.length > this.tableSize * STALE_REMOVALS_FRACTION
    );
  }

  private indexIsCheaper(maxDistance: number): boolean {
    const bitsPerChunk = Math.floor(maxDistance / CHUNKS);
    const hashes = this.liveSlots;
    if (bitsPerChunk > MAX_BITS_PER_CHUNK || hashes < MIN_INDEXED_SIZE) return false;
    const lookups = CHUNKS * NEIGHBOUR_MASKS[bitsPerChunk]!.length;
    return lookups * (1 + hashes / CHUNK_VALUES) < hashes;
  }

  private searchTables(query: Uint32Array, maxDistance: number, matches: MihHashMatch<Id>[]): void {
    const masks = NEIGHBOUR_MASKS[Math.floor(maxDistance / CHUNKS)]!;
    const stamp = this.nextQueryStamp();
    const { postings, seen, ids, ordinal, tableSize } = this;
    const offsets = this.offsets!;
    for (let chunk = 0; chunk < CHUNKS; chunk++) {
      const value = chunkOf(query, 0, chunk);
      const offsetBase = chunk * OFFSETS_PER_CHUNK;
      const postingBase = chunk * tableSize;
      for (let m = 0; m < masks.length; m++) {
        const neighbour = value ^ masks[m]!;
        const end = postingBase + offsets[offsetBase + neighbour + 1]!;
        for (let p = postingBase + offsets[offsetBase + neighbour]!; p < end; p++) {
          const slot = postings[p]!;
          const distance = this.distanceAt(slot, query);
          // A match turns up again through each other chunk within reach; removed ones linger.
          if (distance > maxDistance || seen[slot] === stamp || ids[slot] === undefined) continue;
          seen[slot] = stamp;
          matches.push({ id: ids[slot]!, distance, hash: ordinal[slot]! });
        }
      }
    }
  }

  private scanSlots(query: Uint32Array, maxDistance: number, matches: MihHashMatch<Id>[]): void {
    for (let slot = 0; slot < this.usedSlots; slot++) {
      if (this.ids[slot] !== undefined) this.check(slot, query, maxDistance, matches);
    }
  }

  private check(slot: number, query: Uint32Array, maxDistance: number, matches: MihHashMatch<Id>[]): void {
    const distance = this.distanceAt(slot, query);
    if (distance <= maxDistance) matches.push({ id: this.ids[slot]!, distance, hash: this.ordinal[slot]! });
  }

  private distanceAt(slot: number, query: Uint32Array): number {
    const words = this.words;
    const at = slot * WORDS_PER_HASH;
    let distance = 0;
    for (let w = 0; w < WORDS_PER_HASH; w++) {
      // popcount32, written out: this is the innermost loop of every search.
      let x = words[at + w]! ^ query[w]!;
      x -= (x >>> 1) & 0x55555555;
      x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
      distance += Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    return distance;
  }

  private nextQueryStamp(): number {
    if (this.query === 0xffffffff) {
      this.seen.fill(0);
      this.query = 0;
    }
    return ++this.query;
  }

  private takeSlot(): number {
    // Removed slots come back only through a rebuild; have it here too, so that a bank that
    // is changed but not searched does not grow without end.
    if (this.freeSlots.length === 0 && this.staleSlots.length > this.tableSize * STALE_REMOVALS_FRACTION) this.compact();
    const free = this.freeSlots.pop();
    if (free !== undefined) return free;
    if (this.usedSlots === this.capacity) this.grow();
    return this.usedSlots++;
  }

  private grow(): void {
    this.capacity *= 2;
    const words = new Uint32Array(this.capacity * WORDS_PER_HASH);
    words.set(this.words);
    this.words = words;
    const inTables = new Uint8Array(this.capacity);
    inTables.set(this.inTables);
    this.inTables = inTables;
    const seen = new Uint32Array(this.capacity);
    seen.set(this.seen);
    this.seen = seen;
    const nextSlot = new Int32Array(this.capacity);
    nextSlot.set(this.nextSlot);
    this.nextSlot = nextSlot;
    const ordinal = new Uint16Array(this.capacity);
    ordinal.set(this.ordinal);
    this.ordinal = ordinal;
  }

  private bytesAt(slot: number): Uint8Array {
    const bytes = new Uint8Array(PDQ_HASH_BYTES);
    for (let w = 0; w < WORDS_PER_HASH; w++) {
      const word = this.words[slot * WORDS_PER_HASH + w]!;
      bytes.set([word >>> 24, (word >>> 16) & 0xff, (word >>> 8) & 0xff, word & 0xff], 4 * w);
    }
    return bytes;
  }
}
