// policy-scorer: the fan-in. When every expected part of a job is stored, it writes the result and marks
// the job done; it also enforces result retention.
import type { Runtime } from '@modsvc/common/host';
import { runStage, finishJob, loadQueuedJob, type StageDeps } from '@modsvc/common/stage';
import type { Consumer } from '@modsvc/common/bus/types';
import type { JobRecord } from '@modsvc/common/jobs';
import { mediaKeys } from '@modsvc/common/media/types';
import { buildItemsResult } from './items.ts';
import { buildPolicyResult } from './policy.ts';

export function isComplete(job: JobRecord): boolean {
  return job.expectedParts !== null && job.expectedParts.every((p) => job.parts[p] !== undefined);
}

export function buildResult(job: JobRecord): Record<string, unknown> {
  return job.product === 'policy' ? buildPolicyResult(job) : buildItemsResult(job);
}

export async function startPolicyScorer(rt: Runtime): Promise<{ consumers: Consumer[]; stop(): Promise<void> }> {
  const deps: StageDeps = { bus: rt.bus, store: rt.store, log: rt.log };
  const consumer = await runStage(deps, {
    stage: 'policy',
    subject: 'pipeline.part',
    durable: 'policy-scorer',
    concurrency: 4,
    handle: async ({ jobId }) => {
      const job = await loadQueuedJob(deps, jobId);
      if (!job || !isComplete(job)) return;
      await finishJob(deps, job, { status: 'done', results: buildResult(job) });
      await rt.media.deletePrefix(mediaKeys.jobPrefix(job.id)).catch((err) => rt.log.warn({ err, job_id: job.id }, 'could not delete job media'));
      rt.log.info({ job_id: job.id, product: job.product, media: job.media }, 'job done');
    },
  });
  const sweep = async () => {
    const removed = await rt.store.deleteExpired(new Date());
    if (removed) rt.log.info({ removed }, 'expired job records deleted');
  };
  const timer = setInterval(() => void sweep().catch((err) => rt.log.error({ err }, 'retention sweep failed')), 3600_000);
  timer.unref();
  void sweep().catch((err) => rt.log.error({ err }, 'retention sweep failed'));
  return { consumers: [consumer], stop: async () => clearInterval(timer) };
}
