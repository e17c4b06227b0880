// The outbox of a moderation job, as pure changes of the record: the moderator adds side effects in the
// same update as the state change they belong to and strikes them as they are done; webhook-dispatcher
// strikes a webhook when its delivery has ended (delivered, or given up).
import type { AuditRecord, FeedbackRecord, ModerationJob, OutboxEntry, OutboxWebhook } from './review.ts';

export interface ModerationEffects {
  audit?: AuditRecord[];
  feedback?: FeedbackRecord[];
  /** A webhook with the job's result as it now stands (only when the job has a callback URL). */
  webhook?: boolean;
  /**
   * Renew the retention of the job's retained media (the frames a reviewer sees): the job entered review
   * or was decided there. One such entry at a time: a renewal still waiting covers a later one.
   */
  media?: boolean;
}

/** The job with `effects` added to its outbox; a webhook takes the next id (<job id>.<n>, from 1). */
export function withEffects(job: ModerationJob, effects: ModerationEffects, now: string): ModerationJob {
  const outbox: OutboxEntry[] = [...(job.outbox ?? [])];
  for (const record of effects.audit ?? []) outbox.push({ kind: 'audit', record });
  for (const record of effects.feedback ?? []) outbox.push({ kind: 'feedback', record });
  if (effects.media && !outbox.some((e) => e.kind === 'media')) outbox.push({ kind: 'media', classification_job_id: job.classificationJobId, created_at: now });
  let webhooksSent = job.webhooksSent;
  if (effects.webhook && job.callbackUrl && job.result) {
    webhooksSent += 1;
    outbox.push({ kind: 'webhook', id: `${job.id}.${webhooksSent}`, url: job.callbackUrl, body: JSON.stringify(job.result), created_at: now, published_on: null });
  }
  return { ...job, outbox, webhooksSent };
}

/** An entry's identity within its job's outbox. */
export function outboxEntryKey(e: OutboxEntry): string {
  if (e.kind === 'webhook') return `webhook:${e.id}`;
  if (e.kind === 'media') return `media:${e.classification_job_id}`;
  return `${e.kind}:${e.record.id}`;
}

/** The outbox after a drain: `done` entries struck, webhooks in `published` marked as published on `epoch`. */
export function afterDrain(job: ModerationJob, done: ReadonlySet<string>, published: ReadonlySet<string>, epoch: string): ModerationJob {
  const outbox = (job.outbox ?? [])
    .filter((e) => !done.has(outboxEntryKey(e)))
    .map((e) => (e.kind === 'webhook' && published.has(e.id) ? { ...e, published_on: epoch } : e));
  return { ...job, outbox };
}

/** Whether a drain must (re)publish the webhook: never published, or published on a bus that is gone. */
export function needsPublishing(w: OutboxWebhook, epoch: string): boolean {
  return w.published_on !== epoch;
}

/** The moderation job a webhook id (<job id>.<n>) belongs to. */
export function moderationJobOfWebhook(webhookId: string): string {
  const dot = webhookId.lastIndexOf('.');
  return dot > 0 ? webhookId.slice(0, dot) : webhookId;
}

/** The job with the webhook struck from its outbox; null when it is not there (nothing to write). */
export function withoutWebhook(job: ModerationJob, webhookId: string): ModerationJob | null {
  const outbox = job.outbox ?? [];
  const kept = outbox.filter((e) => !(e.kind === 'webhook' && e.id === webhookId));
  return kept.length === outbox.length ? null : { ...job, outbox: kept };
}
