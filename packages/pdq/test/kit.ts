import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The development data kit lives next to the repository, at ../shared/data.
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const KIT_IMAGES = path.resolve(REPO_ROOT, '../shared/data/images');
const LABELS = path.join(KIT_IMAGES, 'labels.csv');

export const haveKit = existsSync(LABELS);
export const KIT_MISSING = `no data kit at ${KIT_IMAGES}: put the development data kit at ../shared/data next to the repository (images/labels.csv and the images it lists) to run this test`;

export interface KitImage {
  file: string;
  labels: string[];
}

/** The images labels.csv lists, in its order (the file column is a plain relative path). */
export function kitImages(): KitImage[] {
  return readFileSync(LABELS, 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [file, labels] = line.split(',');
      return { file: path.join(KIT_IMAGES, file!), labels: (labels ?? '').split(';') };
    });
}

/** Every `step`-th photograph of the kit (labels 'photo' or 'benign_photo'), for the per-image checks. */
export function kitPhotos(step: number): KitImage[] {
  return kitImages()
    .filter((image) => image.labels.some((label) => label === 'photo' || label === 'benign_photo'))
    .filter((_, i) => i % step === 0);
}
