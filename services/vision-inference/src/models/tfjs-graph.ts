// Reads a TensorFlow.js graph model (model.json with a GraphDef-style node list, plus binary weight
// shards) without tfjs: the nodes with their decoded attributes, and every constant tensor
// dequantised exactly as tfjs does (uint8/uint16: v * scale + min; float16: IEEE half -> float32).
// tfjs-graph-onnx.ts turns the result into an ONNX graph.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A node attribute as the converter needs it. */
export type TfAttr = number | string | boolean | number[] | string[] | null;

export interface TfNode {
  name: string;
  op: string;
  /** Input tensor names (`node` or `node:k`); control inputs (`^node`) are dropped. */
  inputs: string[];
  attrs: Record<string, TfAttr>;
}

export interface TfTensor {
  dtype: 'float32' | 'int32';
  shape: number[];
  values: Float32Array | Int32Array;
}

export interface TfGraph {
  nodes: TfNode[];
  /** Constant tensors by node name (the weights manifest's entries). */
  consts: Map<string, TfTensor>;
}

interface RawAttr {
  i?: string | number;
  f?: number;
  b?: boolean;
  s?: string;
  type?: string;
  list?: { i?: (string | number)[]; s?: string[]; f?: number[] };
  shape?: unknown;
  tensor?: unknown;
}

interface ModelJson {
  format?: string;
  modelTopology: { node: { name: string; op: string; input?: string[]; attr?: Record<string, RawAttr> }[] };
  weightsManifest: { paths: string[]; weights: { name: string; shape: number[]; dtype: string; quantization?: { dtype: string; min?: number; scale?: number } }[] }[];
}

const text = (b64: string): string => Buffer.from(b64, 'base64').toString('utf8');

function decodeAttr(a: RawAttr): TfAttr {
  if (a.list) {
    if (a.list.i) return a.list.i.map(Number);
    if (a.list.s) return a.list.s.map(text);
    if (a.list.f) return a.list.f.map(Number);
    return [];
  }
  if (a.i !== undefined) return Number(a.i);
  if (a.f !== undefined) return Number(a.f);
  if (a.b !== undefined) return a.b;
  if (a.s !== undefined) return text(a.s);
  if (a.type !== undefined) return a.type;
  const dims = (a.shape as { dim?: { size?: string | number }[] } | undefined)?.dim;
  if (dims) return dims.map((d) => Number(d.size ?? -1));
  return null;
}

/** IEEE 754 half precision -> number. */
export function halfToFloat(h: number): number {
  return (HALF ??= halfTable())[h & 0xffff]!;
}

let HALF: Float32Array | undefined;

/** All 65,536 half-precision values, computed once (a 7-million-weight model decodes in milliseconds). */
function halfTable(): Float32Array {
  const t = new Float32Array(65536);
  for (let h = 0; h < 65536; h++) t[h] = decodeHalf(h);
  return t;
}

function decodeHalf(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * 2 ** -14 * (frac / 1024);
  if (exp === 0x1f) return frac ? NaN : sign * Infinity;
  return sign * 2 ** (exp - 15) * (1 + frac / 1024);
}

/** A weights manifest: groups of shard files, each listing the tensors stored in them, in order. */
export type WeightsManifest = ModelJson['weightsManifest'];

/** Reads and dequantises every tensor of a weights manifest (shard paths relative to `dir`). */
export function readWeights(manifest: WeightsManifest, dir: string): Map<string, TfTensor> {
  const consts = new Map<string, TfTensor>();
  for (const group of manifest) {
    const bytes = Buffer.concat(group.paths.map((p) => readFileSync(path.join(dir, p))));
    let off = 0;
    for (const w of group.weights) {
      const n = w.shape.reduce((a, b) => a * b, 1);
      const q = w.quantization;
      let values: Float32Array | Int32Array;
      if (w.dtype === 'int32' && !q) {
        values = new Int32Array(n);
        for (let i = 0; i < n; i++) values[i] = bytes.readInt32LE(off + i * 4);
        off += n * 4;
      } else if (w.dtype === 'float32') {
        values = new Float32Array(n);
        if (!q) {
          for (let i = 0; i < n; i++) values[i] = bytes.readFloatLE(off + i * 4);
          off += n * 4;
        } else if (q.dtype === 'float16') {
          for (let i = 0; i < n; i++) values[i] = halfToFloat(bytes.readUInt16LE(off + i * 2));
          off += n * 2;
        } else if (q.dtype === 'uint8' || q.dtype === 'uint16') {
          if (q.min === undefined || q.scale === undefined) throw new Error(`weight ${w.name}: quantisation without min/scale`);
          const size = q.dtype === 'uint8' ? 1 : 2;
          for (let i = 0; i < n; i++) values[i] = (size === 1 ? bytes[off + i]! : bytes.readUInt16LE(off + i * 2)) * q.scale + q.min;
          off += n * size;
        } else throw new Error(`weight ${w.name}: quantisation ${q.dtype} not supported`);
      } else throw new Error(`weight ${w.name}: dtype ${w.dtype}${q ? ` quantised as ${q.dtype}` : ''} not supported`);
      consts.set(w.name, { dtype: w.dtype as TfTensor['dtype'], shape: w.shape, values });
    }
    if (off !== bytes.length) throw new Error(`${group.paths.join(', ')}: the shards hold ${bytes.length} bytes, the manifest describes ${off}`);
  }
  return consts;
}

/** Parses model.json and its shards (paths relative to it) into nodes and dequantised constants. */
export function readTfjsGraph(modelJsonPath: string): TfGraph {
  const j = JSON.parse(readFileSync(modelJsonPath, 'utf8')) as ModelJson;
  if (!j.modelTopology?.node) throw new Error(`${modelJsonPath}: not a tfjs graph model (no modelTopology.node)`);
  const consts = readWeights(j.weightsManifest, path.dirname(modelJsonPath));
  const nodes: TfNode[] = j.modelTopology.node.map((n) => ({
    name: n.name,
    op: n.op,
    inputs: (n.input ?? []).filter((i) => !i.startsWith('^')),
    attrs: Object.fromEntries(Object.entries(n.attr ?? {}).map(([k, v]) => [k, decodeAttr(v)])),
  }));
  return { nodes, consts };
}
