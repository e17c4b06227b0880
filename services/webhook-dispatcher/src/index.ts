// webhook-dispatcher: signed job-finished and moderation callbacks, with retries and a delivery log.
import { z } from 'zod';
import { defineStage } from '@modsvc/common/service-module';
import { deliveriesApi, startCallbackDispatcher, startWebhookDispatcher } from './service.ts';

export const settingsSchema = z.object({});

export const service = defineStage({
  name: 'webhook-dispatcher',
  settingsSchema,
  needs: [],
  async start(rt) {
    return { provides: { deliveries: deliveriesApi(rt) }, consumers: [await startWebhookDispatcher(rt), await startCallbackDispatcher(rt)] };
  },
});
