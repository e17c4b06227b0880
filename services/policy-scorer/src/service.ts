// policy-scorer: the fan-in. When every expected part of a job is stored, it writes the result and marks
// the job done; it also enforces result retention.
import { stageDeps, type Runtime } from '@modsvc/common/host';
import { runStage, finishJob, loadQueuedJob } from '@modsvc/common/stage';
import type { ScheduledTask, StartedService } from '@modsvc/common/service-module';
import type { JobRecord, JobResults } from '@modsvc/common/jobs';
import { mediaKeys } from '@modsvc/common/media/types';
import { activePolicy } from '@modsvc/common/tenant-policy';
import type { ResolvedPolicy } from '@modsvc/common/domain/index';
import type { ModelsApi } from '@modsvc/common/contracts';
import { buildItemsResult } from './items.ts';
import { createPoliciesApi } from './policies-api.ts';
import { buildPolicyResult } from './policy.ts';
import { BankMatcher, type KnownContent } from './bank-matcher.ts';

export function isComplete(job: JobRecord): boolean {
  return job.expectedParts !== null && job.expectedParts.every((p) => job.parts[p] !== undefined);
}

export function buildResult(job: JobRecord, known?: KnownContent, policy?: ResolvedPolicy): JobResults {
  return job.product === 'policy' ? buildPolicyResult(job, known, policy) : buildItemsResult(job, known);
}

export async function startPolicyScorer(rt: Runtime, models: ModelsApi, settings: { BANK_INDEX_MEMORY_MB: number } = { BANK_INDEX_MEMORY_MB: 1024 }): Promise<StartedService> {
  const deps = stageDeps(rt);
  const matcher = new BankMatcher(rt.banks, { maxBytes: settings.BANK_INDEX_MEMORY_MB * 1024 * 1024 });
  const consumer = await runStage(deps, {
    stage: 'policy',
    subject: 'pipeline.part',
    durable: 'policy-scorer',
    concurrency: 4,
    handle: async ({ jobId }) => {
      const job = await loadQueuedJob(deps, jobId);
      if (!job || !isComplete(job)) return;
      const known = await matcher.match(job.tenantId, job.id, job.parts.hashes);
      if (known.matches.length) rt.log.info({ job_id: job.id, matches: known.matches.length, banks: known.matchedBanks.map((b) => b.id) }, 'known content matched');
      const policy = job.product === 'policy' ? await activePolicy(rt.tenants, rt.policies, job.tenantId) : undefined;
      await finishJob(deps, job, { status: 'done', results: buildResult(job, known, policy) });
      await releaseMedia(rt, job).catch((err) => rt.log.warn({ err, job_id: job.id }, 'could not delete job media'));
      rt.log.info({ job_id: job.id, product: job.product, media: job.media }, 'job done');
    },
  });
  return { provides: { policies: createPoliciesApi(rt, models) }, consumers: [consumer], tasks: [retentionSweep(rt)] };
}

/**
 * A finished job's media go, except the frames of a policy job: a reviewer may need to see them (the
 * moderation of that job is escalated, sampled or appealed later). Those stay MEDIA_RETENTION_HOURS.
 */
async function releaseMedia(rt: Runtime, job: JobRecord): Promise<void> {
  if (job.product !== 'policy') {
    await rt.media.deletePrefix(mediaKeys.jobPrefix(job.id));
    return;
  }
  await rt.media.deletePrefix(mediaKeys.source(job.id));
  await rt.media.deletePrefix(mediaKeys.audio(job.id));
}

/** Deletes job records past their retention, and retained media past theirs, at start and hourly. */
function retentionSweep(rt: Runtime): ScheduledTask {
  return {
    name: 'retention-sweep',
    atStart: true,
    everyMs: 3600_000,
    async run() {
      const removed = await rt.store.deleteExpired(new Date());
      if (removed) rt.log.info({ removed }, 'expired job records deleted');
      const media = await rt.media.deleteJobsOlderThan(new Date(Date.now() - rt.config.MEDIA_RETENTION_HOURS * 3600_000));
      if (media) rt.log.info({ jobs: media }, 'expired job media deleted');
    },
  };
}
