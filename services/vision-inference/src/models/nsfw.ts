// nsfwjs' default MobileNetV2 (shipped inside the npm package) on tfjs wasm. One forward pass gives
// the 5-way NSFW softmax and the 1280-d pooled MobileNetV2 features (kept for trained heads).
import path from 'node:path';
import type * as TF from '@tensorflow/tfjs';
import type { ModelLoader, ModelSpec } from './registry.ts';
import { resizeFill, type RgbImage } from './preprocess.ts';
import { requireHere, tfReady } from './tfjs.ts';

export const NSFW_LABELS = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'] as const;
export type NsfwLabel = (typeof NSFW_LABELS)[number];
export const NSFW_INPUT = 224;

export interface NsfwOutput {
  probs: Record<NsfwLabel, number>;
  features: Float32Array;
}

export interface NsfwHandle {
  tf: typeof TF;
  model: TF.LayersModel;
}

// nsfwjs/dist/cjs/index.js -> package root (its exports map hides package.json)
const pkgDir = path.resolve(path.dirname(requireHere.resolve('nsfwjs')), '..', '..');
const modelDir = path.join(pkgDir, 'dist', 'models', 'mobilenet_v2');

export const nsfwSpec: ModelSpec = {
  id: 'nsfwjs-mobilenet_v2',
  version: '4.4.0',
  runtime: 'tfjs-wasm',
  files: [
    { path: path.join(modelDir, 'model.min.js'), sha256: 'c32f104fd562b08cdff5ed69dfe1209643afa47e792fb12751d2949aa61a397a' },
    { path: path.join(modelDir, 'group1-shard1of1.min.js'), sha256: 'ef2e0a63f7d2c4960b37b024b669313f65d3c45cd59e9042636c55b39de53517' },
  ],
  inputSize: [NSFW_INPUT, NSFW_INPUT],
  feeds: [
    { class: 'adult_content', how: 'P(Porn) + P(Hentai) of the 5-way softmax' },
    { class: 'suggestive', how: 'P(Sexy) + P(Porn) + P(Hentai) of the 5-way softmax' },
  ],
};

export const nsfwLoader: ModelLoader<NsfwHandle> = {
  async load() {
    const tf = await tfReady();
    const nsfwjs = requireHere('nsfwjs') as { load(name: string): Promise<{ model: TF.LayersModel }> };
    const loaded = await nsfwjs.load('MobileNetV2');
    const flat = loaded.model.layers.find((l) => l.name === 'flatten_1');
    if (!flat) throw new Error('nsfwjs MobileNetV2: layer flatten_1 not found');
    const model = tf.model({ inputs: loaded.model.inputs, outputs: [flat.output as TF.SymbolicTensor, loaded.model.outputs[0]!] });
    return { tf, model };
  },
  async warm(h) {
    await nsfwPredict(h, [{ data: Buffer.alloc(NSFW_INPUT * NSFW_INPUT * 3, 128), width: NSFW_INPUT, height: NSFW_INPUT }]);
  },
  async close(h) {
    h.model.dispose();
  },
};

/** Classifies a batch of frames (stretched to 224x224, scaled to 0-1, as nsfwjs does). */
export async function nsfwPredict(h: NsfwHandle, frames: RgbImage[]): Promise<NsfwOutput[]> {
  if (frames.length === 0) return [];
  const size = NSFW_INPUT * NSFW_INPUT * 3;
  const input = new Float32Array(frames.length * size);
  for (let i = 0; i < frames.length; i++) {
    const r = await resizeFill(frames[i]!, NSFW_INPUT, NSFW_INPUT);
    for (let j = 0; j < size; j++) input[i * size + j] = (r.data[j] as number) / 255;
  }
  const { tf } = h;
  const x = tf.tensor4d(input, [frames.length, NSFW_INPUT, NSFW_INPUT, 3]);
  try {
    const [feat, prob] = h.model.predict(x) as TF.Tensor[];
    const f = (await feat!.data()) as Float32Array;
    const p = (await prob!.data()) as Float32Array;
    tf.dispose([feat!, prob!]);
    const dim = f.length / frames.length;
    return frames.map((_, i) => ({
      probs: Object.fromEntries(NSFW_LABELS.map((l, k) => [l, p[i * 5 + k] as number])) as Record<NsfwLabel, number>,
      features: f.slice(i * dim, (i + 1) * dim),
    }));
  } finally {
    x.dispose();
  }
}
