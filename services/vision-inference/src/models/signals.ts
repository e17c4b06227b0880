// Per-frame raw signals: named numbers derived from each model's outputs. Calibrators (fitted by
// train/calibrate.ts) turn a weighted sum of signals into a probability per spec class.
import type { HumanObject, HumanOutput, Box } from './human.ts';
import type { NsfwOutput } from './nsfw.ts';
import type { OcrOutput } from './ocr.ts';

export type Signals = Record<string, number>;

/** Age below which a face counts as a child's. */
export const CHILD_AGE = 13;

export function nsfwSignals(o: NsfwOutput): Signals {
  const p = o.probs;
  return {
    'nsfw.adult': p.Porn + p.Hentai,
    'nsfw.suggestive': p.Sexy + p.Porn + p.Hentai,
    'nsfw.drawing': p.Drawing,
    'nsfw.neutral': p.Neutral,
  };
}

/** P(female) of a face from human's gender label and its confidence. */
export function femaleProbability(gender: string, genderScore: number): number {
  const s = Math.min(1, Math.max(0, genderScore));
  if (gender === 'female') return s;
  if (gender === 'male') return 1 - s;
  return 0.5;
}

export interface FaceSignals {
  signals: Signals;
  /** Box of the face that gave each face signal (for evidence). */
  boxes: Record<string, Box>;
}

export function faceSignals(o: HumanOutput): FaceSignals {
  const signals: Signals = { 'face.any': 0, 'face.female': 0, 'face.male': 0, 'face.child': 0 };
  const boxes: Record<string, Box> = {};
  for (const f of o.faces) {
    const pf = femaleProbability(f.gender, f.genderScore);
    const child = childness(f.age);
    const cand: Signals = { 'face.any': f.score, 'face.female': f.score * pf, 'face.male': f.score * (1 - pf), 'face.child': f.score * child };
    for (const [k, v] of Object.entries(cand)) {
      if (v > (signals[k] as number)) {
        signals[k] = v;
        boxes[k] = f.box;
      }
    }
  }
  signals['face.count'] = o.faces.length;
  return { signals, boxes };
}

/** The `n` most confident faces, most confident first. */
export function strongestFaces<F extends { score: number }>(faces: F[], n: number): F[] {
  return [...faces].sort((a, b) => b.score - a.score).slice(0, n);
}

/** Degree to which an estimated age is a child's: 1/(1 + e^((age - 13) / 2)). */
export function childness(age: number): number {
  return Number.isFinite(age) ? 1 / (1 + Math.exp((age - CHILD_AGE) / 2)) : 0;
}

/**
 * Signals from a dedicated age/gender model run on the face crops: `preds[i]` belongs to `faces[i]`.
 * 0 when there is no face (the model ran and found nothing to judge).
 */
export function faceGenderSignals(faces: { score: number; box: Box }[], preds: ({ pFemale: number; age: number } | null | undefined)[]): FaceSignals {
  const signals: Signals = { 'gender.female': 0, 'gender.male': 0, 'age.child': 0 };
  const boxes: Record<string, Box> = {};
  faces.forEach((f, i) => {
    const p = preds[i];
    if (!p || !Number.isFinite(p.pFemale)) return;
    const cand: Signals = { 'gender.female': f.score * p.pFemale, 'gender.male': f.score * (1 - p.pFemale), 'age.child': f.score * childness(p.age) };
    for (const [k, v] of Object.entries(cand)) {
      if (v > (signals[k] as number)) {
        signals[k] = v;
        boxes[k] = f.box;
      }
    }
  });
  return { signals, boxes };
}

/**
 * COCO labels (as human names them) whose detections become signals: `obj.<label with _ for spaces>`.
 * bottle / wine glass / cup feed alcohol; knife and teddy bear are measured (metrics.json baselines)
 * but too weak to publish.
 */
export const OBJECT_LABELS = ['bottle', 'wine glass', 'cup', 'knife', 'teddy bear'] as const;

/** Highest detection score per label of interest (0 when none), with that detection's box. */
export function objectSignals(objects: HumanObject[]): FaceSignals {
  const signals: Signals = {};
  const boxes: Record<string, Box> = {};
  for (const label of OBJECT_LABELS) signals[`obj.${label.replace(/ /g, '_')}`] = 0;
  for (const o of objects) {
    const k = `obj.${o.label.replace(/ /g, '_')}`;
    if (k in signals && o.score > (signals[k] as number)) {
      signals[k] = o.score;
      boxes[k] = o.box;
    }
  }
  return { signals, boxes };
}

export function ocrSignals(o: Pick<OcrOutput, 'features'>): Signals {
  return {
    'ocr.words': Math.log1p(o.features.wordCount),
    'ocr.area': o.features.textArea,
    'ocr.conf': o.features.meanConfidence / 100,
  };
}
