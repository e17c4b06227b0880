// Token-bucket rate limiting per key (tenant or client address). RateLimiter is the bucket in this
// process's memory: the all-in-one (one process) default, and the fallback of the buckets shared
// between gateway replicas (shared-rate-limit.ts) while their store does not answer.

/** Token buckets per key under one limit: `perMinute` refill, at most `burst` tokens. */
export interface KeyedLimiter {
  /** Takes a token for `key`: 0 when allowed, else the seconds to wait (at least 1). */
  take(key: string): Promise<number>;
  /** The seconds to wait before `key` may take again (0: it may), without taking. */
  peek(key: string): Promise<number>;
}

/**
 * Makes the limiter of one limit. `name` tells limits apart (e.g. `read`, `write`, `auth`): buckets of
 * one name and key are the same bucket, whatever rate a replica configures.
 */
export type LimiterFactory = (name: string, perMinute: number, burst: number) => KeyedLimiter;

export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly burst = Math.max(1, Math.ceil(perMinute / 6)),
  ) {}

  /** Returns 0 when allowed, else the seconds to wait. */
  take(key: string, now = Date.now()): number {
    const rate = this.perMinute / 60_000;
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + (now - b.at) * rate);
    b.at = now;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      this.buckets.set(key, b);
      if (this.buckets.size > 100_000) this.prune(now);
      return 0;
    }
    this.buckets.set(key, b);
    return Math.ceil((1 - b.tokens) / rate / 1000);
  }

  /** The seconds to wait before `key` may take again (0: it may), without taking. */
  peek(key: string, now = Date.now()): number {
    const b = this.buckets.get(key);
    if (!b) return 0;
    const rate = this.perMinute / 60_000;
    const tokens = Math.min(this.burst, b.tokens + (now - b.at) * rate);
    return tokens >= 1 ? 0 : Math.ceil((1 - tokens) / rate / 1000);
  }

  private prune(now: number): void {
    for (const [k, b] of this.buckets) if (now - b.at > 600_000) this.buckets.delete(k);
  }
}

/** Buckets in this process's memory: each process (each gateway replica) applies the whole limit alone. */
export const inMemoryLimiters: LimiterFactory = (_name, perMinute, burst) => {
  const local = new RateLimiter(perMinute, burst);
  return {
    take: async (key) => local.take(key),
    peek: async (key) => local.peek(key),
  };
};
