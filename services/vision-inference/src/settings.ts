// vision-inference's settings: the environment variables it reads, parsed once at boot together with
// the shared settings (@modsvc/common/config) and passed down to the analyzer, its worker threads and
// the model loaders. The names are the operator contract: keep them.
import os from 'node:os';
import { z } from 'zod';
import { csvList, emptyAsUndefined, numberOr, optionalString } from '@modsvc/common/config';

export const MODEL_SETS = ['lite', 'full', 'none'] as const;
export type ModelSetName = (typeof MODEL_SETS)[number];

/** Largest decoded image accepted (pixels); larger inputs are refused as decompression bombs. */
export const DEFAULT_PIXEL_LIMIT = 50_000_000;
/** Longest side fed to human (faces are found well at this size; cost grows with pixels). */
export const DEFAULT_HUMAN_MAX_SIDE = 640;
/** Longest side given to OCR. */
export const DEFAULT_OCR_MAX_SIDE = 768;
/** Longest side frames are decoded to before the models see them. */
export const DEFAULT_DECODE_MAX_SIDE = 1024;

/**
 * Tesseract languages OCR can read: eng (npm, always there) and Debian's traineddata, installed by
 * `make system-deps` (tesseract-ocr-<code>, and the Greek script model tesseract-ocr-script-grek);
 * the Cyrillic and Latin script models (tesseract-ocr-script-cyrl / -latn) are accepted, not installed.
 */
export const OCR_LANGUAGES = ['eng', 'rus', 'ukr', 'ell', 'deu', 'spa', 'fra', 'ita', 'por', 'pol', 'tur', 'dan', 'ind', 'ara', 'kor', 'Greek', 'Cyrillic', 'Latin'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];
/** English first (every frame), then Russian, Ukrainian and the Greek script model for frames English reads badly (bench/results/ocr-languages.json). */
export const DEFAULT_OCR_LANGUAGES: readonly OcrLanguage[] = ['eng', 'rus', 'ukr', 'Greek'];
export const OCR_STRATEGIES = ['second-pass', 'combined'] as const;
export type OcrStrategy = (typeof OCR_STRATEGIES)[number];

const optionalNumber = () => z.preprocess(emptyAsUndefined, z.coerce.number().optional());
/** On for 1, true, yes or on (any case); off for anything else; `byDefault` when unset or empty. */
const onOff = (byDefault = false) => z.string().optional().transform((v) => (v?.trim() ? /^(1|true|yes|on)$/i.test(v.trim()) : byDefault));

export const settingsSchema = z.object({
  /** Worker threads running the models, each with its own copy (~0.7 GB); 0 runs them on the main thread. Default 2 with two or more CPUs, else 1. */
  VISION_WORKERS: numberOr(os.availableParallelism() >= 2 ? 2 : 1),
  /** Jobs the vision stage works on at once: one job's decoding and OCR overlap another's tfjs models. */
  VISION_CONCURRENCY: numberOr(2),
  /** lite (CPU models shipped in npm packages), full (lite plus the downloads of the model manifest, from MODEL_DIR) or none (no model, every class null). */
  VISION_MODEL_SET: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.enum(MODEL_SETS, { error: (issue) => `${String(issue.input)} is not a model set (lite, full, none)` }).default('lite'),
  ),
  /** Model ids left out, comma-separated. */
  VISION_DISABLE_MODELS: csvList,
  /**
   * The runtime of nsfwjs' MobileNetV2: onnx (the network converted at load, served by onnxruntime) or
   * tfjs-wasm (nsfwjs' own loading, as before the conversion; kept as the reference for comparisons).
   */
  VISION_NSFW_RUNTIME: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.enum(['onnx', 'tfjs-wasm'], { error: (issue) => `${String(issue.input)} is not an nsfwjs runtime (onnx, tfjs-wasm)` }).default('onnx'),
  ),
  /**
   * The runtime of @vladmandic/human's models (faces: BlazeFace + FaceRes; objects: CenterNet): onnx
   * (converted at load, served by onnxruntime with human's own pre- and post-processing) or tfjs-wasm
   * (human itself, as before; the reference the conversion is tested and benchmarked against).
   */
  VISION_HUMAN_RUNTIME: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.enum(['onnx', 'tfjs-wasm'], { error: (issue) => `${String(issue.input)} is not a runtime for human's models (onnx, tfjs-wasm)` }).default('onnx'),
  ),
  /**
   * The runtime of face-api's age/gender network: onnx (its architecture written down over the
   * package's weights, converted at load, on onnxruntime; same outputs) or tfjs-wasm (face-api itself).
   */
  VISION_FACEAPI_RUNTIME: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.enum(['onnx', 'tfjs-wasm'], { error: (issue) => `${String(issue.input)} is not a runtime for face-api's network (onnx, tfjs-wasm)` }).default('onnx'),
  ),
  /**
   * Runs the COCO object detector (human's CenterNet, the only model that scores alcohol). On unless
   * set to 0/false/no/off: on onnxruntime at 384x384 it costs ~30 ms of CPU a frame (50 at human's
   * 512), and the whole pipeline with it is faster than the tfjs-wasm one was without it
   * (bench/results/e2e.json).
   */
  VISION_OBJECTS: onOff(true),
  /**
   * With vision v3 on, the object detector runs only on frames where v3 gives alcohol at least this
   * probability; the others are scored as frames where it found nothing. 0 runs it on every frame.
   * The default is the highest gate tried at which the gated detector is at least as good as the
   * detector alone on every counted held-back alcohol source, by ROC-AUC and average precision
   * (docs/vision-v3.md, "The object detector's gate").
   */
  VISION_OBJECTS_GATE: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .min(0, 'VISION_OBJECTS_GATE is a probability: 0 (no gate) up to below 1')
      .lt(1, 'VISION_OBJECTS_GATE is a probability: 0 (no gate) up to below 1')
      .default(0.001),
  ),
  /**
   * Serves vision v3 (ImageNet MobileNetV2 fine-tuned with multi-label heads, ONNX) when its artifact is
   * deployed (artifacts/vision-v3.json and the .onnx it names). On unless set to 0/false/no/off; without
   * the artifact it is simply not declared, and the classes calibrated on it stay null with the reason.
   */
  VISION_V3: onOff(true),
  /** Directory of the downloaded models; unset: /models in a container, else <repo>/data/models. */
  MODEL_DIR: optionalString(),
  /** Set by Kubernetes in every pod: tells that the process runs in a container (MODEL_DIR then defaults to /models). */
  KUBERNETES_SERVICE_HOST: optionalString(),
  /** Manifest of the downloadable models; unset: services/vision-inference/models.json. */
  VISION_MODELS_MANIFEST: optionalString(),
  /** Calibrators file; unset: services/vision-inference/artifacts/calibration.json. */
  VISION_CALIBRATION: optionalString(),
  /** The vision v3 network's manifest (its .onnx beside it); unset: services/vision-inference/artifacts/vision-v3.json. */
  VISION_V3_MANIFEST: optionalString(),
  /** 1 or true: a manifest entry without a pinned sha256 is downloaded and its first hash trusted. */
  VISION_ALLOW_UNPINNED_MODELS: z.string().optional().transform((v) => v === '1' || v === 'true'),
  /** Whole-download deadline per model file in seconds (`make models`); unset or not positive: 600. */
  MODELS_FETCH_TIMEOUT_S: optionalNumber(),
  /** null: classes without calibration data are null instead of the model's own confidence (any other value: reported, listed as uncalibrated). */
  VISION_UNCALIBRATED: z.string().optional().transform((v): 'report' | 'null' => (v === 'null' ? 'null' : 'report')),
  /** Classes at or above this per-frame probability get evidence. */
  VISION_EVIDENCE_THRESHOLD: numberOr(0.5),
  /** Frames whose dHash differs from the last analysed frame's by at most this many bits are skipped. */
  VISION_DHASH_DISTANCE: numberOr(4),
  /** Frames per model batch. */
  VISION_BATCH: numberOr(8),
  /** Longest side frames are decoded to. */
  VISION_DECODE_MAX_SIDE: numberOr(DEFAULT_DECODE_MAX_SIDE),
  /** Largest decoded frame in pixels; larger ones are refused as decompression bombs. */
  VISION_PIXEL_LIMIT: numberOr(DEFAULT_PIXEL_LIMIT),
  /** Longest side of the frame given to human (faces, objects). */
  VISION_HUMAN_MAX_SIDE: numberOr(DEFAULT_HUMAN_MAX_SIDE),
  /** Longest side of the frame given to OCR. */
  VISION_OCR_MAX_SIDE: numberOr(DEFAULT_OCR_MAX_SIDE),
  /**
   * Languages OCR reads (tesseract codes, comma- or +-separated; default eng,rus,ukr,Greek). The first reads
   * every frame; with VISION_OCR_STRATEGY=second-pass the others join only for frames it reads badly.
   * A language whose Debian traineddata is missing is left out with a warning (eng never is).
   */
  VISION_OCR_LANGUAGES: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() ? v.split(/[,+]/).map((s) => s.trim()).filter(Boolean) : undefined) : v),
    z
      .array(z.enum(OCR_LANGUAGES, { error: (issue) => `${String(issue.input)} is not an OCR language (${OCR_LANGUAGES.join(', ')})` }))
      .min(1)
      .refine((l) => new Set(l).size === l.length, 'an OCR language is listed twice')
      .default([...DEFAULT_OCR_LANGUAGES]),
  ),
  /**
   * second-pass (default): the first OCR language alone reads every frame, and all of them read again a
   * frame where it is confident about at most half of its words. combined: every language in one pass.
   */
  VISION_OCR_STRATEGY: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.enum(OCR_STRATEGIES, { error: (issue) => `${String(issue.input)} is not an OCR strategy (second-pass, combined)` }).default('second-pass'),
  ),
  /** Directory of the non-English traineddata; unset: /usr/share/tesseract-ocr/5/tessdata, else /usr/share/tesseract-ocr/4.00/tessdata. */
  VISION_TESSDATA_DIR: optionalString(),
  /** Detector (anchor, class) pairs at or above this score become candidate boxes. */
  VISION_DETECTOR_CONF: numberOr(0.25),
  /** Detector boxes of one class overlapping a kept one by more than this IoU are dropped. */
  VISION_DETECTOR_IOU: numberOr(0.45),
  /** ONNX intra-op threads per session; unset (or below 1): the cgroup CPU limit (else the available parallelism) divided by VISION_WORKERS, at least 1. */
  VISION_THREADS: optionalNumber(),
  /** ONNX execution provider: cpu forces the CPU, cuda asks for CUDA even where no GPU device is visible; anything else: CUDA when a GPU is visible, else CPU. */
  VISION_ORT_PROVIDER: z.string().optional().transform((v): 'cpu' | 'cuda' | 'auto' => (v === 'cpu' || v === 'cuda' ? v : 'auto')),
  /**
   * onnxruntime's CPU memory arena and memory patterns (off by default): with them every session keeps
   * the largest buffers any run needed, per worker thread, which cost about 300 MB of peak RSS in
   * all-in-one and bought no speed here (bench/results/e2e-arena.json).
   */
  VISION_ORT_ARENA: onOff(false),
});

export type VisionSettings = z.infer<typeof settingsSchema>;
