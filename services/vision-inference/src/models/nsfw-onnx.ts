// Converts nsfwjs' MobileNetV2 (a Keras layers model shipped in the npm package as model.min.js, a
// UMD bundle of the model.json, plus one base64 weight shard of uint8-quantised weights) to an ONNX
// graph with two outputs: `features`, the flatten_1 pooled features [batch, 1280] that the trained
// heads and image embeddings read, and `probs`, the 5-way softmax [batch, 5]. The input stays NHWC
// [batch, 224, 224, 3] in 0-1 like the tfjs model's; one Transpose makes it NCHW for ONNX's Conv.
// Deterministic and fast (~1 s): the serving path converts in memory at load, from files whose
// sha256 the registry has already checked, so no generated binary has to be committed or cached.
import { createRequire } from 'node:module';
import { buildGraph, type GraphNode, type GraphSpec } from './onnx-writer.ts';

interface KerasLayer {
  name: string;
  class_name: string;
  config: Record<string, unknown>;
  inbound_nodes: [string, number, number, unknown][][];
}

interface WeightEntry {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: { min?: number; scale?: number; dtype: string };
}

interface ModelJson {
  modelTopology: {
    model_config: {
      class_name: string;
      config: { name: string; layers: KerasLayer[]; input_layers: [string, number, number][]; output_layers: [string, number, number][] };
    };
  };
  weightsManifest: { paths: string[]; weights: WeightEntry[] }[];
}

export interface Weight {
  shape: number[];
  values: Float32Array;
}

export interface KerasModel {
  name: string;
  layers: KerasLayer[];
  inputLayer: string;
  outputLayer: string;
  weights: Map<string, Weight>;
}

const requireHere = createRequire(import.meta.url);

/** Loads a UMD bundle's export and drops it from the require cache (the weight shard is 3.5 MB of base64). */
function loadUmd(file: string): unknown {
  const resolved = requireHere.resolve(file);
  try {
    const m = requireHere(resolved) as { default?: unknown };
    return m.default ?? m;
  } finally {
    delete requireHere.cache[resolved];
  }
}

/**
 * Reads model.min.js and its weight shards (`<path>.min.js` next to it, as nsfwjs names them) and
 * dequantises the weights exactly as tfjs does (v * scale + min in double precision, stored as float32).
 */
export function readNsfwjsModel(modelFile: string): KerasModel {
  const j = loadUmd(modelFile) as ModelJson;
  const cfg = j.modelTopology.model_config.config;
  const dir = modelFile.slice(0, modelFile.lastIndexOf('/') + 1);
  const weights = new Map<string, Weight>();
  for (const group of j.weightsManifest) {
    const bytes = Buffer.concat(group.paths.map((p) => Buffer.from(loadUmd(`${dir}${p}.min.js`) as string, 'base64')));
    let off = 0;
    for (const w of group.weights) {
      const n = w.shape.reduce((a, b) => a * b, 1);
      const values = new Float32Array(n);
      if (w.dtype !== 'float32') throw new Error(`weight ${w.name}: dtype ${w.dtype} not supported`);
      const q = w.quantization;
      if (!q) {
        for (let i = 0; i < n; i++) values[i] = bytes.readFloatLE(off + i * 4);
        off += n * 4;
      } else if (q.dtype === 'uint8' || q.dtype === 'uint16') {
        const { min, scale } = q;
        if (min === undefined || scale === undefined) throw new Error(`weight ${w.name}: quantisation without min/scale`);
        const size = q.dtype === 'uint8' ? 1 : 2;
        for (let i = 0; i < n; i++) values[i] = (size === 1 ? bytes[off + i]! : bytes.readUInt16LE(off + i * 2)) * scale + min;
        off += n * size;
      } else throw new Error(`weight ${w.name}: quantisation ${q.dtype} not supported`);
      weights.set(w.name, { shape: w.shape, values });
    }
    if (off !== bytes.length) throw new Error(`weight shard size ${bytes.length} != ${off} bytes the manifest describes`);
  }
  const input = cfg.input_layers[0];
  const output = cfg.output_layers[0];
  if (cfg.input_layers.length !== 1 || cfg.output_layers.length !== 1 || !input || !output) throw new Error('expected one input and one output layer');
  return { name: cfg.name, layers: cfg.layers, inputLayer: input[0], outputLayer: output[0], weights };
}

/** A tensor of the converted graph: its ONNX name, NCHW shape without the batch dim, and zero padding still to apply. */
interface Value {
  name: string;
  shape: number[];
  pad?: [number, number, number, number];
}

const pair = (v: unknown): [number, number] => {
  const a = Array.isArray(v) ? (v as number[]) : [v as number, v as number];
  return [a[0]!, a[1] ?? a[0]!];
};

/** TF 'same' padding along one axis: [before, after] (the odd pixel goes after). */
function samePad(size: number, k: number, stride: number, dilation: number): [number, number] {
  const out = Math.ceil(size / stride);
  const total = Math.max((out - 1) * stride + (k - 1) * dilation + 1 - size, 0);
  return [Math.floor(total / 2), total - Math.floor(total / 2)];
}

export interface ConvertOptions {
  /** Layer whose output becomes the `features` output (nsfw.ts: flatten_1). */
  featureLayer: string;
}

/** Builds the ONNX graph of a Keras MobileNetV2-style layers model (the layer types nsfwjs' models use). */
export function kerasToOnnx(model: KerasModel, opts: ConvertOptions): Buffer {
  const nodes: GraphNode[] = [];
  const inits: GraphSpec['initializers'] = [];
  const values = new Map<string, Value>();
  const weight = (name: string): Weight => {
    const w = model.weights.get(name);
    if (!w) throw new Error(`weight ${name} missing`);
    return w;
  };
  const init = (name: string, dims: number[], v: Float32Array): string => {
    inits.push({ name, dims, values: v });
    return name;
  };
  const input = (l: KerasLayer, i = 0): Value => {
    const ref = l.inbound_nodes[0]?.[i];
    const v = ref ? values.get(ref[0]) : undefined;
    if (!v) throw new Error(`layer ${l.name}: input ${i} not found`);
    return v;
  };
  const plain = (l: KerasLayer, i = 0): Value => {
    const v = input(l, i);
    if (v.pad) throw new Error(`layer ${l.name} (${l.class_name}) after ZeroPadding2D: only a convolution can take the padding`);
    return v;
  };
  const activation = (l: KerasLayer, x: string): string => {
    const act = (l.config.activation as string | undefined) ?? 'linear';
    if (act === 'linear') return x;
    const out = `${l.name}/${act}`;
    if (act === 'relu') nodes.push({ op: 'Relu', inputs: [x], outputs: [out] });
    else if (act === 'softmax') nodes.push({ op: 'Softmax', inputs: [x], outputs: [out], attrs: { axis: -1 } });
    else throw new Error(`layer ${l.name}: activation ${act} not supported`);
    return out;
  };

  for (const l of model.layers) {
    const c = l.config;
    switch (l.class_name) {
      case 'InputLayer': {
        const shape = c.batch_input_shape as (number | null)[];
        if (shape.length !== 4) throw new Error(`input ${l.name}: expected NHWC, got ${JSON.stringify(shape)}`);
        const [, h, w, ch] = shape as number[];
        nodes.push({ op: 'Transpose', inputs: ['input'], outputs: [l.name], attrs: { perm: [0, 3, 1, 2] } });
        values.set(l.name, { name: l.name, shape: [ch!, h!, w!] });
        break;
      }
      case 'ZeroPadding2D': {
        const x = plain(l);
        const [[t, b], [left, r]] = c.padding as [[number, number], [number, number]];
        values.set(l.name, { ...x, shape: [x.shape[0]!, x.shape[1]! + t + b, x.shape[2]! + left + r], pad: [t, left, b, r] });
        break;
      }
      case 'Conv2D':
      case 'DepthwiseConv2D': {
        const x = input(l);
        const depthwise = l.class_name === 'DepthwiseConv2D';
        const k = weight(`${l.name}/${depthwise ? 'depthwise_kernel' : 'kernel'}`);
        const [kh, kw, ci, co] = k.shape as [number, number, number, number];
        const outC = depthwise ? ci * co : co;
        // TF HWIO (depthwise: HW, in, multiplier) -> ONNX OIHW (depthwise: in*multiplier, 1, H, W).
        const W = new Float32Array(k.values.length);
        for (let y = 0; y < kh; y++)
          for (let xx = 0; xx < kw; xx++)
            for (let i = 0; i < ci; i++)
              for (let o = 0; o < co; o++) {
                const src = ((y * kw + xx) * ci + i) * co + o;
                const dst = depthwise ? ((i * co + o) * kh + y) * kw + xx : ((o * ci + i) * kh + y) * kw + xx;
                W[dst] = k.values[src]!;
              }
        const [sh, sw] = pair(c.strides);
        const [dh, dw] = pair(c.dilation_rate ?? 1);
        // For a pending ZeroPadding2D, x.shape is already the padded size and x.pad becomes this Conv's pads.
        const [, inH, inW] = x.shape as [number, number, number];
        let pads: [number, number, number, number];
        let outH: number;
        let outW: number;
        if (c.padding === 'same') {
          if (x.pad) throw new Error(`layer ${l.name}: 'same' padding after ZeroPadding2D not supported`);
          const [pt, pb] = samePad(inH, kh, sh, dh);
          const [pl, pr] = samePad(inW, kw, sw, dw);
          pads = [pt, pl, pb, pr];
          outH = Math.ceil(inH / sh);
          outW = Math.ceil(inW / sw);
        } else if (c.padding === 'valid') {
          pads = x.pad ?? [0, 0, 0, 0];
          outH = Math.floor((inH - (kh - 1) * dh - 1) / sh) + 1;
          outW = Math.floor((inW - (kw - 1) * dw - 1) / sw) + 1;
        } else throw new Error(`layer ${l.name}: padding ${String(c.padding)} not supported`);
        const inputs = [x.name, init(`${l.name}/W`, [outC, depthwise ? 1 : ci, kh, kw], W)];
        if (c.use_bias) inputs.push(init(`${l.name}/B`, [outC], weight(`${l.name}/bias`).values));
        const out = `${l.name}/conv`;
        nodes.push({
          op: 'Conv',
          inputs,
          outputs: [out],
          attrs: { kernel_shape: [kh, kw], strides: [sh, sw], dilations: [dh, dw], pads, group: depthwise ? ci : 1 },
        });
        values.set(l.name, { name: activation(l, out), shape: [outC, outH, outW] });
        break;
      }
      case 'BatchNormalization': {
        const x = plain(l);
        const axis = c.axis as number | number[];
        if (!(axis === -1 || axis === 3 || (Array.isArray(axis) && axis.length === 1 && (axis[0] === -1 || axis[0] === 3)))) {
          throw new Error(`layer ${l.name}: BatchNormalization over axis ${JSON.stringify(axis)} not supported`);
        }
        const C = x.shape[0]!;
        const gamma = c.scale === false ? new Float32Array(C).fill(1) : weight(`${l.name}/gamma`).values;
        const beta = c.center === false ? new Float32Array(C) : weight(`${l.name}/beta`).values;
        const out = `${l.name}/bn`;
        nodes.push({
          op: 'BatchNormalization',
          inputs: [
            x.name,
            init(`${l.name}/gamma`, [C], gamma),
            init(`${l.name}/beta`, [C], beta),
            init(`${l.name}/mean`, [C], weight(`${l.name}/moving_mean`).values),
            init(`${l.name}/var`, [C], weight(`${l.name}/moving_variance`).values),
          ],
          outputs: [out],
          attrs: { epsilon: { f: c.epsilon as number } },
        });
        values.set(l.name, { name: out, shape: x.shape });
        break;
      }
      case 'ReLU': {
        const x = plain(l);
        if ((c.negative_slope ?? 0) !== 0 || (c.threshold ?? 0) !== 0) throw new Error(`layer ${l.name}: leaky or thresholded ReLU not supported`);
        const out = `${l.name}/relu`;
        const max = c.max_value as number | null | undefined;
        if (max == null) nodes.push({ op: 'Relu', inputs: [x.name], outputs: [out] });
        else {
          const lo = init(`${l.name}/min`, [], Float32Array.of(0));
          const hi = init(`${l.name}/max`, [], Float32Array.of(max));
          nodes.push({ op: 'Clip', inputs: [x.name, lo, hi], outputs: [out] });
        }
        values.set(l.name, { name: out, shape: x.shape });
        break;
      }
      case 'Add': {
        const n = l.inbound_nodes[0]?.length ?? 0;
        let acc = plain(l, 0);
        for (let i = 1; i < n; i++) {
          const out = i === n - 1 ? `${l.name}/add` : `${l.name}/add${i}`;
          nodes.push({ op: 'Add', inputs: [acc.name, plain(l, i).name], outputs: [out] });
          acc = { name: out, shape: acc.shape };
        }
        values.set(l.name, acc);
        break;
      }
      case 'AveragePooling2D': {
        const x = plain(l);
        if (c.padding !== 'valid') throw new Error(`layer ${l.name}: AveragePooling2D padding ${String(c.padding)} not supported`);
        const [kh, kw] = pair(c.pool_size);
        const [sh, sw] = pair(c.strides ?? c.pool_size);
        const out = `${l.name}/pool`;
        nodes.push({ op: 'AveragePool', inputs: [x.name], outputs: [out], attrs: { kernel_shape: [kh, kw], strides: [sh, sw] } });
        const [C, H, W] = x.shape as [number, number, number];
        values.set(l.name, { name: out, shape: [C, Math.floor((H - kh) / sh) + 1, Math.floor((W - kw) / sw) + 1] });
        break;
      }
      case 'Flatten': {
        const x = plain(l);
        // Keras flattens channels-last: back to NHWC first so the element order matches.
        const nhwc = `${l.name}/nhwc`;
        const out = `${l.name}/flat`;
        nodes.push({ op: 'Transpose', inputs: [x.name], outputs: [nhwc], attrs: { perm: [0, 2, 3, 1] } });
        nodes.push({ op: 'Flatten', inputs: [nhwc], outputs: [out], attrs: { axis: 1 } });
        values.set(l.name, { name: out, shape: [x.shape.reduce((a, b) => a * b, 1)] });
        break;
      }
      case 'Dense': {
        const x = plain(l);
        if (x.shape.length !== 1) throw new Error(`layer ${l.name}: Dense on a ${x.shape.length + 1}-d tensor not supported`);
        const k = weight(`${l.name}/kernel`);
        const units = c.units as number;
        const mm = `${l.name}/matmul`;
        nodes.push({ op: 'MatMul', inputs: [x.name, init(`${l.name}/kernel`, k.shape, k.values)], outputs: [mm] });
        let out = mm;
        if (c.use_bias) {
          out = `${l.name}/biasadd`;
          nodes.push({ op: 'Add', inputs: [mm, init(`${l.name}/bias`, [units], weight(`${l.name}/bias`).values)], outputs: [out] });
        }
        values.set(l.name, { name: activation(l, out), shape: [units] });
        break;
      }
      case 'Dropout':
        values.set(l.name, plain(l));
        break;
      default:
        throw new Error(`layer ${l.name}: ${l.class_name} not supported by the converter`);
    }
  }

  const feat = values.get(opts.featureLayer);
  const prob = values.get(model.outputLayer);
  if (!feat || !prob) throw new Error(`feature layer ${opts.featureLayer} or output ${model.outputLayer} not in the model`);
  if (feat.shape.length !== 1 || prob.shape.length !== 1) throw new Error('features and probabilities must be flat');
  nodes.push({ op: 'Identity', inputs: [feat.name], outputs: ['features'] });
  nodes.push({ op: 'Identity', inputs: [prob.name], outputs: ['probs'] });
  const inp = values.get(model.inputLayer)!;
  return buildGraph({
    name: model.name,
    inputs: [{ name: 'input', dims: ['batch', inp.shape[1]!, inp.shape[2]!, inp.shape[0]!] }],
    outputs: [
      { name: 'features', dims: ['batch', feat.shape[0]!] },
      { name: 'probs', dims: ['batch', prob.shape[0]!] },
    ],
    initializers: inits,
    nodes,
  });
}

/** nsfwjs' model.min.js (and its shard beside it) -> ONNX bytes with outputs `features` and `probs`. */
export function convertNsfwjs(modelFile: string, featureLayer = 'flatten_1'): Buffer {
  return kerasToOnnx(readNsfwjsModel(modelFile), { featureLayer });
}
