// The delivery log as a record of what happened: an attempt is written as 'sending' before its request
// goes out and gets its outcome after. A dispatcher killed in between leaves the attempt visible, and
// the next one to look at the job marks it 'interrupted' (the receiver may have received it).
import type { DeliveryAttempt, JobWebhook } from '@modsvc/common/jobs';
import { attemptView } from '@modsvc/common/domain/index';
import type { DeliveryResult } from './deliver.ts';

/** A 'sending' attempt older than the request timeout plus this has lost its sender. */
export const LEASE_MARGIN_MS = 30_000;

export const INTERRUPTED_ERROR = "the dispatcher stopped before this attempt's outcome was recorded; the receiver may have received it";

/** How long a 'sending' attempt is presumed to have a live sender. */
export function attemptLeaseMs(timeoutMs: number): number {
  return timeoutMs + LEASE_MARGIN_MS;
}

/** Appends the next attempt, as 'sending'. */
export function startAttempt(webhook: JobWebhook, at: Date, redelivery: boolean): JobWebhook {
  const attempt: DeliveryAttempt = {
    attempt: webhook.attempts.length + 1,
    at: at.toISOString(),
    httpStatus: 0,
    error: null,
    durationMs: 0,
    outcome: 'sending',
    redelivery,
  };
  return { ...webhook, attempts: [...webhook.attempts, attempt] };
}

/** Sets the outcome of attempt `n` (also over 'interrupted', when its sender outlived the lease). */
export function recordOutcome(webhook: JobWebhook, n: number, result: DeliveryResult): JobWebhook {
  const attempts = webhook.attempts.map((a) =>
    a.attempt === n
      ? { ...a, httpStatus: result.httpStatus, error: result.error, durationMs: result.durationMs, outcome: result.ok ? ('delivered' as const) : ('failed' as const) }
      : a,
  );
  return { ...webhook, attempts };
}

function isStale(a: DeliveryAttempt, now: Date, leaseMs: number): boolean {
  return a.outcome === 'sending' && now.getTime() - Date.parse(a.at) >= leaseMs;
}

/** Marks every 'sending' attempt older than the lease as interrupted. */
export function interruptStale(webhook: JobWebhook, now: Date, leaseMs: number): JobWebhook {
  if (!webhook.attempts.some((a) => isStale(a, now, leaseMs))) return webhook;
  const attempts = webhook.attempts.map((a) => (isStale(a, now, leaseMs) ? { ...a, outcome: 'interrupted' as const, error: INTERRUPTED_ERROR } : a));
  return { ...webhook, attempts };
}

/** The scheduled (not redelivery) attempt being sent, if its sender is presumed alive. */
export function liveScheduledAttempt(webhook: JobWebhook, now: Date, leaseMs: number): DeliveryAttempt | undefined {
  return webhook.attempts.find((a) => !a.redelivery && a.outcome === 'sending' && !isStale(a, now, leaseMs));
}

/** Failed scheduled attempts: the position in the retry schedule (interrupted ones are not counted). */
export function failedScheduledAttempts(webhook: JobWebhook): number {
  return webhook.attempts.filter((a) => !a.redelivery && attemptView(a).outcome === 'failed').length;
}

/** The webhook after redelivery `n` ended: delivered when it succeeded; otherwise the state (and any schedule) stands. */
export function afterRedelivery(webhook: JobWebhook, n: number, result: DeliveryResult): JobWebhook {
  const recorded = recordOutcome(webhook, n, result);
  return result.ok ? { ...recorded, state: 'delivered', nextAttemptAt: null } : recorded;
}
