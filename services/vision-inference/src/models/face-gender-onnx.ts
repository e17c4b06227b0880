// face-api's AgeGenderNet (TinyXception with 2 main blocks + age and gender heads) on onnxruntime.
// face-api ships only its weights (a tfjs weights manifest); the architecture lives in its code
// (src/xception/TinyXception.ts, src/ageGenderNet/AgeGenderNet.ts). This file writes that
// architecture down as a graph of the ops the tfjs converter knows, over the package's own weights,
// and converts it with tfjs-graph-onnx.ts: input NHWC [n, 112, 112, 3] in 0-255, outputs `age` [n, 1]
// and `gender` [n, 2] (softmax; index 0 = male), equal to face-api's (test/face-gender-onnx.test.ts).
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { OnnxModel, type OnnxSettings } from './onnx.ts';
import { readWeights, type TfGraph, type TfNode, type TfTensor, type WeightsManifest } from './tfjs-graph.ts';
import { tfjsGraphToOnnx } from './tfjs-graph-onnx.ts';

const MEAN_RGB = [122.782, 117.001, 104.298];
const MAIN_BLOCKS = 2;
const SAME = { padding: 'SAME', data_format: 'NHWC' };
const UNIT = [1, 1, 1, 1];

/** The AgeGenderNet graph over the weights of `age_gender_model-weights_manifest.json` in `modelDir`. */
export function ageGenderGraph(modelDir: string): TfGraph {
  const manifest = JSON.parse(readFileSync(path.join(modelDir, 'age_gender_model-weights_manifest.json'), 'utf8')) as WeightsManifest;
  const consts = readWeights(manifest, modelDir);
  const nodes: TfNode[] = [];
  const add = (name: string, op: string, inputs: string[], attrs: TfNode['attrs'] = {}): string => {
    nodes.push({ name, op, inputs, attrs });
    return name;
  };
  const constant = (name: string, t: TfTensor): string => {
    consts.set(name, t);
    return add(name, 'Const', []);
  };
  const weight = (name: string): string => {
    if (!consts.has(name)) throw new Error(`face-api age/gender weights: ${name} missing`);
    return add(name, 'Const', []);
  };
  const conv = (x: string, p: string, stride: number): string =>
    add(`${p}/add`, 'AddV2', [add(`${p}/conv`, 'Conv2D', [x, weight(`${p}/filters`)], { ...SAME, strides: [1, stride, stride, 1], dilations: UNIT }), weight(`${p}/bias`)]);
  /** tf.separableConv2d(x, depthwise, pointwise, 1, 'same') + bias. */
  const separable = (x: string, p: string): string => {
    const dw = add(`${p}/depthwise`, 'DepthwiseConv2dNative', [x, weight(`${p}/depthwise_filter`)], { ...SAME, strides: UNIT, dilations: UNIT });
    const pw = add(`${p}/pointwise`, 'Conv2D', [dw, weight(`${p}/pointwise_filter`)], { padding: 'VALID', data_format: 'NHWC', strides: UNIT, dilations: UNIT });
    return add(`${p}/add`, 'AddV2', [pw, weight(`${p}/bias`)]);
  };
  const relu = (x: string): string => add(`${x}/relu`, 'Relu', [x]);
  const reduction = (x: string, p: string, activateInput: boolean): string => {
    let out = separable(activateInput ? relu(x) : x, `${p}/separable_conv0`);
    out = separable(relu(out), `${p}/separable_conv1`);
    out = add(`${p}/maxpool`, 'MaxPool', [out], { ...SAME, ksize: [1, 3, 3, 1], strides: [1, 2, 2, 1] });
    return add(`${p}/sum`, 'AddV2', [out, conv(x, `${p}/expansion_conv`, 2)]);
  };
  const main = (x: string, p: string): string => {
    let out = separable(relu(x), `${p}/separable_conv0`);
    out = separable(relu(out), `${p}/separable_conv1`);
    out = separable(relu(out), `${p}/separable_conv2`);
    return add(`${p}/sum`, 'AddV2', [out, x]);
  };

  const input = add('input', 'Placeholder', [], { shape: [-1, 112, 112, 3] });
  const centred = add('centred', 'Sub', [input, constant('mean_rgb', { dtype: 'float32', shape: [3], values: Float32Array.from(MEAN_RGB) })]);
  const scaled = add('scaled', 'RealDiv', [centred, constant('255', { dtype: 'float32', shape: [], values: Float32Array.of(255) })]);
  let x = relu(conv(scaled, 'entry_flow/conv_in', 2));
  x = reduction(x, 'entry_flow/reduction_block_0', false);
  x = reduction(x, 'entry_flow/reduction_block_1', true);
  for (let i = 0; i < MAIN_BLOCKS; i++) x = main(x, `middle_flow/main_block_${i}`);
  x = reduction(x, 'exit_flow/reduction_block', true);
  x = relu(separable(x, 'exit_flow/separable_conv'));
  const pooled = add('pooled', 'AvgPool', [x], { padding: 'VALID', data_format: 'NHWC', ksize: [1, 7, 7, 1], strides: [1, 2, 2, 1] });
  const flat = add('flat', 'Reshape', [pooled, constant('flat/shape', { dtype: 'int32', shape: [2], values: Int32Array.of(-1, 512) })]);
  const fc = (p: string) => add(`${p}/add`, 'AddV2', [add(`${p}/matmul`, 'MatMul', [flat, weight(`${p}/weights`)]), weight(`${p}/bias`)]);
  fc('fc/age');
  add('gender', 'Softmax', [fc('fc/gender')]);
  return { nodes, consts };
}

export async function loadAgeGenderNet(modelDir: string, settings: OnnxSettings): Promise<OnnxModel> {
  return OnnxModel.create(tfjsGraphToOnnx(ageGenderGraph(modelDir), { outputs: { age: 'fc/age/add', gender: 'gender' }, name: 'faceapi-age-gender' }), settings);
}
