// VisionInference.Embed over gRPC: the images arrive byte for byte, the vectors come back as the same
// float32 numbers in order, and a refusal keeps its meaning.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@modsvc/common/errors';
import { startGrpcServer, type GrpcServer } from '@modsvc/common/grpc';
import type { ModelsApi } from '@modsvc/common/contracts';
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
