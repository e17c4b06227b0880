// CenterNet served at another input side than the 512 its graph declares (objects-onnx.ts serves 384):
// the converter scales the graph's fixed upsampling sizes. The reference is tfjs running the same
// TF graph edited the same way by hand (input shape and the three int32 size constants in its
// weights), so the test checks the converter's scaling against an independent executor.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as TF from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { HUMAN_MODEL_DIR } from '../src/models/human.ts';
import { CENTERNET_GRAPH_SIDE, CENTERNET_INPUT, CENTERNET_OUTPUTS } from '../src/models/objects-onnx.ts';
import { OnnxModel } from '../src/models/onnx.ts';
import { decodeFrame } from '../src/models/preprocess.ts';
import { resizeBilinear } from '../src/models/tf-image.ts';
import { readTfjsGraph } from '../src/models/tfjs-graph.ts';
import { tfjsGraphToOnnx } from '../src/models/tfjs-graph-onnx.ts';
import { tfReady } from '../src/models/tfjs.ts';
import { kitPhotos } from './helpers/kit-photos.ts';
import { compareWithTfjs } from './helpers/tfjs-vs-onnx.ts';

const JSON_FILE = path.join(HUMAN_MODEL_DIR, 'centernet.json');
const onnxSettings = { VISION_THREADS: 1, VISION_ORT_PROVIDER: 'cpu' as const };
const photos = kitPhotos({ alcohol: 2, benign_photo: 1 });

interface WeightEntry {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: { dtype: string };
}
interface ModelJson {
  modelTopology: { node: { name: string; op: string; input?: string[]; attr?: { shape?: { shape: { dim: { size: string }[] } } } }[] };
  weightsManifest: { paths: string[]; weights: WeightEntry[] }[];
}

const BYTES: Record<string, number> = { float32: 4, int32: 4, float16: 2, uint16: 2, uint8: 1 };

/** A copy of human's CenterNet (tfjs files) whose input is side x side and whose resize sizes are scaled to match. */
function scaledTfjsCopy(side: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'centernet-'));
  const model = JSON.parse(readFileSync(JSON_FILE, 'utf8')) as ModelJson;
  const [group] = model.weightsManifest;
  if (model.weightsManifest.length !== 1 || group!.paths.length !== 1) throw new Error('expected one weights file');
  const bin = Buffer.from(readFileSync(path.join(HUMAN_MODEL_DIR, group!.paths[0]!)));
  const sizeConsts = new Set(model.modelTopology.node.filter((n) => n.op === 'ResizeBilinear').map((n) => n.input![1]!));
  let offset = 0;
  let scaled = 0;
  for (const w of group!.weights) {
    const count = w.shape.reduce((a, b) => a * b, 1);
    if (sizeConsts.has(w.name)) {
      if (w.dtype !== 'int32' || w.quantization) throw new Error(`${w.name}: expected plain int32`);
      for (let i = 0; i < count; i++) bin.writeInt32LE((bin.readInt32LE(offset + 4 * i) * side) / CENTERNET_GRAPH_SIDE, offset + 4 * i);
      scaled++;
    }
    offset += count * BYTES[w.quantization?.dtype ?? w.dtype]!;
  }
  if (scaled !== 3 || offset !== bin.length) throw new Error(`scaled ${scaled} resize sizes, read ${offset} of ${bin.length} bytes`);
  for (const n of model.modelTopology.node) {
    if (n.op !== 'Placeholder') continue;
    const dim = n.attr!.shape!.shape.dim;
    dim[1]!.size = dim[2]!.size = String(side);
  }
  writeFileSync(path.join(dir, 'centernet.json'), JSON.stringify(model));
  writeFileSync(path.join(dir, group!.paths[0]!), bin);
  return path.join(dir, 'centernet.json');
}

describe('CenterNet converted at another input side', () => {
  let tf: typeof TF;
  beforeAll(async () => {
    tf = await tfReady();
  });

  it(`at ${CENTERNET_INPUT}: onnxruntime gives the outputs of tfjs running the graph edited by hand to that side`, async () => {
    const side = CENTERNET_INPUT;
    const outputs = CENTERNET_OUTPUTS;
    const model = await OnnxModel.create(tfjsGraphToOnnx(readTfjsGraph(JSON_FILE), { outputs, inputSide: side }), onnxSettings);
    const graph = await tf.loadGraphModel(`file://${scaledTfjsCopy(side)}`);
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    const inputs: Float32Array[] = [Float32Array.from({ length: side * side * 3 }, () => rnd() * 255)];
    for (const f of photos) {
      const frame = await decodeFrame(readFileSync(f));
      inputs.push(resizeBilinear({ data: Float32Array.from(frame.data), width: frame.width, height: frame.height, channels: 3 }, side, side).data);
    }
    const { worst, shapes } = await compareWithTfjs(tf, model, graph, outputs, inputs, side);
    for (const s of shapes) {
      expect(s.onnxDims).toEqual(s.tfjsShape);
      expect(s.onnxDims.slice(1, 3)).toEqual([side / 4, side / 4]);
    }
    // the same tolerance as at 512 (human-onnx.test.ts); a wrong upsampling size cannot even run
    expect(worst).toBeLessThan(5e-4);
    console.info(`centernet at ${side}: ${inputs.length} inputs, worst |ort - tfjs| / (1 + |tfjs|) ${worst.toExponential(2)}`);
    graph.dispose();
    await model.release();
  }, 120_000);

  it('at the side the graph declares, the conversion is the plain one', () => {
    const graph = readTfjsGraph(JSON_FILE);
    const plain = tfjsGraphToOnnx(graph, { outputs: CENTERNET_OUTPUTS });
    expect(tfjsGraphToOnnx(graph, { outputs: CENTERNET_OUTPUTS, inputSide: CENTERNET_GRAPH_SIDE }).equals(plain)).toBe(true);
    // and converting at another side first leaves the graph as it was read
    tfjsGraphToOnnx(graph, { outputs: CENTERNET_OUTPUTS, inputSide: 320 });
    expect(tfjsGraphToOnnx(graph, { outputs: CENTERNET_OUTPUTS }).equals(plain)).toBe(true);
  });

  it('refuses a side at which an upsampling size would not be whole', () => {
    const graph = readTfjsGraph(JSON_FILE);
    expect(() => tfjsGraphToOnnx(graph, { outputs: CENTERNET_OUTPUTS, inputSide: 300 })).toThrow(/size 32 at input side 512 is not whole at side 300/);
    expect(() => tfjsGraphToOnnx(graph, { outputs: CENTERNET_OUTPUTS, inputSide: 0 })).toThrow(/not a positive whole number/);
  });
});
