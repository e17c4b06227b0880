// Crop-resilient bank matching (packages/pdq/src/crops.ts) measured on the data kit's photographs:
// - match rates of edited copies (crops, and crop + mirror + resize + JPEG) against their banked
//   originals, with the picture's hash alone (before) and with its crops' hashes too (after), on
//   photographs held out from the tuning of the crop list;
// - false matches between different photographs over the whole kit, before and after;
// - what the crops cost: CPU at bank time, bytes per entry in the store and in memory.
// Writes bench/results/pdq-crops.json and prints the figures.
//
//   nice -n 10 npx tsx bench/pdq-crops.bench.ts      # about 5 minutes on one core; needs ../shared/data
import { readCsvFile } from '@modsvc/common/csv';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BANK_CROPS, decodeForPdq, DIHEDRAL_VARIANTS, hammingDistance, hashImageDihedral, hexToHash, MihIndex, pdqCropsFromPixels, pdqDihedralFromPixels } from '../packages/pdq/src/index.ts';
import { machine } from './measure.ts';

// sharp as @modsvc/pdq has it (bench/ does not depend on it).
const sharp = createRequire(new URL('../packages/pdq/package.json', import.meta.url))('sharp') as typeof import('../packages/pdq/node_modules/sharp/lib/index.js');
type Sharp = import('../packages/pdq/node_modules/sharp/lib/index.js').Sharp;

const KIT = fileURLToPath(new URL('../../shared/data/images/', import.meta.url));
const THRESHOLD = 31;
const MIN_QUALITY = 50;
const TUNING_SEED = 'crop-variants-tune';
const TUNING_COUNT = 100;
const HELD_OUT_SEED = 'crop-bench-heldout';
const HELD_OUT = 200;
const CONCURRENCY = 3;

interface Photo {
  file: string;
  source: string;
}

/** The kit's photographs (labels.csv rows labelled photo), with their source (repository, or the kit's own folder). */
function kitPhotos(): Photo[] {
  return readCsvFile(path.join(KIT, 'labels.csv'))
    .filter(({ labels = '' }) => labels.split(';').some((l) => l === 'photo' || l === 'benign_photo'))
    .map(({ file = '', source = '' }) => ({
      file: path.join(KIT, file),
      source: path.basename(file).startsWith('real') ? (/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+/.exec(source)?.[0] ?? source) : `kit:${file.split('/')[0]}`,
    }));
}

/** Fixed-seed order, as packages/pdq/test/kit.ts ranks photographs. */
function seeded(photos: Photo[], seed: string): Photo[] {
  const rank = (p: Photo) => createHash('sha256').update(`${seed}\0${path.relative(KIT, p.file)}`).digest('hex');
  return photos
    .map((p) => ({ p, r: rank(p) }))
    .sort((a, b) => (a.r < b.r ? -1 : a.r > b.r ? 1 : 0))
    .map(({ p }) => p);
}

async function inParallel<T, R>(items: T[], fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return out;
}

const round = (x: number, digits = 1) => +x.toFixed(digits);
const share = (n: number, of: number) => `${n}/${of} (${round((100 * n) / of)}%)`;

interface Hashed extends Photo {
  quality: number;
  /** The 8 dihedral hashes (query side). */
  variants: Uint8Array[];
  /** Bank side: the picture's hash, then its crops' of quality >= 50. */
  banked: string[];
}

const loadBefore = os.loadavg()[0]!;
const started = Date.now();
const photos = kitPhotos();
let cropCpuMs = 0;
let cropsComputed = 0;
const hashed = (
  await inParallel(photos, async (p) => {
    const pixels = await decodeForPdq(readFileSync(p.file));
    const { quality, variants } = pdqDihedralFromPixels(pixels);
    if (quality < MIN_QUALITY) return null;
    const cpu = process.cpuUsage();
    const crops = pdqCropsFromPixels(pixels);
    const used = process.cpuUsage(cpu);
    cropCpuMs += (used.user + used.system) / 1000;
    cropsComputed++;
    return { ...p, quality, variants: DIHEDRAL_VARIANTS.map((v) => variants[v].hash), banked: [variants.original.hex, ...crops.filter((c) => c.quality >= MIN_QUALITY).map((c) => c.hex)] } satisfies Hashed;
  })
).filter((h): h is Hashed => h !== null);
const hashSeconds = (Date.now() - started) / 1000;

/** Pairs of different photographs where one's dihedral hashes come within the threshold of the other's banked hashes. */
function falseMatches(bankedHashes: (h: Hashed) => string[]) {
  const index = new MihIndex<number>();
  hashed.forEach((h, i) => index.add(i, bankedHashes(h)));
  index.prepare(THRESHOLD);
  const pairs = new Map<string, { a: Hashed; b: Hashed; distance: number }>();
  hashed.forEach((q, qi) => {
    for (const v of q.variants) {
      for (const m of index.search(v, THRESHOLD)) {
        if (m.id === qi) continue;
        const [x, y] = m.id < qi ? [m.id, qi] : [qi, m.id];
        const key = `${x}:${y}`;
        const seen = pairs.get(key);
        if (!seen || m.distance < seen.distance) pairs.set(key, { a: hashed[x]!, b: hashed[y]!, distance: m.distance });
      }
    }
  });
  const all = [...pairs.values()].sort((p, q) => p.distance - q.distance);
  const name = (h: Hashed) => path.relative(KIT, h.file);
  const cross = all.filter((p) => p.a.source !== p.b.source);
  return {
    pairsWithin31: all.length,
    betweenSources: cross.length,
    withinOneSource: all.length - cross.length,
    pairs: all.slice(0, 40).map((p) => `${p.distance} ${name(p.a)} ~ ${name(p.b)}${p.a.source === p.b.source ? ' (same source)' : ''}`),
  };
}

const before = falseMatches((h) => [h.banked[0]!]);
const after = falseMatches((h) => h.banked);

// Edited copies of held-out photographs (not among those the crop list was tuned on).
const crop = (l: number, t: number, r: number, b: number) => (p: Sharp, w: number, h: number) => {
  const left = Math.round(w * l);
  const top = Math.round(h * t);
  return p.extract({ left, top, width: w - left - Math.round(w * r), height: h - top - Math.round(h * b) });
};
const centred = (f: number) => crop(f, f, f, f);
const EDITS: { name: string; apply: (p: Sharp, w: number, h: number) => Sharp }[] = [
  { name: 'centred crop 2.5% a side', apply: (p, w, h) => centred(0.025)(p, w, h).jpeg({ quality: 90 }) },
  { name: 'centred crop 4% a side', apply: (p, w, h) => centred(0.04)(p, w, h).jpeg({ quality: 90 }) },
  { name: 'centred crop 5% a side', apply: (p, w, h) => centred(0.05)(p, w, h).jpeg({ quality: 90 }) },
  { name: 'centred crop 8.5% a side', apply: (p, w, h) => centred(0.085)(p, w, h).jpeg({ quality: 90 }) },
  { name: 'centred crop 10% a side', apply: (p, w, h) => centred(0.1)(p, w, h).jpeg({ quality: 90 }) },
  { name: '3% crop + mirror + 0.6 resize + JPEG 60', apply: (p, w, h) => centred(0.03)(p, w, h).flop().resize(Math.round(w * 0.94 * 0.6)).jpeg({ quality: 60 }) },
  { name: '5% crop + mirror + 0.6 resize + JPEG 60', apply: (p, w, h) => centred(0.05)(p, w, h).flop().resize(Math.round(w * 0.9 * 0.6)).jpeg({ quality: 60 }) },
  { name: 'top 10% cut off', apply: (p, w, h) => crop(0, 0.1, 0, 0)(p, w, h).jpeg({ quality: 90 }) },
  { name: 'corner: 8% cut off right and bottom', apply: (p, w, h) => crop(0, 0, 0.08, 0.08)(p, w, h).jpeg({ quality: 90 }) },
  { name: 'no crop: 1/2 resize + JPEG 60', apply: (p, w) => p.resize(Math.round(w / 2)).jpeg({ quality: 60 }) },
];
const tuning = new Set(seeded(photos, TUNING_SEED).slice(0, TUNING_COUNT).map((p) => p.file));
const byFile = new Map(hashed.map((h) => [h.file, h]));
const heldOut = seeded(photos, HELD_OUT_SEED)
  .filter((p) => !tuning.has(p.file) && byFile.has(p.file))
  .slice(0, HELD_OUT)
  .map((p) => byFile.get(p.file)!);
const nearest = (query: Uint8Array[], banked: string[]) => Math.min(...banked.flatMap((b) => query.map((q) => hammingDistance(q, hexToHash(b)))));
const rows = await inParallel(heldOut, async (h) => {
  const bytes = readFileSync(h.file);
  const { width, height } = await sharp(bytes).autoOrient().metadata();
  return Promise.all(
    EDITS.map(async (e) => {
      const copy = await hashImageDihedral(await e.apply(sharp(bytes).autoOrient(), width!, height!).toBuffer());
      const q = DIHEDRAL_VARIANTS.map((v) => copy.variants[v].hash);
      return { before: nearest(q, [h.banked[0]!]), after: nearest(q, h.banked) };
    }),
  );
});
const matchRates = Object.fromEntries(
  EDITS.map((e, i) => [
    e.name,
    {
      before: share(rows.filter((r) => r[i]!.before <= THRESHOLD).length, rows.length),
      after: share(rows.filter((r) => r[i]!.after <= THRESHOLD).length, rows.length),
      medianBitsAfter: rows.map((r) => r[i]!.after).sort((a, b) => a - b)[rows.length >> 1],
    },
  ]),
);

// Storage: a stored record as JSON (what the embedded, NATS KV and MongoDB stores keep, roughly), and memory per hash.
const sample = hashed[0]!;
const record = { id: 'cnt_AAAAAAAAAAAAAAAAAAAAAAAA', bankId: 'bank_AAAAAAAAAAAAAAAAAAAAAAAA', tenantId: 'acme', pdq: sample.banked[0], quality: sample.quality, note: null, createdAt: new Date() };
const plainBytes = Buffer.byteLength(JSON.stringify(record));
const withCropsBytes = Buffer.byteLength(JSON.stringify({ ...record, crops: sample.banked.slice(1) }));
const meanCrops = hashed.reduce((n, h) => n + h.banked.length - 1, 0) / hashed.length;

const result = {
  ...machine(loadBefore),
  note:
    `Kit photographs (labels.csv: photo), each decoded once (shrunk to fit 512), hashed with its 8 dihedral hashes and, when of quality >= ${MIN_QUALITY}, the ${BANK_CROPS.length} crops of BANK_CROPS (${BANK_CROPS.map((c) => c.name).join(', ')}) of quality >= ${MIN_QUALITY}. ` +
    `A copy matches when one of its 8 dihedral hashes is within ${THRESHOLD} bits of a banked hash (the picture's alone: before; with its crops: after). Edited copies are made from the original file with sharp (JPEG q90 unless said) and hashed as uploads are; ` +
    `the ${HELD_OUT} held-out photographs (seed ${HELD_OUT_SEED}) exclude the ${TUNING_COUNT} the crop list was tuned on (seed ${TUNING_SEED}). False matches: every photograph banked, every photograph queried, pairs of different files.`,
  photographs: { listed: photos.length, hashable: hashed.length, hashedInSeconds: round(hashSeconds) },
  matchRates,
  falseMatchesOverTheKit: { before, after },
  cost: {
    cropHashingCpuMsPerPicture: round(cropCpuMs / cropsComputed),
    cropsKeptPerPicture: round(meanCrops, 2),
    storedRecordBytes: { pictureWithoutCrops: plainBytes, pictureWithCrops: withCropsBytes },
    memoryBytesPerPicture: { note: 'about 157 bytes a hash in a MihIndex of 1M (bench/results/bank-index.json)', withoutCrops: 157, withCrops: Math.round(157 * (1 + meanCrops)) },
  },
};
const dir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, 'pdq-crops.json'), `${JSON.stringify(result, null, 1)}\n`);
process.stdout.write(`${JSON.stringify(result, null, 1)}\n`);
