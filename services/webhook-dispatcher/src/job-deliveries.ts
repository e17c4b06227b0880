// The job-finished webhook: scheduled attempts (each asked for by a pipeline.finished message),
// redelivery on request, and the delivery log. Every attempt is recorded as 'sending' before its
// request goes out and with its outcome after, so the log matches what receivers saw even after a crash.
import { ApiError } from '@modsvc/common/errors';
import type { EgressGuard, Resolver } from '@modsvc/common/egress';
import type { JobRecord } from '@modsvc/common/jobs';
import type { Logger } from '@modsvc/common/logger';
import { webhookDeliveries } from '@modsvc/common/metrics';
import type { JobStore } from '@modsvc/common/store/types';
import { attemptView, type DeliveryLogView, type RedeliveryView } from '@modsvc/common/domain/index';
import { afterRedelivery, attemptLeaseMs, interruptStale, startAttempt } from './attempt-log.ts';
import { deliverWebhook, type DeliveryResult } from './deliver.ts';
import { afterScheduledAttempt, claimScheduledAttempt, retryTimer, settleWithoutAttempt, type Settle } from './scheduled-attempts.ts';
import { jobFinishedWebhookId } from './webhook-id.ts';

export interface JobDeliveryDeps {
  store: JobStore;
  /** The tenant's signing secrets, current first; none: deliveries are unsigned. */
  secretsOf(tenantId: string): readonly string[];
  guard: EgressGuard;
  /** Per-request timeout (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  log: Logger;
  /** Clock, jitter source and name resolution: injectable for tests. */
  now?: () => Date;
  rand?: () => number;
  resolve?: Resolver;
}

export interface JobDeliveries {
  /** How long a 'sending' attempt is presumed to have a live sender. */
  readonly leaseMs: number;
  /** Makes the job's scheduled attempt if one is due; says when the asking message should come back. */
  attemptDue(jobId: string): Promise<Settle>;
  redeliver(tenantId: string, jobId: string): Promise<RedeliveryView | null>;
  deliveryLog(tenantId: string, jobId: string): Promise<DeliveryLogView | null>;
}

export function createJobDeliveries(deps: JobDeliveryDeps): JobDeliveries {
  const now = deps.now ?? (() => new Date());
  const leaseMs = attemptLeaseMs(deps.timeoutMs);

  const send = (job: JobRecord, startedAt: Date): Promise<DeliveryResult> =>
    deliverWebhook({ job, startedAt, secrets: deps.secretsOf(job.tenantId), guard: deps.guard, timeoutMs: deps.timeoutMs, resolve: deps.resolve });

  async function attemptDue(jobId: string): Promise<Settle> {
    const startedAt = now();
    const claimed = await deps.store.updateWebhook(jobId, (job) => claimScheduledAttempt(job, startedAt, leaseMs));
    if (!claimed) return settleWithoutAttempt(await deps.store.get(jobId), now());
    const n = claimed.webhook.attempts.length;
    const result = await send(claimed, startedAt);
    const endedAt = now();
    const updated = await deps.store.updateWebhook(jobId, (job) => afterScheduledAttempt(job.webhook, n, result, endedAt, deps.rand));
    const state = updated?.webhook.state ?? 'pending';
    const settle = retryTimer(updated?.webhook, endedAt);
    webhookDeliveries.inc({ outcome: state === 'pending' ? 'retry' : state });
    const fields = { job_id: jobId, attempt: n, status: result.httpStatus, err: result.error ?? undefined };
    if (state === 'delivered') deps.log.info(fields, 'webhook delivered');
    else if (settle.kind === 'later') deps.log.warn({ ...fields, retry_in_ms: settle.delayMs }, 'webhook delivery failed; will retry');
    else deps.log.warn({ ...fields, state }, 'webhook delivery abandoned');
    return settle;
  }

  async function redeliver(tenantId: string, jobId: string): Promise<RedeliveryView | null> {
    const job = await deps.store.getForTenant(tenantId, jobId);
    if (!job) return null;
    if (!job.callbackUrl) throw new ApiError('conflict', `Job ${jobId} has no callback_url, so there is no webhook to redeliver.`);
    if (job.status === 'queued') throw new ApiError('conflict', `Job ${jobId} has not finished; its webhook is sent when it does.`);
    const startedAt = now();
    const claimed = await deps.store.updateWebhook(jobId, (j) => startAttempt(interruptStale(j.webhook, startedAt, leaseMs), startedAt, true));
    if (!claimed) return null;
    const n = claimed.webhook.attempts.length;
    const result = await send(claimed, startedAt);
    const updated = await deps.store.updateWebhook(jobId, (j) => afterRedelivery(j.webhook, n, result));
    const webhook = updated?.webhook ?? afterRedelivery(claimed.webhook, n, result);
    const attempt = webhook.attempts.find((a) => a.attempt === n);
    if (!attempt) throw new Error(`job ${jobId}: redelivery ${n} is missing from the delivery log`);
    webhookDeliveries.inc({ outcome: 'redelivery' });
    deps.log.info({ job_id: jobId, attempt: n, status: result.httpStatus, err: result.error ?? undefined }, 'webhook redelivered on request');
    return { webhookId: jobFinishedWebhookId(jobId), state: webhook.state, attempt: attemptView(attempt) };
  }

  async function deliveryLog(tenantId: string, jobId: string): Promise<DeliveryLogView | null> {
    const job = await deps.store.getForTenant(tenantId, jobId);
    if (!job) return null;
    if (!job.callbackUrl) return { state: 'none', webhookId: null, nextAttemptAt: null, attempts: [] };
    const { state, attempts, nextAttemptAt } = job.webhook;
    return {
      state,
      webhookId: jobFinishedWebhookId(job.id),
      nextAttemptAt: state === 'pending' ? (nextAttemptAt ?? null) : null,
      attempts: attempts.map(attemptView),
    };
  }

  return { leaseMs, attemptDue, redeliver, deliveryLog };
}
