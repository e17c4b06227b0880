// PDQ hashing and hash-bank lookups on one core, written to bench/results/pdq.json.
// Run with `npx tsx bench/pdq.bench.ts` (about a minute; needs the data kit at ../shared/data).
import { readCsvFile } from '@modsvc/common/csv';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeForPdq, MihIndex, pdqDihedralFromPixels, pdqFromPixels, type PixelBuffer } from '../packages/pdq/src/index.ts';
import { machine, memory, percentile, round, seededRandom } from './measure.ts';


const KIT = fileURLToPath(new URL('../../shared/data/images/', import.meta.url));
const PHOTO_STEP = 10;
const FRAMES = 20;
const QUERIES = 2000;
const RADIUS = 31;

interface Timing {
  wallMs: number;
  cpuMs: number;
}

function timedSync<T>(fn: () => T): { value: T } & Timing {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = fn();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { value, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

async function timed<T>(fn: () => T | Promise<T>): Promise<{ value: T } & Timing> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = await fn();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { value, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function summary(timings: Timing[]): { n: number; meanWallMs: number; meanCpuMs: number; p50WallMs: number; p99WallMs: number } {
  const walls = timings.map((t) => t.wallMs).sort((a, b) => a - b);
  return { n: timings.length, meanWallMs: round(mean(walls)), meanCpuMs: round(mean(timings.map((t) => t.cpuMs))), p50WallMs: round(percentile(walls, 50)), p99WallMs: round(percentile(walls, 99)) };
}

function kitFiles(): string[] {
  return readCsvFile(join(KIT, 'labels.csv')).map((r) => join(KIT, r.file ?? ''));
}

/** A 1280x720 frame of a photograph's content (nearest-neighbour scaling; only its size matters here). */
function frameFrom(photo: PixelBuffer, width = 1280, height = 720): PixelBuffer {
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const sy = Math.floor((y * photo.height) / height);
    for (let x = 0; x < width; x++) {
      const from = (sy * photo.width + Math.floor((x * photo.width) / width)) * 3;
      pixels.set(photo.pixels.subarray(from, from + 3), (y * width + x) * 3);
    }
  }
  return { pixels, width, height, channels: 3 };
}

async function benchPhotos(files: string[]) {
  const decode: Timing[] = [];
  const hash: Timing[] = [];
  const dihedral: Timing[] = [];
  const decoded: PixelBuffer[] = [];
  for (const file of files) {
    const bytes = readFileSync(file);
    const d = await timed(() => decodeForPdq(bytes));
    decode.push(d);
    decoded.push(d.value);
  }
  for (const picture of decoded.slice(0, 30)) pdqDihedralFromPixels(picture);
  for (const picture of decoded) {
    hash.push(await timed(() => pdqFromPixels(picture)));
    dihedral.push(await timed(() => pdqDihedralFromPixels(picture)));
  }
  return { decoded, decode: summary(decode), hash: summary(hash), hashWithDihedral: summary(dihedral), meanPixels: Math.round(mean(decoded.map((p) => p.width * p.height))) };
}

async function benchFrames(photos: PixelBuffer[]) {
  const frames = photos.slice(0, FRAMES).map((p) => frameFrom(p));
  for (const frame of frames.slice(0, 5)) pdqFromPixels(frame);
  const fullSize: Timing[] = [];
  const shrink: Timing[] = [];
  const shrunkHash: Timing[] = [];
  for (const frame of frames) {
    fullSize.push(await timed(() => pdqFromPixels(frame)));
    const s = await timed(() => decodeForPdq(frame));
    shrink.push(s);
    shrunkHash.push(await timed(() => pdqFromPixels(s.value)));
  }
  return {
    hashAtFullSize: summary(fullSize),
    shrinkTo512WithSharp: summary(shrink),
    hashAfterShrink: summary(shrunkHash),
  };
}

function randomHash(random: () => number): Uint8Array {
  return Uint8Array.from({ length: 32 }, () => Math.floor(random() * 256));
}



async function benchBank(size: number) {
  const random = seededRandom(size);
  const hashes = Array.from({ length: size }, () => randomHash(random));
  const before = await memory();
  const build = timedSync(() => {
    const index = new MihIndex<number>();
    hashes.forEach((hash, id) => index.add(id, hash));
    index.compact();
    return index;
  });
  const index = build.value;
  const after = await memory();

  const queries = Array.from({ length: QUERIES }, (_, q) => {
    if (q % 2 === 1) return { hash: randomHash(random), expect: undefined };
    const id = Math.floor(random() * size);
    const near = Uint8Array.from(hashes[id]!);
    const flips = 1 + Math.floor(random() * RADIUS);
    for (let f = 0; f < flips; f++) near[Math.floor(random() * 32)]! ^= 1 << Math.floor(random() * 8);
    return { hash: near, expect: id };
  });
  for (const q of queries.slice(0, 50)) index.search(q.hash, RADIUS);
  const lookups: Timing[] = [];
  let found = 0;
  for (const q of queries) {
    const t = timedSync(() => index.search(q.hash, RADIUS));
    lookups.push(t);
    if (q.expect !== undefined && t.value.some((m) => m.id === q.expect)) found++;
  }
  const linear: Timing[] = [];
  for (const q of queries.slice(0, 20)) linear.push(timedSync(() => index.searchLinear(q.hash, RADIUS)));
  const walls = lookups.map((t) => t.wallMs).sort((a, b) => a - b);
  const cpus = lookups.map((t) => t.cpuMs).sort((a, b) => a - b);
  return {
    hashes: size,
    buildMs: round(build.wallMs, 1),
    memoryMiB: round((after - before) / 2 ** 20, 1),
    memoryBytesPerHash: Math.round((after - before) / size),
    radius: RADIUS,
    queries: QUERIES,
    lookupP50Ms: round(percentile(walls, 50)),
    lookupP99Ms: round(percentile(walls, 99)),
    lookupMaxMs: round(walls.at(-1)!),
    lookupCpuP50Ms: round(percentile(cpus, 50)),
    lookupCpuP99Ms: round(percentile(cpus, 99)),
    nearDuplicatesFound: `${found}/${QUERIES / 2}`,
    linearScanP50Ms: round(percentile(linear.map((t) => t.wallMs).sort((a, b) => a - b), 50), 2),
  };
}

const loadBefore = os.loadavg()[0]!;
// Banks first, so that the memory measured around them is not blurred by the pictures'.
const banks = [await benchBank(10_000), await benchBank(1_000_000)];
const files = kitFiles().filter((_, i) => i % PHOTO_STEP === 0);
const { decoded, ...photoResults } = await benchPhotos(files);
const frames = await benchFrames(decoded);

const result = {
  ...machine(loadBefore),
  note:
    'One thread. Times are wall (performance.now) and CPU (process.cpuUsage: all of the process’s threads, so libvips workers during decodes and V8’s background GC too). ' +
    'Kit photos: every 10th image of ../shared/data/images, decoded by decodeForPdq (EXIF turn, alpha on white, shrink to fit 512). ' +
    '720p frames: 1280x720 RGB buffers made from kit photos, hashed at full size (as the reference hashes video frames) or shrunk to 512 by sharp first (what hashImage does with a raw frame). ' +
    'Banks: random hashes in a MihIndex (build = add all + compact), memory = heap + external after - before; queries at radius 31, half random, half a banked hash with 1-31 random flips; lookup CPU percentiles leave out time the process waited for a core. ' +
    'The machine (2 cores) is shared with other work: the load average says how busy it was; a negative niceness kept that work from pre-empting the measurements as much.',
  kitPhotos: { ...photoResults, dihedralExtraCpuMs: round(photoResults.hashWithDihedral.meanCpuMs - photoResults.hash.meanCpuMs) },
  frames720p: frames,
  banks,
};
const dir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'pdq.json'), `${JSON.stringify(result, null, 1)}\n`);
process.stdout.write(`${JSON.stringify(result, null, 1)}\n`);
