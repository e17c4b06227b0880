// Per-tenant rate limits, with separate token buckets for reads (GET: job polls, models, delivery
// logs) and writes (submits, moderate, other POSTs), so that a client polling its jobs never uses up
// the budget it needs to submit, and the other way round. Rates come from the tenant's `limits` in
// TENANTS_FILE, else from the configuration. In memory per gateway replica.
import type { Tenant } from '@modsvc/common/tenants';
import { throttledRequests } from '@modsvc/common/load-metrics';
import { RateLimiter } from './rate-limit.ts';

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
  private readonly limiters = new Map<string, RateLimiter>();

  constructor(private readonly defaults: DefaultRates) {}

  take(tenant: Tenant, kind: RequestKind, now = Date.now()): LimitAnswer {
    const own = tenant.limits;
    const perMinute = (kind === 'read' ? own?.readsPerMinute : own?.writesPerMinute) ?? (kind === 'read' ? this.defaults.readsPerMinute : this.defaults.writesPerMinute);
    const burst = (kind === 'read' ? own?.readBurst : own?.writeBurst) ?? defaultBurst(perMinute);
    const id = `${kind}/${perMinute}/${burst}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiter(perMinute, burst);
      this.limiters.set(id, limiter);
    }
    const waitSeconds = limiter.take(tenant.id, now);
    if (waitSeconds) throttledRequests.inc({ kind });
    return { waitSeconds, perMinute };
  }
}
