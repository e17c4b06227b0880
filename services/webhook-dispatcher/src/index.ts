// webhook-dispatcher: signed job-finished webhooks and moderation callbacks, on a retry schedule, with a
// delivery log and redelivery on request.
import { z } from 'zod';
import { busIsDurable } from '@modsvc/common/host';
import { WEBHOOK_OUTCOMES, startAtZero, webhookDeliveries } from '@modsvc/common/metrics';
import type { Runtime } from '@modsvc/common/runtime';
import { defineStage, type ScheduledTask } from '@modsvc/common/service-module';
import { startCallbackDispatcher } from './callbacks.ts';
import { createJobDeliveries } from './job-deliveries.ts';
import { OVERDUE_GRACE_MS, SWEEP_EVERY_MS, redriveOverdue } from './overdue-sweep.ts';
import { deliveriesApi, startWebhookDispatcher } from './service.ts';

export const settingsSchema = z.object({});

/** The in-process bus keeps no messages across a restart: there, the first sweep takes every due attempt. */
function overdueTask(rt: Runtime, leaseMs: number): ScheduledTask {
  let first = true;
  return {
    name: 'webhook-overdue',
    atStart: true,
    everyMs: SWEEP_EVERY_MS,
    async run() {
      const graceMs = first && !busIsDurable(rt) ? 0 : OVERDUE_GRACE_MS;
      first = false;
      await redriveOverdue({ store: rt.store, bus: rt.bus, log: rt.log, leaseMs }, graceMs);
    },
  };
}

export const service = defineStage({
  name: 'webhook-dispatcher',
  settingsSchema,
  needs: [],
  async start(rt) {
    startAtZero(webhookDeliveries, { outcome: WEBHOOK_OUTCOMES });
    const log = rt.log.child({ stage: 'webhook' });
    const deliveries = createJobDeliveries({
      store: rt.store,
      secretsOf: (tenantId) => rt.tenants.get(tenantId)?.signingSecrets ?? [],
      guard: rt.guard,
      timeoutMs: rt.config.WEBHOOK_TIMEOUT_MS,
      log,
    });
    return {
      provides: { deliveries: deliveriesApi(deliveries) },
      consumers: [await startWebhookDispatcher(rt.bus, log, deliveries), await startCallbackDispatcher(rt)],
      tasks: [overdueTask(rt, deliveries.leaseMs)],
    };
  },
});
