import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DIHEDRAL_VARIANTS, hashImageDihedral, hashImageForBank, type PixelBuffer } from '@modsvc/pdq';
import type { BankContentRecord, BankRecord } from '@modsvc/common/store/banks/index';
import type { FrameHashes } from '@modsvc/common/jobs';
import { BankMatcher } from '../src/bank-matcher.ts';
import { contentHashes } from '../src/bank-indexes.ts';
import { MemoryBankStore } from './memory-bank-store.ts';

const randomHex = () => crypto.randomBytes(32).toString('hex');

/** The hash with `bits` of its 256 bits flipped (from bit `from` on). */
function flip(hex: string, bits: number, from = 0): string {
  const b = Buffer.from(hex, 'hex');
  for (let i = from; i < from + bits; i++) b[i >> 3]! ^= 1 << (i & 7);
  return b.toString('hex');
}

/** A job frame: the given hashes as its first dihedral variants, random ones after. */
function frame(timestamp: number, variants: string[], quality = 90): FrameHashes {
  return { timestamp, quality, variants: [...variants, ...Array.from({ length: 8 - variants.length }, randomHex)] };
}

let bankCount = 0;
const bank = (tenantId: string, over: Partial<BankRecord> = {}): BankRecord => ({
  id: `bank_${++bankCount}`,
  tenantId,
  name: `bank ${bankCount}`,
  category: 'KNOWN_HARMFUL',
  riskLevel: 'HIGH',
  threshold: 31,
  enabledRatio: 1,
  createdAt: new Date(),
  ...over,
});

let contentCount = 0;
const picture = (b: BankRecord, pdq: string, crops?: string[]): BankContentRecord => ({
  id: `cnt_${++contentCount}`,
  bankId: b.id,
  tenantId: b.tenantId,
  pdq,
  quality: 90,
  note: null,
  createdAt: new Date(),
  ...(crops ? { crops } : {}),
});

const video = (b: BankRecord, hashes: string[], quality = 90): BankContentRecord => ({
  ...picture(b, hashes[0]!),
  quality: null,
  frames: hashes.map((pdq, i) => ({ frameNumber: i, quality, pdq, timestamp: i })),
});

async function storeWith(tenantId: string, items: (b: BankRecord) => BankContentRecord[]): Promise<{ store: MemoryBankStore; b: BankRecord; items: BankContentRecord[] }> {
  const store = new MemoryBankStore();
  const b = bank(tenantId);
  await store.createBank(b);
  const list = items(b);
  await store.addContent(list);
  return { store, b, items: list };
}

describe('bank indexes: kept in step with the store', () => {
  it('applies a bank change to the index in place (add/remove), building only banks it has not seen', async () => {
    const { store, b, items } = await storeWith('acme', (b) => Array.from({ length: 50 }, () => picture(b, randomHex())));
    const matcher = new BankMatcher(store);
    const first = items[0]!.pdq;
    expect((await matcher.match('acme', 'job_1', { frames: [frame(0, [first])] })).matches).toHaveLength(1);
    expect(matcher.indexes.stats).toMatchObject({ builds: 1, updates: 0, refreshes: 1 });
    const indexBefore = (await matcher.indexes.banksOf('acme'))[0]!.index;

    // One added, one removed: the same index, changed in place, no build.
    const fresh = picture(b, randomHex());
    await store.addContent([fresh]);
    await store.deleteContent('acme', b.id, items[0]!.id);
    const after = await matcher.match('acme', 'job_2', { frames: [frame(0, [fresh.pdq]), frame(1, [first])] });
    expect(after.matches.map((m) => m.content_id)).toEqual([fresh.id]);
    expect(matcher.indexes.stats).toMatchObject({ builds: 1, updates: 1, added: 1, removed: 1, refreshes: 2 });
    const [indexed] = await matcher.indexes.banksOf('acme');
    expect(indexed!.index).toBe(indexBefore);
    expect(indexed!.index.size).toBe(50);

    // A new bank is built, the old one kept; a deleted bank goes.
    const other = bank('acme', { name: 'second' });
    await store.createBank(other);
    await store.addContent([picture(other, first)]);
    expect((await matcher.match('acme', 'job_3', { frames: [frame(0, [first])] })).matchedBanks.map((x) => x.id)).toEqual([other.id]);
    expect(matcher.indexes.stats.builds).toBe(2);
    await store.deleteBank('acme', b.id);
    expect((await matcher.indexes.banksOf('acme')).map((x) => x.bank.id)).toEqual([other.id]);
    expect(matcher.indexes.stats.builds).toBe(2);
    // A bank's settings change without a rebuild either.
    await store.createBank({ ...other, threshold: 8 });
    expect((await matcher.match('acme', 'job_4', { frames: [frame(0, [flip(first, 12)])] })).matches).toEqual([]);
    expect(matcher.indexes.stats.builds).toBe(2);
  });

  it('refreshes once for concurrent jobs (single flight), and a job that saw a newer revision gets it', async () => {
    const { store, b } = await storeWith('acme', (b) => [picture(b, randomHex())]);
    const matcher = new BankMatcher(store);
    await matcher.match('acme', 'job_0', { frames: [frame(0, [randomHex()])] });
    const reads = store.calls.listContent;

    let open!: () => void;
    store.gate = new Promise((resolve) => (open = resolve));
    const added = picture(b, randomHex());
    await store.addContent([added]);
    const jobs = Array.from({ length: 10 }, (_, i) => matcher.match('acme', `job_${i + 1}`, { frames: [frame(0, [added.pdq])] }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // While that refresh lists the content, another item is added: a job arriving now must see it too.
    const later = picture(b, randomHex());
    await store.addContent([later]);
    const lateJob = matcher.match('acme', 'job_late', { frames: [frame(0, [later.pdq])] });
    store.gate = null;
    open();
    for (const r of await Promise.all(jobs)) expect(r.matches.map((m) => m.content_id)).toEqual([added.id]);
    expect((await lateJob).matches.map((m) => m.content_id)).toEqual([later.id]);
    // Two refreshes (one per revision seen), not eleven; no build.
    expect(store.calls.listContent - reads).toBe(2);
    expect(matcher.indexes.stats).toMatchObject({ builds: 1, refreshes: 3 });
  });

  it('keeps the most recently used tenants within the memory budget and rebuilds an evicted one on its next job', async () => {
    const store = new MemoryBankStore();
    const tenants = ['t1', 't2', 't3'];
    const hashes = new Map<string, string>();
    for (const t of tenants) {
      const b = bank(t);
      await store.createBank(b);
      const items = Array.from({ length: 3000 }, () => picture(b, randomHex()));
      await store.addContent(items);
      hashes.set(t, items[0]!.pdq);
    }
    const probe = new BankMatcher(store);
    await probe.indexes.banksOf('t1');
    const oneTenant = probe.indexes.heldBytes();
    // Room for two tenants, not three.
    const matcher = new BankMatcher(store, { maxBytes: Math.floor(oneTenant * 2.5) });
    for (const t of tenants) expect((await matcher.match(t, 'job', { frames: [frame(0, [hashes.get(t)!])] })).matches).toHaveLength(1);
    expect(matcher.indexes.heldTenants()).toEqual(['t2', 't3']);
    expect(matcher.indexes.stats).toMatchObject({ builds: 3, evictions: 1 });
    expect(matcher.indexes.heldBytes()).toBeLessThanOrEqual(oneTenant * 2.5);
    // t2 used again: t3 is now the oldest... t1 comes back (built again) and t3 goes.
    await matcher.match('t2', 'job', { frames: [frame(0, [hashes.get('t2')!])] });
    expect((await matcher.match('t1', 'job', { frames: [frame(0, [hashes.get('t1')!])] })).matches).toHaveLength(1);
    expect(matcher.indexes.heldTenants()).toEqual(['t2', 't1']);
    expect(matcher.indexes.stats).toMatchObject({ builds: 4, evictions: 2 });
    // A tenant larger than the whole budget is still served.
    const tiny = new BankMatcher(store, { maxBytes: 1 });
    expect((await tiny.match('t3', 'job', { frames: [frame(0, [hashes.get('t3')!])] })).matches).toHaveLength(1);
    expect(tiny.indexes.heldTenants()).toEqual(['t3']);
  });
});

describe('bank matching: crops and videos', () => {
  it('matches a frame near any crop of a banked picture, reporting the picture once', async () => {
    const pdq = randomHex();
    const crops = [randomHex(), randomHex()];
    const { store, items } = await storeWith('acme', (b) => [picture(b, pdq, crops), picture(b, randomHex())]);
    const matcher = new BankMatcher(store);
    const r = await matcher.match('acme', 'job', { frames: [frame(0, [flip(crops[1]!, 9)]), frame(1, [flip(pdq, 20), flip(crops[0]!, 4)])] });
    expect(r.matches).toEqual([{ bank_id: items[0]!.bankId, bank_name: expect.any(String), content_id: items[0]!.id, distance: 4, quality: 90, frame_timestamp: 1 }]);
    expect(contentHashes(items[0]!)).toEqual([pdq, ...crops]);
  });

  it('matches a cropped, mirrored copy of a picture banked with its crops, and not without them', async () => {
    const original = scene(640, 480);
    const banked = await hashImageForBank(original);
    const copy = await hashImageDihedral(mirrored(cropped(original, 0.05)));
    const { store } = await storeWith('acme', (b) => [
      picture(
        b,
        banked.hex,
        banked.crops.map((c) => c.hex),
      ),
    ]);
    const { store: bare } = await storeWith('acme', (b) => [picture(b, banked.hex)]);
    const job = { frames: [{ timestamp: 0, quality: copy.quality, variants: DIHEDRAL_VARIANTS.map((v) => copy.variants[v].hex) }] };
    expect(copy.quality).toBeGreaterThanOrEqual(50);
    const withCrops = await new BankMatcher(store).match('acme', 'job', job);
    expect(withCrops.matches).toHaveLength(1);
    expect(withCrops.matches[0]!.distance).toBeLessThanOrEqual(31);
    expect((await new BankMatcher(bare).match('acme', 'job', job)).matches).toEqual([]);
  });

  it('matches a banked video by the vPDQ rule (80% of the job\'s distinct frames), beside per-frame picture matches', async () => {
    const frames = Array.from({ length: 10 }, randomHex);
    const still = randomHex();
    const { store, items } = await storeWith('acme', (b) => [video(b, [...frames, frames[0]!]), picture(b, still), video(b, [randomHex(), randomHex()], 20)]);
    const [clip, pic] = items;
    const matcher = new BankMatcher(store);

    // A clip: frames 2-5 (one shown twice), slightly changed, one of them mirrored: all of the job matches, 40% of the video.
    const job = [frame(0, [flip(frames[2]!, 10)]), frame(1, [flip(frames[2]!, 10)]), frame(2, [flip(frames[3]!, 3)]), frame(3, [randomHex(), flip(frames[4]!, 6)]), frame(4, [frames[5]!])];
    const r = await matcher.match('acme', 'job_clip', { frames: job });
    expect(r.matches).toEqual([expect.objectContaining({ content_id: clip!.id, distance: 0, frame_timestamp: 4, vpdq: { query_match_percent: 100, compared_match_percent: 40 } })]);

    // 4 of 5 distinct frames: 80%, still a match; 3 of 5 is not, though each of those frames is within the threshold.
    const mixed = (n: number) => [...frames.slice(0, n).map((h, i) => frame(i, [h])), ...Array.from({ length: 5 - n }, (_, i) => frame(10 + i, [randomHex()]))];
    expect((await matcher.match('acme', 'job_80', { frames: mixed(4) })).matches[0]?.vpdq).toEqual({ query_match_percent: 80, compared_match_percent: 40 });
    expect((await matcher.match('acme', 'job_60', { frames: mixed(3) })).matches).toEqual([]);

    // A banked picture shown in the same video still matches frame by frame.
    const both = await matcher.match('acme', 'job_both', { frames: [...mixed(3), frame(20, [flip(still, 5)])] });
    expect(both.matches).toEqual([expect.objectContaining({ content_id: pic!.id, distance: 5, frame_timestamp: 20 })]);
    expect(both.matches[0]!.vpdq).toBeUndefined();
    // A video with no frame of quality >= 50 is never matched (nor indexed).
    expect(contentHashes(items[2]!)).toEqual([]);
  });
});

/** A detailed picture: gradients, blocks and discs (its PDQ quality is well above the floor). */
function scene(width: number, height: number): PixelBuffer {
  const pixels = new Uint8Array(width * height * 3);
  const shapes = Array.from({ length: 30 }, (_, i) => ({ x: (i * 97) % width, y: (i * 61) % height, r: 15 + ((i * 13) % 50), c: [(i * 53) % 256, (i * 101) % 256, (i * 29) % 256] }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let rgb = [(x * 255) / width, (y * 255) / height, ((x + y) * 127) / (width + height)];
      for (const s of shapes) if ((x - s.x) ** 2 + (y - s.y) ** 2 < s.r ** 2) rgb = s.c;
      pixels.set(rgb.map(Math.round), (y * width + x) * 3);
    }
  }
  return { pixels, width, height, channels: 3 };
}

function cropped(image: PixelBuffer, perSide: number): PixelBuffer {
  const left = Math.round(image.width * perSide);
  const top = Math.round(image.height * perSide);
  const width = image.width - 2 * left;
  const height = image.height - 2 * top;
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) pixels.set(image.pixels.subarray(((top + y) * image.width + left) * 3, ((top + y) * image.width + left + width) * 3), y * width * 3);
  return { pixels, width, height, channels: 3 };
}

function mirrored(image: PixelBuffer): PixelBuffer {
  const pixels = new Uint8Array(image.pixels.length);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) pixels.set(image.pixels.subarray((y * image.width + x) * 3, (y * image.width + x) * 3 + 3), (y * image.width + image.width - 1 - x) * 3);
  }
  return { ...image, pixels };
}
