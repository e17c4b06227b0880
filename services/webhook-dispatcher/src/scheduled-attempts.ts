// The retry schedule applied to a job's webhook: whether a scheduled attempt is due, and what state
// and next attempt follow its outcome. Pure functions of the record and the time.
import type { JobRecord, JobWebhook } from '@modsvc/common/jobs';
import { failedScheduledAttempts, interruptStale, liveScheduledAttempt, recordOutcome, startAttempt } from './attempt-log.ts';
import type { DeliveryResult } from './deliver.ts';
import { afterFailure } from './schedule.ts';

/**
 * A bus message that arrives this much or less before the attempt is due is held until then rather
 * than dropped (replicas' clocks differ a little); one arriving earlier is a duplicate of the timer.
 */
export const EARLY_TOLERANCE_MS = 30_000;

/** What the bus message that asked for an attempt should do next: nothing, or come back after a delay. */
export type Settle = { kind: 'done' } | { kind: 'later'; delayMs: number };

const DONE: Settle = { kind: 'done' };

function nextAttemptTime(webhook: JobWebhook): number | null {
  return webhook.nextAttemptAt ? Date.parse(webhook.nextAttemptAt) : null;
}

/** The webhook with its due scheduled attempt started (as 'sending'), or null when none is due now. */
export function claimScheduledAttempt(job: JobRecord, now: Date, leaseMs: number): JobWebhook | null {
  if (!job.callbackUrl || job.status === 'queued' || job.webhook.state !== 'pending') return null;
  const webhook = interruptStale(job.webhook, now, leaseMs);
  if (liveScheduledAttempt(webhook, now, leaseMs)) return null;
  const due = nextAttemptTime(webhook);
  if (due !== null && due > now.getTime()) return null;
  return { ...startAttempt(webhook, now, false), nextAttemptAt: null };
}

/**
 * For a message that found nothing to send: done (delivered, given up, another sender at work, or a
 * duplicate of the message holding the next retry), or later when the retry is due within the tolerance.
 */
export function settleWithoutAttempt(job: JobRecord | null, now: Date): Settle {
  if (!job || job.webhook.state !== 'pending') return DONE;
  const due = nextAttemptTime(job.webhook);
  if (due === null) return DONE;
  const wait = due - now.getTime();
  return wait > 0 && wait <= EARLY_TOLERANCE_MS ? { kind: 'later', delayMs: wait } : DONE;
}

/** The webhook after scheduled attempt `n` ended with `result` at `now`: delivered, given up, or the next retry scheduled. */
export function afterScheduledAttempt(webhook: JobWebhook, n: number, result: DeliveryResult, now: Date, rand?: () => number): JobWebhook {
  const recorded = recordOutcome(webhook, n, result);
  // A redelivery may have delivered it meanwhile: that stands.
  if (recorded.state !== 'pending') return { ...recorded, nextAttemptAt: null };
  if (result.ok) return { ...recorded, state: 'delivered', nextAttemptAt: null };
  // Not retryable (410 Gone, a refused address): the attempt's error says why.
  if (!result.retry) return { ...recorded, state: 'gave_up', nextAttemptAt: null };
  const step = afterFailure(failedScheduledAttempts(recorded), result.retryAfterMs, rand);
  if (step.kind === 'retry') return { ...recorded, nextAttemptAt: new Date(now.getTime() + step.delayMs).toISOString() };
  const attempts = recorded.attempts.map((a) => (a.attempt === n ? { ...a, error: `${a.error ?? 'failed'}; ${step.reason}` } : a));
  return { ...recorded, attempts, state: 'gave_up', nextAttemptAt: null };
}

/** After an attempt: the message comes back when the next retry is due, or is done. */
export function retryTimer(webhook: JobWebhook | undefined, now: Date): Settle {
  const due = webhook?.state === 'pending' ? nextAttemptTime(webhook) : null;
  return due === null ? DONE : { kind: 'later', delayMs: Math.max(0, due - now.getTime()) };
}

/** When the job's next scheduled attempt should start (a 'sending' one: when its lease ends). */
export function dueAt(job: JobRecord, leaseMs: number): number {
  const sending = job.webhook.attempts.find((a) => !a.redelivery && a.outcome === 'sending');
  if (sending) return Date.parse(sending.at) + leaseMs;
  return nextAttemptTime(job.webhook) ?? (job.finishedAt ?? job.updatedAt).getTime();
}
