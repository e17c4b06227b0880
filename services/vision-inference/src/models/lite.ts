// The 'lite' model set that runs on CPU-only machines: nsfwjs MobileNetV2, human's face models, face-api's
// gender net on human's face crops, tesseract OCR, the heads trained in this repo on MobileNetV2 features
// (ONNX, if trained artifacts exist) and vision v3 (ONNX, if its manifest artifacts/vision-v3.json exists; VISION_V3).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { VisualClass } from '@modsvc/common/classes';
import { DEFAULT_OCR_LANGUAGES, type VisionSettings } from '../settings.ts';
import { ModelRegistry, type ModelSpec } from './registry.ts';
import { nsfwLoader, nsfwSpec, nsfwTfjsLoader } from './nsfw.ts';
import { humanLoader, humanOnnxLoader, humanSpec, type HumanModule } from './human.ts';
import { ocrModel, ocrSpec } from './ocr.ts';
import { FACE_GENDER_ID, faceGenderLoader, faceGenderOnnxLoader, faceGenderSpec } from './face-gender.ts';
import { selectEntries, type ModelsManifest } from './fetch.ts';
import { declareDetector, type DeclaredDetector, type DetectorSettings } from './nudenet.ts';
import type { OnnxSettings } from './onnx.ts';
import { V3_MANIFEST_FILE, readV3Manifest, v3BrokenSpec, v3Loader, v3Spec, type V3Manifest } from './vision-v3.ts';

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

export const HUMAN_ID = humanSpec('face').id;
export const OBJECT_ID = humanSpec('object').id;
export const NSFW_ID = nsfwSpec.id;
export const OCR_ID = ocrSpec.id;
export { FACE_GENDER_ID };

/** What the lite models are loaded with: the frame sizes human and OCR see, OCR's languages, the runtimes, whether vision v3 joins, and the ONNX session settings (heads, v3). */
export type LiteModelSettings = Pick<VisionSettings, 'VISION_HUMAN_MAX_SIDE' | 'VISION_OCR_MAX_SIDE'> &
  Partial<Pick<VisionSettings, 'VISION_OCR_LANGUAGES' | 'VISION_OCR_STRATEGY' | 'VISION_TESSDATA_DIR'>> &
  Pick<VisionSettings, 'VISION_NSFW_RUNTIME' | 'VISION_HUMAN_RUNTIME' | 'VISION_FACEAPI_RUNTIME' | 'VISION_V3'> &
  OnnxSettings;

export interface LiteSetOptions {
  /** Where the heads trained in this repo are (default artifacts/). */
  artifactsDir?: string;
  /** Model ids left out (VISION_DISABLE_MODELS). */
  disabled?: ReadonlySet<string>;
  /** Whether the COCO object detector (human's CenterNet, the only model that scores alcohol) joins the set (VISION_OBJECTS). */
  objects: boolean;
  /** The vision v3 manifest (default <artifactsDir>/vision-v3.json); its ONNX file lies beside it. */
  v3Manifest?: string;
}

/** The lite set's registry, the heads' manifest and vision v3's (null when not declared). */
export interface LiteSet {
  registry: ModelRegistry;
  heads: HeadsManifest | null;
  v3: V3Manifest | null;
}

/** Where the lite set looks for the vision v3 manifest. */
export function v3ManifestPath(opts: Pick<LiteSetOptions, 'artifactsDir' | 'v3Manifest'>): string {
  return opts.v3Manifest ?? path.join(opts.artifactsDir ?? ARTIFACTS_DIR, V3_MANIFEST_FILE);
}

export function liteRegistry(settings: LiteModelSettings, opts: LiteSetOptions): LiteSet {
  const dir = opts.artifactsDir ?? ARTIFACTS_DIR;
  const disabled = opts.disabled ?? new Set<string>();
  const registry = new ModelRegistry(settings);
  if (!disabled.has(NSFW_ID)) registry.declare(nsfwSpec, settings.VISION_NSFW_RUNTIME === 'tfjs-wasm' ? nsfwTfjsLoader : nsfwLoader(settings));
  const declareHuman = (module: HumanModule) => {
    const onnx = settings.VISION_HUMAN_RUNTIME !== 'tfjs-wasm';
    const maxSide = settings.VISION_HUMAN_MAX_SIDE;
    registry.declare(humanSpec(module, onnx ? 'onnx' : 'tfjs-wasm'), onnx ? humanOnnxLoader(module, settings, maxSide) : humanLoader(module, maxSide));
  };
  if (!disabled.has(HUMAN_ID)) declareHuman('face');
  if (opts.objects && !disabled.has(OBJECT_ID)) declareHuman('object');
  if (!disabled.has(HUMAN_ID) && !disabled.has(FACE_GENDER_ID)) {
    const onnx = settings.VISION_FACEAPI_RUNTIME !== 'tfjs-wasm';
    registry.declare(faceGenderSpec(onnx ? 'onnx' : 'tfjs-wasm'), onnx ? faceGenderOnnxLoader(settings) : faceGenderLoader);
  }
  if (!disabled.has(OCR_ID)) {
    const ocr = ocrModel(
      { languages: settings.VISION_OCR_LANGUAGES ?? DEFAULT_OCR_LANGUAGES, strategy: settings.VISION_OCR_STRATEGY ?? 'second-pass', tessdataDir: settings.VISION_TESSDATA_DIR },
      settings.VISION_OCR_MAX_SIDE,
    );
    registry.declare(ocr.spec, ocr.loader);
  }
  const found = readHeadsManifest(dir);
  const heads = found && !disabled.has(found.id) ? found : null;
  if (heads) registry.declare(headsSpec(heads, dir));
  // Vision v3 joins only when its artifact is deployed: no manifest, no model (and no error).
  let v3: V3Manifest | null = null;
  const v3File = v3ManifestPath(opts);
  const v3Read = settings.VISION_V3 ? readV3Manifest(v3File) : null;
  if (v3Read?.manifest && !disabled.has(v3Read.manifest.id)) {
    v3 = v3Read.manifest;
    registry.declare(v3Spec(v3, v3File), v3Loader(v3, settings));
  } else if (v3Read?.error) {
    // A manifest that cannot be used is reported as a model that failed to load.
    const broken = v3BrokenSpec(v3Read.error);
    if (!disabled.has(broken.spec.id)) registry.declare(broken.spec, broken.loader);
  }
  return { registry, heads, v3 };
}

export interface FullSetOptions extends LiteSetOptions {
  /** Downloadable models (models.json or VISION_MODELS_MANIFEST). */
  manifest: ModelsManifest;
  /** Where `make models` put them (MODEL_DIR). */
  modelDir: string;
}

/**
 * The 'full' model set: the lite models plus the manifest's downloadable models, read from
 * MODEL_DIR (each verified by sha256 when the registry loads it; a missing file is reported).
 */
export function fullRegistry(
  settings: LiteModelSettings & DetectorSettings,
  opts: FullSetOptions,
): LiteSet & { detectors: DeclaredDetector[] } {
  const disabled = opts.disabled ?? new Set<string>();
  const { registry, heads, v3 } = liteRegistry(settings, opts);
  const detectors: DeclaredDetector[] = [];
  for (const e of selectEntries(opts.manifest, 'full')) {
    if (disabled.has(e.id)) continue;
    if (e.kind === 'yolov8-detector') detectors.push(declareDetector(registry, e, opts.modelDir, settings));
  }
  return { registry, heads, v3, detectors };
}
