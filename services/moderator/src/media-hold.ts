// Media of items in review are kept until they are decided: the frames a reviewer sees (all that is left
// of a policy job's media once it is done) would otherwise expire MEDIA_RETENTION_HOURS after they were
// written. Entering review and each decision renew them at once (the moderation outbox's media entry);
// this sweep renews those of every item still waiting before they come near their end. After the last
// decision they are kept MEDIA_RETENTION_HOURS more, then expire as any media do. docs/review-workflow.md.
import type { Runtime } from '@modsvc/common/host';

/** Items read per tenant per sweep. */
const SCAN = 10_000;

/** How often the sweep runs: a quarter of the retention, at most hourly. */
export function holdIntervalMs(retentionMs: number): number {
  return Math.max(1000, Math.min(3600_000, Math.floor(retentionMs / 4)));
}

/**
 * Renews the media of every item waiting for review (or claimed) that were written or renewed more than
 * half a retention ago; run every holdIntervalMs, none of them gets within a quarter of its end.
 * Returns how many objects were renewed.
 */
export async function renewReviewMedia(rt: Pick<Runtime, 'workflow' | 'media'>, retentionMs: number): Promise<number> {
  const tenants = [...(await rt.workflow.countInReview()).keys()];
  const jobIds = new Set<string>();
  for (const tenantId of tenants) for (const job of await rt.workflow.listInReview(tenantId, SCAN)) jobIds.add(job.classificationJobId);
  if (jobIds.size === 0) return 0;
  return rt.media.renewJobs([...jobIds], retentionMs / 2);
}
