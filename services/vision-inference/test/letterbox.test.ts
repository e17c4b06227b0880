// Letterbox bars of a video (src/models/letterbox.ts): which edges are bars, the bars every frame
// shares, the crop and its source offset; and the analyzer, which scores a letterboxed video frame as
// the picture without its bars and puts evidence boxes back in the video's pixels, while a still keeps
// its black border.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisionAnalyzer } from '../src/analyzer.ts';
import { BAR_LEVEL, cropBars, darkEdges, sharedBars, type Bars } from '../src/models/letterbox.ts';
import { decodeFrame, type DecodedFrame, type RgbImage } from '../src/models/preprocess.ts';
import { settingsSchema } from '../src/settings.ts';

/** A width x height picture (mid-grey with a gradient) inside black bars of the given sizes. */
function barred(width: number, height: number, bars: Bars, noise: (x: number, y: number) => number = () => 0): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const inside = y >= bars.top && y < height - bars.bottom && x >= bars.left && x < width - bars.right;
      const v = inside ? 80 + ((x + y) % 100) : noise(x, y);
      data.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  return { data, width, height };
}

const edgesOf = (img: RgbImage) => ({ width: img.width, height: img.height, edges: darkEdges(img) });
const NONE: Bars = { top: 0, bottom: 0, left: 0, right: 0 };

describe('letterbox bars', () => {
  it('finds the black rows and columns at each edge, JPEG-level noise included', () => {
    expect(darkEdges(barred(200, 120, { top: 15, bottom: 15, left: 0, right: 0 }))).toEqual({ top: 15, bottom: 15, left: 0, right: 0 });
    expect(darkEdges(barred(200, 120, { top: 0, bottom: 0, left: 30, right: 20 }, () => BAR_LEVEL))).toEqual({ top: 0, bottom: 0, left: 30, right: 20 });
    // one bright pixel in a 200-pixel row is noise (1 %); three are not
    const speckled = barred(200, 120, { top: 15, bottom: 0, left: 0, right: 0 }, (x, y) => (y === 3 && x < 3 ? 200 : 0));
    expect(darkEdges(speckled).top).toBe(3);
    const one = barred(200, 120, { top: 15, bottom: 0, left: 0, right: 0 }, (x, y) => (y === 3 && x === 0 ? 200 : 0));
    expect(darkEdges(one).top).toBe(15);
    expect(darkEdges(barred(50, 40, NONE))).toEqual(NONE);
  });

  it('keeps the bars every frame shares: a dark scene does not widen them', () => {
    const letterboxed = barred(200, 120, { top: 15, bottom: 15, left: 0, right: 0 });
    const darkTop = barred(200, 120, { top: 40, bottom: 15, left: 0, right: 0 });
    expect(sharedBars([letterboxed, darkTop].map(edgesOf))).toEqual({ top: 15, bottom: 15, left: 0, right: 0 });
    // pillarbox and letterbox in turn (photographs of other shapes padded alike) share no bar
    expect(sharedBars([letterboxed, barred(200, 120, { top: 0, bottom: 0, left: 40, right: 40 })].map(edgesOf))).toBeNull();
  });

  it('crops nothing for bars under 2 % of a side, a black video, or frames of different sizes', () => {
    expect(sharedBars([barred(200, 120, { top: 2, bottom: 2, left: 3, right: 3 })].map(edgesOf))).toBeNull();
    expect(sharedBars([barred(200, 120, { top: 3, bottom: 0, left: 0, right: 0 })].map(edgesOf))).toEqual({ top: 3, bottom: 0, left: 0, right: 0 });
    expect(sharedBars([{ data: Buffer.alloc(200 * 120 * 3), width: 200, height: 120 }].map(edgesOf))).toBeNull();
    expect(sharedBars([barred(200, 120, { top: 15, bottom: 15, left: 0, right: 0 }), barred(100, 60, { top: 8, bottom: 8, left: 0, right: 0 })].map(edgesOf))).toBeNull();
    expect(sharedBars([])).toBeNull();
  });

  it('crops the frame to the picture, with its size and offset in source pixels', () => {
    const img = barred(200, 120, { top: 15, bottom: 25, left: 10, right: 0 });
    const frame: DecodedFrame = { ...img, sourceWidth: 400, sourceHeight: 240 };
    const c = cropBars(frame, { top: 15, bottom: 25, left: 10, right: 0 });
    expect([c.width, c.height, c.sourceWidth, c.sourceHeight, c.sourceOffset]).toEqual([190, 80, 380, 160, [20, 30]]);
    for (const [x, y] of [[0, 0], [189, 79], [57, 33]] as const) expect(c.data[(y * 190 + x) * 3]).toBe(img.data[((y + 15) * 200 + x + 10) * 3]);
    expect(darkEdges(c)).toEqual(NONE);
  });
});

const images = path.resolve(import.meta.dirname, '../../../../shared/data/images');
const beerPhoto = path.join(images, 'alcohol/real_dipsum_1.jpg');

describe.skipIf(!existsSync(beerPhoto))('analyzer on a letterboxed video', () => {
  const analyzer = createVisionAnalyzer(settingsSchema.parse({}), { modelSet: 'lite', objects: true, evidenceThreshold: 0.2, dhashDistance: -1 });
  let padded: Buffer;
  let picture: Buffer;
  let bars: Bars;
  beforeAll(async () => {
    await analyzer.init();
    // The photograph padded to 16:9 as a player or an editor pads a 4:3 or portrait video.
    padded = await sharp(readFileSync(beerPhoto)).resize(1024, 576, { fit: 'contain', background: '#000' }).jpeg({ quality: 90 }).toBuffer();
    const frame = await decodeFrame(padded);
    bars = sharedBars([edgesOf(frame)])!;
    const c = cropBars(frame, bars);
    picture = await sharp(c.data, { raw: { width: c.width, height: c.height, channels: 3 } }).png().toBuffer();
  });
  afterAll(() => analyzer.close());

  it('scores each frame as the picture without the bars, and reports evidence boxes in the video frame', async () => {
    expect(bars.left + bars.right).toBeGreaterThan(100);
    const video = await analyzer.analyze([{ timestamp: 0, data: padded }, { timestamp: 1, data: padded }], { video: true });
    const alone = await analyzer.analyze([{ timestamp: 0, data: picture }]);
    expect(video.framesAnalysed).toBe(2);
    for (const cls of ['alcohol', 'firearm', 'violence', 'pills', 'adult_content'] as const) expect(video.scores[cls], cls).toBeCloseTo(alone.scores[cls]!, 6);
    const box = video.evidence.alcohol![0]!.box!;
    const still = alone.evidence.alcohol![0]!.box!;
    expect(box).toEqual([still[0] + bars.left, still[1] + bars.top, still[2], still[3]]);
  });

  it('leaves a still with the same black border as it is', async () => {
    const still = await analyzer.analyze([{ timestamp: 0, data: padded }]);
    const asVideo = await analyzer.analyze([{ timestamp: 0, data: padded }], { video: true });
    const alone = await analyzer.analyze([{ timestamp: 0, data: picture }]);
    expect(asVideo.scores.alcohol).toBeCloseTo(alone.scores.alcohol!, 6);
    expect(Math.abs(still.scores.firearm! - alone.scores.firearm!) + Math.abs(still.scores.alcohol! - alone.scores.alcohol!)).toBeGreaterThan(1e-4);
  });
});
