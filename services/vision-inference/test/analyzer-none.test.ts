import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { VISUAL_CLASSES } from '@modsvc/common/classes';
import { createVisionAnalyzer } from '../src/analyzer.ts';
import { settingsSchema } from '../src/settings.ts';

describe("analyzer, model set 'none'", () => {
  it('loads nothing and reports every visual class as null', async () => {
    const a = createVisionAnalyzer(settingsSchema.parse({}), { modelSet: 'none' });
    await a.init();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
    const r = await a.analyze([
      { timestamp: 0, data: png },
      { timestamp: 1, data: png },
    ]);
    expect(Object.keys(r.scores).sort()).toEqual([...VISUAL_CLASSES].sort());
    expect(Object.values(r.scores).every((s) => s === null)).toBe(true);
    expect(r.evidence).toEqual({});
    expect(r.models).toEqual([]);
    expect(r.ocrText).toBeNull();
    expect(r.ocrModel).toBeNull();
    expect(r.framesAnalysed).toBe(2);
    const m = a.models();
    expect(m.models).toEqual([]);
    expect(m.classes.map((c) => c.class)).toEqual(VISUAL_CLASSES);
    expect(m.classes.every((c) => c.model === null && /none/.test(c.note))).toBe(true);
    expect(m.classes.find((c) => c.class === 'firearm')!.group).toBe('violence');
    await a.close();
  });

  it('takes the model set from VISION_MODEL_SET', async () => {
    const a = createVisionAnalyzer(settingsSchema.parse({ VISION_MODEL_SET: 'none' }));
    await a.init();
    expect(a.models().models).toEqual([]);
    await a.close();
  });
});
