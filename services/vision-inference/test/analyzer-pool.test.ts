import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { VisionAnalyzer } from '@modsvc/common/contracts';
import { VISUAL_CLASSES } from '@modsvc/common/classes';
import { createPooledVisionAnalyzer } from '../src/analyzer-pool.ts';
import { FACE_GENDER_ID } from '../src/models/face-gender.ts';
import { ARTIFACTS_DIR, HUMAN_ID, NSFW_ID, OBJECT_ID, OCR_ID } from '../src/models/lite.ts';
import { V3_MANIFEST_FILE } from '../src/models/vision-v3.ts';
import { settingsSchema } from '../src/settings.ts';

// The pool's plumbing (threads, transfer, errors, settings handed to the threads), on the model set that loads nothing.
describe('vision analyzer pool (worker threads)', () => {
  let pool: VisionAnalyzer;

  beforeAll(async () => {
    pool = createPooledVisionAnalyzer(settingsSchema.parse({ VISION_WORKERS: '2', VISION_MODEL_SET: 'none' }));
    await pool.init();
  }, 60_000);

  afterAll(async () => {
    await pool.close();
  });

  it('reports the models of its threads and analyses frames in them', async () => {
    expect(pool.models().classes.map((c) => c.class).sort()).toEqual([...VISUAL_CLASSES].sort());
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const results = await Promise.all([1, 2, 3, 4].map((n) => pool.analyze(Array.from({ length: n }, (_, i) => ({ timestamp: i, data: jpeg })))));
    expect(results.map((r) => r.framesAnalysed)).toEqual([1, 2, 3, 4]);
    for (const r of results) expect(Object.values(r.scores).every((s) => s === null)).toBe(true);
    // The caller's buffers stay usable: frames are copied before being transferred.
    expect(jpeg.length).toBeGreaterThan(0);
  });

  it('keeps the code of an error meant for the caller across the thread (embed without the embedding network)', async () => {
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#808080' } }).jpeg().toBuffer();
    await expect(pool.embed([jpeg])).rejects.toMatchObject({ code: 'unavailable', message: expect.stringContaining('not loaded') });
  });
});

// What the stage says of a job (a video) reaches the analyzer in the thread: vision v3 alone, on a
// picture padded with black bars, scores it as the picture itself only when told it is a video.
describe.skipIf(!existsSync(path.join(ARTIFACTS_DIR, V3_MANIFEST_FILE)))('vision analyzer pool: analyze options', () => {
  let pool: VisionAnalyzer;
  const others = [HUMAN_ID, OBJECT_ID, FACE_GENDER_ID, OCR_ID, NSFW_ID];

  beforeAll(async () => {
    pool = createPooledVisionAnalyzer(settingsSchema.parse({ VISION_WORKERS: '1', VISION_THREADS: '1', VISION_DISABLE_MODELS: others.join(',') }));
    await pool.init();
  }, 60_000);

  afterAll(async () => {
    await pool.close();
  });

  it('crops the letterbox bars of a video job in the thread, not those of a still', async () => {
    const w = 300;
    const h = 240;
    const pixels = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) pixels.set([60 + ((3 * x) % 190), 60 + ((5 * y) % 190), 60 + ((x + y) % 190)], (y * w + x) * 3);
    const raw = { raw: { width: w, height: h, channels: 3 as const } };
    const picture = await sharp(pixels, raw).png().toBuffer();
    const padded = await sharp(pixels, raw).extend({ top: 60, bottom: 60, left: 170, right: 170, background: '#000' }).png().toBuffer();
    const alone = await pool.analyze([{ timestamp: 0, data: picture }]);
    const video = await pool.analyze([{ timestamp: 0, data: padded }, { timestamp: 1, data: padded }], { video: true });
    const still = await pool.analyze([{ timestamp: 0, data: padded }]);
    expect(alone.scores.firearm).not.toBeNull();
    for (const cls of ['firearm', 'violence', 'pills'] as const) expect(video.scores[cls], cls).toBeCloseTo(alone.scores[cls]!, 6);
    expect(Math.abs(still.scores.firearm! - alone.scores.firearm!) + Math.abs(still.scores.violence! - alone.scores.violence!)).toBeGreaterThan(1e-4);
  });
});
