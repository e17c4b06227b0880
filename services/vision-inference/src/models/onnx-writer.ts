// Writes ONNX ModelProto bytes by hand (protobuf wire format, the minimal onnx.proto subset): used by
// train/ to export the trained heads and by tests to build a tiny model that runs through the same
// registry / onnxruntime path as a large one.
import { endianness } from 'node:os';

/** Protobuf wire-format writer for the onnx.proto subset (also used by tests that build graphs). */
export class Writer {
  private readonly parts: Buffer[] = [];

  private varint(v: number | bigint): void {
    let x = BigInt(v);
    if (x < 0n) x += 1n << 64n;
    const bytes: number[] = [];
    do {
      let b = Number(x & 0x7fn);
      x >>= 7n;
      if (x > 0n) b |= 0x80;
      bytes.push(b);
    } while (x > 0n);
    this.parts.push(Buffer.from(bytes));
  }

  private key(field: number, wire: number): void {
    this.varint((field << 3) | wire);
  }

  int(field: number, v: number | bigint): this {
    this.key(field, 0);
    this.varint(v);
    return this;
  }

  /** A float32 field (wire type 5, little-endian). */
  float(field: number, v: number): this {
    this.key(field, 5);
    const b = Buffer.alloc(4);
    b.writeFloatLE(v);
    this.parts.push(b);
    return this;
  }

  bytes(field: number, b: Uint8Array): this {
    this.key(field, 2);
    this.varint(b.length);
    this.parts.push(Buffer.from(b));
    return this;
  }

  str(field: number, s: string): this {
    return this.bytes(field, Buffer.from(s, 'utf8'));
  }

  msg(field: number, w: Writer): this {
    return this.bytes(field, w.finish());
  }

  finish(): Buffer {
    return Buffer.concat(this.parts);
  }
}

const FLOAT = 1; // TensorProto.DataType.FLOAT
const LITTLE_ENDIAN = endianness() === 'LE';

/** TensorProto: dims(1), data_type(2), name(8), raw_data(9, little-endian float32). */
function tensor(name: string, dims: number[], values: number[]): Writer {
  const w = new Writer();
  for (const d of dims) w.int(1, d);
  w.int(2, FLOAT);
  w.str(8, name);
  const raw = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => raw.writeFloatLE(v, i * 4));
  return w.bytes(9, raw);
}

/** ValueInfoProto: name(1), type(2) -> TypeProto.tensor_type(1) -> elem_type(1), shape(2) -> dim(1) -> dim_value(1) | dim_param(2). */
function valueInfo(name: string, dims: (number | string)[] | null): Writer {
  const tt = new Writer().int(1, FLOAT);
  if (dims) {
    const shape = new Writer();
    for (const d of dims) shape.msg(1, typeof d === 'number' ? new Writer().int(1, d) : new Writer().str(2, d));
    tt.msg(2, shape);
  }
  return new Writer().str(1, name).msg(2, new Writer().msg(1, tt));
}

/** NodeProto: input(1), output(2), name(3), op_type(4). */
function node(op: string, inputs: string[], outputs: string[], name: string): Writer {
  const w = new Writer();
  for (const i of inputs) w.str(1, i);
  for (const o of outputs) w.str(2, o);
  return w.str(3, name).str(4, op);
}

/**
 * y = sigmoid(x @ W + b): input `x` [batch, inDim], output `y` [batch, outDim].
 * ModelProto: ir_version(1)=8, producer_name(2), graph(7), opset_import(8) {domain(1) '', version(2) 13}.
 */
export function buildLinearSigmoidModel(W: number[][], b: number[]): Buffer {
  return buildLinearModel(W, b, true);
}

/** y = x @ W + b (logits), or sigmoid of it; `x` [batch, inDim] -> `y` [batch, outDim]. */
export function buildLinearModel(W: number[][], b: number[], withSigmoid = false, name = 'linear'): Buffer {
  const inDim = W.length;
  const outDim = b.length;
  const g = new Writer().msg(1, node('MatMul', ['x', 'W'], ['xw'], 'matmul'));
  if (withSigmoid) g.msg(1, node('Add', ['xw', 'b'], ['logits'], 'add')).msg(1, node('Sigmoid', ['logits'], ['y'], 'sigmoid'));
  else g.msg(1, node('Add', ['xw', 'b'], ['y'], 'add'));
  g.str(2, name)
    .msg(5, tensor('W', [inDim, outDim], W.flat()))
    .msg(5, tensor('b', [outDim], b))
    .msg(11, valueInfo('x', ['batch', inDim]))
    .msg(12, valueInfo('y', ['batch', outDim]));
  return new Writer().int(1, 8).str(2, 'modsvc').msg(7, g).msg(8, new Writer().str(1, '').int(2, 13)).finish();
}

const ATTR_FLOAT = 1;
const ATTR_INT = 2;
const ATTR_STRING = 3;
const ATTR_INTS = 7;
const INT64 = 7; // TensorProto.DataType.INT64

/** A node attribute: an int, a list of ints, a float (`{ f }`) or a string (`{ s }`). */
export type AttrValue = number | number[] | { f: number } | { s: string };

export interface GraphNode {
  op: string;
  inputs: string[];
  outputs: string[];
  attrs?: Record<string, AttrValue>;
}

export interface GraphSpec {
  name: string;
  inputs: { name: string; dims: (number | string)[] }[];
  /** `dims` null: the output's shape is left to the runtime. */
  outputs: { name: string; dims: (number | string)[] | null }[];
  /** Float32 tensors, or int64 ones (shapes, pads) given as `BigInt64Array`. */
  initializers: { name: string; dims: number[]; values: Float32Array | BigInt64Array }[];
  nodes: GraphNode[];
  opset?: number;
}

/** AttributeProto: name(1), f(2), i(3), s(4), ints(8), type(20). */
function attribute(name: string, v: AttrValue): Writer {
  const w = new Writer().str(1, name);
  if (Array.isArray(v)) {
    for (const x of v) w.int(8, x);
    return w.int(20, ATTR_INTS);
  }
  if (typeof v === 'object') return 'f' in v ? w.float(2, v.f).int(20, ATTR_FLOAT) : w.str(4, v.s).int(20, ATTR_STRING);
  return w.int(3, v).int(20, ATTR_INT);
}

function rawTensor(name: string, dims: number[], values: Float32Array | BigInt64Array): Writer {
  const w = new Writer();
  for (const d of dims) w.int(1, d);
  const int64 = values instanceof BigInt64Array;
  w.int(2, int64 ? INT64 : FLOAT).str(8, name);
  // raw_data is little-endian: typed arrays' own bytes on little-endian machines, else written one by one.
  if (LITTLE_ENDIAN) return w.bytes(9, new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
  const raw = Buffer.alloc(values.byteLength);
  for (let i = 0; i < values.length; i++) {
    if (int64) raw.writeBigInt64LE(values[i] as bigint, i * 8);
    else raw.writeFloatLE(values[i] as number, i * 4);
  }
  return w.bytes(9, raw);
}

/** Any float graph: named float inputs/outputs (number or symbolic dims), float or int64 initializers, nodes with int/ints/float/string attributes. */
export function buildGraph(g: GraphSpec): Buffer {
  const gw = new Writer();
  g.nodes.forEach((n, i) => {
    const nw = new Writer();
    for (const x of n.inputs) nw.str(1, x);
    for (const x of n.outputs) nw.str(2, x);
    nw.str(3, `${n.op}_${i}`).str(4, n.op);
    for (const [k, v] of Object.entries(n.attrs ?? {})) nw.msg(5, attribute(k, v));
    gw.msg(1, nw);
  });
  gw.str(2, g.name);
  for (const t of g.initializers) gw.msg(5, rawTensor(t.name, t.dims, t.values));
  for (const i of g.inputs) gw.msg(11, valueInfo(i.name, i.dims));
  for (const o of g.outputs) gw.msg(12, valueInfo(o.name, o.dims));
  return new Writer().int(1, 8).str(2, 'modsvc').msg(7, gw).msg(8, new Writer().str(1, '').int(2, g.opset ?? 13)).finish();
}
