// A tiny ONNX graph writer for tests (protobuf wire format, the onnx.proto subset needed here):
// any-rank float inputs/outputs, float initializers, nodes with int / ints attributes. Used to build
// a YOLOv8-shaped detector whose output is a simple function of its input.

import { Writer } from '../../src/models/onnx-writer.ts';

const FLOAT = 1;
const ATTR_INT = 2;
const ATTR_INTS = 7;

export interface GraphNode {
  op: string;
  inputs: string[];
  outputs: string[];
  attrs?: Record<string, number | number[]>;
}

export interface Graph {
  inputs: { name: string; dims: (number | string)[] }[];
  outputs: { name: string; dims: (number | string)[] }[];
  initializers: { name: string; dims: number[]; values: ArrayLike<number> }[];
  nodes: GraphNode[];
  opset?: number;
}

function tensor(name: string, dims: number[], values: ArrayLike<number>): Writer {
  const w = new Writer();
  for (const d of dims) w.int(1, d);
  w.int(2, FLOAT).str(8, name);
  const raw = Buffer.alloc(values.length * 4);
  for (let i = 0; i < values.length; i++) raw.writeFloatLE(values[i] as number, i * 4);
  return w.bytes(9, raw);
}

function valueInfo(name: string, dims: (number | string)[]): Writer {
  const shape = new Writer();
  for (const d of dims) shape.msg(1, typeof d === 'number' ? new Writer().int(1, d) : new Writer().str(2, d));
  return new Writer().str(1, name).msg(2, new Writer().msg(1, new Writer().int(1, FLOAT).msg(2, shape)));
}

/** AttributeProto: name(1), i(3), ints(8), type(20). */
function attribute(name: string, v: number | number[]): Writer {
  const w = new Writer().str(1, name);
  if (Array.isArray(v)) {
    for (const x of v) w.int(8, x);
    return w.int(20, ATTR_INTS);
  }
  return w.int(3, v).int(20, ATTR_INT);
}

export function buildGraph(g: Graph): Buffer {
  const gw = new Writer();
  g.nodes.forEach((n, i) => {
    const nw = new Writer();
    for (const x of n.inputs) nw.str(1, x);
    for (const x of n.outputs) nw.str(2, x);
    nw.str(3, `n${i}`).str(4, n.op);
    for (const [k, v] of Object.entries(n.attrs ?? {})) nw.msg(5, attribute(k, v));
    gw.msg(1, nw);
  });
  gw.str(2, 'test-graph');
  for (const t of g.initializers) gw.msg(5, tensor(t.name, t.dims, t.values));
  for (const i of g.inputs) gw.msg(11, valueInfo(i.name, i.dims));
  for (const o of g.outputs) gw.msg(12, valueInfo(o.name, o.dims));
  return new Writer().int(1, 8).str(2, 'modsvc-test').msg(7, gw).msg(8, new Writer().str(1, '').int(2, g.opset ?? 13)).finish();
}

export interface TinyYoloAnchor {
  /** cx, cy, w, h in input pixels. */
  box: [number, number, number, number];
  /** Class index -> [constant, gain]: score = constant + gain * mean(input). */
  scores: Record<number, [number, number]>;
}

/**
 * A YOLOv8-shaped detector: input `images` [1, 3, size, size], output `output0` [1, 4 + nClasses, N]
 * = C + mean(images) * K, with C and K built from `anchors` (every other class score `floor`).
 */
export function buildTinyYolo(size: number, nClasses: number, anchors: TinyYoloAnchor[], floor = 0.01): Buffer {
  const D = 4 + nClasses;
  const N = anchors.length;
  const C = new Float32Array(D * N);
  const K = new Float32Array(D * N);
  anchors.forEach((a, n) => {
    for (let d = 0; d < 4; d++) C[d * N + n] = a.box[d] as number;
    for (let c = 0; c < nClasses; c++) {
      const s = a.scores[c];
      C[(4 + c) * N + n] = s ? s[0] : floor;
      K[(4 + c) * N + n] = s ? s[1] : 0;
    }
  });
  return buildGraph({
    inputs: [{ name: 'images', dims: [1, 3, size, size] }],
    outputs: [{ name: 'output0', dims: [1, D, N] }],
    initializers: [
      { name: 'C', dims: [1, D, N], values: C },
      { name: 'K', dims: [1, D, N], values: K },
    ],
    nodes: [
      // mean over C, H, W -> [1, 1, 1, 1]; reshape to [1, 1, 1] to broadcast over [1, D, N]
      { op: 'ReduceMean', inputs: ['images'], outputs: ['m4'], attrs: { axes: [1, 2, 3], keepdims: 1 } },
      { op: 'ReduceMean', inputs: ['m4'], outputs: ['m'], attrs: { axes: [0], keepdims: 0 } },
      { op: 'Mul', inputs: ['m', 'K'], outputs: ['mk'] },
      { op: 'Add', inputs: ['mk', 'C'], outputs: ['output0'] },
    ],
  });
}
