import { readCsvFile } from '@modsvc/common/csv';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

// The development data kit lives next to the repository, at ../shared/data.
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const KIT_IMAGES = path.resolve(REPO_ROOT, '../shared/data/images');
const LABELS = path.join(KIT_IMAGES, 'labels.csv');

export const haveKit = existsSync(LABELS);
export const KIT_MISSING = `no data kit at ${KIT_IMAGES}: put the development data kit at ../shared/data next to the repository (images/labels.csv and the images it lists) to run this test`;

export interface KitImage {
  file: string;
  labels: string[];
  /** The source repository (`owner/name`) of a real file (`real*`), `kit:<folder>` for the kit's own renders. */
  source: string;
}

function sourceOf(file: string, sourceColumn: string): string {
  if (!path.basename(file).startsWith('real')) return `kit:${file.split('/')[0]}`;
  return /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+/.exec(sourceColumn)?.[0] ?? sourceColumn;
}

/** The images labels.csv lists, in its order (the file column is a plain relative path). */
export function kitImages(): KitImage[] {
  return readCsvFile(LABELS).map(({ file = '', labels = '', source = '' }) => ({
    file: path.join(KIT_IMAGES, file),
    labels: labels.split(';'),
    source: sourceOf(file, source),
  }));
}

const isPhotograph = (image: KitImage) => image.labels.some((label) => label === 'photo' || label === 'benign_photo');

/**
 * The kit's photographs in a fixed-seed order: each file's place comes from a hash of the seed and
 * its own path, so a file keeps its rank whatever else the kit holds, and a grown kit only mixes
 * new files in (unlike "every n-th row", which picks other photographs whenever rows are added).
 */
export function kitPhotosSeeded(seed: string): KitImage[] {
  const rank = (image: KitImage) => createHash('sha256').update(`${seed}\0${path.relative(KIT_IMAGES, image.file)}`).digest('hex');
  return kitImages()
    .filter(isPhotograph)
    .map((image) => ({ image, rank: rank(image) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
    .map(({ image }) => image);
}

/** Which side of PDQ's geometry a photograph falls on (see SIZE_BANDS). */
export interface SizeBand {
  name: string;
  /** Shorter side (after EXIF orientation), inclusive lower and exclusive upper bound, in pixels. */
  minShortSide: number;
  maxShortSide: number;
}

/**
 * PDQ's box windows are ceil(side / 128) pixels wide, and an even window is lopsided by a pixel:
 * under 256 px a side gets windows of 1-2 pixels for its 64 samples, so a rotation or mirror moves
 * the grid by up to half a sample, while from 256 px on it moves it by a quarter or less. Kit
 * photographs of the two bands behave differently under edits, so checks sample and bound each
 * band on its own, and a kit that grows in one band does not move the other band's figures.
 */
export const SIZE_BANDS = {
  large: { name: 'shorter side >= 256 px', minShortSide: 256, maxShortSide: Infinity },
  small: { name: 'shorter side < 256 px', minShortSide: 0, maxShortSide: 256 },
} satisfies Record<string, SizeBand>;

/**
 * `count` photographs of the band, the first in the seeded order (`kitPhotosSeeded`); fewer when
 * the kit has fewer. Reads only the headers of the photographs it walks past.
 */
export async function sampleKitPhotos(options: { seed: string; count: number; band?: SizeBand }): Promise<KitImage[]> {
  const picked: KitImage[] = [];
  for (const image of kitPhotosSeeded(options.seed)) {
    if (picked.length >= options.count) break;
    if (options.band) {
      const { width, height, orientation } = await sharp(image.file).metadata();
      const turned = (orientation ?? 1) >= 5;
      const shortSide = Math.min(turned ? height! : width!, turned ? width! : height!);
      if (shortSide < options.band.minShortSide || shortSide >= options.band.maxShortSide) continue;
    }
    picked.push(image);
  }
  return picked;
}
