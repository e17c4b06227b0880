// Image embeddings (example images of custom policy categories) on real photographs of the data kit:
// unit vectors, the same numbers as analyze() gives the same image as a frame, and a refusal that names
// the image that cannot be decoded.
import crypto from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cosine, decodeEmbedding, encodeEmbedding } from '@modsvc/common/embeddings';
import { createVisionAnalyzer } from '../src/analyzer.ts';
import { settingsSchema } from '../src/settings.ts';
import { FACE_GENDER_ID, HUMAN_ID, OCR_ID } from '../src/models/lite.ts';
import { nsfwPredict, nsfwTfjsLoader } from '../src/models/nsfw.ts';
import { decodeFrame } from '../src/models/preprocess.ts';

const images = path.resolve(import.meta.dirname, '../../../../shared/data/images');
const gunA = path.join(images, 'firearm/real3_alemagun_1.jpg');
const gunB = path.join(images, 'firearm/real3_amweapon_1.jpg');
const smoking = path.join(images, 'smoking_and_tobacco/real3_huysmoke_1.jpg');
const haveData = [gunA, gunB, smoking].every((f) => existsSync(f));

// Embeddings of a few photographs that policy-scorer's tests score with (they cannot load the network);
// this test keeps the file equal to what the network gives today (UPDATE_FIXTURES=1 rewrites it).
const fixture = path.resolve(import.meta.dirname, '../../policy-scorer/test/fixtures/photo-embeddings.json');
const FIXTURE_PHOTOS: { file: string; edit?: 'mirrored' | 'half_size' | 'jpeg_q40' }[] = [
  ...[1, 2, 3, 4, 5].map((n) => ({ file: `firearm/real3_alemagun_${n}.jpg` })),
  ...[1, 2, 3, 4, 5].flatMap((n) => (['mirrored', 'half_size', 'jpeg_q40'] as const).map((edit) => ({ file: `firearm/real3_alemagun_${n}.jpg`, edit }))),
  { file: 'firearm/real3_amweapon_1.jpg' },
  { file: 'smoking_and_tobacco/real3_huysmoke_1.jpg' },
  { file: 'benign_photo/real3_tinycoco_3.jpg' },
];

async function fixtureBytes(p: (typeof FIXTURE_PHOTOS)[number]): Promise<Buffer> {
  const bytes = readFileSync(path.join(images, p.file));
  if (p.edit === 'jpeg_q40') return sharp(bytes).jpeg({ quality: 40 }).toBuffer();
  if (p.edit === 'mirrored') return sharp(bytes).flop().jpeg().toBuffer();
  if (p.edit === 'half_size') {
    const { width = 0 } = await sharp(bytes).metadata();
    return sharp(bytes).resize(Math.round(width / 2)).jpeg().toBuffer();
  }
  return bytes;
}

const norm = (v: Float32Array) => Math.sqrt(v.reduce((a, x) => a + x * x, 0));

describe.skipIf(!haveData)('image embeddings (nsfwjs MobileNetV2 pooled features)', () => {
  const analyzer = createVisionAnalyzer(settingsSchema.parse({}), { modelSet: 'lite', objects: false, disableModels: [HUMAN_ID, FACE_GENDER_ID, OCR_ID] });
  beforeAll(async () => {
    await analyzer.init();
  }, 120_000);
  afterAll(async () => {
    await analyzer.close();
  });

  it('gives one L2-normalised 1280-d vector per image, named by the network and layer', async () => {
    const out = await analyzer.embed([readFileSync(gunA), readFileSync(smoking)]);
    expect(out.model).toBe('nsfwjs-mobilenet_v2@4.4.0/flatten_1');
    expect(out.vectors).toHaveLength(2);
    for (const v of out.vectors) {
      expect(v.length).toBe(1280);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
    // Two different photographs are not the same vector.
    expect(cosine(out.vectors[0]!, out.vectors[1]!)).toBeLessThan(0.99);
  });

  it('embeds an image exactly as analyze() embeds it as a frame of a job', async () => {
    const bytes = readFileSync(gunB);
    const [embedded] = (await analyzer.embed([bytes])).vectors;
    const analysis = await analyzer.analyze([{ timestamp: 0, data: bytes }]);
    expect(analysis.embeddings?.model).toBe('nsfwjs-mobilenet_v2@4.4.0/flatten_1');
    expect(analysis.embeddings?.frames).toHaveLength(1);
    expect(Array.from(analysis.embeddings!.frames[0]!.vector)).toEqual(Array.from(embedded!));
  });

  it('gives the embeddings policy-scorer tests score with', async () => {
    const bytes = await Promise.all(FIXTURE_PHOTOS.map(fixtureBytes));
    const out = await analyzer.embed(bytes);
    const now = {
      model: out.model,
      photos: FIXTURE_PHOTOS.map((p, i) => ({ ...p, sha256: crypto.createHash('sha256').update(bytes[i]!).digest('hex'), embedding: encodeEmbedding(out.vectors[i]!) })),
    };
    if (process.env.UPDATE_FIXTURES === '1') writeFileSync(fixture, JSON.stringify(now, null, 2) + '\n');
    const stored = JSON.parse(readFileSync(fixture, 'utf8')) as typeof now;
    expect(stored.model).toBe(now.model);
    expect(stored.photos.map(({ file, edit }) => ({ file, edit }))).toEqual(now.photos.map(({ file, edit }) => ({ file, edit })));
    // Another libvips or CPU may round differently (and an edited copy's bytes differ): the vectors must still agree.
    stored.photos.forEach((p, i) => expect(cosine(decodeEmbedding(p.embedding), decodeEmbedding(now.photos[i]!.embedding)), p.file).toBeGreaterThan(0.999));
  });

  it('gives the same vectors as the reference tfjs network (the served one runs on onnxruntime)', async () => {
    const bytes = [gunA, gunB, smoking].map((f) => readFileSync(f));
    const served = (await analyzer.embed(bytes)).vectors;
    const tfjs = await nsfwTfjsLoader.load();
    try {
      for (const [i, b] of bytes.entries()) {
        const [ref] = await nsfwPredict(tfjs, [await decodeFrame(b)]);
        const refUnit = ref!.features.map((x) => x / norm(ref!.features));
        expect(cosine(served[i]!, refUnit)).toBeGreaterThan(0.99999);
        expect(Math.max(...served[i]!.map((x, k) => Math.abs(x - refUnit[k]!)))).toBeLessThan(1e-4);
      }
    } finally {
      await nsfwTfjsLoader.close?.(tfjs);
    }
  });

  it('refuses an image it cannot decode as invalid_request naming its position', async () => {
    await expect(analyzer.embed([readFileSync(gunA), Buffer.from('\xff\xd8\xffnot really a jpeg', 'latin1')])).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/^image 1: cannot decode image/),
    });
  });
});
