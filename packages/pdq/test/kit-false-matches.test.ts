import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashImage, MihIndex } from '../src/index.ts';
import { haveKit, KIT_IMAGES, KIT_MISSING, kitImages, type KitImage } from './kit.ts';

const THRESHOLD = 31;
const MIN_QUALITY = 50;
/** Decodes in flight at once: sharp decodes off the main thread while the last picture is hashed. */
const CONCURRENCY = 3;

interface Hashed extends KitImage {
  hex: string;
  quality: number;
}

async function hashAll(images: KitImage[]): Promise<Hashed[]> {
  const hashed: Hashed[] = new Array(images.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < images.length) {
      const i = next++;
      const { hex, quality } = await hashImage(await readFile(images[i]!.file));
      hashed[i] = { ...images[i]!, hex, quality };
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return hashed;
}

if (!haveKit) console.warn(`skipping the false-match count over the kit: ${KIT_MISSING}`);

describe.skipIf(!haveKit)('false matches across the kit', () => {
  it(`finds few pairs of different pictures within ${THRESHOLD} bits, none between photographs of different sources`, async () => {
    const started = Date.now();
    const hashed = await hashAll(kitImages());
    const usable = hashed.filter((h) => h.quality >= MIN_QUALITY);
    const index = new MihIndex<number>();
    usable.forEach((h, i) => index.add(i, h.hex));
    const pairs: { a: Hashed; b: Hashed; distance: number }[] = [];
    usable.forEach((h, i) => {
      for (const match of index.search(h.hex, THRESHOLD)) if (match.id > i) pairs.push({ a: h, b: usable[match.id]!, distance: match.distance });
    });
    pairs.sort((x, y) => x.distance - y.distance);
    const name = (h: Hashed) => path.relative(KIT_IMAGES, h.file);
    const comparisons = (usable.length * (usable.length - 1)) / 2;
    console.log(
      `${hashed.length} kit pictures hashed in ${((Date.now() - started) / 1000).toFixed(1)} s; ${usable.length} of quality >= ${MIN_QUALITY}; ` +
        `${pairs.length} pairs within ${THRESHOLD} bits out of ${comparisons} (${((pairs.length / comparisons) * 1e6).toFixed(1)} per million):\n` +
        pairs.map((p) => `  ${p.distance.toString().padStart(2)}  ${name(p.a)}  ${name(p.b)}`).join('\n'),
    );
    // Within one source, pairs are variants of one picture (emoji skin tones, map styles, one product
    // shot in two colours); photographs of two different sources are different pictures.
    const isPhotograph = (h: Hashed) => h.labels.includes('photo');
    const crossSourcePhotographs = pairs.filter((p) => isPhotograph(p.a) && isPhotograph(p.b) && p.a.source !== p.b.source);
    expect(crossSourcePhotographs.map((p) => `${name(p.a)} ~ ${name(p.b)}`)).toEqual([]);
    // A rate, not a count, so that a larger kit is held to the same bar: 3.0 per million comparisons
    // on the kit of 2026-11 (55 pairs in 6,006 pictures), 19 per million allowed (100 pairs in the
    // 3,242 pictures of the kit this bound was first set on).
    expect((pairs.length / comparisons) * 1e6).toBeLessThanOrEqual(19);
  }, 240_000);
});
