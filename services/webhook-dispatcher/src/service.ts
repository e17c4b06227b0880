// webhook-dispatcher: the job-finished webhook, driven by pipeline.finished messages (the first
// attempt at once, then each retry when its message comes back), and the DeliveriesApi.
import { context } from '@opentelemetry/api';
import type { Bus, Consumer } from '@modsvc/common/bus/types';
import type { DeliveriesApi } from '@modsvc/common/contracts';
import type { Logger } from '@modsvc/common/logger';
import { trackLag } from '@modsvc/common/lag';
import { extractTraceContext, withSpan } from '@modsvc/common/tracing';
import type { JobDeliveries } from './job-deliveries.ts';

/** Retry of a message whose handling failed (store unreachable, for example). */
const ERROR_RETRY_MS = 5000;

export async function startWebhookDispatcher(bus: Bus, log: Logger, deliveries: JobDeliveries): Promise<Consumer> {
  trackLag('webhook-dispatcher');
  return bus.consume(
    'pipeline.finished',
    'webhook-dispatcher',
    async (msg) => {
      const { jobId } = msg.data;
      try {
        const settle = await context.with(extractTraceContext(msg.headers), () =>
          withSpan('webhook deliver', { 'modsvc.job_id': jobId }, () => deliveries.attemptDue(jobId)),
        );
        if (settle.kind === 'later') msg.nak(settle.delayMs);
        else msg.ack();
      } catch (err) {
        log.error({ err, job_id: jobId }, 'webhook dispatch error; will retry');
        msg.nak(ERROR_RETRY_MS);
      }
    },
    // ackWait exceeds an attempt's lease, so a message redelivered after a crash finds its attempt interrupted.
    { concurrency: 8, ackWaitMs: 60_000, maxDeliver: -1 },
  );
}

export function deliveriesApi(deliveries: JobDeliveries): DeliveriesApi {
  return {
    deliveries: (tenantId, jobId) => deliveries.deliveryLog(tenantId, jobId),
    redeliver: (tenantId, jobId) => deliveries.redeliver(tenantId, jobId),
  };
}
