// Face-gender labels for calibrating face_f / face_m, annotated by hand on the kit's images:
//  - annotations/face-crops.csv: every face human's BlazeFace found at score >= 0.3 in
//    ../shared/data/images (688 crops), labelled F (female), M (male), N (not a human face: drawings,
//    emoji, objects, Lego figures) or U (a face whose gender cannot be told: babies, masks, backs of heads).
//  - annotations/face-review.csv: the photographs (real*, photo, child folders) without such a
//    detection, each looked at whole; faces the detector missed are listed (F/M), else `none`.
// Images in neither file (clip-art, maps, flags, emoji, renders with no detection) count as having
// no human face.
import { readCsvFile } from '@modsvc/common/csv';
import path from 'node:path';

export type FaceLabel = 'F' | 'M' | 'N' | 'U';
/** 1 / 0, or null where an unclear face (U) makes the image's label unknown. */
export interface ImageFaceLabels {
  face_f: 0 | 1 | null;
  face_m: 0 | 1 | null;
}

const here = path.dirname(new URL(import.meta.url).pathname);

export function loadFaceLabels(dir = path.join(here, 'annotations')): Map<string, ImageFaceLabels> {
  const seen = new Map<string, Set<FaceLabel>>();
  const add = (file: string, l: FaceLabel) => {
    const s = seen.get(file) ?? new Set<FaceLabel>();
    s.add(l);
    seen.set(file, s);
  };
  for (const r of readCsvFile(path.join(dir, 'face-crops.csv'))) add(r.file!, r.label as FaceLabel);
  for (const r of readCsvFile(path.join(dir, 'face-review.csv'))) add(r.file!, r.faces_missed_by_detector === 'none' ? 'N' : (r.faces_missed_by_detector as FaceLabel));
  const out = new Map<string, ImageFaceLabels>();
  for (const [file, s] of seen) {
    const label = (g: 'F' | 'M') => (s.has(g) ? 1 : s.has('U') ? null : 0);
    out.set(file, { face_f: label('F'), face_m: label('M') });
  }
  return out;
}

/** An image's label; images never annotated have no human face. */
export function faceLabelOf(labels: Map<string, ImageFaceLabels>, file: string): ImageFaceLabels {
  return labels.get(file) ?? { face_f: 0, face_m: 0 };
}
