// The 'lite' model set that runs on CPU-only machines: nsfwjs MobileNetV2, human (faces), tesseract
// OCR, and the heads trained in this repo on MobileNetV2 features (ONNX, if trained artifacts exist).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { VisualClass } from '@modsvc/common/classes';
import { ModelRegistry, type ModelSpec } from './registry.ts';
import { nsfwLoader, nsfwSpec } from './nsfw.ts';
import { humanLoader, humanSpec } from './human.ts';
import { ocrLoader, ocrSpec } from './ocr.ts';

export const ARTIFACTS_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../artifacts');

/** Manifest written by train/calibrate.ts next to heads.onnx. */
export interface HeadsManifest {
  id: string;
  version: string;
  file: string;
  sha256: string;
  inputDim: number;
  /** Output column order: head.<class> signals. */
  classes: VisualClass[];
}

export function readHeadsManifest(dir = ARTIFACTS_DIR): HeadsManifest | null {
  const f = path.join(dir, 'heads.json');
  if (!existsSync(f)) return null;
  return JSON.parse(readFileSync(f, 'utf8')) as HeadsManifest;
}

export function headsSpec(m: HeadsManifest, dir = ARTIFACTS_DIR): ModelSpec {
  return {
    id: m.id,
    version: m.version,
    runtime: 'onnx',
    files: [{ path: path.join(dir, m.file), sha256: m.sha256 }],
    inputSize: null,
    feeds: m.classes.map((c) => ({ class: c, how: `logistic head on nsfwjs MobileNetV2 pooled features, Platt-calibrated` })),
  };
}

export const HUMAN_ID = humanSpec(false).id;
export const NSFW_ID = nsfwSpec.id;
export const OCR_ID = ocrSpec.id;

export function liteRegistry(dir = ARTIFACTS_DIR): { registry: ModelRegistry; heads: HeadsManifest | null } {
  const registry = new ModelRegistry();
  registry.declare(nsfwSpec, nsfwLoader);
  registry.declare(humanSpec(false), humanLoader(false));
  registry.declare(ocrSpec, ocrLoader);
  const heads = readHeadsManifest(dir);
  if (heads) registry.declare(headsSpec(heads, dir));
  return { registry, heads };
}
