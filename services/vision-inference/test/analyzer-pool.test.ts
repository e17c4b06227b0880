import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { VisionAnalyzer } from '@modsvc/common/contracts';
import { VISUAL_CLASSES } from '@modsvc/common/classes';
import { createPooledVisionAnalyzer } from '../src/analyzer-pool.ts';
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
