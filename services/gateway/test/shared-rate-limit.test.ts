// Token buckets shared between gateway replicas (src/shared-rate-limit.ts): two limiters, each on its
// own store object as two gateways would be, over one store, on the embedded record store, on the
// MongoDB adapter over its nedb stand-in and on NATS KV (the server at NATS_URL, default
// nats://127.0.0.1:4222; skipped with a message when none answers). Together they never admit more than the limit allows; a store that does not answer makes
// each fall back to its own in-memory bucket.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '@modsvc/common/metrics';
import { EmbeddedRecordStore, MongoRecordStore, NatsKvRecordStore, type RecordCollection, type RecordStore } from '@modsvc/common/store/records/index';
// The MongoDB adapter over an in-memory stand-in of the driver (no server), from the port's own tests.
import { nedbMongoDrivers } from '../../../packages/common/test/record-store/nedb-mongo-driver.ts';
import { RATE_BUCKETS, bucketId, leaseBatch, sharedLimiters, takeTokens, type SharedBucket, type SharedLimiterOptions } from '../src/shared-rate-limit.ts';
import { RateLimiter, type KeyedLimiter } from '../src/rate-limit.ts';
import { TenantRateLimits } from '../src/tenant-limits.ts';
import { recordingLog } from './recording-log.ts';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

const { log, lines: logLines } = recordingLog();

/** A test clock (ms) that only moves when told, starting now so that the stores' expiry agrees with it. */
function testClock() {
  let t = Date.now();
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

/** `coll` with some of its calls (or properties) replaced; the others go to it. */
function wrapped<T, X extends object = object>(coll: RecordCollection<T>, over: Partial<RecordCollection<T>> & X): RecordCollection<T> & X {
  return new Proxy(coll, {
    get(target, prop) {
      if (Object.hasOwn(over, prop)) return Reflect.get(over, prop);
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as RecordCollection<T> & X;
}

/** The collection with its successful writes counted. */
function counted<T>(coll: RecordCollection<T>): RecordCollection<T> & { readonly writes: number } {
  let writes = 0;
  const count = <R>(r: R): R => ((writes += r === null ? 0 : 1), r);
  return wrapped(coll, {
    create: async (id: string, value: T) => count(await coll.create(id, value)),
    replace: async (id: string, value: T, version: number) => count(await coll.replace(id, value, version)),
    get writes() {
      return writes;
    },
  });
}

let seq = 0;
const uniqueName = () => `t${process.pid}x${(seq += 1)}`;

interface Kind {
  name: string;
  /** Opens one more store object on the kind's shared store (one per simulated gateway). */
  open(now: () => number): RecordStore;
  dispose(): Promise<void>;
}

/** Whether something listens at the NATS URL (the gateway has no NATS client of its own to ask with). */
function natsAnswers(): Promise<boolean> {
  const url = new URL(NATS_URL);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 4222), timeout: 1000 });
    const done = (ok: boolean) => (socket.destroy(), resolve(ok));
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

const dir = await mkdtemp(join(tmpdir(), 'gateway-rate-buckets-'));
const kinds: Kind[] = [
  {
    name: 'embedded record store',
    open: (now) => new EmbeddedRecordStore({ dir, now: () => new Date(now()) }),
    dispose: () => rm(dir, { recursive: true, force: true }),
  },
  (() => {
    const driver = nedbMongoDrivers();
    return { name: 'MongoDB logic over nedb, no server', open: (now: () => number) => new MongoRecordStore({ driver, now: () => new Date(now()) }), dispose: async () => {} };
  })(),
];
if (await natsAnswers()) {
  const bucketPrefix = `rl_${process.pid}_${randomBytes(4).toString('hex')}_`;
  kinds.push({
    name: 'NATS KV',
    open: (now) => new NatsKvRecordStore({ url: NATS_URL, bucketPrefix, now: () => new Date(now()) }),
    async dispose() {
      // The buckets of this run's prefix go, through a store's own JetStream connection.
      const admin = new NatsKvRecordStore({ url: NATS_URL });
      try {
        const { jsm } = await admin.conn();
        const doomed: string[] = [];
        for await (const name of jsm.streams.names()) if (name.startsWith(`KV_${bucketPrefix}`)) doomed.push(name);
        for (const name of doomed) await jsm.streams.delete(name);
      } finally {
        await admin.close();
      }
    },
  });
} else {
  describe('shared token buckets (NATS KV)', () => {
    it.skip(`no NATS server answers at ${NATS_URL}`, () => {});
  });
}

describe('lease batch and the bucket arithmetic', () => {
  it('leases a tenth of a second of the rate, at most a tenth of the burst, at least 1', () => {
    expect(leaseBatch(600, 100)).toBe(1); // default writes: exact sharing
    expect(leaseBatch(6000, 1000)).toBe(10); // default reads
    expect(leaseBatch(6000, 20)).toBe(2);
    expect(leaseBatch(60, 10)).toBe(1);
    expect(leaseBatch(1_000_000, 1_000_000)).toBe(100);
  });

  it('takes whole tokens, refills with time, names the wait like the in-memory bucket, and never refills backwards', () => {
    const t = 1_000_000;
    const first = takeTokens(null, 3, t, 60, 5);
    expect(first).toMatchObject({ granted: 3, next: { tokens: 2, at: t, fullAt: t + 3000 } });
    const drained = takeTokens(first.next, 10, t, 60, 5);
    expect(drained.granted).toBe(2);
    const refused = takeTokens(drained.next, 1, t + 400, 60, 5);
    expect(refused).toMatchObject({ granted: 0, next: null });
    expect(refused.waitMs).toBeCloseTo(600);
    // The same arithmetic as RateLimiter: Retry-After ceil((1 - tokens) / rate).
    const local = new RateLimiter(6, 1);
    local.take('a', t);
    expect(local.take('a', t)).toBe(Math.ceil(takeTokens({ tokens: 0, at: t, fullAt: t }, 1, t, 6, 1).waitMs / 1000));
    // A clock behind the last writer's: no refill, `at` stays.
    expect(takeTokens({ tokens: 0.5, at: t, fullAt: t }, 1, t - 5000, 60, 5)).toMatchObject({ granted: 0 });
    expect(takeTokens({ tokens: 1.5, at: t, fullAt: t }, 1, t - 5000, 60, 5).next?.at).toBe(t);
  });
});

for (const kind of kinds) {
  describe(`shared token buckets (${kind.name})`, () => {
    const clock = testClock();
    const stores: RecordStore[] = [];
    let buckets: [RecordCollection<SharedBucket> & { readonly writes: number }, RecordCollection<SharedBucket> & { readonly writes: number }];

    beforeAll(async () => {
      for (let i = 0; i < 2; i += 1) {
        const s = kind.open(clock.now);
        await s.init();
        stores.push(s);
      }
      buckets = [counted(stores[0]!.collection(RATE_BUCKETS)), counted(stores[1]!.collection(RATE_BUCKETS))];
    });

    afterAll(async () => {
      for (const s of stores) await s.close();
      await kind.dispose();
    });

    /** One limiter per simulated gateway, on its own store object, for the same limit. */
    function twoGateways(perMinute: number, burst: number, opts: SharedLimiterOptions = {}): [KeyedLimiter, KeyedLimiter] {
      const name = uniqueName();
      const o = { now: clock.now, timeoutMs: 10_000, ...opts };
      return [sharedLimiters(buckets[0], log, o)(name, perMinute, burst), sharedLimiters(buckets[1], log, o)(name, perMinute, burst)];
    }

    it('two gateways taking at once, alternately and concurrently, admit no more than the burst plus the refill in total', async () => {
      const [a, b] = twoGateways(60, 5); // one a second, bursts of 5
      const start = clock.now();
      let admitted = 0;
      const waits: number[] = [];
      for (let step = 0; step < 30; step += 1) {
        const answers = await Promise.all([a.take('acme'), b.take('acme'), a.take('acme'), b.take('acme'), a.take('acme'), b.take('acme')]);
        admitted += answers.filter((w) => w === 0).length;
        waits.push(...answers.filter((w) => w > 0));
        clock.advance(100);
      }
      const elapsedSeconds = (clock.now() - start - 100) / 1000;
      // Alone, each would have admitted 5 + 3: together exactly the bucket's allowance.
      expect(admitted).toBeLessThanOrEqual(5 + Math.floor(elapsedSeconds * 1));
      expect(admitted).toBeGreaterThanOrEqual(5 + Math.floor(elapsedSeconds * 1) - 1);
      expect(waits.length).toBeGreaterThan(0);
      expect(waits.every((w) => Number.isInteger(w) && w >= 1)).toBe(true);
    });

    it('another tenant, or another limit, is another bucket', async () => {
      const [a, b] = twoGateways(60, 1);
      expect(await a.take('acme')).toBe(0);
      expect(await b.take('acme')).toBeGreaterThan(0);
      expect(await b.take('globex')).toBe(0);
      const [c] = twoGateways(60, 1);
      expect(await c.take('acme')).toBe(0);
    });

    it('leases tokens in batches at a high rate: fewer store writes than requests, still within the limit in total', async () => {
      const writesBefore = buckets[0].writes + buckets[1].writes;
      const [a, b] = twoGateways(6000, 50); // 100 a second, bursts of 50: batches of 5
      const start = clock.now();
      let admitted = 0;
      for (let step = 0; step < 40; step += 1) {
        const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b).take('initech')));
        admitted += answers.filter((w) => w === 0).length;
        clock.advance(50);
      }
      const elapsedSeconds = (clock.now() - start - 50) / 1000;
      const allowance = 50 + Math.floor(elapsedSeconds * 100);
      expect(admitted).toBeLessThanOrEqual(allowance);
      // Demand (320 a second) is over the rate all along, so leases are spent, not left to lapse.
      expect(admitted).toBeGreaterThanOrEqual(allowance * 0.8);
      const writes = buckets[0].writes + buckets[1].writes - writesBefore;
      expect(writes).toBeLessThan(admitted / 2);
    });

    it('a refusal names the seconds until the shared bucket holds a token, and costs no store call while it lasts', async () => {
      const [a, b] = twoGateways(6, 1); // one every 10 s
      expect(await a.take('umbrella')).toBe(0);
      expect(await b.take('umbrella')).toBe(10);
      const writes = buckets[1].writes;
      clock.advance(4000);
      expect(await b.take('umbrella')).toBe(6);
      expect(await b.peek('umbrella')).toBe(6);
      expect(buckets[1].writes).toBe(writes);
      clock.advance(6000);
      expect(await b.peek('umbrella')).toBe(0);
      expect(await b.take('umbrella')).toBe(0);
      expect(await a.peek('umbrella')).toBe(10);
    });

    it('peek reads the shared bucket without taking', async () => {
      const [a, b] = twoGateways(60, 2);
      expect(await b.peek('10.0.0.7')).toBe(0);
      expect(await a.take('10.0.0.7')).toBe(0);
      expect(await b.peek('10.0.0.7')).toBe(0);
      expect(await a.take('10.0.0.7')).toBe(0);
      expect(await b.peek('10.0.0.7')).toBe(1);
      expect(await b.peek('10.0.0.7')).toBe(1);
    });

    it('a bucket idle until full expires, and a missing bucket is a full one', async () => {
      const [a] = twoGateways(60, 3);
      const key = `idle-${uniqueName()}`;
      expect(await a.take(key)).toBe(0);
      const id = bucketId((a as unknown as { name: string }).name, key);
      const held = await buckets[0].get(id);
      expect(held?.value).toMatchObject({ tokens: 2, fullAt: clock.now() + 1000 });
      expect(RATE_BUCKETS.expiresAt!(held!.value)!.getTime()).toBeGreaterThanOrEqual(held!.value.fullAt);
      clock.advance(61_000);
      expect(await buckets[0].get(id)).toBeNull(); // expired: reads as absent
      expect(await buckets[0].deleteExpired(new Date(clock.now()))).toBeGreaterThanOrEqual(1);
      expect([await a.take(key), await a.take(key), await a.take(key), await a.take(key)]).toEqual([0, 0, 0, 1]);
    });

    it("tenants' read and write limits, through TenantRateLimits, hold across two gateways", async () => {
      const name = uniqueName();
      const tenant = { id: `tight-${name}`, limits: { readsPerMinute: 60, readBurst: 3, writesPerMinute: 60, writeBurst: 2 } } as never;
      const gw = [0, 1].map((i) => new TenantRateLimits({ readsPerMinute: 6000, writesPerMinute: 600 }, sharedLimiters(buckets[i as 0 | 1], log, { now: clock.now, timeoutMs: 10_000 })));
      const writes = [await gw[0]!.take(tenant, 'write'), await gw[1]!.take(tenant, 'write'), await gw[0]!.take(tenant, 'write')];
      expect(writes.map((w) => w.waitSeconds)).toEqual([0, 0, 1]);
      expect(writes[2]).toEqual({ waitSeconds: 1, perMinute: 60 });
      const reads = [await gw[1]!.take(tenant, 'read'), await gw[0]!.take(tenant, 'read'), await gw[1]!.take(tenant, 'read'), await gw[0]!.take(tenant, 'read')];
      expect(reads.map((r) => r.waitSeconds)).toEqual([0, 0, 0, 1]);
    });
  });
}

describe('when the shared store does not answer', () => {
  const clock = testClock();
  let store: EmbeddedRecordStore;
  let fallbackDir: string;
  let broken: 'no' | 'failing' | 'hanging' = 'no';
  let coll: RecordCollection<SharedBucket>;

  beforeAll(async () => {
    fallbackDir = await mkdtemp(join(tmpdir(), 'gateway-rate-fallback-'));
    store = new EmbeddedRecordStore({ dir: fallbackDir, now: () => new Date(clock.now()) });
    const real = store.collection(RATE_BUCKETS);
    const guard =
      <A extends unknown[], R>(f: (...args: A) => Promise<R>) =>
      (...args: A): Promise<R> =>
        broken === 'failing' ? Promise.reject(new Error('connection refused')) : broken === 'hanging' ? new Promise<R>(() => {}) : f(...args);
    coll = wrapped<SharedBucket>(real, {
      get: guard((id: string) => real.get(id)),
      create: guard((id: string, v: SharedBucket) => real.create(id, v)),
      replace: guard((id: string, v: SharedBucket, version: number) => real.replace(id, v, version)),
    });
  });

  afterAll(async () => {
    await store.close();
    await rm(fallbackDir, { recursive: true, force: true });
  });

  async function fallbacks(limit: string): Promise<number> {
    const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === 'modsvc_rate_limit_local_fallback_total');
    return (metric?.values ?? []).find((v) => v.labels.limit === limit)?.value ?? 0;
  }

  it("each gateway applies the whole limit on its own bucket (fail over to per-replica limits, neither open nor closed), warns once, counts it, and shares again once the store is back", async () => {
    const name = uniqueName();
    const make = () => sharedLimiters(coll, log, { now: clock.now, timeoutMs: 10_000, retryMs: 5000 })(name, 60, 2);
    const [a, b] = [make(), make()];
    expect(await a.take('acme')).toBe(0);

    logLines.length = 0;
    broken = 'failing';
    const before = await fallbacks(name);
    // Each gateway's own bucket is full (2): together they admit 4, twice the limit, as unshared gateways did.
    expect([await a.take('acme'), await a.take('acme'), await a.take('acme')]).toEqual([0, 0, 1]);
    expect([await b.take('acme'), await b.take('acme'), await b.take('acme')]).toEqual([0, 0, 1]);
    expect((await fallbacks(name)) - before).toBe(6);
    expect(logLines.filter((l) => l.level === 'warn')).toHaveLength(2); // once per gateway (each has its own store)

    // Back after retryMs: the shared bucket decides again (it refilled to 2 meanwhile).
    broken = 'no';
    clock.advance(5000);
    expect([await a.take('acme'), await b.take('acme'), await a.take('acme')]).toEqual([0, 0, 1]);
    expect(logLines.some((l) => l.level === 'info' && /answers again/.test(l.msg))).toBe(true);
  });

  it('a store that hangs counts as down after the timeout', async () => {
    const name = uniqueName();
    const a = sharedLimiters(coll, log, { now: clock.now, timeoutMs: 50, retryMs: 5000 })(name, 60, 1);
    broken = 'hanging';
    const started = Date.now();
    expect(await a.take('acme')).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
    // Within retryMs the store is not asked again: no further wait.
    const again = Date.now();
    expect(await a.take('acme')).toBe(1);
    expect(await a.peek('acme')).toBe(1);
    expect(Date.now() - again).toBeLessThan(40);
    broken = 'no';
  });
});
