import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hammingDistance, hashImage, hashImageDihedral, type DihedralVariant } from '../src/index.ts';
import { haveKit, KIT_MISSING, kitPhotos } from './kit.ts';

const THRESHOLD = 31;

interface Edit {
  name: string;
  /** The edited copy, saved as a file again. */
  apply: (picture: sharp.Sharp, width: number, height: number) => sharp.Sharp;
  /** The variant of the original's hashes the copy should be near. */
  compareWith: DihedralVariant;
  /** Share of photographs whose copy must be within the threshold. */
  minShareWithin: number;
  maxMedian: number;
}

const cropSides = (fraction: number) => (picture: sharp.Sharp, width: number, height: number) => {
  const left = Math.round(width * fraction);
  const top = Math.round(height * fraction);
  return picture.extract({ left, top, width: width - 2 * left, height: height - 2 * top });
};

// Measured on the kit (every 12th photograph, 186 of them) before these bounds were set; PDQ
// is not made to survive crops: 2.5% off each side leaves 5% of copies within 31 bits.
const EDITS: Edit[] = [
  { name: 'JPEG quality 50', apply: (p) => p.jpeg({ quality: 50 }), compareWith: 'original', minShareWithin: 1, maxMedian: 6 },
  { name: 'resized to 3/4', apply: (p, w) => p.resize(Math.round(w * 0.75)), compareWith: 'original', minShareWithin: 0.95, maxMedian: 16 },
  { name: 'resized to 1/2', apply: (p, w) => p.resize(Math.round(w / 2)), compareWith: 'original', minShareWithin: 0.9, maxMedian: 18 },
  { name: 'enlarged to 2x', apply: (p, w) => p.resize(w * 2), compareWith: 'original', minShareWithin: 0.95, maxMedian: 8 },
  { name: 'cropped by 0.5% a side', apply: cropSides(0.005), compareWith: 'original', minShareWithin: 0.95, maxMedian: 16 },
  { name: 'cropped to 95% of its area', apply: cropSides(0.0127), compareWith: 'original', minShareWithin: 0.6, maxMedian: 31 },
  { name: 'cropped by 2.5% a side (5%)', apply: cropSides(0.025), compareWith: 'original', minShareWithin: 0, maxMedian: 96 },
  { name: 'rotated 90° clockwise', apply: (p) => p.rotate(90), compareWith: 'rotate270', minShareWithin: 0.95, maxMedian: 20 },
  { name: 'rotated 180°', apply: (p) => p.rotate(180), compareWith: 'rotate180', minShareWithin: 0.95, maxMedian: 24 },
  { name: 'rotated 90° counter-clockwise', apply: (p) => p.rotate(270), compareWith: 'rotate90', minShareWithin: 0.95, maxMedian: 20 },
  { name: 'mirrored left-right', apply: (p) => p.flop(), compareWith: 'flipY', minShareWithin: 0.95, maxMedian: 20 },
  { name: 'mirrored top-bottom', apply: (p) => p.flip(), compareWith: 'flipX', minShareWithin: 0.95, maxMedian: 20 },
];

if (!haveKit) console.warn(`skipping robustness on kit photographs: ${KIT_MISSING}`);

describe.skipIf(!haveKit)('robustness on kit photographs', () => {
  it('keeps edited copies near the original: the share within 31 bits and the median, per edit', async () => {
    const distances = new Map<string, number[]>(EDITS.map((edit) => [edit.name, []]));
    for (const photo of kitPhotos(50)) {
      const bytes = readFileSync(photo.file);
      const original = await hashImageDihedral(bytes);
      if (original.quality < 50) continue;
      const { width, height } = await sharp(bytes).autoOrient().metadata();
      for (const edit of EDITS) {
        const edited = edit.apply(sharp(bytes).autoOrient(), width!, height!);
        const copy = await hashImage(edit.name.startsWith('JPEG') ? await edited.toBuffer() : await edited.jpeg({ quality: 90 }).toBuffer());
        distances.get(edit.name)!.push(hammingDistance(copy.hash, original.variants[edit.compareWith].hash));
      }
    }
    const lines: string[] = [];
    for (const edit of EDITS) {
      const values = distances.get(edit.name)!.sort((a, b) => a - b);
      const within = values.filter((d) => d <= THRESHOLD).length;
      const median = values[values.length >> 1]!;
      lines.push(`  ${edit.name.padEnd(30)} within ${THRESHOLD}: ${within}/${values.length}, median ${median}, max ${values.at(-1)}`);
      expect(within, edit.name).toBeGreaterThanOrEqual(edit.minShareWithin * values.length);
      expect(median, edit.name).toBeLessThanOrEqual(edit.maxMedian);
    }
    console.log(`bits from the original (JPEG q90 copies, rotations and mirrors through the dihedral hashes):\n${lines.join('\n')}`);
    expect(distances.get('JPEG quality 50')!.length).toBeGreaterThan(30);
  }, 180_000);
});
