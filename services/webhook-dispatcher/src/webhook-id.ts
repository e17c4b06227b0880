// The webhook-id header: one per event, the same on every attempt and redelivery of that event, so a
// receiver can de-duplicate on it.

/** The job-finished webhook of a job. */
export function jobFinishedWebhookId(jobId: string): string {
  return `job.finished:${jobId}`;
}

/**
 * A moderation result callback. pipeline.callback carries only these, each with its outbox id
 * `<moderation job id>.<n>`: the job's n-th result (from 1), one per decision, so that a reviewer's or
 * an appeal's decision is a message of its own and not a duplicate of the first.
 */
export function moderationResultWebhookId(callbackId: string): string {
  return `moderation.result:${callbackId}`;
}
