// Moderation result callbacks (pipeline.callback): the same signing, guard and retry schedule as job
// webhooks. They have no record of their own, so the bus message's delivery count is the attempt number.
// The webhook waits in its moderation job's outbox until its delivery ends here (delivered or given up);
// it is struck then, so that a moderator that restarts with a new in-process bus publishes only those
// whose delivery had not ended.
import type { Consumer } from '@modsvc/common/bus/types';
import type { Runtime } from '@modsvc/common/host';
import { trackLag } from '@modsvc/common/lag';
import { webhookDeliveries } from '@modsvc/common/metrics';
import { postSigned } from './deliver.ts';
import { afterFailure } from './schedule.ts';
import { moderationResultWebhookId } from './webhook-id.ts';
import { moderationJobOfWebhook, withoutWebhook } from '@modsvc/common/domain/index';

/** Strikes the webhook from its job's outbox; a failure only means a restarted all-in-one may send it again. */
async function deliveryEnded(rt: Runtime, tenantId: string, webhookId: string, log: Runtime['log']): Promise<void> {
  try {
    await rt.workflow.updateModeration(tenantId, moderationJobOfWebhook(webhookId), (job) => withoutWebhook(job, webhookId));
  } catch (err) {
    log.warn({ err }, 'could not strike the delivered callback from its outbox');
  }
}

export async function startCallbackDispatcher(rt: Runtime): Promise<Consumer> {
  trackLag('webhook-dispatcher-callbacks');
  return rt.bus.consume(
    'pipeline.callback',
    'webhook-dispatcher-callbacks',
    async (msg) => {
      const { id, tenantId, url, body } = msg.data;
      const log = rt.log.child({ stage: 'callback', callback_id: id, attempt: msg.deliveryCount });
      try {
        const outcome = await postSigned({
          url,
          body: Buffer.from(body),
          webhookId: moderationResultWebhookId(id),
          startedAt: new Date(),
          secrets: rt.tenants.get(tenantId)?.signingSecrets ?? [],
          guard: rt.guard,
          timeoutMs: rt.config.WEBHOOK_TIMEOUT_MS,
        });
        const step = outcome.ok || !outcome.retry ? null : afterFailure(msg.deliveryCount, outcome.retryAfterMs);
        if (outcome.ok) {
          webhookDeliveries.inc({ outcome: 'delivered' });
          log.info({ status: outcome.httpStatus }, 'callback delivered');
          await deliveryEnded(rt, tenantId, id, log);
          msg.ack();
        } else if (step?.kind === 'retry') {
          webhookDeliveries.inc({ outcome: 'retry' });
          log.warn({ status: outcome.httpStatus, err: outcome.error, retry_in_ms: step.delayMs }, 'callback failed; will retry');
          msg.nak(step.delayMs);
        } else {
          webhookDeliveries.inc({ outcome: 'gave_up' });
          log.warn({ status: outcome.httpStatus, err: outcome.error, reason: step?.reason }, 'callback abandoned');
          await deliveryEnded(rt, tenantId, id, log);
          msg.ack();
        }
      } catch (err) {
        log.error({ err }, 'callback dispatch error; will retry');
        msg.nak(5000);
      }
    },
    { concurrency: 8, ackWaitMs: 60_000, maxDeliver: -1 },
  );
}
