import { runStandalone } from '@modsvc/common/host';
import { startWebhookDispatcher, startCallbackDispatcher, deliveriesApi } from './service.ts';
import { webhookBinding } from './grpc.ts';

await runStandalone('webhook-dispatcher', async (rt) => ({
  bindings: [webhookBinding(deliveriesApi(rt))],
  consumers: [await startWebhookDispatcher(rt), await startCallbackDispatcher(rt)],
}));
