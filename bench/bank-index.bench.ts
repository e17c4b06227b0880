// Hash-bank indexes at scale: build time, memory and lookup latency of a MihIndex of 1M and 10M
// hashes, the cost of changing it in place (add/remove) against rebuilding it, and the policy-scorer's
// bank indexes (bank-indexes.ts) absorbing a bank change without a build. Writes
// bench/results/bank-index.json and prints the figures.
//
//   nice -n 10 npx tsx bench/bank-index.bench.ts            # 1M and 10M (about 4 minutes, 2.5 GB)
//   nice -n 10 npx tsx bench/bank-index.bench.ts 1000000    # sizes of your choice
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MihIndex } from '../packages/pdq/src/index.ts';
import { machine, memory, percentile, round, seededRandom } from './measure.ts';
import { BankIndexes } from '../services/policy-scorer/src/bank-indexes.ts';
import { MemoryBankStore } from '../services/policy-scorer/test/memory-bank-store.ts';
import type { BankContentRecord, BankRecord } from '../packages/common/src/store/banks/types.ts';


const RADIUS = 31;
const QUERIES = 2000;
const CHANGES = 1000;
const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
const SIZES = sizes.length ? sizes : [1_000_000, 10_000_000];
/** The matcher-level part lists every record of the bank from an in-memory store: 1M records (~0.3 GB). */
const MATCHER_SIZE = Number(process.env.BENCH_MATCHER_SIZE ?? 1_000_000);

const msSince = (start: number) => performance.now() - start;



function timings(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50Ms: round(percentile(sorted, 50)), p99Ms: round(percentile(sorted, 99)), maxMs: round(sorted.at(-1)!) };
}

async function benchIndex(size: number) {
  const random = seededRandom(size);
  // All hashes in one buffer: 10M separate Uint8Arrays would cost more than the index.
  const hashes = new Uint8Array(size * 32);
  for (let i = 0; i < hashes.length; i += 4) {
    const word = Math.floor(random() * 2 ** 32);
    hashes[i] = word >>> 24;
    hashes[i + 1] = (word >>> 16) & 0xff;
    hashes[i + 2] = (word >>> 8) & 0xff;
    hashes[i + 3] = word & 0xff;
  }
  const hashOf = (id: number) => hashes.subarray(id * 32, id * 32 + 32);
  const before = await memory();
  let start = performance.now();
  const index = new MihIndex<number>({ initialCapacity: size });
  for (let id = 0; id < size; id++) index.add(id, hashOf(id));
  const addAllMs = msSince(start);
  start = performance.now();
  index.prepare(RADIUS);
  const tablesMs = msSince(start);
  const after = await memory();

  const query = () => {
    if (random() < 0.5) return { hash: Uint8Array.from({ length: 32 }, () => Math.floor(random() * 256)), expect: undefined };
    const id = Math.floor(random() * size);
    const near = Uint8Array.from(hashOf(id));
    const flips = 1 + Math.floor(random() * RADIUS);
    for (let f = 0; f < flips; f++) near[Math.floor(random() * 32)]! ^= 1 << Math.floor(random() * 8);
    return { hash: near, expect: id };
  };
  const queries = Array.from({ length: QUERIES }, query);
  for (const q of queries.slice(0, 50)) index.search(q.hash, RADIUS);
  const lookups: number[] = [];
  let found = 0;
  for (const q of queries) {
    const t = performance.now();
    const matches = index.search(q.hash, RADIUS);
    lookups.push(msSince(t));
    if (q.expect !== undefined && matches.some((m) => m.id === q.expect)) found++;
  }

  // Changes in place: add new hashes, remove old ones; then lookups with the additions pending.
  const adds: number[] = [];
  const removes: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const fresh = Uint8Array.from({ length: 32 }, () => Math.floor(random() * 256));
    let t = performance.now();
    index.add(size + i, fresh);
    adds.push(msSince(t));
    t = performance.now();
    index.remove(Math.floor(random() * size));
    removes.push(msSince(t));
  }
  const afterChanges: number[] = [];
  for (const q of queries.slice(0, 500)) {
    const t = performance.now();
    index.search(q.hash, RADIUS);
    afterChanges.push(msSince(t));
  }
  // What folding them into the tables costs (a search does it once 1/32 of the bank has piled up).
  start = performance.now();
  index.compact();
  const compactMs = msSince(start);
  return {
    hashes: size,
    buildMs: round(addAllMs + tablesMs, 0),
    buildAddAllMs: round(addAllMs, 0),
    buildTablesMs: round(tablesMs, 0),
    memoryMiB: round((after - before) / 2 ** 20, 1),
    memoryBytesPerHash: Math.round((after - before) / size),
    estimatedBytesPerHash: Math.round(index.memoryBytes() / index.hashCount),
    radius: RADIUS,
    queries: QUERIES,
    lookup: timings(lookups),
    nearDuplicatesFound: `${found}/${queries.filter((q) => q.expect !== undefined).length}`,
    changesInPlace: { adds: CHANGES, removes: CHANGES, add: timings(adds), remove: timings(removes), lookupWithChangesPending: timings(afterChanges), foldIntoTablesMs: round(compactMs, 0) },
  };
}

/** The policy-scorer's indexes over a store: first use builds; a bank change afterwards is applied in place. */
async function benchMatcher(size: number) {
  const random = seededRandom(7);
  const hex = () => Array.from({ length: 32 }, () => Math.floor(random() * 256).toString(16).padStart(2, '0')).join('');
  const store = new MemoryBankStore();
  const bank: BankRecord = { id: 'bank_big', tenantId: 'acme', name: 'big', category: 'KNOWN_HARMFUL', riskLevel: 'HIGH', threshold: 31, enabledRatio: 1, createdAt: new Date() };
  await store.createBank(bank);
  const now = new Date();
  const record = (i: number): BankContentRecord => ({ id: `cnt_${i}`, bankId: bank.id, tenantId: 'acme', pdq: hex(), quality: null, note: null, createdAt: now });
  const batch: BankContentRecord[] = [];
  for (let i = 0; i < size; i++) batch.push(record(i));
  await store.addContent(batch);
  batch.length = 0;
  const indexes = new BankIndexes(store);
  let start = performance.now();
  await indexes.banksOf('acme');
  const firstUseMs = msSince(start);
  const additions: number[] = [];
  const removals: number[] = [];
  for (let i = 0; i < 5; i++) {
    await store.addContent([record(size + i)]);
    start = performance.now();
    await indexes.banksOf('acme');
    additions.push(msSince(start));
    await store.deleteContent('acme', bank.id, `cnt_${i}`);
    start = performance.now();
    await indexes.banksOf('acme');
    removals.push(msSince(start));
  }
  // Jobs of the tenant arriving together after a change share one refresh.
  await store.addContent([record(size + 100)]);
  const refreshesBefore = indexes.stats.refreshes;
  start = performance.now();
  await Promise.all(Array.from({ length: 8 }, () => indexes.banksOf('acme')));
  const concurrentMs = msSince(start);
  return {
    contentItems: size,
    firstUseBuildMs: round(firstUseMs, 0),
    itemAddedAppliedInPlaceMs: timings(additions),
    itemRemovedAppliedInPlaceMs: timings(removals),
    eightConcurrentJobsAfterAChange: { refreshes: indexes.stats.refreshes - refreshesBefore, ms: round(concurrentMs, 0) },
    stats: indexes.stats,
    note: 'in-memory store: listing costs nothing here; a real store adds its listing of the whole bank to every change (no change feed in BankStore)',
  };
}

const loadBefore = os.loadavg()[0]!;
const indexes = [];
for (const size of SIZES) {
  indexes.push(await benchIndex(size));
  process.stderr.write(`${JSON.stringify(indexes.at(-1))}\n`);
}
const matcher = await benchMatcher(MATCHER_SIZE);
const result = {
  ...machine(loadBefore),
  totalMemoryGiB: round(os.totalmem() / 2 ** 30, 1),
  note:
    'One thread, wall times (performance.now). MihIndex of random hashes with number ids: build = add all + lookup tables; memory = heap + external (array buffers included) after - before (GC twice). ' +
    'Lookups at radius 31, half random, half a banked hash with 1-31 random flips. Changes in place: 1,000 additions and 1,000 removals, then lookups with the additions pending (scanned) and the removals skipped. ' +
    'Matcher: BankIndexes (policy-scorer) over an in-memory BankStore with one bank of 1M items; a change = one item added, or one removed. The machine (2 cores) is shared: see the load average.',
  indexes,
  matcher,
};
const dir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'bank-index.json'), `${JSON.stringify(result, null, 1)}\n`);
process.stdout.write(`${JSON.stringify(result, null, 1)}\n`);
