// vision-inference on the bus: loads the frames of a job, runs the model registry, has OCR text scored.
import { stageDeps, type Runtime } from '@modsvc/common/host';
import type { TextToxicityApi, VisionAnalyzer, FrameInput } from '@modsvc/common/contracts';
import type { VisionPart } from '@modsvc/common/jobs';
import { runStage, loadQueuedJob } from '@modsvc/common/stage';
import type { Consumer } from '@modsvc/common/bus/types';
import { modelInference } from '@modsvc/common/metrics';
import { encodeEmbedding } from '@modsvc/common/embeddings';
import type { VisionSettings } from './settings.ts';
import { hashFrames } from './frame-hashes.ts';
import { framesUndecodable } from './frame-failures.ts';

export async function startVisionConsumer(
  rt: Runtime,
  analyzer: VisionAnalyzer,
  text: TextToxicityApi,
  settings: Pick<VisionSettings, 'VISION_CONCURRENCY' | 'VISION_PIXEL_LIMIT'>,
): Promise<Consumer> {
  const deps = stageDeps(rt);
  return runStage(deps, {
    stage: 'vision',
    subject: 'pipeline.vision',
    durable: 'vision-inference',
    // Two jobs in flight by default: one job's decoding and OCR (other threads) overlap the other's tfjs models.
    concurrency: settings.VISION_CONCURRENCY,
    handle: async ({ jobId, frames }) => {
      const job = await loadQueuedJob(deps, jobId);
      if (!job) return;
      if (!job.parts.vision) {
        const inputs: FrameInput[] = [];
        for (const f of frames) inputs.push({ timestamp: f.timestamp, data: await rt.media.get(f.key) });
        if (!job.parts.hashes) await rt.store.setPart(job.id, 'hashes', await hashFrames(inputs, rt.log));
        const analysis = await analyzer.analyze(inputs, { video: job.media === 'video' }).catch((err: unknown) => {
          throw framesUndecodable(err, job.media, settings.VISION_PIXEL_LIMIT) ?? err;
        });
        for (const t of analysis.inference ?? []) modelInference.observe({ model: t.model, group: t.group }, t.seconds);
        let ocr: VisionPart['ocr'] = null;
        if (analysis.ocrText !== null) {
          const ocrText = analysis.ocrText.trim();
          const toxicity = ocrText ? ((await text.score([ocrText], 'ocr'))[0] ?? null) : null;
          ocr = { text: ocrText, ...(analysis.ocrModel ? { recognizer: analysis.ocrModel } : {}), toxicity };
        }
        // Before the vision part: policy-scorer finishes the job as soon as every expected part is in.
        if (analysis.embeddings) {
          const { model, frames: vectors } = analysis.embeddings;
          await rt.store.setPart(job.id, 'embeddings', { model, frames: vectors.map((f) => ({ timestamp: f.timestamp, vector: encodeEmbedding(f.vector) })) });
        }
        const part: VisionPart = {
          scores: analysis.scores,
          evidence: analysis.evidence,
          models: analysis.models,
          framesAnalysed: analysis.framesAnalysed,
          uncalibrated: analysis.uncalibrated,
          ...(analysis.operatingPoints ? { operatingPoints: analysis.operatingPoints } : {}),
          ocr,
        };
        await rt.store.setPart(job.id, 'vision', part);
      }
      await rt.bus.publish('pipeline.part', { jobId: job.id, part: 'vision' }, { msgId: `part-vision-${job.id}` });
    },
  });
}
