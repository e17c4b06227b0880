// VisionInference over gRPC. Embed: the images arrive byte for byte, the vectors come back as the same
// float32 numbers in order, and a refusal keeps its meaning. ListModels: the report comes back as the
// REST /v1/models document (held-back figures and sources included, nulls and absent fields kept).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@modsvc/common/errors';
import { startGrpcServer, type GrpcServer } from '@modsvc/common/grpc';
import type { ModelsApi, ModelsReport } from '@modsvc/common/contracts';
import { ModelsReportSchema } from '@modsvc/common/domain/index';
import { visionModelsBinding, visionModelsClient } from '../src/vision-models.ts';

describe('vision embed over gRPC', () => {
  let server: GrpcServer;
  let client: ModelsApi;
  const received: Buffer[][] = [];
  // A vector per image computed from its bytes, so order and content both show in the answer.
  const vectorOf = (b: Buffer) => Float32Array.from({ length: 1280 }, (_, i) => Math.fround(Math.sin(b[i % b.length]! + i) / 37));
  const api: ModelsApi = {
    models: async () => ({ models: [], classes: [] }),
    async embed(images) {
      received.push(images);
      if (images.some((b) => b.length === 0)) throw new ApiError('invalid_request', 'image 0: cannot decode image: empty');
      return { model: 'net@1/layer', vectors: images.map(vectorOf) };
    },
  };

  beforeAll(async () => {
    server = await startGrpcServer([visionModelsBinding(api)], { host: '127.0.0.1', port: 0, auth: null });
    client = visionModelsClient(`127.0.0.1:${server.port}`, null);
  });

  afterAll(async () => {
    await server.close(1000);
  });

  it('carries the images and the vectors unchanged', async () => {
    const images = [Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]), Buffer.from([0x89, 0x50, 0x4e, 0x47, 9, 8, 7, 6])];
    const out = await client.embed(images);
    expect(received.at(-1)).toEqual(images);
    expect(out.model).toBe('net@1/layer');
    expect(out.vectors.map((v) => Array.from(v))).toEqual(images.map((b) => Array.from(vectorOf(b))));
  });

  it('answers a refusal as the same ApiError', async () => {
    await expect(client.embed([Buffer.alloc(0)])).rejects.toMatchObject({ code: 'invalid_request', message: 'image 0: cannot decode image: empty' });
  });
});

describe('vision models report over gRPC', () => {
  let server: GrpcServer;
  let client: ModelsApi;
  const quality = (images: number, rocAuc: number | null) => ({ images, positives: 12, rocAuc, averagePrecision: rocAuc === null ? null : 0.5, calibrationError: 0.031 });
  const report: ModelsReport = {
    models: [
      { id: 'v3-tiny', version: '0.1.0', runtime: 'onnx', classes: ['firearm', 'knife'], loaded: true, error: null },
      { id: 'imagenet-mobilenet_v2-v3', version: 'unknown', runtime: 'onnx', classes: [], loaded: false, error: 'vision v3 manifest unusable: x' },
    ],
    classes: [
      {
        class: 'firearm',
        group: 'violence',
        model: 'v3-tiny@0.1.0',
        note: 'calibrated on v3.firearm',
        calibration: 'calibrated',
        heldBack: {
          all: quality(900, 0.91),
          photos: quality(300, null),
          sources: [
            { source: 'repo-a', positives: 14, negatives: 120, rocAuc: 0.935, fold: 'A' },
            { source: 'repo-b', positives: 3, negatives: 0, rocAuc: null },
          ],
        },
        operatingPoints: {
          signal: 'firearm',
          points: { LOW: 0.02, MEDIUM: 0.08, HIGH: 0.71 },
          basis: { part: 'held-back folds', positives: 14, negatives: 120 },
          figures: [
            { level: 'LOW', threshold: 0.02, target: 'recall >= 0.99', reached: false, recall: 0.9286, precision: 0.2, falsePositiveRate: 0.4333 },
            { level: 'MEDIUM', threshold: 0.08, target: 'recall >= 0.95', reached: false, recall: 0.9286, precision: 0.35, falsePositiveRate: 0.2 },
            { level: 'HIGH', threshold: 0.71, target: 'precision >= 0.95', reached: true, recall: 0.5, precision: 1, falsePositiveRate: 0 },
          ],
        },
      },
      {
        class: 'knife',
        group: 'violence',
        model: 'v3-tiny@0.1.0',
        note: 'no sources listed',
        calibration: 'calibrated',
        heldBack: { all: quality(900, 0.8), photos: null },
        operatingPoints: { signal: 'knife', points: { LOW: 0.1, MEDIUM: 0.3, HIGH: 1 }, basis: { part: 'held-back folds', positives: 12, negatives: 888 }, figures: [] },
        quality: 'limited',
      },
      { class: 'exposed_feet', group: 'sexual', model: null, note: 'no model scores this class', calibration: null, heldBack: { all: null, photos: null } },
    ],
  };

  beforeAll(async () => {
    server = await startGrpcServer([visionModelsBinding({ models: async () => report, embed: async () => ({ model: '', vectors: [] }) })], { host: '127.0.0.1', port: 0, auth: null });
    client = visionModelsClient(`127.0.0.1:${server.port}`, null);
  });

  afterAll(async () => {
    await server.close(1000);
  });

  it('round-trips the report, held-back sources included, and the result is a valid /v1/models document', async () => {
    expect(ModelsReportSchema.parse(report)).toEqual(report);
    const got = await client.models();
    expect(got).toEqual(report);
    // absent stays absent (not an empty list), a null ROC-AUC stays null, an absent fold stays absent
    expect('sources' in got.classes[1]!.heldBack).toBe(false);
    expect(got.classes[0]!.heldBack.sources![1]).toStrictEqual({ source: 'repo-b', positives: 3, negatives: 0, rocAuc: null });
    // operating points and quality where the calibrator ships them, absent (not empty) where it does not
    expect(got.classes[0]!.operatingPoints!.points).toStrictEqual({ LOW: 0.02, MEDIUM: 0.08, HIGH: 0.71 });
    expect('benignFlaggedRate' in got.classes[0]!.operatingPoints!.figures[1]!).toBe(false);
    expect('quality' in got.classes[0]!).toBe(false);
    expect(got.classes[1]!.quality).toBe('limited');
    expect(['operatingPoints' in got.classes[2]!, 'quality' in got.classes[2]!]).toEqual([false, false]);
    expect(ModelsReportSchema.parse(got)).toEqual(got);
  });

  it('the /v1/models schema refuses a quality it does not know', () => {
    const bad = structuredClone(report) as unknown as { classes: { quality?: string }[] };
    bad.classes[1]!.quality = 'poor';
    expect(ModelsReportSchema.safeParse(bad).success).toBe(false);
  });

  it('the /v1/models schema refuses a source with a field it does not know', () => {
    const bad = structuredClone(report);
    Object.assign(bad.classes[0]!.heldBack.sources![0]!, { averagePrecision: 0.4 });
    expect(ModelsReportSchema.safeParse(bad).success).toBe(false);
  });
});
