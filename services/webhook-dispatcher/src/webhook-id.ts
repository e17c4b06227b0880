// The webhook-id header: one per event, the same on every attempt and redelivery of that event, so a
// receiver can de-duplicate on it.

/** The job-finished webhook of a job. */
export function jobFinishedWebhookId(jobId: string): string {
  return `job.finished:${jobId}`;
}

/** A moderation result callback (pipeline.callback carries only these; its id is <moderation job id>.<n>, one per decision). */
export function moderationResultWebhookId(moderationJobId: string): string {
  return `moderation.result:${moderationJobId}`;
}
