// nsfwjs' default MobileNetV2 (shipped inside the npm package). One forward pass gives the 5-way NSFW
// softmax and the 1280-d pooled MobileNetV2 features (kept for trained heads and image embeddings).
// Served on onnxruntime-node: nsfw-onnx.ts converts the package's Keras model to ONNX in memory at
// load (same weights, outputs equal to tfjs' within 1e-4: test/nsfw-onnx.test.ts). The tfjs-wasm path
// stays as the reference the converter is tested and benchmarked against (bench/nsfw-onnx.bench.ts).
import path from 'node:path';
import type * as TF from '@tensorflow/tfjs';
import type { ModelLoader, ModelSpec } from './registry.ts';
import { fillView, type FillViews, type RgbImage } from './preprocess.ts';
import { requireHere, tfReady } from './tfjs.ts';
import { convertNsfwjs } from './nsfw-onnx.ts';
import { OnnxModel, type OnnxSettings } from './onnx.ts';

export const NSFW_LABELS = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'] as const;
export type NsfwLabel = (typeof NSFW_LABELS)[number];
export const NSFW_INPUT = 224;

export interface NsfwOutput {
  probs: Record<NsfwLabel, number>;
  features: Float32Array;
}

export type NsfwHandle = { runtime: 'onnx'; model: OnnxModel } | { runtime: 'tfjs-wasm'; tf: typeof TF; model: TF.LayersModel };

// nsfwjs/dist/cjs/index.js -> package root (its exports map hides package.json)
const pkgDir = path.resolve(path.dirname(requireHere.resolve('nsfwjs')), '..', '..');
const modelDir = path.join(pkgDir, 'dist', 'models', 'mobilenet_v2');
/** The Keras model (a UMD bundle of its model.json); its weight shard lies beside it. */
export const NSFW_MODEL_FILE = path.join(modelDir, 'model.min.js');
/** The layer whose output is `features` (the image embedding; the heads' input). */
export const NSFW_FEATURE_LAYER = 'flatten_1';

export const nsfwSpec: ModelSpec = {
  id: 'nsfwjs-mobilenet_v2',
  version: '4.4.0',
  runtime: 'onnx',
  files: [
    { path: NSFW_MODEL_FILE, sha256: 'c32f104fd562b08cdff5ed69dfe1209643afa47e792fb12751d2949aa61a397a' },
    { path: path.join(modelDir, 'group1-shard1of1.min.js'), sha256: 'ef2e0a63f7d2c4960b37b024b669313f65d3c45cd59e9042636c55b39de53517' },
  ],
  inputSize: [NSFW_INPUT, NSFW_INPUT],
  feeds: [
    { class: 'adult_content', how: 'P(Porn) + P(Hentai) of the 5-way softmax' },
    { class: 'suggestive', how: 'P(Sexy) + P(Porn) + P(Hentai) of the 5-way softmax' },
  ],
};

/** A loader that needs no spec (the network's files are fixed by the nsfwjs package), so tests and benchmarks call load() directly. */
export type NsfwLoader = ModelLoader<NsfwHandle> & { load(spec?: ModelSpec): Promise<NsfwHandle> };

const warmFrame = (): RgbImage => ({ data: Buffer.alloc(NSFW_INPUT * NSFW_INPUT * 3, 128), width: NSFW_INPUT, height: NSFW_INPUT });

/** The served loader: the converted network on onnxruntime-node (CUDA where the ONNX settings allow, else CPU). */
export function nsfwLoader(settings: OnnxSettings): NsfwLoader {
  return {
    async load() {
      return { runtime: 'onnx', model: await OnnxModel.create(convertNsfwjs(NSFW_MODEL_FILE, NSFW_FEATURE_LAYER), settings) };
    },
    async warm(h) {
      await nsfwPredict(h, [warmFrame()]);
    },
    async close(h) {
      if (h.runtime === 'onnx') await h.model.release();
    },
  };
}

/** The original: nsfwjs' own loading on tfjs wasm (the reference for the converter's tests and benchmark). */
export const nsfwTfjsLoader: NsfwLoader = {
  async load() {
    const tf = await tfReady();
    const nsfwjs = requireHere('nsfwjs') as { load(name: string): Promise<{ model: TF.LayersModel }> };
    const loaded = await nsfwjs.load('MobileNetV2');
    const flat = loaded.model.layers.find((l) => l.name === NSFW_FEATURE_LAYER);
    if (!flat) throw new Error(`nsfwjs MobileNetV2: layer ${NSFW_FEATURE_LAYER} not found`);
    const model = tf.model({ inputs: loaded.model.inputs, outputs: [flat.output as TF.SymbolicTensor, loaded.model.outputs[0]!] });
    return { runtime: 'tfjs-wasm', tf, model };
  },
  async warm(h) {
    await nsfwPredict(h, [warmFrame()]);
  },
  async close(h) {
    if (h.runtime === 'tfjs-wasm') h.model.dispose();
  },
};

/**
 * The network's input for a batch of frames: NHWC, each stretched to 224x224 and scaled to 0-1, as
 * nsfwjs does. `views`: the batch's stretched frames, shared with vision v3 (each frame resized once).
 */
export async function nsfwInput(frames: RgbImage[], views: FillViews = new Map()): Promise<Float32Array> {
  const size = NSFW_INPUT * NSFW_INPUT * 3;
  const input = new Float32Array(frames.length * size);
  for (let i = 0; i < frames.length; i++) {
    const r = await fillView(views, frames[i]!, NSFW_INPUT, NSFW_INPUT);
    for (let j = 0; j < size; j++) input[i * size + j] = (r.data[j] as number) / 255;
  }
  return input;
}

/** Runs the network on a prepared NHWC batch: flat features [n * 1280] and probabilities [n * 5]. */
export async function nsfwRun(h: NsfwHandle, input: Float32Array, n: number): Promise<{ features: Float32Array; probs: Float32Array }> {
  const dims = [n, NSFW_INPUT, NSFW_INPUT, 3];
  if (h.runtime === 'onnx') {
    const out = await h.model.run({ input: { data: input, dims } });
    return { features: out.features!.data, probs: out.probs!.data };
  }
  const { tf } = h;
  const x = tf.tensor4d(input, dims as [number, number, number, number]);
  try {
    const [feat, prob] = h.model.predict(x) as TF.Tensor[];
    const features = (await feat!.data()) as Float32Array;
    const probs = (await prob!.data()) as Float32Array;
    tf.dispose([feat!, prob!]);
    return { features, probs };
  } finally {
    x.dispose();
  }
}

/** Classifies a batch of frames (stretched to 224x224, scaled to 0-1, as nsfwjs does; `views` as in nsfwInput). */
export async function nsfwPredict(h: NsfwHandle, frames: RgbImage[], views: FillViews = new Map()): Promise<NsfwOutput[]> {
  if (frames.length === 0) return [];
  const { features: f, probs: p } = await nsfwRun(h, await nsfwInput(frames, views), frames.length);
  const dim = f.length / frames.length;
  return frames.map((_, i) => ({
    probs: Object.fromEntries(NSFW_LABELS.map((l, k) => [l, p[i * 5 + k] as number])) as Record<NsfwLabel, number>,
    features: f.slice(i * dim, (i + 1) * dim),
  }));
}
