// webhook-dispatcher: delivers the job-finished callback, signed with the tenant's secret, retrying with
// exponential backoff and jitter for at least 24 h; every attempt is logged on the job.
import type { Runtime } from '@modsvc/common/host';
import type { Consumer } from '@modsvc/common/bus/types';
import type { DeliveriesApi } from '@modsvc/common/contracts';
import { webhookDeliveries } from '@modsvc/common/metrics';
import { extractTraceContext, withSpan } from '@modsvc/common/tracing';
import { context } from '@opentelemetry/api';
import { trackLag } from '@modsvc/common/lag';
import { deliverWebhook, postSigned } from './deliver.ts';
import { nextRetryDelayMs, shouldGiveUp } from './backoff.ts';

export async function startWebhookDispatcher(rt: Runtime): Promise<Consumer> {
  trackLag('webhook-dispatcher');
  return rt.bus.consume(
    'pipeline.finished',
    'webhook-dispatcher',
    async (msg) => {
      const { jobId } = msg.data;
      const log = rt.log.child({ stage: 'webhook', job_id: jobId });
      try {
        const job = await rt.store.get(jobId);
        if (!job || !job.callbackUrl || job.status === 'queued' || job.webhook.state === 'delivered' || job.webhook.state === 'gave_up') {
          msg.ack();
          return;
        }
        const tenant = rt.tenants.get(job.tenantId);
        const attemptNo = job.webhook.attempts.length + 1;
        const outcome = await context.with(extractTraceContext(msg.headers), () =>
          withSpan('webhook deliver', { 'modsvc.job_id': jobId, 'modsvc.attempt': attemptNo }, () =>
            deliverWebhook({ job, signingSecret: tenant?.signingSecret ?? null, guard: rt.guard, timeoutMs: rt.config.WEBHOOK_TIMEOUT_MS }),
          ),
        );
        const attempt = { attempt: attemptNo, at: new Date().toISOString(), httpStatus: outcome.httpStatus, error: outcome.error, durationMs: outcome.durationMs };
        const firstAt = job.webhook.attempts[0] ? new Date(job.webhook.attempts[0].at) : new Date();
        if (outcome.ok) {
          await rt.store.recordDelivery(jobId, attempt, 'delivered');
          webhookDeliveries.inc({ outcome: 'delivered' });
          log.info({ attempt: attemptNo, status: outcome.httpStatus }, 'webhook delivered');
          msg.ack();
        } else if (outcome.retry === false || shouldGiveUp(firstAt, new Date())) {
          await rt.store.recordDelivery(jobId, attempt, 'gave_up');
          webhookDeliveries.inc({ outcome: 'gave_up' });
          log.warn({ attempt: attemptNo, status: outcome.httpStatus, err: outcome.error }, 'webhook delivery abandoned');
          msg.ack();
        } else {
          await rt.store.recordDelivery(jobId, attempt, 'pending');
          webhookDeliveries.inc({ outcome: 'retry' });
          const delay = nextRetryDelayMs(attemptNo);
          log.warn({ attempt: attemptNo, status: outcome.httpStatus, err: outcome.error, retry_in_ms: delay }, 'webhook delivery failed; will retry');
          msg.nak(delay);
        }
      } catch (err) {
        log.error({ err }, 'webhook dispatch error; will retry');
        msg.nak(5000);
      }
    },
    { concurrency: 8, ackWaitMs: 60_000, maxDeliver: -1 },
  );
}

/** Other signed callbacks (moderation results): same signing, guard and backoff as job webhooks. */
export async function startCallbackDispatcher(rt: Runtime): Promise<Consumer> {
  trackLag('webhook-dispatcher-callbacks');
  return rt.bus.consume(
    'pipeline.callback',
    'webhook-dispatcher-callbacks',
    async (msg) => {
      const { id, tenantId, url, body, createdAt } = msg.data;
      const log = rt.log.child({ stage: 'callback', callback_id: id, attempt: msg.deliveryCount });
      try {
        const outcome = await postSigned({
          url,
          body: Buffer.from(body),
          signingSecret: rt.tenants.get(tenantId)?.signingSecret ?? null,
          guard: rt.guard,
          timeoutMs: rt.config.WEBHOOK_TIMEOUT_MS,
        });
        if (outcome.ok) {
          webhookDeliveries.inc({ outcome: 'delivered' });
          log.info({ status: outcome.httpStatus }, 'callback delivered');
          msg.ack();
        } else if (!outcome.retry || shouldGiveUp(new Date(createdAt || Date.now()), new Date())) {
          webhookDeliveries.inc({ outcome: 'gave_up' });
          log.warn({ status: outcome.httpStatus, err: outcome.error }, 'callback abandoned');
          msg.ack();
        } else {
          webhookDeliveries.inc({ outcome: 'retry' });
          log.warn({ status: outcome.httpStatus, err: outcome.error }, 'callback failed; will retry');
          msg.nak(nextRetryDelayMs(msg.deliveryCount));
        }
      } catch (err) {
        log.error({ err }, 'callback dispatch error; will retry');
        msg.nak(5000);
      }
    },
    { concurrency: 8, ackWaitMs: 60_000, maxDeliver: -1 },
  );
}

export function deliveriesApi(rt: Runtime): DeliveriesApi {
  return {
    async deliveries(tenantId, jobId) {
      const job = await rt.store.getForTenant(tenantId, jobId);
      if (!job) return null;
      return { state: job.callbackUrl ? job.webhook.state : 'none', attempts: job.webhook.attempts };
    },
  };
}
