// The vision stage's OCR part (and the operating points it copies from the analysis) on the real runtime (embedded store, in-process bus, local media) with an
// analyzer that returns a given OCR reading: the OCR model that ran is named in the result also when it
// read nothing, and `ocr` is null only when no OCR model is loaded (docs/api.md, items result).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyScores, VISUAL_CLASSES } from '@modsvc/common/classes';
import { loadConfig } from '@modsvc/common/config';
import type { TextToxicityApi, VisionAnalysis, VisionAnalyzer } from '@modsvc/common/contracts';
import { newQueuedJob, type JobRecord } from '@modsvc/common/jobs';
import { serviceLogger } from '@modsvc/common/logger';
import { closeRuntime, createRuntime, type Runtime } from '@modsvc/common/runtime';
import { buildItemsResult } from '../../policy-scorer/src/items.ts';
import { startVisionConsumer } from '../src/stage.ts';

const OCR_MODEL = 'tesseract-eng@test';

function analyzerReading(ocr: Pick<VisionAnalysis, 'ocrText' | 'ocrModel' | 'operatingPoints'>): VisionAnalyzer {
  const analysis: VisionAnalysis = { scores: emptyScores(VISUAL_CLASSES), evidence: {}, models: ocr.ocrModel ? [ocr.ocrModel] : [], framesAnalysed: 1, uncalibrated: [], ...ocr };
  return {
    init: async () => {},
    analyze: async () => analysis,
    embed: async () => ({ model: 'none', vectors: [] }),
    models: () => ({ models: [], classes: [] }),
    close: async () => {},
  };
}

const noText: TextToxicityApi = {
  score: () => Promise.reject(new Error('no text was read, so nothing is scored')),
  coverage: async () => ({ model: 'toxicity@test', labels: [] }),
};

describe('vision stage: the OCR part', () => {
  const log = serviceLogger('stage-ocr-test');
  let dir: string;
  let rt: Runtime;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stage-ocr-'));
    rt = await createRuntime(loadConfig({ DATA_DIR: dir }, 'vision-inference'), log);
  });
  afterAll(async () => {
    await closeRuntime(rt);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function runVision(id: string, analyzer: VisionAnalyzer): Promise<JobRecord> {
    const job = newQueuedJob({
      id,
      tenantId: 'acme',
      product: 'items',
      media: 'image',
      source: { kind: 'upload', filename: 'blank.png', declaredType: 'image/png', size: 1 },
      url: 'blank.png',
      caption: null,
      callbackUrl: null,
      createdAt: new Date(),
      retentionDays: 1,
    });
    await rt.store.create(job);
    const key = `jobs/${id}/frame-0.png`;
    await rt.media.put(key, Buffer.from('never decoded: the analyzer returns a given reading'));
    const consumer = await startVisionConsumer(rt, analyzer, noText, { VISION_CONCURRENCY: 1, VISION_PIXEL_LIMIT: 50_000_000 });
    try {
      await rt.bus.publish('pipeline.vision', { jobId: id, frames: [{ key, timestamp: 0, width: 1, height: 1 }] });
      const deadline = Date.now() + 10_000;
      while (!(await rt.store.get(id))?.parts.vision && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await consumer.stop();
    }
    return (await rt.store.get(id))!;
  }

  it('names the OCR model that read nothing; the text model and scores stay null', async () => {
    const ocr = buildItemsResult(await runVision('job_ocr_blank', analyzerReading({ ocrText: '', ocrModel: OCR_MODEL }))).ocr;
    expect(ocr).toMatchObject({ text: '', recognizer: OCR_MODEL, model: null, top_span: null, language: null });
    expect(Object.values(ocr!.scores).every((s) => s === null)).toBe(true);
  });

  it('gives no ocr field without an OCR model', async () => {
    expect(buildItemsResult(await runVision('job_ocr_none', analyzerReading({ ocrText: null, ocrModel: null }))).ocr).toBeNull();
  });

  it("copies the analysis' operating points into the vision part, which the policy reads; none given, none stored", async () => {
    const operatingPoints = { firearm: { LOW: 0.02, MEDIUM: 0.05, HIGH: 0.7 } };
    const withPoints = await runVision('job_points', analyzerReading({ ocrText: null, ocrModel: null, operatingPoints }));
    expect(withPoints.parts.vision!.operatingPoints).toEqual(operatingPoints);
    const without = await runVision('job_no_points', analyzerReading({ ocrText: null, ocrModel: null }));
    expect('operatingPoints' in without.parts.vision!).toBe(false);
  });
});
