// Converts a TensorFlow.js graph model (read by tfjs-graph.ts) to ONNX, for the op set of the
// MediaPipe / Keras-exported vision networks @vladmandic/human ships (BlazeFace, FaceRes, CenterNet up to its heatmaps): convolutions
// (plain, depthwise, fused with bias and activation), pooling, padding, element-wise arithmetic,
// reductions, matmul, reshape, concat, softmax, bilinear resize (CenterNet's feature pyramid). The graph input stays NHWC like tfjs'; 4-d tensors are
// carried NCHW inside (ONNX's Conv layout) and transposed back wherever TF's axis order matters
// (reshape, softmax, outputs). An op outside this set is refused by name, never approximated.
import { buildGraph, type GraphNode, type GraphSpec } from './onnx-writer.ts';
import type { TfGraph, TfNode, TfTensor } from './tfjs-graph.ts';

export interface GraphConvertOptions {
  /** ONNX output name -> the TF tensor it is (`node` or `node:k`). */
  outputs: Record<string, string>;
  /** Name of the ONNX input (default `input`); the graph's one Placeholder, NHWC float. */
  inputName?: string;
  /** Graph name written into the model. */
  name?: string;
  /**
   * Square side to serve a fully convolutional graph at, other than the side its input declares: the
   * fixed output sizes of its bilinear resizes scale with it, and a size that would not stay a whole
   * number is refused (sides that are multiples of the network's total stride keep every map whole).
   */
  inputSide?: number;
}

/** A converted tensor: its ONNX name and whether it is a 4-d tensor held NCHW; or a TF constant not yet emitted. */
interface Val {
  name: string;
  nchw: boolean;
  tfConst?: TfTensor;
}

/** NHWC axis -> NCHW axis. */
const NCHW_AXIS = [0, 2, 3, 1];

const strAttr = (n: TfNode, k: string): string | undefined => (typeof n.attrs[k] === 'string' ? (n.attrs[k] as string) : undefined);
const listAttr = (n: TfNode, k: string): number[] => (Array.isArray(n.attrs[k]) ? (n.attrs[k] as number[]) : []);

/** The square side the graph's input declares and the one it is served at (undefined when they are the same). */
function declaredSide(g: TfGraph, served: number | undefined): { declared: number; served: number } | undefined {
  if (served === undefined) return undefined;
  const input = g.nodes.find((n) => n.op === 'Placeholder');
  const [, h, w] = input ? listAttr(input, 'shape') : [];
  if (!h || h <= 0 || h !== w) throw new Error(`inputSide needs a square input of fixed side, the graph declares ${JSON.stringify(input ? listAttr(input, 'shape') : null)}`);
  if (!Number.isInteger(served) || served <= 0) throw new Error(`inputSide ${served} is not a positive whole number`);
  return served === h ? undefined : { declared: h, served };
}

/** Nodes needed for the outputs, inputs before the nodes that read them. */
function topoOrder(g: TfGraph, outputs: string[]): TfNode[] {
  const byName = new Map(g.nodes.map((n) => [n.name, n]));
  const order: TfNode[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string): void => {
    const node = byName.get(name.split(':')[0]!);
    if (!node) throw new Error(`tensor ${name}: no such node`);
    const s = state.get(node.name);
    if (s === 'done') return;
    if (s === 'visiting') throw new Error(`node ${node.name}: the graph has a cycle`);
    state.set(node.name, 'visiting');
    for (const i of node.inputs) visit(i);
    state.set(node.name, 'done');
    order.push(node);
  };
  for (const o of outputs) visit(o);
  return order;
}

export function tfjsGraphToOnnx(g: TfGraph, opts: GraphConvertOptions): Buffer {
  const inputName = opts.inputName ?? 'input';
  const nodes: GraphNode[] = [];
  const inits: GraphSpec['initializers'] = [];
  const vals = new Map<string, Val>();
  const inputs: GraphSpec['inputs'] = [];
  const cache = new Map<string, string>();
  let uid = 0;
  const fresh = (base: string): string => `${base}#${uid++}`;

  const emit = (op: string, ins: string[], base: string, attrs?: GraphNode['attrs']): string => {
    const out = fresh(base);
    nodes.push({ op, inputs: ins, outputs: [out], ...(attrs ? { attrs } : {}) });
    return out;
  };
  const floatInit = (base: string, dims: number[], values: Float32Array): string => {
    const name = fresh(base);
    inits.push({ name, dims, values });
    return name;
  };
  const int64Init = (base: string, values: number[]): string => {
    const name = fresh(base);
    inits.push({ name, dims: [values.length], values: BigInt64Array.from(values.map((v) => BigInt(v))) });
    return name;
  };
  const val = (n: TfNode, i: number): Val => {
    const ref = n.inputs[i];
    const v = ref === undefined ? undefined : (vals.get(ref) ?? vals.get(ref.replace(/:0$/, '')));
    if (!v) throw new Error(`node ${n.name} (${n.op}): input ${i} (${ref}) not converted`);
    return v;
  };
  const constOf = (n: TfNode, i: number): TfTensor => {
    const t = val(n, i).tfConst;
    if (!t) throw new Error(`node ${n.name} (${n.op}): input ${i} must be a constant`);
    return t;
  };
  const ints = (t: TfTensor): number[] => Array.from(t.values, Number);
  /** The tensor in TF's own axis order (a constant is emitted as it is). */
  const tfOrder = (v: Val): string => {
    if (v.tfConst) return constInit(v);
    if (!v.nchw) return v.name;
    const key = `tf:${v.name}`;
    if (!cache.has(key)) cache.set(key, emit('Transpose', [v.name], `${v.name}/nhwc`, { perm: [0, 2, 3, 1] }));
    return cache.get(key)!;
  };
  /** A 4-d tensor NCHW. */
  const nchw = (v: Val, n: TfNode): string => {
    if (v.tfConst) throw new Error(`node ${n.name} (${n.op}): a constant image input is not supported`);
    if (v.nchw) return v.name;
    const key = `nchw:${v.name}`;
    if (!cache.has(key)) cache.set(key, emit('Transpose', [v.name], `${v.name}/nchw`, { perm: [0, 3, 1, 2] }));
    return cache.get(key)!;
  };
  const constInit = (v: Val): string => {
    const t = v.tfConst!;
    const key = `const:${v.name}`;
    if (!cache.has(key)) cache.set(key, t.dtype === 'int32' ? int64Init(v.name, ints(t)) : floatInit(v.name, t.shape, t.values as Float32Array));
    return cache.get(key)!;
  };
  /** A float constant laid out to broadcast against an NCHW tensor as it did against the NHWC one; null when it cannot. */
  const constForNchw = (v: Val): string | null => {
    const t = v.tfConst!;
    if (t.dtype !== 'float32') return null;
    const vals32 = t.values as Float32Array;
    const size = vals32.length;
    if (size === 1) return floatInit(v.name, [], Float32Array.of(vals32[0]!));
    const s = t.shape;
    if (s.length === 1) return floatInit(v.name, [s[0]!, 1, 1], vals32);
    if (s.length === 4 || s.length === 3) {
      const [a, h, w, c] = s.length === 4 ? (s as [number, number, number, number]) : ([1, ...s] as [number, number, number, number]);
      const out = new Float32Array(size);
      for (let i = 0; i < a; i++)
        for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) for (let k = 0; k < c; k++) out[((i * c + k) * h + y) * w + x] = vals32[((i * h + y) * w + x) * c + k]!;
      return floatInit(v.name, s.length === 4 ? [a, c, h, w] : [c, h, w], out);
    }
    return null;
  };
  const activation = (x: string, act: string, n: TfNode): string => {
    switch (act) {
      case 'Relu':
        return emit('Relu', [x], n.name);
      case 'Relu6':
        return emit('Clip', [x, floatInit('zero', [], Float32Array.of(0)), floatInit('six', [], Float32Array.of(6))], n.name);
      case 'Sigmoid':
        return emit('Sigmoid', [x], n.name);
      case 'Tanh':
        return emit('Tanh', [x], n.name);
      case 'Elu':
        return emit('Elu', [x], n.name);
      case 'LeakyRelu':
        return emit('LeakyRelu', [x], n.name, { alpha: { f: Number(n.attrs.leakyrelu_alpha ?? 0.2) } });
      default:
        throw new Error(`node ${n.name} (${n.op}): fused activation ${act} not supported`);
    }
  };
  /** fused_ops: none, or BiasAdd followed by at most one activation. */
  const fused = (n: TfNode): { bias: boolean; act: string | null } => {
    const ops = (n.attrs.fused_ops as string[] | undefined) ?? [];
    const [first, act, ...more] = ops;
    if (ops.length && (first !== 'BiasAdd' || more.length)) throw new Error(`node ${n.name}: fused ops ${ops.join('+')} not supported`);
    return { bias: first === 'BiasAdd', act: act ?? null };
  };
  const padAttrs = (n: TfNode, k: [number, number]): GraphNode['attrs'] => {
    const padding = strAttr(n, 'padding');
    if (padding === 'SAME') return { auto_pad: { s: 'SAME_UPPER' } };
    if (padding === 'VALID') return { pads: [0, 0, 0, 0] };
    if (padding === 'EXPLICIT') {
      const p = listAttr(n, 'explicit_paddings'); // NHWC [before, after] pairs
      return { pads: [p[2]!, p[4]!, p[3]!, p[5]!] };
    }
    throw new Error(`node ${n.name}: padding ${padding} not supported (kernel ${k.join('x')})`);
  };
  const checkNhwc = (n: TfNode): void => {
    const f = strAttr(n, 'data_format');
    if (f && f !== 'NHWC') throw new Error(`node ${n.name}: data format ${f} not supported`);
  };

  const convert = (n: TfNode): Val => {
    const binary: Record<string, string> = { Add: 'Add', AddV2: 'Add', Sub: 'Sub', Mul: 'Mul', RealDiv: 'Div', Minimum: 'Min', Maximum: 'Max', BiasAdd: 'Add' };
    switch (n.op) {
      case 'Const': {
        const t = g.consts.get(n.name);
        if (!t) throw new Error(`constant ${n.name}: no weights`);
        return { name: n.name, nchw: false, tfConst: t };
      }
      case 'Placeholder': {
        const declared = listAttr(n, 'shape');
        if (declared.length !== 4) throw new Error(`input ${n.name}: expected NHWC, got shape ${JSON.stringify(declared)}`);
        const shape = side ? [declared[0]!, side.served, side.served, declared[3]!] : declared;
        inputs.push({ name: inputName, dims: shape.map((d, i) => (d > 0 ? d : i === 0 ? 'batch' : `d${i}`)) });
        return { name: inputName, nchw: false };
      }
      case 'Identity':
        return val(n, 0);
      case 'Conv2D':
      case '_FusedConv2D':
      case 'DepthwiseConv2dNative':
      case 'FusedDepthwiseConv2dNative': {
        checkNhwc(n);
        const depthwise = n.op.includes('Depthwise');
        const x = nchw(val(n, 0), n);
        const k = constOf(n, 1);
        const [kh, kw, ci, co] = k.shape as [number, number, number, number];
        const W = new Float32Array(k.values.length);
        for (let y = 0; y < kh; y++)
          for (let xx = 0; xx < kw; xx++)
            for (let i = 0; i < ci; i++)
              for (let o = 0; o < co; o++) {
                const dst = depthwise ? ((i * co + o) * kh + y) * kw + xx : ((o * ci + i) * kh + y) * kw + xx;
                W[dst] = k.values[((y * kw + xx) * ci + i) * co + o]!;
              }
        const outC = depthwise ? ci * co : co;
        const s = listAttr(n, 'strides');
        const d = listAttr(n, 'dilations');
        const ins = [x, floatInit(`${n.name}/W`, [outC, depthwise ? 1 : ci, kh, kw], W)];
        const f = n.op.startsWith('Fused') || n.op.startsWith('_Fused') ? fused(n) : { bias: false, act: null };
        if (f.bias) ins.push(floatInit(`${n.name}/B`, [outC], constOf(n, 2).values as Float32Array));
        const out = emit('Conv', ins, n.name, {
          kernel_shape: [kh, kw],
          strides: [s[1] ?? 1, s[2] ?? 1],
          dilations: [d[1] ?? 1, d[2] ?? 1],
          group: depthwise ? ci : 1,
          ...padAttrs(n, [kh, kw]),
        });
        return { name: f.act ? activation(out, f.act, n) : out, nchw: true };
      }
      case 'MaxPool':
      case 'AvgPool': {
        checkNhwc(n);
        const ks = listAttr(n, 'ksize');
        const s = listAttr(n, 'strides');
        const kernel: [number, number] = [ks[1]!, ks[2]!];
        const out = emit(n.op === 'MaxPool' ? 'MaxPool' : 'AveragePool', [nchw(val(n, 0), n)], n.name, {
          kernel_shape: kernel,
          strides: [s[1]!, s[2]!],
          ...padAttrs(n, kernel),
        });
        return { name: out, nchw: true };
      }
      case 'Relu':
      case 'Relu6':
      case 'Sigmoid':
      case 'Tanh':
      case 'Elu':
      case 'LeakyRelu': {
        const x = val(n, 0);
        return { name: activation(x.tfConst ? constInit(x) : x.name, n.op, n), nchw: x.nchw };
      }
      case 'Pad':
      case 'PadV2': {
        const x = val(n, 0);
        const p = ints(constOf(n, 1)); // [rank, 2] (before, after) per TF axis
        const rank = p.length / 2;
        let pads: number[];
        let input: string;
        if (x.nchw && rank === 4) {
          input = x.name;
          const before = NCHW_AXIS.map((_, onnxAxis) => p[NCHW_AXIS.indexOf(onnxAxis) * 2]!);
          const after = NCHW_AXIS.map((_, onnxAxis) => p[NCHW_AXIS.indexOf(onnxAxis) * 2 + 1]!);
          pads = [...before, ...after];
        } else {
          input = tfOrder(x);
          pads = [...Array.from({ length: rank }, (_, i) => p[i * 2]!), ...Array.from({ length: rank }, (_, i) => p[i * 2 + 1]!)];
        }
        const ins = [input, int64Init(`${n.name}/pads`, pads)];
        if (n.op === 'PadV2') ins.push(floatInit(`${n.name}/value`, [], Float32Array.of(Number(constOf(n, 2).values[0]))));
        return { name: emit('Pad', ins, n.name, { mode: { s: 'constant' } }), nchw: x.nchw && rank === 4 };
      }
      case 'Reshape': {
        const shape = ints(constOf(n, 1));
        return { name: emit('Reshape', [tfOrder(val(n, 0)), int64Init(`${n.name}/shape`, shape)], n.name), nchw: false };
      }
      case 'Squeeze': {
        const axes = listAttr(n, 'squeeze_dims');
        const ins = [tfOrder(val(n, 0))];
        if (axes.length) ins.push(int64Init(`${n.name}/axes`, axes));
        return { name: emit('Squeeze', ins, n.name), nchw: false };
      }
      case 'Mean':
      case 'Max': {
        const x = val(n, 0);
        const keep = n.attrs.keep_dims === true ? 1 : 0;
        const axes = ints(constOf(n, 1)).map((a) => (a < 0 ? a + 4 : a));
        const op = n.op === 'Mean' ? 'ReduceMean' : 'ReduceMax';
        const spatial = axes.every((a) => a === 1 || a === 2);
        if (x.nchw && spatial && (keep || axes.length === 2)) {
          return { name: emit(op, [x.name], n.name, { axes: axes.map((a) => NCHW_AXIS[a]!), keepdims: keep }), nchw: keep === 1 };
        }
        return { name: emit(op, [tfOrder(x)], n.name, { axes: ints(constOf(n, 1)), keepdims: keep }), nchw: false };
      }
      case 'MatMul':
      case '_FusedMatMul': {
        if (n.attrs.transpose_a === true) throw new Error(`node ${n.name}: transpose_a not supported`);
        const a = tfOrder(val(n, 0));
        const bVal = val(n, 1);
        let b: string;
        if (bVal.tfConst) {
          const t = bVal.tfConst;
          const [r, c] = t.shape as [number, number];
          if (n.attrs.transpose_b === true) {
            const tr = new Float32Array(r * c);
            for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) tr[j * r + i] = t.values[i * c + j]!;
            b = floatInit(`${n.name}/B`, [c, r], tr);
          } else b = floatInit(`${n.name}/B`, [r, c], t.values as Float32Array);
        } else if (n.attrs.transpose_b === true) b = emit('Transpose', [tfOrder(bVal)], `${n.name}/bT`, { perm: [1, 0] });
        else b = tfOrder(bVal);
        let out = emit('MatMul', [a, b], n.name);
        const f = n.op === '_FusedMatMul' ? fused(n) : { bias: false, act: null };
        if (f.bias) out = emit('Add', [out, floatInit(`${n.name}/bias`, [constOf(n, 2).values.length], constOf(n, 2).values as Float32Array)], n.name);
        return { name: f.act ? activation(out, f.act, n) : out, nchw: false };
      }
      case 'ResizeBilinear': {
        if (n.attrs.align_corners === true || n.attrs.half_pixel_centers === true) throw new Error(`node ${n.name}: only legacy resize sampling (align_corners and half_pixel_centers false) is supported`);
        const x = nchw(val(n, 0), n);
        const size = ints(constOf(n, 1)).map((v) => scaled(v, n));
        // sizes = [N, C] of the input (from its shape) + the constant [H, W]
        const shape = emit('Shape', [x], `${n.name}/shape`);
        const nc = emit('Slice', [shape, int64Init(`${n.name}/starts`, [0]), int64Init(`${n.name}/ends`, [2])], `${n.name}/nc`);
        const sizes = emit('Concat', [nc, int64Init(`${n.name}/hw`, size)], `${n.name}/sizes`, { axis: 0 });
        const out = emit('Resize', [x, '', '', sizes], n.name, { mode: { s: 'linear' }, coordinate_transformation_mode: { s: 'asymmetric' } });
        return { name: out, nchw: true };
      }
      case 'Softmax':
        return { name: emit('Softmax', [tfOrder(val(n, 0))], n.name, { axis: -1 }), nchw: false };
      case 'ConcatV2': {
        const parts = n.inputs.slice(0, -1).map((_, i) => val(n, i));
        let axis = Number(constOf(n, n.inputs.length - 1).values[0]);
        if (parts.every((p) => p.nchw)) {
          if (axis < 0) axis += 4;
          return { name: emit('Concat', parts.map((p) => p.name), n.name, { axis: NCHW_AXIS[axis]! }), nchw: true };
        }
        return { name: emit('Concat', parts.map(tfOrder), n.name, { axis }), nchw: false };
      }
      default: {
        const op = binary[n.op];
        if (!op) throw new Error(`node ${n.name}: op ${n.op} not supported by the converter`);
        const a = val(n, 0);
        const b = val(n, 1);
        if (a.tfConst && b.tfConst) throw new Error(`node ${n.name}: constant folding not supported`);
        // NCHW when a tensor operand is NCHW and a constant operand can be laid out to broadcast the same way.
        const k = a.tfConst ? a : b.tfConst ? b : null;
        const tensors = [a, b].filter((v) => !v.tfConst);
        const c = k && tensors[0]!.nchw ? constForNchw(k) : null;
        if (tensors.some((v) => v.nchw) && (!k || c)) {
          const side = (v: Val): string => (v === k ? c! : nchw(v, n));
          return { name: emit(op, [side(a), side(b)], n.name), nchw: true };
        }
        return { name: emit(op, [tfOrder(a), tfOrder(b)], n.name), nchw: false };
      }
    }
  };

  const wanted = Object.values(opts.outputs);
  const side = declaredSide(g, opts.inputSide);
  /** A spatial size fixed in the graph, at the side it is served at. */
  const scaled = (v: number, n: TfNode): number => {
    if (!side) return v;
    const s = (v * side.served) / side.declared;
    if (!Number.isInteger(s)) throw new Error(`node ${n.name}: size ${v} at input side ${side.declared} is not whole at side ${side.served}`);
    return s;
  };
  for (const n of topoOrder(g, wanted)) vals.set(n.name, convert(n));
  const outputs: GraphSpec['outputs'] = [];
  for (const [name, tensor] of Object.entries(opts.outputs)) {
    const v = vals.get(tensor) ?? vals.get(tensor.replace(/:0$/, ''));
    if (!v) throw new Error(`output ${name}: tensor ${tensor} not converted`);
    nodes.push({ op: 'Identity', inputs: [tfOrder(v)], outputs: [name] });
    outputs.push({ name, dims: null });
  }
  if (inputs.length !== 1) throw new Error(`expected one graph input, found ${inputs.length}`);
  return buildGraph({ name: opts.name ?? 'tfjs-graph', inputs, outputs, initializers: inits, nodes });
}
