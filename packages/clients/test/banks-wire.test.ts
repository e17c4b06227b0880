// Hash banks over gRPC: a picture's crop hashes and a video's vPDQ frames arrive as ingest answered them,
// videos travel to AddVideos, and "no such bank" stays null.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrpcServer, type GrpcServer } from '@modsvc/common/grpc';
import type { BanksApi } from '@modsvc/common/contracts';
import type { BankContent, VpdqFrame } from '@modsvc/common/domain/index';
import { banksBinding, banksClient } from '../src/banks.ts';

const hex = (n: number) => n.toString(16).padStart(2, '0').repeat(32);
const PICTURE: BankContent = { content_id: 'cnt_p', bank_id: 'bank_1', pdq: hex(1), quality: 88, note: 'p', created_at: '2026-12-01T00:00:00.000Z', signal_type: 'pdq', crop_hashes: [hex(2), hex(3)] };
const HASH: BankContent = { content_id: 'cnt_h', bank_id: 'bank_1', pdq: hex(4), quality: null, note: null, created_at: '2026-12-01T00:00:00.000Z', signal_type: 'pdq' };
const FRAMES: VpdqFrame[] = [
  { frame_number: 0, quality: 100, pdq: hex(5), timestamp: 0 },
  { frame_number: 30, quality: 42, pdq: hex(6), timestamp: 1.001 },
];

describe('banks over gRPC', () => {
  let server: GrpcServer;
  let client: BanksApi;
  const videosAsked: unknown[] = [];
  const unused = () => Promise.reject(new Error('not used'));
  const api: BanksApi = {
    createBank: unused,
    listBanks: unused,
    deleteBank: unused,
    addHashes: unused,
    addMedia: unused,
    async addVideos(tenantId, bankId, videos) {
      videosAsked.push({ tenantId, bankId, videos });
      if (bankId !== 'bank_1') return null;
      return videos.map((v, i) => ({ content_id: `cnt_v${i}`, bank_id: bankId, pdq: v.frames[0]!.pdq, quality: null, note: v.note, created_at: '2026-12-01T00:00:00.000Z', signal_type: 'vpdq', vpdq: v.frames }));
    },
    getContent: async (_t, _b, id) => [PICTURE, HASH].find((c) => c.content_id === id) ?? null,
    deleteContent: unused,
    exportBank: async (_t, bankId) => (bankId === 'bank_1' ? [PICTURE, HASH] : null),
    hashMedia: unused,
  };

  beforeAll(async () => {
    server = await startGrpcServer([banksBinding(api)], { host: '127.0.0.1', port: 0, auth: null });
    client = banksClient(`127.0.0.1:${server.port}`, null);
  });
  afterAll(async () => {
    await server.close(1000);
  });

  it('carries pictures with their crop hashes and hashes without', async () => {
    expect(await client.getContent('acme', 'bank_1', 'cnt_p')).toEqual(PICTURE);
    expect(await client.exportBank('acme', 'bank_1')).toEqual([PICTURE, HASH]);
    expect(await client.exportBank('acme', 'bank_2')).toBeNull();
  });

  it('carries videos to AddVideos and their frames back, typed vpdq', async () => {
    const items = await client.addVideos('acme', 'bank_1', [
      { frames: FRAMES, note: 'clip' },
      { frames: FRAMES.slice(1), note: null },
    ]);
    expect(items).toEqual([
      { content_id: 'cnt_v0', bank_id: 'bank_1', pdq: hex(5), quality: null, note: 'clip', created_at: '2026-12-01T00:00:00.000Z', signal_type: 'vpdq', vpdq: FRAMES },
      { content_id: 'cnt_v1', bank_id: 'bank_1', pdq: hex(6), quality: null, note: null, created_at: '2026-12-01T00:00:00.000Z', signal_type: 'vpdq', vpdq: FRAMES.slice(1) },
    ]);
    expect(videosAsked[0]).toEqual({ tenantId: 'acme', bankId: 'bank_1', videos: [{ frames: FRAMES, note: 'clip' }, { frames: FRAMES.slice(1), note: null }] });
    expect(await client.addVideos('acme', 'bank_2', [{ frames: FRAMES, note: null }])).toBeNull();
  });
});
