// OCR hands tesseract each frame as a PPM (raw RGB) instead of a PNG: the same pixels, so the
// same words, boxes and confidences, without a PNG encode here and a decode in wasm per frame.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocrLoader, ocrPredict, ocrSpec, ppm, type OcrHandle } from '../src/models/ocr.ts';
import { decodeFrame, resizeInside, type RgbImage } from '../src/models/preprocess.ts';
import { kitPhotos } from './helpers/kit-photos.ts';

/** Kit images with text in them (real memes and app screenshots), when the kit is beside the repository. */
const withText = kitPhotos({ meme: 6, screenshot: 2 });

async function rendered(): Promise<RgbImage> {
  const svg = '<svg width="640" height="240"><rect width="640" height="240" fill="#202020"/><text x="20" y="90" font-size="48" font-family="sans-serif" fill="#ffffff">WHITE ON DARK</text><rect y="130" width="640" height="110" fill="#ffffff"/><text x="20" y="205" font-size="44" font-family="sans-serif">Breaking news today</text></svg>';
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('OCR input', () => {
  let h: OcrHandle;
  beforeAll(async () => {
    h = await ocrLoader().load(ocrSpec);
  }, 60_000);
  afterAll(async () => {
    await h.worker.terminate();
  });

  it('writes a binary PPM of the frame', async () => {
    const img = { data: Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]), width: 2, height: 2 };
    expect(ppm(img).toString('latin1')).toBe('P6\n2 2\n255\n' + Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]).toString('latin1'));
    const frame = await rendered();
    const header = `P6\n${frame.width} ${frame.height}\n255\n`;
    expect(ppm(frame).subarray(header.length).equals(frame.data)).toBe(true);
  });

  it('reads the same words, boxes and confidences from the PPM as from a PNG of the same pixels', async () => {
    const frames = [await rendered(), ...(await Promise.all(withText.map((f) => decodeFrame(readFileSync(f), 1280, 50e6))))];
    let words = 0;
    for (const frame of frames) {
      const small = await resizeInside(frame, h.maxSide);
      const png = await sharp(small.data, { raw: { width: small.width, height: small.height, channels: 3 } }).png().toBuffer();
      const fromPng = await h.worker.recognize(png, {}, { text: true, blocks: true });
      const fromPpm = await h.worker.recognize(ppm(small), {}, { text: true, blocks: true });
      expect(fromPpm.data.text).toBe(fromPng.data.text);
      expect(JSON.stringify(fromPpm.data.blocks)).toBe(JSON.stringify(fromPng.data.blocks));
      words += (await ocrPredict(h, [frame]))[0]!.words.length;
    }
    expect((await ocrPredict(h, [frames[0]!]))[0]!.text).toMatch(/Breaking news/);
    expect(words).toBeGreaterThan(3);
  }, 120_000);
});
