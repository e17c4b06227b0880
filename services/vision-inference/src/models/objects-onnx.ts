// human's COCO object detector (MobileNetV3 CenterNet) on onnxruntime: the network from the
// @vladmandic/human package converted at load up to its heatmap and box-size outputs, and the rest
// of its graph (3x3 peak picking, top 100, boxes from the size map) plus human's own post-processing
// (NMS, scores truncated to 2 decimals, boxes in the input's pixels) done here as human 3.3.6 does
// them with the options human.ts gives it (confidence > 0.05, at most 20 objects, IoU 0.4).
import path from 'node:path';
import type { HumanObject } from './human.ts';
import { nonMaxSuppression } from './nms.ts';
import { OnnxModel, type OnnxSettings } from './onnx.ts';
import { resizeBilinear, type FloatImage } from './tf-image.ts';
import { readTfjsGraph } from './tfjs-graph.ts';
import { tfjsGraphToOnnx } from './tfjs-graph-onnx.ts';

/** The input side CenterNet's graph declares, and human feeds it at. */
export const CENTERNET_GRAPH_SIDE = 512;
/**
 * The side we serve it at (the graph is fully convolutional; the converter scales its upsampling
 * sizes). Half of 512's CPU, and on the kit's real photographs no worse for alcohol: per source,
 * ROC-AUC 0.99 and 0.78 at 384 against 0.92 and 0.71 at 512 (train/results/objects-by-source*.json).
 * alcohol's calibrator is fitted at this side and scores only a module that runs at it.
 */
export const CENTERNET_INPUT = 384;
const STRIDE = 4;
const TOP_K = 100;
export const OBJECT_DETECTOR = { minConfidence: 0.05, maxDetected: 20, iouThreshold: 0.4 } as const;
export const CENTERNET_OUTPUTS = { heatmap: 'tower_0/keypoints', wh: 'tower_0/wh' };

/** COCO's 80 categories in the network's class order, named as human names them. */
export const COCO_LABELS = [
  'person', 'bicycle', 'car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat', 'traffic light', 'fire hydrant', 'stop sign',
  'parking meter', 'bench', 'bird', 'cat', 'dog', 'horse', 'sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe', 'backpack', 'umbrella',
  'handbag', 'tie', 'suitcase', 'frisbee', 'skis', 'snowboard', 'sports ball', 'kite', 'baseball bat', 'baseball glove', 'skateboard',
  'surfboard', 'tennis racket', 'bottle', 'wine glass', 'cup', 'fork', 'knife', 'spoon', 'bowl', 'banana', 'apple', 'sandwich', 'orange',
  'broccoli', 'carrot', 'hot dog', 'pizza', 'donut', 'cake', 'chair', 'couch', 'potted plant', 'bed', 'dining table', 'toilet', 'tv',
  'laptop', 'mouse', 'remote', 'keyboard', 'cell phone', 'microwave', 'oven', 'toaster', 'sink', 'refrigerator', 'book', 'clock', 'vase',
  'scissors', 'teddy bear', 'hair drier', 'toothbrush',
] as const;

export async function loadCenterNet(modelDir: string, settings: OnnxSettings, side = CENTERNET_INPUT): Promise<OnnxModel> {
  const graph = readTfjsGraph(path.join(modelDir, 'centernet.json'));
  return OnnxModel.create(tfjsGraphToOnnx(graph, { outputs: CENTERNET_OUTPUTS, name: 'centernet.json', inputSide: side }), settings);
}

/** Heatmap peaks (equal to the maximum of their 3x3 neighbourhood in their class) above `min`, best first, at most `k`. */
function peaks(hm: Float32Array, size: number, classes: number, min: number, k: number): number[] {
  const found: number[] = [];
  for (let i = 0; i < hm.length; i++) {
    const v = hm[i]!;
    if (!(v > min)) continue;
    const c = i % classes;
    const p = (i - c) / classes;
    const x = p % size;
    const y = (p - x) / size;
    let peak = true;
    for (let dy = -1; dy <= 1 && peak; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const yy = y + dy;
        const xx = x + dx;
        if (yy < 0 || yy >= size || xx < 0 || xx >= size) continue;
        if (hm[(yy * size + xx) * classes + c]! > v) {
          peak = false;
          break;
        }
      }
    if (peak) found.push(i);
  }
  return found.sort((a, b) => hm[b]! - hm[a]! || a - b).slice(0, k);
}

/** COCO objects in one image (0-255 floats, already at the size human would see), boxes [x, y, w, h] in its pixels. */
export async function detectObjects(model: OnnxModel, img: FloatImage, s = CENTERNET_INPUT): Promise<HumanObject[]> {
  const out = await model.run({ [model.inputNames[0]!]: { data: resizeBilinear(img, s, s).data, dims: [1, s, s, 3] } });
  const hm = out.heatmap!.data;
  const wh = out.wh!.data;
  const grid = s / STRIDE;
  const classes = COCO_LABELS.length;
  const top = peaks(hm, grid, classes, OBJECT_DETECTOR.minConfidence, TOP_K);
  const boxes = new Float32Array(top.length * 4); // [x1, y1, x2, y2] in network pixels
  const scores = new Float32Array(top.length);
  top.forEach((i, j) => {
    const p = Math.floor(i / classes);
    const [x, y] = [p % grid, Math.floor(p / grid)];
    const w = wh.subarray(p * 4, p * 4 + 4);
    boxes.set([x * STRIDE - w[0]!, y * STRIDE - w[1]!, x * STRIDE + w[2]!, y * STRIDE + w[3]!], j * 4);
    scores[j] = hm[i]!;
  });
  const { maxDetected, iouThreshold, minConfidence } = OBJECT_DETECTOR;
  return nonMaxSuppression(boxes, scores, maxDetected, iouThreshold, minConfidence).map((j) => {
    const [x1, y1, x2, y2] = [boxes[j * 4]! / s, boxes[j * 4 + 1]! / s, boxes[j * 4 + 2]! / s, boxes[j * 4 + 3]! / s];
    return {
      label: COCO_LABELS[top[j]! % classes]!,
      score: Math.trunc(100 * scores[j]!) / 100,
      box: [Math.trunc(x1 * img.width), Math.trunc(y1 * img.height), Math.trunc((x2 - x1) * img.width), Math.trunc((y2 - y1) * img.height)],
    };
  });
}
