// Videos in hash banks at the REST edge, as vPDQ: imported as the reference tools' file, as HMA's
// signal string or as frames; exported per item (vPDQ file) and per bank (CSV of HMA signals), and
// imported again unchanged. Behind the gateway: ingest's banks API on the embedded bank store.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHmaVpdqSignal, formatVpdq, hashToHex, parseVpdq, vpdqMatch, type VpdqFeature } from '@modsvc/pdq';
import type { Logger } from '@modsvc/common/logger';
import { loadConfig } from '@modsvc/common/config';
import { EgressGuard } from '@modsvc/common/egress';
import { TenantRegistry, parseTenants } from '@modsvc/common/tenants';
import { TokenIssuer } from '@modsvc/common/tokens';
import { createBankStore, type BankStore } from '@modsvc/common/store/banks/index';
import type { Runtime } from '@modsvc/common/runtime';
import { createBanks } from '../../ingest/src/banks.ts';
import { serveGateway, type ServedGateway } from './serve-gateway.ts';

const log = { debug() {}, info() {}, warn() {}, error() {}, fatal() {}, child: () => log } as unknown as Logger;
const KEY = 'acme-key-0123456789abcdef';

let seed = 1;
function randomHex(): string {
  const bytes = Uint8Array.from({ length: 32 }, () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed >>> 24;
  });
  return hashToHex(bytes);
}

interface Item {
  content_id: string;
  bank_id: string;
  signal_type: string;
  pdq: string;
  quality: number | null;
  note: string | null;
  vpdq?: { pdq: string }[];
}
interface Body {
  bank_id?: string;
  added?: number;
  items?: Item[];
  message?: string;
}

const video = (n: number): VpdqFeature[] => Array.from({ length: n }, (_, i) => ({ frameNumber: i, quality: i === 0 ? 30 : 100, pdq: randomHex(), timestamp: i * 1.001 }));

describe('hash banks: videos as vPDQ', () => {
  let dir: string;
  let store: BankStore;
  let gateway: ServedGateway;
  let base: string;
  let token: string;

  const send = async (method: string, p: string, body?: string | object, type = 'application/json') => {
    const init: RequestInit = { method, headers: { Authorization: `Bearer ${token}` } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['Content-Type'] = type;
    }
    const res = await fetch(`${base}${p}`, init);
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type') ?? '', text, body: (res.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(text) as Body) : {} };
  };
  const newBank = async (name: string) => (await send('POST', '/banks', { name })).body.bank_id!;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-vpdq-'));
    store = createBankStore({ kind: 'embedded', dataDir: dir });
    await store.init();
    const rt = { config: loadConfig({ DATA_DIR: dir }), log, guard: new EgressGuard({ allowCidrs: [] }), banks: store } as unknown as Runtime;
    const tenants = new TenantRegistry(null, parseTenants({ tenants: [{ id: 'acme', api_keys: [KEY] }] }));
    gateway = await serveGateway({ log, tenants, tokens: new TokenIssuer('k'.repeat(40)), banks: createBanks(rt) });
    base = `${gateway.origin}/v1`;
    const auth = await fetch(`${base}/authenticate`, { method: 'POST', body: new URLSearchParams({ key: KEY }) });
    token = ((await auth.json()) as { api_token: string }).api_token;
  });
  afterAll(async () => {
    await gateway.close();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('round trip: a vPDQ file imported, exported, imported into another bank, and matched', async () => {
    const original = video(12);
    const bank = await newBank('videos');
    const added = await send('POST', `/banks/${bank}/content?note=case%2017`, formatVpdq(original), 'text/csv');
    expect(added.status, added.text).toBe(201);
    expect(added.body.added).toBe(1);
    const item = added.body.items![0]!;
    // The first frame is under quality 50: the item's pdq is that of the first good one.
    expect(item).toMatchObject({ bank_id: bank, signal_type: 'vpdq', pdq: original[1]!.pdq, quality: null, note: 'case 17' });
    expect(item.vpdq).toHaveLength(12);

    const exported = await send('GET', `/banks/${bank}/content/${item.content_id}/vpdq`);
    expect(exported.status).toBe(200);
    expect(exported.type).toMatch(/text\/csv/);
    expect(exported.text).toBe(formatVpdq(original));
    const back = parseVpdq(exported.text).features;
    expect(back.map((f) => f.pdq)).toEqual(original.map((f) => f.pdq));
    expect(vpdqMatch(original, back)).toEqual({ queryMatchPercent: 100, comparedMatchPercent: 100 });

    const other = await newBank('copy');
    const again = await send('POST', `/banks/${other}/content`, exported.text, 'text/csv');
    expect(again.status).toBe(201);
    expect((await send('GET', `/banks/${other}/content/${again.body.items![0]!.content_id}/vpdq`)).text).toBe(exported.text);
  });

  it('takes videos in JSON (HMA signal strings or frames), exports them as HMA signals in CSV, and reads that CSV back', async () => {
    const [a, b] = [video(5), video(3)];
    const bank = await newBank('json');
    const frames = b.map((f) => ({ frame_number: f.frameNumber, quality: f.quality, pdq: f.pdq, timestamp: f.timestamp }));
    const added = await send('POST', `/banks/${bank}/content`, { videos: [{ vpdq: formatHmaVpdqSignal(a), note: 'from HMA' }, { vpdq: frames }] });
    expect(added.status, added.text).toBe(201);
    expect(added.body.items!.map((i) => [i.signal_type, i.note])).toEqual([
      ['vpdq', 'from HMA'],
      ['vpdq', null],
    ]);
    await send('POST', `/banks/${bank}/content`, { hashes: [{ pdq: randomHex(), note: 'a picture' }] });

    const csv = await send('GET', `/banks/${bank}/export?signal_type=vpdq`);
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe('signal_type,signal_str,content_id,content_uri,note');
    expect(lines).toHaveLength(3);
    // The default export is of pictures and hashes only.
    const pictures = await send('GET', `/banks/${bank}/export`);
    expect(pictures.text.trim().split('\n')).toHaveLength(2);
    expect(pictures.text).toMatch(/a picture/);

    const copy = await newBank('from csv');
    const imported = await send('POST', `/banks/${copy}/content`, csv.text, 'text/csv');
    expect(imported.status, imported.text).toBe(201);
    // Items added together share their time: the store lists them in any order. Without a note, the
    // exporting bank's content id becomes the note (as for hashes imported from CSV).
    const byLength = (x: { frames: string[] }, y: { frames: string[] }) => y.frames.length - x.frames.length;
    const got = imported.body.items!.map((i) => ({ frames: i.vpdq!.map((f) => f.pdq), note: i.note })).sort(byLength);
    expect(got).toEqual([
      { frames: a.map((f) => f.pdq), note: 'from HMA' },
      { frames: b.map((f) => f.pdq), note: expect.stringMatching(/^cnt_/) },
    ]);
  });

  it('refuses bad vPDQ with the line numbers, a picture\'s vPDQ, and an unknown export type', async () => {
    const bank = await newBank('refusals');
    const good = formatVpdq(video(3)).split('\n');
    const bad = [good[0], good[1]!.replace(/,100,/, ',200,'), '7,90,zz,3.000', ''].join('\n');
    const r = await send('POST', `/banks/${bank}/content`, bad, 'text/csv');
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/line 2: quality.*line 3: not a PDQ hash/);
    const json = await send('POST', `/banks/${bank}/content`, { videos: [{ vpdq: '["nonsense"]' }] });
    expect(json).toMatchObject({ status: 422, body: { message: expect.stringMatching(/videos\[0\]\.vpdq has bad vPDQ lines: line 1/) } });
    const picture = await send('POST', `/banks/${bank}/content`, { hashes: [{ pdq: randomHex() }] });
    const id = picture.body.items![0]!.content_id;
    expect((await send('GET', `/banks/${bank}/content/${id}/vpdq`)).status).toBe(404);
    expect((await send('GET', `/banks/${bank}/export?signal_type=md5`)).status).toBe(422);
  });
});
