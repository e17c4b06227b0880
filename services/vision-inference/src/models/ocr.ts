// tesseract.js OCR with the English LSTM data shipped in @tesseract.js-data/eng (no download):
// one worker, created once. Gives the text and word-count features used for screenshot / meme /
// poster / info-graphic signals.
import path from 'node:path';
import os from 'node:os';
import type { ModelLoader, ModelSpec } from './registry.ts';
import { resizeInside, type RgbImage } from './preprocess.ts';
import { requireHere } from './tfjs.ts';
import { DEFAULT_OCR_MAX_SIDE } from '../settings.ts';

const dataDir = path.join(path.dirname(requireHere.resolve('@tesseract.js-data/eng')), '4.0.0_best_int');

export const ocrSpec: ModelSpec = {
  id: 'tesseract-eng',
  version: '7.0.0+eng-4.0.0_best_int',
  runtime: 'tesseract',
  files: [{ path: path.join(dataDir, 'eng.traineddata.gz'), sha256: '45b4cb346724ac1774f1c36f42f182b887bcdb28ebe63e6fff90ac41f3fcff91' }],
  inputSize: null,
  feeds: [],
};

export interface OcrWord {
  text: string;
  confidence: number;
  box: [number, number, number, number];
}

export interface OcrOutput {
  text: string;
  /** Words with confidence >= 60 and at least 2 letters/digits. */
  words: OcrWord[];
  features: OcrFeatures;
}

export interface OcrFeatures {
  wordCount: number;
  /** Share of the frame's area covered by the confident words' boxes. */
  textArea: number;
  meanConfidence: number;
}

interface TessWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}
interface TessBlock {
  paragraphs: { lines: { words: TessWord[] }[] }[];
}
interface TessWorker {
  setParameters(p: Record<string, string>): Promise<unknown>;
  recognize(img: Buffer, opts?: unknown, output?: unknown): Promise<{ data: { text: string; blocks: TessBlock[] | null } }>;
  terminate(): Promise<unknown>;
}
export interface OcrHandle {
  worker: TessWorker;
  /** Longest side of the image given to tesseract. */
  maxSide: number;
}

export function ocrLoader(maxSide = DEFAULT_OCR_MAX_SIDE): ModelLoader<OcrHandle> {
  return {
    async load() {
      const T = requireHere('tesseract.js') as { createWorker(lang: string, oem: number, opts: unknown): Promise<TessWorker> };
      const worker = await T.createWorker('eng', 1, {
        langPath: dataDir,
        cachePath: path.join(os.tmpdir(), 'modsvc-tesseract'),
        cacheMethod: 'none',
        gzip: true,
      });
      // Sharp's PNGs carry no resolution; without one tesseract guesses (badly, and slowly).
      await worker.setParameters({ user_defined_dpi: '150', tessedit_pageseg_mode: '3', debug_file: '/dev/null' });
      return { worker, maxSide };
    },
    async warm(h) {
      await ocrPredict(h, [{ data: Buffer.alloc(32 * 32 * 3, 255), width: 32, height: 32 }]);
    },
    async close(h) {
      await h.worker.terminate();
    },
  };
}

export const MIN_WORD_CONFIDENCE = 60;

export function ocrFeatures(words: OcrWord[], width: number, height: number): OcrFeatures {
  const area = words.reduce((a, w) => a + w.box[2] * w.box[3], 0);
  return {
    wordCount: words.length,
    textArea: Math.min(1, area / Math.max(1, width * height)),
    meanConfidence: words.length ? words.reduce((a, w) => a + w.confidence, 0) / words.length : 0,
  };
}

/**
 * The frame as a binary PPM: tesseract's leptonica reads it as it is, so the same pixels reach it
 * as through a PNG without compressing each frame here and inflating it again in wasm. Like the
 * PNGs it replaces, it carries no resolution (user_defined_dpi stands in).
 */
export function ppm(img: RgbImage): Buffer {
  return Buffer.concat([Buffer.from(`P6\n${img.width} ${img.height}\n255\n`, 'latin1'), img.data.subarray(0, img.width * img.height * 3)]);
}

export async function ocrPredict(h: OcrHandle, frames: RgbImage[]): Promise<OcrOutput[]> {
  const out: OcrOutput[] = [];
  for (const frame of frames) {
    const small = await resizeInside(frame, h.maxSide);
    const k = frame.width / small.width;
    const r = await h.worker.recognize(ppm(small), {}, { text: true, blocks: true });
    const words: OcrWord[] = [];
    for (const b of r.data.blocks ?? [])
      for (const p of b.paragraphs)
        for (const l of p.lines)
          for (const w of l.words) {
            if (w.confidence < MIN_WORD_CONFIDENCE || (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) < 2) continue;
            const { x0, y0, x1, y1 } = w.bbox;
            words.push({ text: w.text, confidence: w.confidence, box: [x0 * k, y0 * k, (x1 - x0) * k, (y1 - y0) * k] });
          }
    out.push({ text: r.data.text.trim(), words, features: ocrFeatures(words, frame.width, frame.height) });
  }
  return out;
}
