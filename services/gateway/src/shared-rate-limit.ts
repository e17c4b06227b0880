// Token buckets shared by every gateway replica, kept in the store the deployment already runs (NATS KV
// or MongoDB, the record store of JOB_STORE), so that a limit holds across replicas instead of growing
// with their number (the chart autoscales gateways from 2 to 10). All-in-one (JOB_STORE=embedded, one
// process) keeps the in-memory buckets of rate-limit.ts.
//
// A bucket is one record per (limit, key): {tokens, at} as of the last write, plus when it would be
// full again. Taking tokens is one compare-and-set of that record (updateRecord): refill by the time
// elapsed, take, write back conditionally on the version read. A bucket never used, or idle until it
// would be full, is no record at all (a missing record reads as a full bucket), and records expire
// once they would be full (rounded up to the minute, so that steady traffic rarely moves the record's
// expiry entry); the gateway's `rate-limit-sweep` task removes expired ones (MongoDB's TTL index does
// too).
//
// Leases. To keep the cost per request and the contention on a busy tenant's record low, a replica
// takes a small batch of tokens at once and spends them locally for at most LEASE_MS (1 s); what is
// left of a lease after that is dropped, never returned. Every token a replica spends was first taken
// from the shared bucket, so all replicas together never admit more than the bucket allows (a lease
// only delays spending by up to a second). The batch is a tenth of a second's worth of the rate, at
// most a tenth of the burst and at most 100, at least 1 (leaseBatch): the default write limit (600 a
// minute) leases 1 token at a time, i.e. exact sharing; the default read limit (6000 a minute, bursts
// of 1000) leases 10. The cost of a lapsed lease falls on the tenant: a replica that sees less than a
// tenth of a second's worth of the tenant's traffic per second lets part of each lease lapse, so with
// traffic spread thinly over many replicas a tenant may be refused somewhat below its limit, never
// above it. With up to 10 replicas, a replica receiving its fair share of a tenant at its limit spends
// its whole lease. Concurrent requests of one key on one replica share one store call, which takes
// enough tokens for all of them. A refusal is remembered until the bucket can hold a token again
// (tokens only ever arrive by refill), so a client hammering past its limit costs no store calls.
//
// When the store does not answer (an error, or no answer within timeoutMs) the limiter falls back to
// its own in-memory bucket with the whole limit, for retryMs, then tries the store again: each replica
// then applies the limit alone, as gateways did before limits were shared (at most replicas x the
// limit, never unlimited). That choice is deliberate: these limits protect capacity and fairness (and
// slow API-key guessing, which per-replica limits still do), so failing closed would turn a store blip
// into a full API outage and would tell every client, wrongly, that it is over its limit (429); failing
// wide open would drop all protection from an abusive client exactly when the system is degraded. The switch is logged (a warning when the store
// stops answering, info when it is back) and every local decision counts in
// modsvc_rate_limit_local_fallback_total{limit}. Replica counts are not known to a gateway, so the local
// bucket is not scaled down by them.
import crypto from 'node:crypto';
import type { Logger } from '@modsvc/common/logger';
import { rateLimitLocalFallbacks } from '@modsvc/common/load-metrics';
import { RecordConflictError, updateRecord, type CollectionSpec, type RecordCollection, type UpdateOptions } from '@modsvc/common/store/records/index';
import { RateLimiter, type KeyedLimiter, type LimiterFactory } from './rate-limit.ts';

/** One shared bucket, as stored. Times are milliseconds since the epoch. */
export interface SharedBucket {
  /** Tokens left at `at` (fractional: refill is continuous). */
  tokens: number;
  at: number;
  /** When the bucket would be full again without further takes: from then on it may as well not exist. */
  fullAt: number;
}

/** Expiry times are rounded up to this, so that a busy bucket keeps one expiry entry for a while. */
const EXPIRY_STEP_MS = 60_000;

export const RATE_BUCKETS: CollectionSpec<SharedBucket> = {
  name: 'rate_buckets',
  expiresAt: (b) => new Date(Math.ceil(b.fullAt / EXPIRY_STEP_MS) * EXPIRY_STEP_MS),
};

/** How long leased tokens may be spent. */
export const LEASE_MS = 1000;

/** Tokens a replica takes from a shared bucket at once: see the lease rule above. */
export function leaseBatch(perMinute: number, burst: number): number {
  return Math.max(1, Math.min(100, Math.floor(perMinute / 600), Math.floor(burst / 10)));
}

/** The record id of `key`'s bucket under the limit `name`: a digest, so that any key (an IPv6 address...) fits every store. */
export function bucketId(name: string, key: string): string {
  return `${name}-${crypto.createHash('sha256').update(key).digest('base64url')}`;
}

export interface TakeResult {
  /** The bucket to write, or null when not even one token is there. */
  next: SharedBucket | null;
  granted: number;
  /** When none was granted: milliseconds until one token is there. */
  waitMs: number;
}

/** Takes up to `want` whole tokens from `current` (null: no record, a full bucket) at `now`. Pure. */
export function takeTokens(current: SharedBucket | null, want: number, now: number, perMinute: number, burst: number): TakeResult {
  const rate = perMinute / 60_000;
  // A replica whose clock is behind the last writer's refills nothing and does not move `at` back.
  const tokens = current ? Math.min(burst, current.tokens + Math.max(0, now - current.at) * rate) : burst;
  const at = current ? Math.max(current.at, now) : now;
  const granted = Math.min(Math.floor(want), Math.floor(tokens));
  if (granted < 1) return { next: null, granted: 0, waitMs: (1 - tokens) / rate };
  const left = tokens - granted;
  return { next: { tokens: left, at, fullAt: at + (burst - left) / rate }, granted, waitMs: 0 };
}

export interface SharedLimiterOptions {
  /** A store call that has not answered after this long counts as the store being unavailable. Default 1000 ms. */
  timeoutMs?: number;
  /** After the store failed, how long the local buckets decide before the store is tried again. Default 5000 ms. */
  retryMs?: number;
  /** How long leased tokens may be spent. Default LEASE_MS. */
  leaseMs?: number;
  /** Clock (ms), for tests. */
  now?: () => number;
}

const DEFAULT_TIMEOUT_MS = 1000;
const DEFAULT_RETRY_MS = 5000;
/** Conflicting writes tried before a request is refused as too contended (RecordConflictError). */
const UPDATE_OPTIONS: UpdateOptions = { maxAttempts: 20, baseMs: 1, capMs: 16 };
/** A request that found its key's tokens taken by others this many times in a row is refused. */
const MAX_ROUNDS = 5;
/** How long a key whose record kept conflicting is refused locally. */
const CONFLICT_REFUSAL_MS = 250;

class StoreTimeout extends Error {
  constructor(ms: number) {
    super(`the rate-limit store did not answer within ${ms} ms`);
    this.name = 'StoreTimeout';
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreTimeout(ms)), ms);
    timer.unref();
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

const secondsFor = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Whether the shared store answers, for every limiter on it: after a failure the local buckets decide
 * for retryMs; then one call probes the store (the others keep deciding locally while it is out).
 */
class StoreHealth {
  private downUntil = 0;
  private down = false;

  constructor(
    private readonly log: Logger,
    private readonly retryMs: number,
    private readonly timeoutMs: number,
  ) {}

  /** Whether a call at `now` should go to the store. */
  tryStore(now: number): boolean {
    if (now < this.downUntil) return false;
    // This call is the probe: the others wait for its verdict on the local buckets.
    if (this.down) this.downUntil = now + this.timeoutMs;
    return true;
  }

  failed(err: unknown, now: number): void {
    this.downUntil = now + this.retryMs;
    if (this.down) return;
    this.down = true;
    this.log.warn(
      { err: err instanceof Error ? err.message : String(err), retry_ms: this.retryMs },
      'rate limits: the shared store did not answer; each gateway replica applies the limits alone until it does',
    );
  }

  succeeded(): void {
    if (!this.down) return;
    this.down = false;
    this.downUntil = 0;
    this.log.info('rate limits: the shared store answers again; limits hold across replicas');
  }
}

interface KeyState {
  /** Tokens taken from the shared bucket and not spent yet, spendable until leaseUntil. */
  leased: number;
  leaseUntil: number;
  /** The shared bucket holds no token before this (as last read). */
  refusedUntil: number;
  /** The store call in flight for this key, which every request of the key waits for. */
  fetching: Promise<void> | null;
  /** Requests waiting for it. */
  waiting: number;
}

const STATE_PRUNE_SIZE = 100_000;

export class SharedRateLimiter implements KeyedLimiter {
  readonly batch: number;
  private readonly states = new Map<string, KeyState>();
  private readonly fallback: RateLimiter;
  private readonly timeoutMs: number;
  private readonly leaseMs: number;
  private readonly now: () => number;

  constructor(
    private readonly buckets: RecordCollection<SharedBucket>,
    private readonly health: StoreHealth,
    readonly name: string,
    readonly perMinute: number,
    readonly burst: number,
    opts: SharedLimiterOptions = {},
  ) {
    this.batch = leaseBatch(perMinute, burst);
    this.fallback = new RateLimiter(perMinute, burst);
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.leaseMs = opts.leaseMs ?? LEASE_MS;
    this.now = opts.now ?? Date.now;
  }

  async take(key: string): Promise<number> {
    for (let round = 0; ; round += 1) {
      const now = this.now();
      const s = this.state(key, now);
      if (s.leased >= 1 && now < s.leaseUntil) {
        s.leased -= 1;
        return 0;
      }
      if (now < s.refusedUntil) return secondsFor(s.refusedUntil - now);
      // Others on this replica spent what the last calls leased: refuse rather than wait on and on.
      if (round >= MAX_ROUNDS) return 1;
      if (!s.fetching) {
        if (!this.health.tryStore(now)) return this.local(key, now, 'take');
        const want = Math.max(this.batch, s.waiting + 1);
        s.fetching = this.fetch(key, s, want).finally(() => (s.fetching = null));
      }
      s.waiting += 1;
      try {
        await s.fetching;
      } finally {
        s.waiting -= 1;
      }
    }
  }

  async peek(key: string): Promise<number> {
    const now = this.now();
    const s = this.states.get(key);
    if (s && s.leased >= 1 && now < s.leaseUntil) return 0;
    if (s && now < s.refusedUntil) return secondsFor(s.refusedUntil - now);
    if (!this.health.tryStore(now)) return this.local(key, now, 'peek');
    try {
      const current = await withTimeout(this.buckets.get(bucketId(this.name, key)), this.timeoutMs);
      this.health.succeeded();
      const r = takeTokens(current?.value ?? null, 1, now, this.perMinute, this.burst);
      return r.granted ? 0 : secondsFor(r.waitMs);
    } catch (err) {
      this.health.failed(err, this.now());
      return this.local(key, now, 'peek');
    }
  }

  private local(key: string, now: number, op: 'take' | 'peek'): number {
    rateLimitLocalFallbacks.inc({ limit: this.name });
    return op === 'take' ? this.fallback.take(key, now) : this.fallback.peek(key, now);
  }

  private state(key: string, now: number): KeyState {
    let s = this.states.get(key);
    if (!s) {
      if (this.states.size >= STATE_PRUNE_SIZE) this.prune(now);
      s = { leased: 0, leaseUntil: 0, refusedUntil: 0, fetching: null, waiting: 0 };
      this.states.set(key, s);
    }
    return s;
  }

  private prune(now: number): void {
    for (const [k, s] of this.states) if (!s.fetching && now >= s.leaseUntil && now >= s.refusedUntil) this.states.delete(k);
  }

  /** One store call for `key`: a lease, a remembered refusal, or the store marked unavailable. Never rejects. */
  private async fetch(key: string, s: KeyState, want: number): Promise<void> {
    const now = this.now();
    try {
      const r = await withTimeout(this.lease(bucketId(this.name, key), want, now), this.timeoutMs);
      this.health.succeeded();
      if (r.granted > 0) {
        s.leased = r.granted;
        s.leaseUntil = now + this.leaseMs;
      } else {
        s.refusedUntil = now + r.waitMs;
      }
    } catch (err) {
      if (err instanceof RecordConflictError) {
        // The store answers, but this key's record keeps changing under us: it is being spent fast.
        s.refusedUntil = this.now() + CONFLICT_REFUSAL_MS;
        return;
      }
      this.health.failed(err, this.now());
    }
  }

  /** Takes up to `want` tokens from the shared bucket `id` at `now`: one conditional write. */
  private async lease(id: string, want: number, now: number): Promise<{ granted: number; waitMs: number }> {
    for (let attempt = 1; attempt <= UPDATE_OPTIONS.maxAttempts!; attempt += 1) {
      // updateRecord returns at once when the change declines, so `last` is the run that decided.
      const last: { r: TakeResult | null } = { r: null };
      const written = await updateRecord(
        this.buckets,
        id,
        (current) => {
          last.r = takeTokens(current, want, now, this.perMinute, this.burst);
          return last.r.next;
        },
        UPDATE_OPTIONS,
      );
      if (written) return last.r!;
      if (last.r && last.r.next === null) return last.r;
      // No record (never used, or idle until full and expired): a full bucket, created with this lease taken.
      const fresh = takeTokens(null, want, now, this.perMinute, this.burst);
      if (fresh.next === null) return fresh;
      if ((await this.buckets.create(id, fresh.next)) !== null) return fresh;
      // Another replica created it meanwhile: take from that one.
    }
    throw new RecordConflictError(this.buckets.name, id, UPDATE_OPTIONS.maxAttempts!);
  }
}

/** Limiters whose buckets live in `buckets`, shared by every gateway using the same store. */
export function sharedLimiters(buckets: RecordCollection<SharedBucket>, log: Logger, opts: SharedLimiterOptions = {}): LimiterFactory {
  const health = new StoreHealth(log, opts.retryMs ?? DEFAULT_RETRY_MS, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  return (name, perMinute, burst) => new SharedRateLimiter(buckets, health, name, perMinute, burst, opts);
}
