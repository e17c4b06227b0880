// @vladmandic/human's models, one handle per module we use: 'face' = BlazeFace + FaceRes (gender,
// age), 'object' = CenterNet COCO objects. Both are served on onnxruntime by default (face-onnx.ts,
// objects-onnx.ts: the same networks converted at load, human's own pre- and post-processing, the
// same outputs, FaceRes on the most confident face only); VISION_HUMAN_RUNTIME=tfjs-wasm runs human
// itself on tfjs wasm (its other faces' age and gender dropped alike). Human's result caching across
// calls is disabled (skipFrames 0, cacheSensitivity 0): every frame is analysed alone.
import path from 'node:path';
import type { ModelLoader, ModelSpec, Runtime } from './registry.ts';
import { resizeInside, type RgbImage } from './preprocess.ts';
import type { FloatImage } from './tf-image.ts';
import { requireHere, tfReady } from './tfjs.ts';
import { describedFaces, detectFaces, loadFaceNets, releaseFaceNets, UNDESCRIBED, type FaceNets } from './face-onnx.ts';
import { CENTERNET_GRAPH_SIDE, CENTERNET_INPUT, detectObjects, loadCenterNet } from './objects-onnx.ts';
import type { OnnxModel, OnnxSettings } from './onnx.ts';
import { DEFAULT_HUMAN_MAX_SIDE } from '../settings.ts';

export type Box = [number, number, number, number];

export interface HumanFace {
  score: number;
  /** 'female' | 'male' | 'unknown' */
  gender: string;
  genderScore: number;
  age: number;
  box: Box; // in the frame's pixel coordinates
}

export interface HumanObject {
  label: string;
  score: number;
  box: Box;
}

export interface HumanOutput {
  faces: HumanFace[];
  objects: HumanObject[];
}

interface HumanResult {
  face: { score: number; boxScore?: number; gender?: string; genderScore?: number; age?: number; box: Box }[];
  object: { label: string; score: number; box: Box }[];
}

interface HumanInstance {
  load(): Promise<void>;
  detect(input: unknown): Promise<HumanResult>;
}

export type HumanModule = 'face' | 'object';

export type HumanHandle =
  | { runtime: 'tfjs-wasm'; human: HumanInstance; module: HumanModule; maxSide: number }
  | { runtime: 'onnx'; module: 'face'; nets: FaceNets; maxSide: number }
  | { runtime: 'onnx'; module: 'object'; centernet: OnnxModel; objectSide: number; maxSide: number };

const humanDir = path.dirname(path.dirname(requireHere.resolve('@vladmandic/human')));
/** human's model files (graph models: model.json + weight shards). */
export const HUMAN_MODEL_DIR = path.join(humanDir, 'models');
const modelDir = HUMAN_MODEL_DIR;

const FILES: Record<string, string> = {
  'blazeface.json': 'cd7bbfc078270572beb39f9e5ae67aadbd50b5e67cff37e6d4f6b3ea39312e5f',
  'blazeface.bin': 'dc9a97fdc50bc43216554bdd69aa3e7b9361a519ee7bdd996a2f69a98a6f9b72',
  'faceres.json': '5b83d49c0385d2e68a05122441b94226313677cae9fcc40b9587ad50079eb4df',
  'faceres.bin': '2c7d2d62b76c97528b736527aa09d310ea71743c9e3e79fb6c62d4b2d73af79b',
  'centernet.json': 'bfb942eaacc5becf738d536663bc4580a0ae9e560722306e6d4dd7fe4a09de05',
  'centernet.bin': '1b635a15009071f506f9f2b3519b31c072c534888989f30d269ffd44734ef7ef',
};

/** CenterNet's input: human itself feeds it the side its graph declares, the onnx module the side we serve. */
const objectInputSize = (runtime: Runtime): [number, number] => {
  const side = runtime === 'onnx' ? CENTERNET_INPUT : CENTERNET_GRAPH_SIDE;
  return [side, side];
};

/** `runtime`: what serves the module (VISION_HUMAN_RUNTIME). */
export function humanSpec(module: HumanModule, runtime: Extract<Runtime, 'onnx' | 'tfjs-wasm'> = 'tfjs-wasm'): ModelSpec {
  const names = module === 'face' ? ['blazeface.json', 'blazeface.bin', 'faceres.json', 'faceres.bin'] : ['centernet.json', 'centernet.bin'];
  return {
    id: `human-${module}`,
    version: '3.3.6',
    runtime,
    files: names.map((n) => ({ path: path.join(modelDir, n), sha256: FILES[n]! })),
    inputSize: module === 'object' ? objectInputSize(runtime) : null,
    feeds:
      module === 'face'
        ? [
            { class: 'face_f', how: 'face boxes (BlazeFace) for the gender model; face confidence, calibrated' },
            { class: 'face_m', how: 'face boxes (BlazeFace) for the gender model; face confidence, calibrated' },
            { class: 'child', how: 'max over faces of face confidence x [FaceRes age < 13], calibrated' },
          ]
        : [{ class: 'alcohol', how: 'highest CenterNet score of COCO bottle, wine glass and cup, calibrated' }],
  };
}

/** `maxSide`: longest side fed to human (faces are found well at 640 px; cost grows with pixels). */
export function humanLoader(module: HumanModule, maxSide = DEFAULT_HUMAN_MAX_SIDE): ModelLoader<HumanHandle> {
  return {
    async load() {
      await tfReady();
      const H = requireHere(path.join(humanDir, 'dist', 'human.node-wasm.js')) as { Human: new (cfg: unknown) => HumanInstance };
      const off = { enabled: false };
      const human = new H.Human({
        backend: 'wasm',
        modelBasePath: `file://${modelDir}/`,
        debug: false,
        async: true,
        warmup: 'none',
        cacheSensitivity: 0,
        filter: { enabled: false },
        face: {
          enabled: module === 'face',
          detector: { rotation: false, maxDetected: 5, skipFrames: 0, skipTime: 0, minConfidence: 0.3, return: false },
          mesh: off,
          iris: off,
          emotion: off,
          attention: off,
          antispoof: off,
          liveness: off,
          description: { enabled: true, skipFrames: 0, skipTime: 0, minConfidence: 0.1 },
        },
        body: off,
        hand: off,
        gesture: off,
        segmentation: off,
        // Low threshold: weak detections still rank images for the calibrator (0.2 dropped most of that signal).
        object: module === 'object' ? { enabled: true, minConfidence: 0.05, maxDetected: 20, skipFrames: 0, skipTime: 0 } : off,
      });
      await human.load();
      return { runtime: 'tfjs-wasm', human, module, maxSide };
    },
    async warm(h) {
      await humanPredict(h, [warmFrame()]);
    },
  };
}

const warmFrame = (): RgbImage => ({ data: Buffer.alloc(64 * 64 * 3, 128), width: 64, height: 64 });

/** A module on onnxruntime: its networks converted at load from the files the registry has checked. */
export function humanOnnxLoader(module: HumanModule, settings: OnnxSettings, maxSide = DEFAULT_HUMAN_MAX_SIDE, objectSide = CENTERNET_INPUT): ModelLoader<HumanHandle> {
  return {
    async load() {
      if (module === 'face') return { runtime: 'onnx', module, nets: await loadFaceNets(modelDir, settings), maxSide };
      return { runtime: 'onnx', module, centernet: await loadCenterNet(modelDir, settings, objectSide), objectSide, maxSide };
    },
    async warm(h) {
      await humanPredict(h, [warmFrame()]);
    },
    async close(h) {
      if (h.runtime !== 'onnx') return;
      if (h.module === 'face') await releaseFaceNets(h.nets);
      else await h.centernet.release();
    },
  };
}

/** A frame as human's models see it: longest side at most maxSide, 0-255 floats; `k` = frame px per view px. */
interface HumanView {
  maxSide: number;
  view: Promise<{ image: FloatImage; k: number }>;
}

/**
 * Views of a batch's frames, shared by the face and object modules (pass the same map to both
 * humanPredict calls) so that each frame is resized and converted once. Scoped to one batch by its
 * caller: it holds a float copy of every frame it has seen.
 */
export type HumanViews = Map<RgbImage, HumanView>;

function viewOf(frame: RgbImage, maxSide: number, views: HumanViews): HumanView['view'] {
  const hit = views.get(frame);
  if (hit?.maxSide === maxSide) return hit.view;
  const view = resizeInside(frame, maxSide).then((small) => ({
    image: { data: new Float32Array(small.data), width: small.width, height: small.height, channels: 3 },
    k: frame.width / small.width,
  }));
  views.set(frame, { maxSide, view });
  return view;
}

/** Runs human on each frame (downscaled to maxSide); boxes are mapped back to the frame's pixels. */
export async function humanPredict(h: HumanHandle, frames: RgbImage[], views: HumanViews = new Map()): Promise<HumanOutput[]> {
  const tf = h.runtime === 'tfjs-wasm' ? await tfReady() : null;
  const out: HumanOutput[] = [];
  for (const frame of frames) {
    const { image, k } = await viewOf(frame, h.maxSide, views);
    const scale = (b: Box): Box => [b[0] * k, b[1] * k, b[2] * k, b[3] * k];
    if (h.runtime === 'onnx') {
      if (h.module === 'face') out.push({ faces: (await detectFaces(h.nets, image)).map((f) => ({ ...f, box: scale(f.box) })), objects: [] });
      else out.push({ faces: [], objects: (await detectObjects(h.centernet, image, h.objectSide)).map((o) => ({ ...o, box: scale(o.box) })) });
      continue;
    }
    const t = tf!.tensor4d(image.data, [1, image.height, image.width, 3]);
    let r: HumanResult;
    try {
      r = await h.human.detect(t);
    } finally {
      t.dispose();
    }
    const found = h.module === 'face' ? r.face : [];
    // human describes every face; the served module only the most confident (face-onnx.ts, FACE_DETECTOR.described).
    const described = describedFaces(found.map((f) => f.boxScore ?? f.score));
    out.push({
      faces: found.map((f, i) => ({
        score: f.boxScore ?? f.score,
        ...(described.includes(i) ? { gender: f.gender ?? 'unknown', genderScore: f.genderScore ?? 0, age: f.age ?? NaN } : UNDESCRIBED),
        box: scale(f.box),
      })),
      objects: h.module === 'object' ? r.object.map((o) => ({ label: o.label, score: o.score, box: scale(o.box) })) : [],
    });
  }
  return out;
}
