import { runStandalone } from '@modsvc/common/host';
import { startWebhookDispatcher, deliveriesApi } from './service.ts';
import { webhookBinding } from './grpc.ts';

await runStandalone('webhook-dispatcher', async (rt) => ({
  bindings: [webhookBinding(deliveriesApi(rt))],
  consumers: [await startWebhookDispatcher(rt)],
}));
