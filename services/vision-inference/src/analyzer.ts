// VisionAnalyzer: decodes frames, skips frames nearly identical to the last analysed one (dHash),
// runs the model set in batches, turns per-frame signals into calibrated per-class probabilities,
// aggregates over frames (see models/aggregate.ts) and keeps per-frame evidence.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { VISUAL_CLASSES, emptyScores, groupOf, type VisualClass } from '@modsvc/common/classes';
import type { AnalyzeOptions, ClassCoverageReport, FrameInput, HeldBackQuality, HeldBackSource, ModelsReport, ModelTiming, VisionAnalysis, VisionAnalyzer } from '@modsvc/common/contracts';
import { signalRisk } from '@modsvc/common/domain/policy-rules';
import { l2Normalise } from '@modsvc/common/embeddings';
import { ApiError } from '@modsvc/common/errors';
import type { VisualEvidence } from '@modsvc/common/jobs';
import { serviceLogger } from '@modsvc/common/logger';
import { aggregateFrames, type FrameStat } from './models/aggregate.ts';
import { applyCalibrator, loadCalibration, type CalibrationFile, type CalibratorSource, type ClassCalibrator, type ClassMetrics } from './models/calibration.ts';
import { humanPredict, type Box, type HumanHandle, type HumanViews } from './models/human.ts';
import { loadManifest, modelDir as defaultModelDir, selectEntries, type ManifestEntry } from './models/fetch.ts';
import { FACE_GENDER_ID, HUMAN_ID, NSFW_ID, OBJECT_ID, OCR_ID, fullRegistry, liteRegistry, v3ManifestPath, type LiteModelSettings, type LiteSet } from './models/lite.ts';
import { detect, detectorCalibrators, detectorConfig, detectorSignals, type DeclaredDetector, type DetectorHandle, type DetectorSettings } from './models/nudenet.ts';
import { NSFW_FEATURE_LAYER, nsfwPredict, type NsfwHandle } from './models/nsfw.ts';
import { ocrPredict, type OcrHandle } from './models/ocr.ts';
import type { OnnxModel } from './models/onnx.ts';
import { cropBars, darkEdges, sharedBars, type FrameEdges } from './models/letterbox.ts';
import { ImageDecodeError, dHash, decodeFrame, hammingDistance, type DecodedFrame, type FillViews } from './models/preprocess.ts';
import { OBJECTS_GATE_CLASS, detectorWanted } from './models/objects-gate.ts';
import { faceGenderSignals, faceSignals, nsfwSignals, objectSignals, ocrSignals, strongestFaces, type Signals } from './models/signals.ts';
import { FACE_GENDER_MAX_FACES, ageGender, type FaceGenderHandle } from './models/face-gender.ts';
import type { ModelSetName, VisionSettings } from './settings.ts';
import { V3_SIGNAL_PREFIX, v3Columns, v3Predict, v3Signals, type V3Handle } from './models/vision-v3.ts';

const log = serviceLogger('vision-inference').child({ component: 'analyzer' });

export type ModelSet = ModelSetName;

/** Overrides of the settings for one analyzer (tests, tools); each defaults to the setting named. */
export interface VisionAnalyzerOptions {
  /**
   * Default VISION_MODEL_SET. 'none' loads no model (every class null); 'full' is lite plus the
   * downloadable models of models.json found in MODEL_DIR (`make models`).
   */
  modelSet?: ModelSet;
  /** Model ids left out (default VISION_DISABLE_MODELS). */
  disableModels?: string[];
  /** Run the COCO object detector (default VISION_OBJECTS, on unless turned off). */
  objects?: boolean;
  /** With v3 on, the detector runs only on frames v3 gives alcohol at least this probability; 0: every frame (default VISION_OBJECTS_GATE). */
  objectsGate?: number;
  /** The vision v3 manifest (default artifacts/vision-v3.json; the network runs when it exists and VISION_V3 is on). */
  v3Manifest?: string;
  /** Directory of the downloaded models ('full'; default MODEL_DIR, else /models in a container, else ./data/models). */
  modelDir?: string;
  /** Manifest of the downloadable models ('full'; default VISION_MODELS_MANIFEST, else services/vision-inference/models.json). */
  manifestPath?: string;
  /** Classes at or above this per-frame probability get evidence (default VISION_EVIDENCE_THRESHOLD). */
  evidenceThreshold?: number;
  /** Frames whose dHash differs from the last analysed frame's by at most this many bits are skipped (default VISION_DHASH_DISTANCE). */
  dhashDistance?: number;
  /** Frames per model batch (default VISION_BATCH). */
  batchSize?: number;
  /** Longest side frames are decoded to (default VISION_DECODE_MAX_SIDE). */
  decodeMaxSide?: number;
  /** Default: the file VISION_CALIBRATION names, else artifacts/calibration.json. */
  calibration?: CalibrationFile;
  /**
   * 'report': classes with no calibration data (nsfwjs' adult_content / suggestive, NudeNet) carry
   * the model's own confidence, listed in `uncalibrated`; 'null': they are null instead, for callers
   * who accept only calibrated probabilities. Default VISION_UNCALIBRATED.
   */
  uncalibrated?: 'report' | 'null';
}

/** VisionAnalysis plus per-class frame statistics (max, top-3 mean, p90, frames above threshold). */
export interface VisionAnalysisDetail extends VisionAnalysis {
  frameStats: Partial<Record<VisualClass, FrameStat>>;
  framesSkipped: number;
}

interface LoadedSet extends LiteSet {
  detectors: DeclaredDetector[];
}

type ModelSettings = LiteModelSettings & DetectorSettings;

interface SetConfig {
  set: ModelSet;
  disabled: Set<string>;
  objects: boolean;
  /** Where the vision v3 manifest is looked for. */
  v3Manifest: string;
  modelDir: string;
  entries: ManifestEntry[];
  models: ModelSettings;
}

/** The settings the model loaders use, and only those (they are part of the shared set's key). */
function modelSettings(s: VisionSettings): ModelSettings {
  return {
    VISION_HUMAN_MAX_SIDE: s.VISION_HUMAN_MAX_SIDE,
    VISION_OCR_MAX_SIDE: s.VISION_OCR_MAX_SIDE,
    VISION_OCR_LANGUAGES: s.VISION_OCR_LANGUAGES,
    VISION_OCR_STRATEGY: s.VISION_OCR_STRATEGY,
    VISION_TESSDATA_DIR: s.VISION_TESSDATA_DIR,
    VISION_NSFW_RUNTIME: s.VISION_NSFW_RUNTIME,
    VISION_HUMAN_RUNTIME: s.VISION_HUMAN_RUNTIME,
    VISION_FACEAPI_RUNTIME: s.VISION_FACEAPI_RUNTIME,
    VISION_V3: s.VISION_V3,
    VISION_THREADS: s.VISION_THREADS,
    VISION_WORKERS: s.VISION_WORKERS,
    VISION_ORT_PROVIDER: s.VISION_ORT_PROVIDER,
    VISION_ORT_ARENA: s.VISION_ORT_ARENA,
    VISION_DETECTOR_CONF: s.VISION_DETECTOR_CONF,
    VISION_DETECTOR_IOU: s.VISION_DETECTOR_IOU,
    VISION_ALLOW_UNPINNED_MODELS: s.VISION_ALLOW_UNPINNED_MODELS,
  };
}

function setKey(c: SetConfig): string {
  return JSON.stringify([c.set, [...c.disabled].sort(), c.objects, c.v3Manifest, c.modelDir, c.entries, c.models]);
}

/** One registry per model set (and configuration) per process: every analyzer instance shares the loaded models. */
const shared = new Map<string, LoadedSet & { refs: number }>();

function acquire(c: SetConfig): LoadedSet | null {
  if (c.set === 'none') return null;
  const key = setKey(c);
  let s = shared.get(key);
  if (!s) {
    const built =
      c.set === 'full'
        ? fullRegistry(c.models, { manifest: { models: c.entries }, modelDir: c.modelDir, disabled: c.disabled, objects: c.objects, v3Manifest: c.v3Manifest })
        : { ...liteRegistry(c.models, { disabled: c.disabled, objects: c.objects, v3Manifest: c.v3Manifest }), detectors: [] };
    s = { ...built, refs: 0 };
    shared.set(key, s);
  }
  s.refs++;
  return s;
}

async function release(c: SetConfig): Promise<void> {
  const key = setKey(c);
  const s = shared.get(key);
  if (!s) return;
  if (--s.refs <= 0) {
    shared.delete(key);
    await s.registry.close();
  }
}

interface AnalysedFrame {
  timestamp: number;
  frame: DecodedFrame;
  signals: Signals;
  boxes: Record<string, Box>;
  ocrText: string | null;
  /** The pooled MobileNetV2 features (the image embedding before normalisation); null without the nsfwjs model. */
  features: Float32Array | null;
}

class Analyzer implements DetailedVisionAnalyzer {
  private readonly set: ModelSet;
  private readonly setConfig: SetConfig;
  private readonly threshold: number;
  private readonly dhashDistance: number;
  private readonly batchSize: number;
  private readonly decodeMaxSide: number;
  private readonly pixelLimit: number;
  private readonly objectsGate: number;
  private readonly calibration: CalibrationFile;
  private readonly reportUncalibrated: boolean;
  private models_: LoadedSet | null = null;
  private initialised = false;
  /** Model calls are serialised: human and tfjs keep per-call state, and 2 cores gain nothing from overlap. */
  private queue: Promise<unknown> = Promise.resolve();

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  constructor(settings: VisionSettings, opts: VisionAnalyzerOptions) {
    this.set = opts.modelSet ?? settings.VISION_MODEL_SET;
    this.threshold = opts.evidenceThreshold ?? settings.VISION_EVIDENCE_THRESHOLD;
    this.dhashDistance = opts.dhashDistance ?? settings.VISION_DHASH_DISTANCE;
    this.batchSize = Math.max(1, opts.batchSize ?? settings.VISION_BATCH);
    this.decodeMaxSide = opts.decodeMaxSide ?? settings.VISION_DECODE_MAX_SIDE;
    this.pixelLimit = settings.VISION_PIXEL_LIMIT;
    this.objectsGate = opts.objectsGate ?? settings.VISION_OBJECTS_GATE;
    this.reportUncalibrated = (opts.uncalibrated ?? settings.VISION_UNCALIBRATED) === 'report';
    const calibration =
      opts.calibration ?? (this.set === 'none' ? { version: 'none', fittedOn: '', classes: {}, nullClasses: {} } : loadCalibration(settings.VISION_CALIBRATION));
    const disabled = new Set(opts.disableModels ?? settings.VISION_DISABLE_MODELS);
    const manifestPath = opts.manifestPath ?? settings.VISION_MODELS_MANIFEST;
    const entries = this.set === 'full' ? selectEntries(loadManifest(manifestPath || undefined), 'full').filter((e) => !disabled.has(e.id)) : [];
    this.setConfig = {
      set: this.set,
      disabled,
      objects: opts.objects ?? settings.VISION_OBJECTS,
      v3Manifest: path.resolve(v3ManifestPath({ v3Manifest: opts.v3Manifest ?? settings.VISION_V3_MANIFEST })),
      modelDir: opts.modelDir ?? defaultModelDir(settings),
      entries,
      models: modelSettings(settings),
    };
    // Detector classes are scored by the detector's own confidence (identity); a fitted calibrator wins.
    const detectorCals = Object.assign({}, ...entries.map((e) => detectorCalibrators(detectorConfig(e, settings)))) as CalibrationFile['classes'];
    this.calibration = { ...calibration, classes: { ...detectorCals, ...calibration.classes } };
  }

  async init(): Promise<void> {
    if (this.initialised) return;
    this.initialised = true;
    this.models_ = acquire(this.setConfig);
    if (this.models_) await this.models_.registry.loadAll();
    log.info({ modelSet: this.set, models: this.models_?.registry.report().filter((m) => m.loaded).map((m) => m.id) ?? [] }, 'vision analyzer ready');
  }

  private loaded(id: string): boolean {
    return this.models_?.registry.isLoaded(id) ?? false;
  }

  /** The model whose output a signal is computed from (face-api's signals also rest on human's face boxes). */
  private signalSource(signal: string): string | null {
    const prefix = signal.split('.')[0];
    if (prefix === 'head') return this.models_?.heads?.id ?? null;
    if (prefix === V3_SIGNAL_PREFIX) return this.models_?.v3?.id ?? null;
    if (prefix === 'nsfw') return NSFW_ID;
    if (prefix === 'face') return HUMAN_ID;
    if (prefix === 'gender' || prefix === 'age') return FACE_GENDER_ID;
    if (prefix === 'obj') return OBJECT_ID;
    if (prefix === 'ocr') return OCR_ID;
    return null;
  }

  /** Classes with a calibrator whose model is loaded. */
  private scoredClasses(): VisualClass[] {
    return (Object.keys(this.calibration.classes) as VisualClass[]).filter((c) => this.scores(this.calibration.classes[c]!));
  }

  /**
   * A calibrator scores when its model is loaded at the input size it was fitted at, and, if it is
   * uncalibrated, when those scores are wanted.
   */
  private scores(cal: ClassCalibrator): boolean {
    return this.loaded(cal.model) && this.sizeMismatch(cal) === null && (cal.method !== 'identity' || this.reportUncalibrated);
  }

  /** Why a loaded model's signals do not fit its calibrator (run at another input size), or null. */
  private sizeMismatch(cal: ClassCalibrator): string | null {
    const runs = this.models_?.registry.inputSize(cal.model);
    if (!cal.inputSize || !runs || (runs[0] === cal.inputSize[0] && runs[1] === cal.inputSize[1])) return null;
    const px = (s: [number, number]) => `${s[0]}x${s[1]}`;
    return `calibrated on ${cal.model} at ${px(cal.inputSize)} input; this runtime runs it at ${px(runs)}`;
  }

  private async runBatch(batch: { timestamp: number; frame: DecodedFrame }[], timings: ModelTiming[]): Promise<AnalysedFrame[]> {
    const reg = this.models_!.registry;
    const timed = async <T>(model: string, group: string, call: Promise<T>): Promise<T> => {
      const started = performance.now();
      try {
        return await call;
      } finally {
        timings.push({ model, group, seconds: (performance.now() - started) / 1000 });
      }
    };
    const frames = batch.map((b) => b.frame);
    // The face and object modules see the same resized frames, and so do nsfwjs and vision v3: made once per batch.
    const humanViews: HumanViews = new Map();
    const fillViews: FillViews = new Map();
    const out: AnalysedFrame[] = batch.map((b) => ({ ...b, signals: {}, boxes: {}, ocrText: null, features: null }));
    // OCR runs in tesseract's worker thread: start it first so it overlaps the tfjs models on this thread.
    const ocr = this.loaded(OCR_ID) ? timed(OCR_ID, 'ocr', ocrPredict(reg.get<OcrHandle>(OCR_ID), frames)) : null;
    if (this.loaded(NSFW_ID)) {
      const res = await timed(NSFW_ID, 'nsfw', nsfwPredict(reg.get<NsfwHandle>(NSFW_ID), frames, fillViews));
      res.forEach((r, i) => {
        Object.assign(out[i]!.signals, nsfwSignals(r));
        out[i]!.features = r.features;
      });
      const heads = this.models_!.heads;
      if (heads && this.loaded(heads.id)) {
        const dim = heads.inputDim;
        const x = new Float32Array(res.length * dim);
        res.forEach((r, i) => x.set(r.features.subarray(0, dim), i * dim));
        const model = reg.get<OnnxModel>(heads.id);
        const y = await timed(heads.id, 'visual_heads', model.run({ [model.inputNames[0] as string]: { data: x, dims: [res.length, dim] } }));
        const logits = y[model.outputNames[0] as string]!.data;
        res.forEach((_, i) => heads.classes.forEach((c, k) => (out[i]!.signals[`head.${c}`] = logits[i * heads.classes.length + k] as number)));
      }
    }
    const v3 = this.models_!.v3;
    if (v3 && this.loaded(v3.id)) {
      const res = await timed(v3.id, 'vision_v3', v3Predict(reg.get<V3Handle>(v3.id), frames, fillViews));
      res.forEach((r, i) => Object.assign(out[i]!.signals, v3Signals(v3, r)));
    }
    if (this.loaded(HUMAN_ID)) {
      const res = await timed(HUMAN_ID, 'faces', humanPredict(reg.get<HumanHandle>(HUMAN_ID), frames, humanViews));
      const gender = this.loaded(FACE_GENDER_ID) ? reg.get<FaceGenderHandle>(FACE_GENDER_ID) : null;
      for (let i = 0; i < res.length; i++) {
        const f = faceSignals(res[i]!);
        Object.assign(out[i]!.signals, f.signals);
        Object.assign(out[i]!.boxes, f.boxes);
        if (gender) {
          const faces = strongestFaces(res[i]!.faces, FACE_GENDER_MAX_FACES);
          const g = faceGenderSignals(faces, await timed(FACE_GENDER_ID, 'faces', ageGender(gender, frames[i]!, faces.map((x) => x.box))));
          Object.assign(out[i]!.signals, g.signals);
          Object.assign(out[i]!.boxes, g.boxes);
        }
      }
    }
    if (this.loaded(OBJECT_ID)) {
      // v3 ran first: a frame it gives alcohol below the gate is scored as one where the detector found nothing.
      const wanted = out.map((o) => detectorWanted(o.signals, this.objectsGate));
      const run = frames.filter((_, i) => wanted[i]);
      const res = run.length ? await timed(OBJECT_ID, 'objects', humanPredict(reg.get<HumanHandle>(OBJECT_ID), run, humanViews)) : [];
      let k = 0;
      out.forEach((frameOut, i) => {
        const o = objectSignals(wanted[i] ? res[k++]!.objects : []);
        Object.assign(frameOut.signals, o.signals);
        Object.assign(frameOut.boxes, o.boxes);
      });
    }
    for (const d of this.models_!.detectors) {
      if (!this.loaded(d.id)) continue;
      const h = reg.get<DetectorHandle>(d.id);
      for (let i = 0; i < frames.length; i++) {
        const s = detectorSignals(d.config, await timed(d.id, 'detector', detect(h, frames[i]!)));
        Object.assign(out[i]!.signals, s.signals);
        Object.assign(out[i]!.boxes, s.boxes);
      }
    }
    if (ocr) {
      const res = await ocr;
      res.forEach((r, i) => {
        Object.assign(out[i]!.signals, ocrSignals(r));
        out[i]!.ocrText = r.words.map((w) => w.text).join(' ');
      });
    }
    return out;
  }

  async analyze(inputs: FrameInput[], opts: AnalyzeOptions = {}): Promise<VisionAnalysisDetail> {
    if (!this.initialised) await this.init();
    const scores = emptyScores(VISUAL_CLASSES);
    const result: VisionAnalysisDetail = {
      scores,
      evidence: {},
      models: [],
      framesAnalysed: 0,
      ocrText: this.loaded(OCR_ID) ? '' : null,
      ocrModel: this.loaded(OCR_ID) ? this.models_!.registry.tag(OCR_ID) : null,
      uncalibrated: [],
      frameStats: {},
      framesSkipped: 0,
    };
    if (!this.models_) {
      result.framesAnalysed = inputs.length;
      return result;
    }
    // Decode and drop near-duplicates of the last analysed frame; a video's frames also note their dark edges.
    let kept: { timestamp: number; frame: DecodedFrame }[] = [];
    const edges: FrameEdges[] = [];
    let last: bigint | null = null;
    for (const input of [...inputs].sort((a, b) => a.timestamp - b.timestamp)) {
      const frame = await decodeFrame(input.data, this.decodeMaxSide, this.pixelLimit);
      if (opts.video) edges.push({ width: frame.width, height: frame.height, edges: darkEdges(frame) });
      const h = await dHash(frame);
      if (last !== null && hammingDistance(h, last) <= this.dhashDistance) {
        result.framesSkipped++;
        continue;
      }
      last = h;
      kept.push({ timestamp: input.timestamp, frame });
    }
    const bars = opts.video ? sharedBars(edges) : null;
    if (bars) kept = kept.map((k) => ({ ...k, frame: cropBars(k.frame, bars) }));
    const analysed: AnalysedFrame[] = [];
    const timings: ModelTiming[] = [];
    for (let i = 0; i < kept.length; i += this.batchSize) analysed.push(...(await this.exclusive(() => this.runBatch(kept.slice(i, i + this.batchSize), timings))));
    result.inference = timings;
    result.framesAnalysed = analysed.length;

    const registry = this.models_.registry;
    const used = new Set<string>();
    for (const cls of this.scoredClasses()) {
      const cal = this.calibration.classes[cls]!;
      const perFrame = analysed.map((a) => applyCalibrator(cal, a.signals));
      const stat = aggregateFrames(perFrame, this.threshold);
      if (!stat) continue;
      scores[cls] = stat.topKMean;
      result.frameStats[cls] = stat;
      if (cal.operatingPoints) result.operatingPoints = { ...result.operatingPoints, [cls]: cal.operatingPoints.points };
      if (cal.method === 'identity') result.uncalibrated.push(cls);
      used.add(cal.model);
      if (cal.model === FACE_GENDER_ID) used.add(HUMAN_ID);
      for (const s of cal.signals) {
        const from = this.signalSource(s);
        if (from) used.add(from);
      }
      const ev: VisualEvidence[] = [];
      perFrame.forEach((p, i) => {
        // A class with operating points is read on the risk scale, as the policy reads it: the threshold
        // (0.5 by default) is then its MEDIUM point, so a frame that sends it to review has evidence.
        if (p == null || signalRisk(p, cal.operatingPoints?.points) < this.threshold) return;
        const a = analysed[i]!;
        const e: VisualEvidence = { timestamp: a.timestamp, score: p, model: registry.tag(cal.model) };
        const box = cal.boxSignal ? a.boxes[cal.boxSignal] : undefined;
        if (box) {
          // Boxes are in decoded-frame pixels; report them in source pixels (past any letterbox bar cropped off).
          const k = a.frame.sourceWidth / a.frame.width;
          const [ox, oy] = a.frame.sourceOffset ?? [0, 0];
          e.box = [box[0] * k + ox, box[1] * k + oy, box[2] * k, box[3] * k].map((v) => Math.round(v)) as [number, number, number, number];
        }
        ev.push(e);
      });
      if (ev.length) result.evidence[cls] = ev;
    }
    if (this.loaded(OCR_ID)) {
      used.add(OCR_ID);
      const texts: string[] = [];
      for (const a of analysed) if (a.ocrText && a.ocrText !== texts[texts.length - 1]) texts.push(a.ocrText);
      result.ocrText = texts.join('\n');
    }
    result.models = [...used].filter((id) => registry.isLoaded(id)).map((id) => registry.tag(id)).sort();
    if (this.loaded(NSFW_ID)) {
      result.embeddings = {
        model: this.embeddingModel(),
        frames: analysed.flatMap((a) => (a.features ? [{ timestamp: a.timestamp, vector: l2Normalise(a.features) }] : [])),
      };
    }
    return result;
  }

  private embeddingModel(): string {
    return `${this.models_!.registry.tag(NSFW_ID)}/${NSFW_FEATURE_LAYER}`;
  }

  async embed(images: Buffer[]): Promise<{ model: string; vectors: Float32Array[] }> {
    if (!this.initialised) await this.init();
    if (!this.loaded(NSFW_ID)) throw new ApiError('unavailable', `The image embedding network (${NSFW_ID}) is not loaded in vision-inference.`);
    // Decoded exactly as analyze() decodes a frame, so an image embeds the same here as in a job.
    const frames: DecodedFrame[] = [];
    for (const [i, data] of images.entries()) {
      try {
        frames.push(await decodeFrame(data, this.decodeMaxSide, this.pixelLimit));
      } catch (err) {
        if (err instanceof ImageDecodeError) throw new ApiError('invalid_request', `image ${i}: ${err.message}`);
        throw err;
      }
    }
    const handle = this.models_!.registry.get<NsfwHandle>(NSFW_ID);
    const vectors: Float32Array[] = [];
    // One frame per call, as analyze() runs a still image, so that both give the same numbers.
    for (const frame of frames) {
      const [r] = await this.exclusive(() => nsfwPredict(handle, [frame]));
      vectors.push(l2Normalise(r!.features));
    }
    return { model: this.embeddingModel(), vectors };
  }

  models(): ModelsReport {
    const reg = this.models_?.registry;
    const models = reg?.report() ?? [];
    const classes: ClassCoverageReport[] = VISUAL_CLASSES.map((cls) => {
      const cal = this.calibration.classes[cls];
      const group = groupOf(cls);
      const unscored = { calibration: null, heldBack: { all: null, photos: null } };
      if (this.set === 'none') return { class: cls, group, model: null, note: 'model set "none": no models loaded', ...unscored };
      const mismatch = cal && reg?.isLoaded(cal.model) ? this.sizeMismatch(cal) : null;
      if (cal && mismatch) return { class: cls, group, model: null, note: `${mismatch}: its scores would not be calibrated`, ...unscored };
      if (cal && reg?.isLoaded(cal.model) && !this.scores(cal)) {
        return { class: cls, group, model: null, note: `uncalibrated scores are off (VISION_UNCALIBRATED=null): ${cal.note}`, ...unscored };
      }
      if (cal && reg?.isLoaded(cal.model)) {
        return {
          class: cls,
          group,
          model: reg.tag(cal.model),
          note: cal.model === OBJECT_ID ? `${cal.note}${this.objectsGateNote()}` : cal.note,
          calibration: cal.method === 'identity' ? 'uncalibrated' : 'calibrated',
          heldBack: { all: heldBack(cal.metrics?.all), photos: heldBack(cal.metrics?.photos), ...heldBackSources(cal.sources) },
          ...(cal.operatingPoints ? { operatingPoints: cal.operatingPoints } : {}),
          ...(cal.quality ? { quality: cal.quality } : {}),
        };
      }
      if (cal) {
        const err = models.find((m) => m.id === cal.model)?.error;
        const hint = cal.model === OBJECT_ID && !this.setConfig.objects ? ' (the object detector is off: VISION_OBJECTS=0)' : this.v3Hint(cal);
        return { class: cls, group, model: null, note: `model ${cal.model} is not loaded${err ? `: ${err}` : ''}${hint}`, ...unscored };
      }
      return { class: cls, group, model: null, note: this.calibration.nullClasses[cls] ?? 'no model scores this class', ...unscored };
    });
    return { models, classes };
  }

  /** How the detector's classes are scored when v3 gates it ('' when every frame gets the detector). */
  private objectsGateNote(): string {
    const v3 = this.models_?.v3;
    if (this.objectsGate <= 0 || !v3 || !this.loaded(v3.id) || !v3Columns(v3).some((c) => c.class === OBJECTS_GATE_CLASS)) return '';
    return `; the detector runs only on frames vision v3 gives ${OBJECTS_GATE_CLASS} a probability of at least ${this.objectsGate} (VISION_OBJECTS_GATE), the others are scored as frames where it found nothing`;
  }

  /** Why a calibrator on vision v3's signals has no model: v3 is off, or its artifact is not deployed ('' otherwise). */
  private v3Hint(cal: ClassCalibrator): string {
    if (!cal.signals.some((s) => s.split('.')[0] === V3_SIGNAL_PREFIX) || this.models_?.v3) return '';
    if (!this.setConfig.models.VISION_V3) return ' (vision v3 is off: VISION_V3=0)';
    if (!existsSync(this.setConfig.v3Manifest)) return ` (vision v3 is not deployed: no manifest ${this.setConfig.v3Manifest})`;
    return '';
  }

  async close(): Promise<void> {
    if (this.models_) await release(this.setConfig);
    this.models_ = null;
    this.initialised = false;
  }
}

/** A calibrator's stored held-back metrics as reported by /v1/models (null when there are none, or no images). */
function heldBack(m: ClassMetrics | null | undefined): HeldBackQuality | null {
  if (!m || m.n === 0) return null;
  return { images: m.n, positives: m.positives, rocAuc: m.rocAuc, averagePrecision: m.averagePrecision, calibrationError: m.calibrationError ?? null };
}

/** A calibrator's held-back source repositories as /v1/models reports them: absent when it lists none. */
function heldBackSources(sources: CalibratorSource[] | undefined): { sources?: HeldBackSource[] } {
  if (!sources?.length) return {};
  return {
    sources: sources.map((s) => ({
      source: s.source,
      positives: s.positives,
      negatives: s.negatives,
      rocAuc: s.rocAuc ?? null,
      ...(s.fold != null ? { fold: s.fold } : {}),
    })),
  };
}

/** A VisionAnalyzer whose results also carry frameStats and framesSkipped. */
export interface DetailedVisionAnalyzer extends VisionAnalyzer {
  analyze(frames: FrameInput[], opts?: AnalyzeOptions): Promise<VisionAnalysisDetail>;
}

/** An analyzer configured by `settings`; `opts` overrides some of them (tests, tools). */
export function createVisionAnalyzer(settings: VisionSettings, opts: VisionAnalyzerOptions = {}): DetailedVisionAnalyzer {
  return new Analyzer(settings, opts);
}
