// text-toxicity: scores captions from the bus, and any text over gRPC (OCR text, transcripts, internal clients).
import { stageDeps, type Runtime } from '@modsvc/common/host';
import type { TextToxicityApi } from '@modsvc/common/contracts';
import { runStage, loadQueuedJob } from '@modsvc/common/stage';
import type { Consumer } from '@modsvc/common/bus/types';

export async function startCaptionConsumer(rt: Runtime, scorer: TextToxicityApi): Promise<Consumer> {
  const deps = stageDeps(rt);
  return runStage(deps, {
    stage: 'caption',
    subject: 'pipeline.caption',
    durable: 'text-toxicity-caption',
    concurrency: 4,
    handle: async ({ jobId }) => {
      const job = await loadQueuedJob(deps, jobId);
      if (!job || !job.caption) return;
      if (!job.parts.caption) {
        const [toxicity] = await scorer.score([job.caption], 'caption');
        if (!toxicity) throw new Error('the scorer returned no result');
        await rt.store.setPart(job.id, 'caption', { toxicity });
      }
      await rt.bus.publish('pipeline.part', { jobId: job.id, part: 'caption' }, { msgId: `part-caption-${job.id}` });
    },
  });
}
