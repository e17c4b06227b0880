// NudeNet-style body-part detector (YOLOv8 export, e.g. NudeNet v3 320n) on the registry's ONNX path:
// letterbox the frame to the model's square input (RGB, /255, NCHW), run, decode the output
// [1, 4+C, N] (cx, cy, w, h in input pixels, then C class scores), keep (anchor, class) pairs at or
// above the confidence threshold, class-wise NMS, and map boxes back to the frame's pixels.
// Per spec class the frame signal is the highest score of its model classes over all anchors: the
// detector's own confidence, reported as-is (no labelled nudity data here to calibrate it).
import { existsSync } from 'node:fs';
import type { VisualClass } from '@modsvc/common/classes';
import type { ClassCalibrator } from './calibration.ts';
import { entryPath, expectedSha256, type ManifestEntry } from './fetch.ts';
import type { Box } from './human.ts';
import { OnnxModel, type OnnxSettings, type TensorData } from './onnx.ts';
import { letterbox, normalise, unletterboxBox, type RgbImage } from './preprocess.ts';
import type { ModelLoader, ModelRegistry, ModelSpec } from './registry.ts';
import type { Signals } from './signals.ts';
import type { VisionSettings } from '../settings.ts';

/** What a manifest detector is declared with: its thresholds, the unpinned-hash override and the ONNX session settings. */
export type DetectorSettings = Pick<VisionSettings, 'VISION_DETECTOR_CONF' | 'VISION_DETECTOR_IOU' | 'VISION_ALLOW_UNPINNED_MODELS'> & OnnxSettings;

export interface DetectorConfig {
  id: string;
  /** Model class names in output order. */
  labels: string[];
  classMap: Record<string, VisualClass | null>;
  /** Square input side in pixels. */
  inputSize: number;
  /** (anchor, class) pairs at or above this score become candidate boxes (VISION_DETECTOR_CONF, 0.25). */
  confThreshold: number;
  /** Boxes of one class overlapping a kept one by more than this IoU are dropped (VISION_DETECTOR_IOU, 0.45). */
  iouThreshold: number;
  /** At most this many boxes per frame after NMS. */
  maxDetections: number;
  /** Letterbox padding grey level. */
  pad: number;
}

export function detectorConfig(entry: ManifestEntry, settings: Pick<VisionSettings, 'VISION_DETECTOR_CONF' | 'VISION_DETECTOR_IOU'>): DetectorConfig {
  const [w, h] = entry.inputSize;
  if (w !== h) throw new Error(`model ${entry.id}: only square detector inputs are supported (got ${w}x${h})`);
  return {
    id: entry.id,
    labels: [...entry.classes],
    classMap: { ...entry.classMap },
    inputSize: w,
    confThreshold: settings.VISION_DETECTOR_CONF,
    iouThreshold: settings.VISION_DETECTOR_IOU,
    maxDetections: 100,
    pad: 114,
  };
}

export interface Candidate {
  /** Index into the model's labels. */
  label: number;
  score: number;
  /** [x, y, w, h] in model-input pixels. */
  box: Box;
}

export interface Decoded {
  candidates: Candidate[];
  /** Highest score of each label over all anchors. */
  maxScores: Float32Array;
}

/** Decodes a YOLOv8 head: [1, 4+C, N] (or the transposed [1, N, 4+C]). */
export function decodeYolov8(out: TensorData, nLabels: number, confThreshold: number): Decoded {
  const D = 4 + nLabels;
  const dims = out.dims;
  if (dims.length !== 3 || dims[0] !== 1 || (dims[1] !== D && dims[2] !== D)) {
    throw new Error(`detector output shape [${dims.join(', ')}] is not [1, ${D}, N] (4 box values + ${nLabels} classes)`);
  }
  const transposed = dims[1] !== D;
  const N = (transposed ? dims[1] : dims[2]) as number;
  const at = transposed ? (d: number, n: number) => out.data[n * D + d] as number : (d: number, n: number) => out.data[d * N + n] as number;
  const maxScores = new Float32Array(nLabels);
  const candidates: Candidate[] = [];
  for (let n = 0; n < N; n++) {
    let box: Box | null = null;
    for (let c = 0; c < nLabels; c++) {
      const s = at(4 + c, n);
      if (!Number.isFinite(s)) continue;
      if (s > (maxScores[c] as number)) maxScores[c] = s;
      if (s < confThreshold) continue;
      if (!box) {
        const cx = at(0, n);
        const cy = at(1, n);
        const w = at(2, n);
        const h = at(3, n);
        box = [cx - w / 2, cy - h / 2, w, h];
      }
      candidates.push({ label: c, score: s, box });
    }
  }
  return { candidates, maxScores };
}

/** Intersection over union of two [x, y, w, h] boxes. */
export function iou(a: Box, b: Box): number {
  const x1 = Math.max(a[0], b[0]);
  const y1 = Math.max(a[1], b[1]);
  const x2 = Math.min(a[0] + a[2], b[0] + b[2]);
  const y2 = Math.min(a[1] + a[3], b[1] + b[3]);
  const inter = Math.max(0, x2 - x1) * Math.max(0, y2 - y1);
  const union = a[2] * a[3] + b[2] * b[3] - inter;
  return union > 0 ? inter / union : 0;
}

/** Greedy class-wise NMS: within each label, highest score first, dropping boxes with IoU > iouThreshold. */
export function nms(cands: Candidate[], iouThreshold: number, maxDetections = 100, maxPerLabel = 300): Candidate[] {
  const byLabel = new Map<number, Candidate[]>();
  for (const c of cands) {
    let l = byLabel.get(c.label);
    if (!l) byLabel.set(c.label, (l = []));
    l.push(c);
  }
  const kept: Candidate[] = [];
  for (const list of byLabel.values()) {
    list.sort((a, b) => b.score - a.score);
    const keep: Candidate[] = [];
    for (const c of list.slice(0, maxPerLabel)) if (keep.every((k) => iou(k.box, c.box) <= iouThreshold)) keep.push(c);
    kept.push(...keep);
  }
  return kept.sort((a, b) => b.score - a.score).slice(0, maxDetections);
}

export interface Detection {
  label: string;
  /** Spec class the label feeds, or null. */
  class: VisualClass | null;
  score: number;
  /** [x, y, w, h] in the analysed frame's pixels. */
  box: Box;
}

export interface DetectorOutput {
  detections: Detection[];
  /** Highest score of each model label over all anchors. */
  maxScores: Record<string, number>;
}

export interface DetectorHandle {
  model: OnnxModel;
  config: DetectorConfig;
}

/** Runs the detector on one frame. */
export async function detect(h: DetectorHandle, frame: RgbImage): Promise<DetectorOutput> {
  const cfg = h.config;
  const lb = await letterbox(frame, cfg.inputSize, cfg.pad);
  const x = normalise(lb, { divisor: 255, layout: 'nchw' });
  const input = h.model.inputNames[0] as string;
  const y = await h.model.run({ [input]: { data: x, dims: [1, 3, cfg.inputSize, cfg.inputSize] } });
  const out = y[h.model.outputNames[0] as string];
  if (!out) throw new Error(`detector ${cfg.id} returned no output`);
  const { candidates, maxScores } = decodeYolov8(out, cfg.labels.length, cfg.confThreshold);
  const detections = nms(candidates, cfg.iouThreshold, cfg.maxDetections).map((c): Detection => {
    const [bx, by, bw, bh] = unletterboxBox(c.box, lb);
    // Clip to the frame.
    const x0 = Math.min(frame.width, Math.max(0, bx));
    const y0 = Math.min(frame.height, Math.max(0, by));
    const x1 = Math.min(frame.width, Math.max(0, bx + bw));
    const y1 = Math.min(frame.height, Math.max(0, by + bh));
    const label = cfg.labels[c.label] as string;
    return { label, class: cfg.classMap[label] ?? null, score: c.score, box: [x0, y0, x1 - x0, y1 - y0] };
  });
  return { detections, maxScores: Object.fromEntries(cfg.labels.map((l, i) => [l, maxScores[i] as number])) };
}

/** Name of the per-frame signal a detector gives a spec class. */
export function detectorSignal(id: string, cls: VisualClass): string {
  return `${id}.${cls}`;
}

/** The spec classes a detector feeds, each with the model labels behind it. */
export function fedClasses(cfg: Pick<DetectorConfig, 'labels' | 'classMap'>): Map<VisualClass, string[]> {
  const m = new Map<VisualClass, string[]>();
  for (const l of cfg.labels) {
    const c = cfg.classMap[l];
    if (!c) continue;
    m.set(c, [...(m.get(c) ?? []), l]);
  }
  return m;
}

/**
 * Per spec class: the highest score of its labels over all anchors (signal `<id>.<class>`), and
 * the box of its best detection after NMS (for evidence).
 */
export function detectorSignals(cfg: DetectorConfig, o: DetectorOutput): { signals: Signals; boxes: Record<string, Box> } {
  const signals: Signals = {};
  const boxes: Record<string, Box> = {};
  for (const [cls, labels] of fedClasses(cfg)) {
    const name = detectorSignal(cfg.id, cls);
    signals[name] = Math.max(0, ...labels.map((l) => o.maxScores[l] ?? 0));
    const best = o.detections.find((d) => d.class === cls); // detections are sorted by score
    if (best) boxes[name] = best.box;
  }
  return { signals, boxes };
}

/** Identity "calibrators": the reported score is the detector's own confidence, not re-calibrated. */
export function detectorCalibrators(cfg: DetectorConfig): Partial<Record<VisualClass, ClassCalibrator>> {
  const out: Partial<Record<VisualClass, ClassCalibrator>> = {};
  for (const [cls, labels] of fedClasses(cfg)) {
    const name = detectorSignal(cfg.id, cls);
    out[cls] = {
      model: cfg.id,
      method: 'identity',
      signals: [name],
      weights: [1],
      bias: 0,
      boxSignal: name,
      note: `uncalibrated: highest ${labels.join('/')} confidence of ${cfg.id} in the frame (no labelled nudity data to calibrate on)`,
    };
  }
  return out;
}

export const detectorLoader = (config: DetectorConfig, onnx: OnnxSettings): ModelLoader<DetectorHandle> => ({
  async load(spec) {
    const file = spec.files[0];
    if (!file) throw new Error(`model ${spec.id} declares no ONNX file`);
    return { model: await OnnxModel.create(file.path, onnx), config };
  },
  async warm(h) {
    // A grey frame: also checks that the output has the declared shape [1, 4+C, N].
    const s = h.config.inputSize;
    await detect(h, { data: Buffer.alloc(s * s * 3, 114), width: s, height: s });
  },
  async close(h) {
    await h.model.release();
  },
});

export interface DeclaredDetector {
  id: string;
  config: DetectorConfig;
}

/**
 * Declares a manifest detector in the registry from MODEL_DIR. A missing file or a missing sha256
 * declares it with a loader that fails with the reason, so /v1/models shows why it is not loaded.
 */
export function declareDetector(registry: ModelRegistry, entry: ManifestEntry, dir: string, settings: DetectorSettings): DeclaredDetector {
  const config = detectorConfig(entry, settings);
  const file = entryPath(entry, dir);
  const feeds = [...fedClasses(config)].map(([cls, labels]) => ({
    class: cls,
    how: `highest ${labels.join('/')} confidence (YOLOv8 decode, class-wise NMS for boxes), uncalibrated`,
  }));
  const base: Omit<ModelSpec, 'files'> = { id: entry.id, version: entry.version, runtime: 'onnx', inputSize: entry.inputSize, feeds };
  let problem: string | null = null;
  let sha256 = '';
  if (!existsSync(file)) problem = `file missing: ${file}; run make models (VISION_MODEL_SET=full, MODEL_DIR=${dir})`;
  else {
    const exp = expectedSha256(entry, dir, settings.VISION_ALLOW_UNPINNED_MODELS);
    if ('problem' in exp) problem = exp.problem;
    else sha256 = exp.sha256;
  }
  if (problem) {
    const reason = problem;
    registry.declare<DetectorHandle>({ ...base, files: [] }, {
      load() {
        return Promise.reject(new Error(reason));
      },
    });
  } else {
    registry.declare({ ...base, files: [{ path: file, sha256 }] }, detectorLoader(config, settings));
  }
  return { id: entry.id, config };
}
