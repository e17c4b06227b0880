// human's face module (BlazeFace boxes, then FaceRes age and gender on each face crop) on
// onnxruntime: the same two networks from the @vladmandic/human package, converted at load by
// tfjs-graph-onnx.ts, and the same pre- and post-processing as human 3.3.6 with the options
// human.ts gives it (no rotation, no mesh; at most 5 faces, confidence > 0.3, NMS IoU 0.1, box
// enlarged 1.4x and squared). One departure: FaceRes describes only the most confident face
// (`described`): its age feeds one signal, face.child, a maximum over faces that the strongest face
// decides in practice, and each further face cost another FaceRes pass (ml/vision/face-describe-study.ts:
// child's ROC-AUC 0.859 -> 0.861 refitted out of fold, 0.930 -> 0.931 with the served calibrator,
// FaceRes runs per kit photo 1.18 -> 0.78). The other faces keep their box and score, gender unknown,
// no age. Outputs equal human's on tfjs-wasm under the same rule (test/human-onnx.test.ts) at a
// fraction of the CPU (bench/results/face-onnx.json).
import path from 'node:path';
import type { HumanFace } from './human.ts';
import { nonMaxSuppression } from './nms.ts';
import { strongestFaces } from './signals.ts';
import { OnnxModel, type OnnxSettings } from './onnx.ts';
import { cropAndResize, resizeBilinear, type FloatImage } from './tf-image.ts';
import { readTfjsGraph } from './tfjs-graph.ts';
import { tfjsGraphToOnnx } from './tfjs-graph-onnx.ts';

export const BLAZEFACE_INPUT = 256;
export const FACERES_INPUT = 224;

/** human's face options as human.ts sets them (and human's defaults for the rest). */
export const FACE_DETECTOR = { maxDetected: 5, minConfidence: 0.3, iouThreshold: 0.1, scale: 1.4, descriptionMinConfidence: 0.1, described: 1 } as const;

/** BlazeFace's four outputs: scores and regressors for the 16x16x2 and 8x8x6 anchor grids. */
export const BLAZEFACE_OUTPUTS = { scores512: 'Identity', boxes512: 'Identity_2', scores384: 'Identity_1', boxes384: 'Identity_3' };
export const FACERES_OUTPUTS = { gender: 'gender_pred/Sigmoid', age: 'age_pred/Softmax' };

export interface FaceNets {
  blazeface: OnnxModel;
  faceres: OnnxModel;
}

/** Converts and loads both networks from human's model directory (files already checksummed by the registry). */
export async function loadFaceNets(modelDir: string, settings: OnnxSettings): Promise<FaceNets> {
  const convert = (file: string, outputs: Record<string, string>) => tfjsGraphToOnnx(readTfjsGraph(path.join(modelDir, file)), { outputs, name: file });
  const [blazeface, faceres] = await Promise.all([
    OnnxModel.create(convert('blazeface.json', BLAZEFACE_OUTPUTS), settings),
    OnnxModel.create(convert('faceres.json', FACERES_OUTPUTS), settings),
  ]);
  return { blazeface, faceres };
}

export async function releaseFaceNets(n: FaceNets): Promise<void> {
  await Promise.all([n.blazeface.release(), n.faceres.release()]);
}

/** BlazeFace anchor centres in input pixels: 16x16 cells with 2 anchors, then 8x8 cells with 6 (human's generateAnchors). */
function anchors(size: number): Float32Array {
  const spec = [
    { stride: size / 16, n: 2 },
    { stride: size / 8, n: 6 },
  ];
  const out: number[] = [];
  for (const { stride, n } of spec) {
    const cells = Math.floor((size + stride - 1) / stride);
    for (let gy = 0; gy < cells; gy++) for (let gx = 0; gx < cells; gx++) for (let k = 0; k < n; k++) out.push(stride * (gx + 0.5), stride * (gy + 0.5));
  }
  return Float32Array.from(out);
}
const ANCHORS = anchors(BLAZEFACE_INPUT);

interface SquareBox {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  confidence: number;
}

/** Face boxes of one image (0-255 floats), in its pixels: BlazeFace on the whole image stretched to 256x256. */
async function detectBoxes(nets: FaceNets, img: FloatImage): Promise<SquareBox[]> {
  const s = BLAZEFACE_INPUT;
  const x = resizeBilinear(img, s, s).data;
  for (let i = 0; i < x.length; i++) x[i] = x[i]! / 127.5 - 1;
  const out = await nets.blazeface.run({ [nets.blazeface.inputNames[0]!]: { data: x, dims: [1, s, s, 3] } });
  const n512 = out.scores512!.data.length;
  const n = n512 + out.scores384!.data.length;
  const scores = new Float32Array(n);
  const boxes = new Float32Array(n * 4);
  for (let i = 0; i < n; i++) {
    const [logit, reg] = i < n512 ? [out.scores512!.data[i]!, out.boxes512!.data.subarray(i * 16)] : [out.scores384!.data[i - n512]!, out.boxes384!.data.subarray((i - n512) * 16)];
    scores[i] = 1 / (1 + Math.exp(-logit));
    const cx = reg[0]! + ANCHORS[i * 2]!;
    const cy = reg[1]! + ANCHORS[i * 2 + 1]!;
    boxes.set([cx - reg[2]! / 2, cy - reg[3]! / 2, cx + reg[2]! / 2, cy + reg[3]! / 2], i * 4);
  }
  const { maxDetected, iouThreshold, minConfidence, scale } = FACE_DETECTOR;
  const fx = img.width / s;
  const fy = img.height / s;
  const res: SquareBox[] = [];
  for (const i of nonMaxSuppression(boxes, scores, maxDetected, iouThreshold, minConfidence)) {
    const confidence = scores[i]!;
    if (!(confidence > minConfidence)) continue;
    const [x1, y1, x2, y2] = [boxes[i * 4]! * fx, boxes[i * 4 + 1]! * fy, boxes[i * 4 + 2]! * fx, boxes[i * 4 + 3]! * fy];
    // enlarge around the centre, then square on the longer side (human's enlargeBox + squarifyBox)
    const cx = x1 + (x2 - x1) / 2;
    const cy = y1 + (y2 - y1) / 2;
    const [ex1, ex2] = [cx - (scale * Math.abs(x2 - x1)) / 2, cx + (scale * Math.abs(x2 - x1)) / 2];
    const [ey1, ey2] = [cy - (scale * Math.abs(y2 - y1)) / 2, cy + (scale * Math.abs(y2 - y1)) / 2];
    const [w, h] = [Math.abs(ex2 - ex1), Math.abs(ey2 - ey1)];
    const ecx = ex1 + (ex2 - ex1) / 2;
    const ecy = ey1 + (ey2 - ey1) / 2;
    const half = Math.max(w, h) / 2;
    if (!(Math.round(w) > 0 && Math.round(h) > 0)) continue;
    res.push({ x1: Math.round(ecx - half), y1: Math.round(ecy - half), x2: Math.round(ecx + half), y2: Math.round(ecy + half), confidence });
  }
  return res;
}

/** FaceRes gender and age from its outputs, as human reads them. */
function describe(gender: number, ages: Float32Array): { gender: string; genderScore: number; age: number } {
  const confidence = Math.trunc(200 * Math.abs(gender - 0.5)) / 100;
  const g = confidence > FACE_DETECTOR.descriptionMinConfidence ? { gender: gender <= 0.5 ? 'female' : 'male', genderScore: Math.min(0.99, confidence) } : { gender: 'unknown', genderScore: 0 };
  let idx = 0;
  for (let k = 1; k < ages.length; k++) if (ages[k]! > ages[idx]!) idx = k;
  const below = idx > 0 ? ages[idx - 1]! : undefined;
  const above = idx + 1 < ages.length ? ages[idx + 1]! : NaN;
  const age = Math.round(below !== undefined && below > above ? 10 * idx - 100 * below : 10 * idx + 100 * above) / 10;
  return { ...g, age: age || NaN }; // human leaves age unset when it is 0 or NaN
}

/** Indices of the faces FaceRes describes: the `described` most confident (strongestFaces' order). */
export function describedFaces(scores: readonly number[]): number[] {
  return strongestFaces(scores.map((score, i) => ({ score, i })), FACE_DETECTOR.described).map((f) => f.i);
}

/** What a face FaceRes did not describe carries: no gender, no age (as human leaves them unset). */
export const UNDESCRIBED = { gender: 'unknown', genderScore: 0, age: NaN } as const;

/** Faces of one image (0-255 floats, already at the size human would see), boxes in its pixels. */
export async function detectFaces(nets: FaceNets, img: FloatImage): Promise<HumanFace[]> {
  const boxes = await detectBoxes(nets, img);
  if (boxes.length === 0) return [];
  const described = describedFaces(boxes.map((b) => b.confidence));
  const size = FACERES_INPUT * FACERES_INPUT * 3;
  const batch = new Float32Array(described.length * size);
  described.forEach((face, i) => {
    const b = boxes[face]!;
    const crop = cropAndResize(img, [b.y1 / img.height, b.x1 / img.width, b.y2 / img.height, b.x2 / img.width], BLAZEFACE_INPUT, BLAZEFACE_INPUT);
    batch.set(resizeBilinear(crop, FACERES_INPUT, FACERES_INPUT).data, i * size);
  });
  const out = await nets.faceres.run({ [nets.faceres.inputNames[0]!]: { data: batch, dims: [described.length, FACERES_INPUT, FACERES_INPUT, 3] } });
  const ageDim = out.age!.data.length / described.length;
  return boxes.map((b, face) => {
    const x = Math.trunc(Math.max(0, b.x1));
    const y = Math.trunc(Math.max(0, b.y1));
    const i = described.indexOf(face);
    return {
      score: Math.round(100 * b.confidence) / 100,
      ...(i < 0 ? UNDESCRIBED : describe(out.gender!.data[i]!, out.age!.data.subarray(i * ageDim, (i + 1) * ageDim))),
      box: [x, y, Math.trunc(Math.min(img.width, b.x2) - Math.max(0, b.x1)), Math.trunc(Math.min(img.height, b.y2) - Math.max(0, b.y1))],
    };
  });
}
