// ingest's banks API on the real bank store (embedded): a picture keeps the hashes of its crops, a video
// its vPDQ frames, and both come back as stored.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_CROPS, hashImageForBank } from '@modsvc/pdq';
import { loadConfig } from '@modsvc/common/config';
import { serviceLogger } from '@modsvc/common/logger';
import { EgressGuard } from '@modsvc/common/egress';
import { createBankStore, type BankStore } from '@modsvc/common/store/banks/index';
import type { BanksApi } from '@modsvc/common/contracts';
import type { Runtime } from '@modsvc/common/runtime';
import { BANK_VIDEO_MAX_FRAMES } from '@modsvc/common/domain/index';
import { createBanks } from '../src/banks.ts';
import { encodePng, scenePixels } from './png.ts';

const hex = (n: number) => n.toString(16).padStart(2, '0').repeat(32);

describe('banks API: crops and videos', () => {
  let dir: string;
  let store: BankStore;
  let banks: BanksApi;
  let bankId: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-banks-'));
    store = createBankStore({ kind: 'embedded', dataDir: dir });
    await store.init();
    const config = loadConfig({ DATA_DIR: dir });
    const rt = { config, log: serviceLogger('banks-test'), guard: new EgressGuard({ allowCidrs: [] }), banks: store } as unknown as Runtime;
    banks = createBanks(rt);
    bankId = (await banks.createBank('acme', { name: 'known', category: 'KNOWN_HARMFUL', risk_level: 'HIGH', threshold: 31, enabled_ratio: 1 })).bank_id;
  });
  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the hashes of a picture\'s crops beside its own, and the store gives them back', async () => {
    const png = encodePng(scenePixels(480, 360), 480, 360);
    const file = path.join(dir, 'upload.png');
    fs.writeFileSync(file, png);
    const item = await banks.addMedia('acme', bankId, { kind: 'upload', file: { path: file, filename: 'upload.png', declaredType: 'image/png', size: png.length } }, 'case 1');
    const expected = await hashImageForBank(png);
    expect(item).toMatchObject({ signal_type: 'pdq', pdq: expected.hex, quality: expected.quality, note: 'case 1' });
    expect(item!.crop_hashes).toEqual(expected.crops.filter((c) => c.quality >= 50).map((c) => c.hex));
    expect(item!.crop_hashes!.length).toBe(BANK_CROPS.length);
    expect(item!.vpdq).toBeUndefined();
    expect(await banks.getContent('acme', bankId, item!.content_id)).toEqual(item);
    // A hash given as such has no crops.
    const [given] = (await banks.addHashes('acme', bankId, [{ pdq: hex(1), note: null }]))!;
    expect(given).toMatchObject({ signal_type: 'pdq', quality: null });
    expect(given!.crop_hashes).toBeUndefined();
  });

  it('keeps a video\'s vPDQ frames, with the hash of its first good frame as its pdq', async () => {
    const frames = [
      { frame_number: 0, quality: 10, pdq: hex(2), timestamp: 0 },
      { frame_number: 1, quality: 100, pdq: hex(3).toUpperCase(), timestamp: 1 },
      { frame_number: 2, quality: 90, pdq: hex(4), timestamp: 2.5 },
    ];
    const [video] = (await banks.addVideos('acme', bankId, [{ frames, note: 'clip' }]))!;
    expect(video).toMatchObject({ signal_type: 'vpdq', pdq: hex(3), quality: null, note: 'clip' });
    expect(video!.vpdq).toEqual(frames.map((f) => ({ ...f, pdq: f.pdq.toLowerCase() })));
    expect(await banks.getContent('acme', bankId, video!.content_id)).toEqual(video);
    expect((await banks.exportBank('acme', bankId))!.map((c) => c.signal_type).sort()).toEqual(['pdq', 'pdq', 'vpdq']);
    expect(await banks.addVideos('acme', 'bank_none', [{ frames, note: null }])).toBeNull();
  });

  it('refuses videos without frames, with bad frames, or longer than a bank keeps', async () => {
    await expect(banks.addVideos('acme', bankId, [{ frames: [], note: null }])).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/videos\[0\] has no frames/) });
    await expect(banks.addVideos('acme', bankId, [{ frames: [{ frame_number: 0, quality: 101, pdq: hex(5), timestamp: 0 }], note: null }])).rejects.toMatchObject({ code: 'invalid_request' });
    const long = Array.from({ length: BANK_VIDEO_MAX_FRAMES + 1 }, (_, i) => ({ frame_number: i, quality: 90, pdq: hex(6), timestamp: i }));
    await expect(banks.addVideos('acme', bankId, [{ frames: long, note: null }])).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/at most 5000/) });
  });
});
