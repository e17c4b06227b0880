// Moderation webhooks: each decision a caller should hear about is one event with its own webhook-id
// (<moderation job id>.<n>), signed and retried by webhook-dispatcher (the moderator has no egress).
import type { Bus } from '@modsvc/common/bus/types';
import type { ModerationJob } from '@modsvc/common/domain/index';

export async function sendModerationWebhook(bus: Bus, job: ModerationJob): Promise<void> {
  if (!job.callbackUrl || !job.result) return;
  const id = `${job.id}.${job.webhooksSent}`;
  await bus.publish(
    'pipeline.callback',
    { id, tenantId: job.tenantId, url: job.callbackUrl, body: Buffer.from(JSON.stringify(job.result)), createdAt: new Date().toISOString() },
    { msgId: `callback-${id}` },
  );
}
