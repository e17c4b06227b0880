// One converted network against tfjs running its source graph, on the same NHWC inputs.
import type * as TF from '@tensorflow/tfjs';
import type { OnnxModel } from '../../src/models/onnx.ts';

export interface OutputShapes {
  output: string;
  onnxDims: number[];
  tfjsShape: number[];
}

/**
 * Runs `model` (input named `input`) and `graph` on each side x side x 3 input; returns the worst
 * |ort - tfjs| / (1 + |tfjs|) over every output value, and each output's shapes, input by input.
 */
export async function compareWithTfjs(
  tf: typeof TF,
  model: OnnxModel,
  graph: TF.GraphModel,
  outputs: Record<string, string>,
  inputs: Float32Array[],
  side: number,
): Promise<{ worst: number; shapes: OutputShapes[] }> {
  const names = Object.keys(outputs);
  const shapes: OutputShapes[] = [];
  let worst = 0;
  for (const x of inputs) {
    const ours = await model.run({ input: { data: x, dims: [1, side, side, 3] } });
    const t = tf.tensor4d(x, [1, side, side, 3]);
    const ref = graph.execute(t, names.map((k) => outputs[k]!)) as TF.Tensor[];
    for (const [i, k] of names.entries()) {
      shapes.push({ output: k, onnxDims: ours[k]!.dims, tfjsShape: ref[i]!.shape });
      const a = ours[k]!.data;
      const b = (await ref[i]!.data()) as Float32Array;
      for (let j = 0; j < b.length; j++) worst = Math.max(worst, Math.abs(a[j]! - b[j]!) / (1 + Math.abs(b[j]!)));
    }
    tf.dispose([t, ...ref]);
  }
  return { worst, shapes };
}
