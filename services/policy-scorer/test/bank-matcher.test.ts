import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBankStore, type BankRecord, type BankStore } from '@modsvc/common/store/banks/index';
import type { FrameHashes } from '@modsvc/common/jobs';
import { BankMatcher, bankApplies } from '../src/bank-matcher.ts';
import { bankCategories } from '../src/known-content.ts';

const randomHex = () => crypto.randomBytes(32).toString('hex');

/** The hash with `bits` of its 256 bits flipped. */
function flip(hex: string, bits: number): string {
  const b = Buffer.from(hex, 'hex');
  for (let i = 0; i < bits; i++) b[i >> 3]! ^= 1 << (i & 7);
  return b.toString('hex');
}

function frame(timestamp: number, variants: string[], quality = 90): FrameHashes {
  return { timestamp, quality, variants: [...variants, ...Array.from({ length: 8 - variants.length }, randomHex)] };
}

const bank = (over: Partial<BankRecord>): BankRecord => ({
  id: `bank_${crypto.randomBytes(4).toString('hex')}`,
  tenantId: 'acme',
  name: 'takedowns',
  category: 'KNOWN_HARMFUL',
  riskLevel: 'HIGH',
  threshold: 31,
  enabledRatio: 1,
  createdAt: new Date(),
  ...over,
});

describe('bank matcher', () => {
  let dir: string;
  let store: BankStore;
  const banked = randomHex();
  const main = bank({});

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-matcher-'));
    store = createBankStore({ kind: 'embedded', dataDir: dir });
    await store.init();
    await store.createBank(main);
    await store.addContent([{ id: 'cnt_a', bankId: main.id, tenantId: 'acme', pdq: banked, quality: 90, note: null, createdAt: new Date() }]);
  });
  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('matches a frame within the bank threshold, at its timestamp, and not one beyond it', async () => {
    const matcher = new BankMatcher(store);
    const near = await matcher.match('acme', 'job_1', { frames: [frame(0, [randomHex()]), frame(3, [flip(banked, 12)])] });
    expect(near.matches).toEqual([{ bank_id: main.id, bank_name: 'takedowns', content_id: 'cnt_a', distance: 12, quality: 90, frame_timestamp: 3 }]);
    expect(bankCategories(near)).toEqual([expect.objectContaining({ name: 'KNOWN_HARMFUL', risk_level: 'HIGH', triggered_by: `bank:${main.id}` })]);
    const far = await matcher.match('acme', 'job_2', { frames: [frame(0, [flip(banked, 40)])] });
    expect(far.matches).toEqual([]);
  });

  it('matches a rotated or mirrored copy through the frame\'s dihedral variants', async () => {
    const matcher = new BankMatcher(store);
    const r = await matcher.match('acme', 'job_3', { frames: [frame(0, [randomHex(), randomHex(), randomHex(), flip(banked, 2)])] });
    expect(r.matches[0]).toMatchObject({ content_id: 'cnt_a', distance: 2 });
  });

  it('never matches a low-quality hash on its own, and says how many frames were too featureless', async () => {
    const matcher = new BankMatcher(store);
    const r = await matcher.match('acme', 'job_4', { frames: [frame(0, [banked], 30)] });
    expect(r).toMatchObject({ matches: [], lowQualityFrames: 1 });
  });

  it('keeps banks to their tenant, and sees content added a moment ago', async () => {
    const matcher = new BankMatcher(store);
    expect((await matcher.match('globex', 'job_5', { frames: [frame(0, [banked])] })).matches).toEqual([]);
    const fresh = randomHex();
    expect((await matcher.match('acme', 'job_6', { frames: [frame(0, [fresh])] })).matches).toEqual([]);
    await store.addContent([{ id: 'cnt_b', bankId: main.id, tenantId: 'acme', pdq: fresh, quality: null, note: null, createdAt: new Date() }]);
    expect((await matcher.match('acme', 'job_7', { frames: [frame(0, [fresh])] })).matches).toHaveLength(1);
  });

  it('applies a bank rolled out to a fraction of traffic to about that fraction of jobs, the same way every time', () => {
    const half = { id: 'bank_half', enabledRatio: 0.25 };
    const jobs = Array.from({ length: 4000 }, (_, i) => `job_${i}`);
    const applied = jobs.filter((j) => bankApplies(half, j)).length;
    expect(applied / jobs.length).toBeGreaterThan(0.22);
    expect(applied / jobs.length).toBeLessThan(0.28);
    expect(jobs.filter((j) => bankApplies(half, j)).length).toBe(applied);
    expect(bankApplies({ id: 'b', enabledRatio: 0 }, 'job_1')).toBe(false);
  });
});
