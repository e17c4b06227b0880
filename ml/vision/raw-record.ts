// One line of collect.ts' output (.cache/raw.jsonl): every lite-set model's raw output on one kit image.
import type { AgeGender } from '../../services/vision-inference/src/models/face-gender.ts';
import type { HumanFace, HumanObject } from '../../services/vision-inference/src/models/human.ts';
import type { NsfwLabel } from '../../services/vision-inference/src/models/nsfw.ts';

export interface RawRecord {
  file: string;
  labels: string[];
  nsfw: Record<NsfwLabel, number>;
  /** nsfwjs' pooled 1280 features, float32 little-endian, base64. */
  features: string;
  /** faceApi: face-api age and P(female) of the strongest faces (null for the others). */
  faces: (HumanFace & { faceApi?: AgeGender | null })[];
  objects?: HumanObject[];
  /** CenterNet's input side when `objects` were found (absent in caches written at 512, before it was recorded). */
  objectSide?: number;
  ocr: { text: string; wordCount: number; textArea: number; meanConfidence: number };
  /** Milliseconds each model took on the image. */
  ms: Record<string, number>;
}
