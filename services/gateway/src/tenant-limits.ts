// Per-tenant rate limits, with separate token buckets for reads (GET: job polls, models, delivery
// logs) and writes (submits, moderate, other POSTs), so that a client polling its jobs never uses up
// the budget it needs to submit, and the other way round. Rates come from the tenant's `limits` in
// TENANTS_FILE, else from the configuration. The buckets come from a LimiterFactory: shared by every
// gateway replica through the store in a distributed deployment (shared-rate-limit.ts), in this
// process's memory in all-in-one (rate-limit.ts).
import type { Tenant } from '@modsvc/common/tenants';
import { throttledRequests } from '@modsvc/common/load-metrics';
import { inMemoryLimiters, type KeyedLimiter, type LimiterFactory } from './rate-limit.ts';

export type RequestKind = 'read' | 'write';

export function requestKind(method: string): RequestKind {
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}

export interface DefaultRates {
  readsPerMinute: number;
  writesPerMinute: number;
}

/** The burst when none is configured: ten seconds' worth of the rate. */
export function defaultBurst(perMinute: number): number {
  return Math.max(1, Math.ceil(perMinute / 6));
}

export interface LimitAnswer {
  /** 0 when allowed, else the seconds to wait. */
  waitSeconds: number;
  perMinute: number;
}

export class TenantRateLimits {
  /** One limiter per distinct (kind, rate, burst); buckets inside are per tenant. */
  private readonly limiters = new Map<string, KeyedLimiter>();

  constructor(
    private readonly defaults: DefaultRates,
    private readonly makeLimiter: LimiterFactory = inMemoryLimiters,
  ) {}

  async take(tenant: Tenant, kind: RequestKind): Promise<LimitAnswer> {
    const own = tenant.limits;
    const perMinute = (kind === 'read' ? own?.readsPerMinute : own?.writesPerMinute) ?? (kind === 'read' ? this.defaults.readsPerMinute : this.defaults.writesPerMinute);
    const burst = (kind === 'read' ? own?.readBurst : own?.writeBurst) ?? defaultBurst(perMinute);
    const id = `${kind}/${perMinute}/${burst}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      // Named by kind only: a tenant's bucket stays the same bucket when its rates change.
      limiter = this.makeLimiter(kind, perMinute, burst);
      this.limiters.set(id, limiter);
    }
    const waitSeconds = await limiter.take(tenant.id);
    if (waitSeconds) throttledRequests.inc({ kind });
    return { waitSeconds, perMinute };
  }
}
