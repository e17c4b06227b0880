import { describe, expect, it } from 'vitest';
import {
  formatBankVpdqCsv,
  formatHmaVpdqSignal,
  formatVpdq,
  hashToHex,
  isVpdqMatch,
  looksLikeVpdqFile,
  parseBankCsv,
  parseVpdq,
  pdqFromPixels,
  vpdqComparableFrames,
  vpdqMatch,
  type VpdqFeature,
} from '../src/index.ts';
import { seededRandom, syntheticImage } from './synthetic-images.ts';

// The first lines of a reference sample (facebook/ThreatExchange vpdq/sample-hashes/chair-19-sd-bar.txt):
// frame_number,quality,pdq_hex,timestamp, the older files printing times with up to 4 digits.
const REFERENCE_LINES = [
  '0,100,e271017837246aaccddea259648fb7d62f435c89d9e99b2497763e216c8d055c,0',
  '1,100,c0f11178372c6aaccddea259648fbfd62f434c89c9e99b249772be216c8d055c,0.0319',
  '2,100,c0f10b78372c6aacc5dea25b748fb7d22f434c89c9a9db249772b6216c8d855c,0.0638',
  '32,100,5d87d6dfb2432d685e5c32bc242de996ea5edcc701a301e9cba9fd12f80b0154,1.02',
].join('\n');

const random = seededRandom(7);
const randomHex = () => hashToHex(Uint8Array.from({ length: 32 }, () => Math.floor(random() * 256)));

/** The hash with its first `bits` bits flipped. */
function flip(hex: string, bits: number): string {
  const bytes = Uint8Array.from(Buffer.from(hex, 'hex'));
  for (let i = 0; i < bits; i++) bytes[i >> 3]! ^= 1 << (i & 7);
  return hashToHex(bytes);
}

const feature = (frameNumber: number, pdq: string, quality = 100, timestamp = frameNumber): VpdqFeature => ({ frameNumber, quality, pdq, timestamp });

/** A "video": the PDQ of generated pictures, one a second (each frame its own picture, as scene cuts). */
function video(seeds: number[]): VpdqFeature[] {
  return seeds.map((seed, i) => {
    const { hex, quality } = pdqFromPixels(syntheticImage({ width: 320, height: 180, channels: 3, seed, shapes: 12, noise: 8 }));
    return feature(i, hex, quality, i);
  });
}

describe('vPDQ files and signals', () => {
  it('reads the reference tools\' file and writes it back with 3-decimal times', () => {
    const { features, errors, format } = parseVpdq(REFERENCE_LINES);
    expect(errors).toEqual([]);
    expect(format).toBe('vpdq-file');
    expect(features.map((f) => [f.frameNumber, f.quality, f.timestamp])).toEqual([
      [0, 100, 0],
      [1, 100, 0.0319],
      [2, 100, 0.0638],
      [32, 100, 1.02],
    ]);
    const written = formatVpdq(features);
    expect(written.split('\n')[1]).toBe('1,100,c0f11178372c6aaccddea259648fbfd62f434c89c9e99b249772be216c8d055c,0.032');
    expect(looksLikeVpdqFile(written)).toBe(true);
    expect(parseVpdq(written).features.map((f) => f.pdq)).toEqual(features.map((f) => f.pdq));
  });

  it('reads and writes HMA\'s signal string (a JSON list of "pdq,quality,timestamp"), and its older keyed form', () => {
    const features = [feature(0, randomHex(), 100, 0), feature(1, randomHex(), 42, 1.5)];
    const signal = formatHmaVpdqSignal(features);
    expect(JSON.parse(signal)).toEqual([`${features[0]!.pdq},100,0.000`, `${features[1]!.pdq},42,1.500`]);
    expect(parseVpdq(signal)).toEqual({ features, errors: [], format: 'hma-json' });
    const old = JSON.stringify({ 1: { quality: 42, hash: features[1]!.pdq, timestamp: 1.5 }, 0: { quality: 100, hash: features[0]!.pdq, timestamp: 0 } });
    expect(parseVpdq(old).features).toEqual(features);
  });

  it('reports bad lines with their numbers and keeps the good ones; a header line is tolerated', () => {
    const h = randomHex();
    const text = ['frame_number,quality,pdq_hex,timestamp', `0,100,${h},0.000`, `1,101,${h},1.000`, `2,90,${h.slice(2)},2.000`, `3,90,${h}`, `x,90,${h},4`, `5,90,${h},-1`, '', `6,80,${h},6.000`].join('\r\n');
    const { features, errors } = parseVpdq(text);
    expect(features.map((f) => f.frameNumber)).toEqual([0, 6]);
    expect(errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7]);
    expect(errors[0]!.message).toMatch(/quality/);
    expect(errors[2]!.message).toMatch(/4 fields/);
    expect(parseVpdq('[1, "x"]').errors).toHaveLength(2);
    expect(parseVpdq('[').errors[0]!.message).toMatch(/JSON/);
    expect(looksLikeVpdqFile(`${h}\n`)).toBe(false);
  });

  it('carries videos in bank CSV files as vpdq rows beside pdq rows, and reads them back', () => {
    const a = video([1, 2, 3]);
    const csv = formatBankVpdqCsv([{ features: a, contentId: 'cnt_v', note: 'clip, "one"' }]);
    expect(csv.split('\n')[0]).toBe('signal_type,signal_str,content_id,content_uri,note');
    const h = randomHex();
    const mixed = `${csv}pdq,${h},cnt_p,,picture\nvideo_md5,d41d8cd98f00b204e9800998ecf8427e,,,\nvpdq,"[""nonsense""]",cnt_bad,,\n`;
    const parsed = parseBankCsv(mixed);
    expect(parsed.videos).toEqual([{ line: 2, features: a, contentId: 'cnt_v', note: 'clip, "one"' }]);
    expect(parsed.rows).toEqual([{ line: 3, hash: h, contentId: 'cnt_p', note: 'picture' }]);
    expect(parsed.skipped).toBe(1);
    expect(parsed.errors).toEqual([{ line: 5, message: expect.stringMatching(/bad vpdq signal/) }]);
  });
});

describe('vPDQ matching', () => {
  it('compares unique frames of quality >= 50, within 31 bits inclusive, both ways', () => {
    const [a, b, c, d] = [randomHex(), randomHex(), randomHex(), randomHex()];
    const query = [feature(0, a), feature(1, a), feature(2, b), feature(3, c, 20)];
    const compared = [feature(0, flip(a, 31)), feature(1, flip(b, 32)), feature(2, d), feature(3, d)];
    expect(vpdqComparableFrames(query).map((f) => f.pdq)).toEqual([a, b]);
    // Query: a matches (31 bits), b does not (32): 50%. Compared: a' matches, b'' and d do not: 1 of 3.
    const result = vpdqMatch(query, compared);
    expect(result.queryMatchPercent).toBe(50);
    expect(result.comparedMatchPercent).toBeCloseTo(100 / 3, 10);
    expect(isVpdqMatch(result)).toBe(false);
    expect(isVpdqMatch(result, { queryPercent: 50 })).toBe(true);
    expect(isVpdqMatch(result, { queryPercent: 50, comparedPercent: 50 })).toBe(false);
    expect(vpdqMatch(query, compared, { distance: 32 }).queryMatchPercent).toBe(100);
    expect(vpdqMatch([feature(0, a, 10)], compared)).toEqual({ queryMatchPercent: 0, comparedMatchPercent: 0 });
  });

  it('round trip: a video exported, imported and matched against itself, a clip of it, and another video', () => {
    const original = video([11, 12, 13, 14, 15, 16, 17, 18]);
    expect(original.every((f) => f.quality >= 50)).toBe(true);
    const imported = parseVpdq(formatVpdq(original));
    expect(imported.errors).toEqual([]);
    expect(imported.features).toEqual(original);
    const viaHma = parseVpdq(formatHmaVpdqSignal(original)).features;
    expect(viaHma).toEqual(original);

    expect(vpdqMatch(original, imported.features)).toEqual({ queryMatchPercent: 100, comparedMatchPercent: 100 });
    // A clip (frames 2-5): all of the query is in the banked video, half of the banked video is in the clip.
    const clip = vpdqMatch(original.slice(2, 6), imported.features);
    expect(clip).toEqual({ queryMatchPercent: 100, comparedMatchPercent: 50 });
    expect(isVpdqMatch(clip)).toBe(true);
    const other = vpdqMatch(video([21, 22, 23, 24]), imported.features);
    expect(other).toEqual({ queryMatchPercent: 0, comparedMatchPercent: 0 });
    expect(isVpdqMatch(other, { queryPercent: 0 })).toBe(false);
  });
});
