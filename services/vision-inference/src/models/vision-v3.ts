// Vision v3: ImageNet MobileNetV2 fine-tuned with multi-label heads (trained in Python, ml/vision/v3/),
// served on onnxruntime from artifacts/vision-v3.onnx when its manifest artifacts/vision-v3.json is
// there (declared in the lite set like the heads; VISION_V3=0 leaves it out). Contract of the artifact:
//   input  `input`     float32 [N, 3, H, W]: RGB / 255 of the whole frame stretched to W x H (resizeFill,
//                      the same stretched frame nsfwjs sees: the batch's FillViews share it), NCHW;
//   output `logits`    [N, K] (K = manifest classes, in order), `probs` [N, K] = sigmoid(logits),
//          `embedding` [N, embeddingDim].
// Each frame gives the signal `v3.<class>` = the class's logit, for the manifest's classes that are
// visual classes (other names are ignored); calibrators (model = the manifest id) turn them into probabilities.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { VISUAL_CLASSES, type VisualClass } from '@modsvc/common/classes';
import { OnnxModel, type OnnxSettings } from './onnx.ts';
import { fillView, type FillViews, type RgbImage } from './preprocess.ts';
import type { ModelLoader, ModelSpec } from './registry.ts';
import type { Signals } from './signals.ts';

/** The id the trained artifact declares (its manifest's `id` is what the registry and the calibrators use). */
export const V3_ID = 'imagenet-mobilenet_v2-v3';
/** The manifest's name in the artifacts directory. */
export const V3_MANIFEST_FILE = 'vision-v3.json';
/** Prefix of the per-class signals (`v3.<class>` = the class's logit). */
export const V3_SIGNAL_PREFIX = 'v3';
export const V3_INPUT_NAME = 'input';
export const V3_OUTPUTS = ['logits', 'probs', 'embedding'] as const;

const visual = new Set<string>(VISUAL_CLASSES);

export const V3ManifestSchema = z.object({
  id: z.string().min(1),
  version: z.string().min(1),
  /** The ONNX file, relative to the manifest's directory. */
  file: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, 'a sha256 of 64 hex digits'),
  /** [width, height] the network takes. */
  inputSize: z.tuple([z.number().int().positive(), z.number().int().positive()]),
  /** Output column order of `logits` / `probs`; names that are not visual classes are ignored. */
  classes: z.array(z.string().min(1)).min(1),
  embeddingDim: z.number().int().positive(),
});

export type V3Manifest = z.infer<typeof V3ManifestSchema>;

export interface V3Handle {
  model: OnnxModel;
  manifest: V3Manifest;
}

export interface V3Output {
  /** [K], the manifest's classes in order. */
  logits: Float32Array;
  probs: Float32Array;
  embedding: Float32Array;
}

/** What reading a manifest found: the manifest, or why it cannot be used. */
export type V3ManifestRead = { manifest: V3Manifest; error?: undefined } | { manifest?: undefined; error: string };

/** The manifest at `file`; null when there is none (the artifact is not deployed), an error when it is unreadable or invalid. */
export function readV3Manifest(file: string): V3ManifestRead | null {
  if (!existsSync(file)) return null;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return { error: `${file}: ${(err as Error).message}` };
  }
  const parsed = V3ManifestSchema.safeParse(json);
  if (!parsed.success) return { error: `${file}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}` };
  return { manifest: parsed.data };
}

/** The manifest's classes that are visual classes, each with its output column. */
export function v3Columns(m: V3Manifest): { class: VisualClass; column: number }[] {
  return m.classes.flatMap((c, column) => (visual.has(c) ? [{ class: c as VisualClass, column }] : []));
}

/** The registry entry of the network the manifest at `manifestFile` describes (its file beside the manifest). */
export function v3Spec(m: V3Manifest, manifestFile: string): ModelSpec {
  return {
    id: m.id,
    version: m.version,
    runtime: 'onnx',
    files: [{ path: path.resolve(path.dirname(manifestFile), m.file), sha256: m.sha256 }],
    inputSize: [m.inputSize[0], m.inputSize[1]],
    feeds: v3Columns(m).map((c) => ({
      class: c.class,
      how: `vision v3 (ImageNet MobileNetV2 fine-tuned, multi-label heads) on the frame stretched to ${m.inputSize[0]}x${m.inputSize[1]}: the ${c.class} logit (signal ${V3_SIGNAL_PREFIX}.${c.class}), calibrated`,
    })),
  };
}

/** A registry entry that fails to load with `error` (an unusable manifest shows in /v1/models instead of stopping the service). */
export function v3BrokenSpec(error: string): { spec: ModelSpec; loader: ModelLoader<never> } {
  return {
    spec: { id: V3_ID, version: 'unknown', runtime: 'onnx', files: [], inputSize: null, feeds: [] },
    loader: {
      load() {
        return Promise.reject(new Error(`vision v3 manifest unusable: ${error}`));
      },
    },
  };
}

/** The batch's input: NCHW, RGB / 255 of each frame stretched to the manifest's size (the view nsfwjs reads, when it ran first). */
export async function v3Input(frames: RgbImage[], width: number, height: number, views: FillViews = new Map()): Promise<Float32Array> {
  const n = width * height;
  const input = new Float32Array(frames.length * 3 * n);
  for (let f = 0; f < frames.length; f++) {
    const r = await fillView(views, frames[f]!, width, height);
    const base = f * 3 * n;
    for (let i = 0; i < n; i++) {
      input[base + i] = (r.data[i * 3] as number) / 255;
      input[base + n + i] = (r.data[i * 3 + 1] as number) / 255;
      input[base + 2 * n + i] = (r.data[i * 3 + 2] as number) / 255;
    }
  }
  return input;
}

function checkOutputs(out: Record<string, { data: Float32Array; dims: number[] }>, m: V3Manifest, batch: number): void {
  const want: Record<(typeof V3_OUTPUTS)[number], number[]> = { logits: [batch, m.classes.length], probs: [batch, m.classes.length], embedding: [batch, m.embeddingDim] };
  for (const [name, dims] of Object.entries(want)) {
    const got = out[name]?.dims;
    if (!got || got.length !== dims.length || got.some((d, i) => d !== dims[i])) {
      throw new Error(`vision v3 ${m.id}: output ${name} is [${got?.join(', ') ?? 'missing'}], the manifest says [${dims.join(', ')}]`);
    }
  }
}

/** Runs the network on a batch of frames. */
export async function v3Predict(h: V3Handle, frames: RgbImage[], views: FillViews = new Map()): Promise<V3Output[]> {
  if (frames.length === 0) return [];
  const m = h.manifest;
  const [w, ht] = m.inputSize;
  const out = await h.model.run({ [V3_INPUT_NAME]: { data: await v3Input(frames, w, ht, views), dims: [frames.length, 3, ht, w] } });
  checkOutputs(out, m, frames.length);
  const k = m.classes.length;
  const d = m.embeddingDim;
  return frames.map((_, i) => ({
    logits: out.logits!.data.slice(i * k, (i + 1) * k),
    probs: out.probs!.data.slice(i * k, (i + 1) * k),
    embedding: out.embedding!.data.slice(i * d, (i + 1) * d),
  }));
}

/** `v3.<class>` = the logit, for each of the manifest's visual classes. */
export function v3Signals(m: V3Manifest, o: V3Output): Signals {
  const s: Signals = {};
  for (const c of v3Columns(m)) s[`${V3_SIGNAL_PREFIX}.${c.class}`] = o.logits[c.column] as number;
  return s;
}

/**
 * Loads the network on onnxruntime, refuses one whose input or outputs are not the contract's, and
 * warms it on one grey frame (which also checks the output shapes against the manifest).
 */
export function v3Loader(m: V3Manifest, settings: OnnxSettings): ModelLoader<V3Handle> {
  return {
    async load(spec) {
      const file = spec.files[0];
      if (!file) throw new Error(`model ${spec.id} declares no ONNX file`);
      const model = await OnnxModel.create(file.path, settings);
      const missing = [V3_INPUT_NAME].filter((x) => !model.inputNames.includes(x)).concat(V3_OUTPUTS.filter((x) => !model.outputNames.includes(x)));
      if (missing.length) {
        await model.release();
        throw new Error(`vision v3 ${m.id}: the network lacks ${missing.join(', ')} (inputs ${model.inputNames.join(', ')}; outputs ${model.outputNames.join(', ')})`);
      }
      return { model, manifest: m };
    },
    async warm(h) {
      const [w, ht] = m.inputSize;
      await v3Predict(h, [{ data: Buffer.alloc(w * ht * 3, 128), width: w, height: ht }]);
    },
    async close(h) {
      await h.model.release();
    },
  };
}
