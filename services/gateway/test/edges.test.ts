// The gateway's edges over HTTP, with a recording ingest behind it: malformed bodies, caption size,
// read and write limits, the Idempotency-Key header, and refusals that ingest sends back.
import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@modsvc/common/errors';
import { TenantRegistry, parseTenants } from '@modsvc/common/tenants';
import { TokenIssuer } from '@modsvc/common/tokens';
import { registry } from '@modsvc/common/metrics';
import type { IngestApi, SubmitOptions } from '@modsvc/common/contracts';
import { serveGateway, type ServedGateway } from './serve-gateway.ts';
import { recordingLog } from './recording-log.ts';

const TOKEN_KEY = 'k'.repeat(40);
const KEYS = { acme: 'acme-key-0123456789abcdef', tight: 'tight-key-0123456789abcdef' };

/** What the gateway logged, by level. */
const { log, lines: logLines } = recordingLog();

const submitted: SubmitOptions[] = [];
let refuseNext: ApiError | null = null;
const ingest: IngestApi = {
  async submitUpload(opts) {
    return answer(opts);
  },
  async submitUrl(opts) {
    return answer(opts);
  },
  async getJob(_tenantId, jobId) {
    return jobId === 'job_known' ? { jobId, status: 'queued', msg: null, results: null } : null;
  },
};
function answer(opts: SubmitOptions): { jobId: string } {
  submitted.push(opts);
  const err = refuseNext;
  refuseNext = null;
  if (err) throw err;
  return { jobId: `job_${submitted.length}` };
}

let gateway: ServedGateway;
let base: string;
const tokens = new TokenIssuer(TOKEN_KEY);
const bearer = (tenant: string) => ({ Authorization: `Bearer ${tokens.issue(tenant).token}` });

beforeAll(async () => {
  const tenants = new TenantRegistry(
    null,
    parseTenants({
      tenants: [
        { id: 'acme', api_keys: [KEYS.acme] },
        { id: 'tight', api_keys: [KEYS.tight], limits: { reads_per_minute: 60, read_burst: 3, writes_per_minute: 60, write_burst: 2 } },
      ],
    }),
  );
  gateway = await serveGateway({ log, tenants, tokens, ingest });
  base = `${gateway.origin}/v1`;
});

afterAll(async () => {
  await gateway.close();
});

async function post(p: string, init: { headers?: Record<string, string>; body: BodyInit }, tenant = 'acme') {
  const res = await fetch(`${base}${p}`, { method: 'POST', ...init, headers: { ...bearer(tenant), ...init.headers } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

function form(fields: Record<string, string>, file?: Buffer): FormData {
  const f = new FormData();
  if (file) f.append('file', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), 'a.jpg');
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

describe('malformed bodies are the caller’s error', () => {
  it('a multipart body without a boundary: 422 with a clear message, logged as a warning', async () => {
    logLines.length = 0;
    const r = await post('/classify/items-characteristics/image', { headers: { 'Content-Type': 'multipart/form-data' }, body: 'not really multipart' });
    expect(r).toMatchObject({ status: 422, body: { error: 'invalid_request', message: expect.stringMatching(/Boundary not found.*boundary/) } });
    expect(logLines.some((l) => l.level === 'warn' && l.msg === 'malformed request body')).toBe(true);
    expect(logLines.some((l) => l.level === 'error' || l.level === 'fatal')).toBe(false);
  });

  it('a truncated multipart body: 422', async () => {
    const body = '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff';
    const r = await post('/classify/items-characteristics/image', { headers: { 'Content-Type': 'multipart/form-data; boundary=abc' }, body });
    expect(r).toMatchObject({ status: 422, body: { error: 'invalid_request', message: expect.stringMatching(/Unexpected end of form/) } });
  });
});

describe('caption size', () => {
  const over = 'x'.repeat(256 * 1024 + 1);
  const wayOver = 'x'.repeat(400 * 1024);

  it.each([
    ['multipart, just over 256 KB', () => form({ url: 'https://example.com/a.jpg', caption: over })],
    ['multipart, over the parser field limit', () => form({ url: 'https://example.com/a.jpg', caption: wayOver })],
    ['URL-encoded, just over 256 KB', () => new URLSearchParams({ url: 'https://example.com/a.jpg', caption: over })],
    ['URL-encoded, over the body limit', () => new URLSearchParams({ url: 'https://example.com/a.jpg', caption: wayOver })],
  ])('%s: 413 payload_too_large', async (_name, body) => {
    const r = await post('/classify/items-characteristics/image', { body: body() });
    expect(r).toMatchObject({ status: 413, body: { error: 'payload_too_large', message: expect.stringMatching(/256 KB/) } });
  });

  it('a caption of exactly 256 KB is accepted', async () => {
    const r = await post('/classify/items-characteristics/image', { body: new URLSearchParams({ url: 'https://example.com/a.jpg', caption: 'x'.repeat(256 * 1024) }) });
    expect(r.status).toBe(200);
  });
});

describe('read and write limits', () => {
  it('400 quick polls of one job are never throttled by the defaults', async () => {
    const statuses = new Set<number>();
    const headers = bearer('acme');
    for (let i = 0; i < 400; i++) statuses.add((await fetch(`${base}/classify/items-characteristics/image/job_known`, { headers })).status);
    expect([...statuses]).toEqual([200]);
  });

  it("a tenant's own limits: writes and reads have separate buckets, each refused with 429 and Retry-After, counted by kind", async () => {
    const before = await throttled();
    const submit = () => post('/classify/items-characteristics/image', { body: new URLSearchParams({ url: 'https://example.com/a.jpg' }) }, 'tight');
    expect([(await submit()).status, (await submit()).status]).toEqual([200, 200]);
    const refused = await submit();
    expect(refused).toMatchObject({ status: 429, body: { error: 'rate_limited', message: expect.stringMatching(/60 writes per minute/) } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const poll = () => fetch(`${base}/classify/items-characteristics/image/job_known`, { headers: bearer('tight') }).then((r) => r.status);
    expect([await poll(), await poll(), await poll(), await poll()]).toEqual([200, 200, 200, 429]);
    const after = await throttled();
    expect(after.write - before.write).toBe(1);
    expect(after.read - before.read).toBe(1);
  });
});

async function throttled(): Promise<{ read: number; write: number }> {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === 'modsvc_rate_limited_total');
  const value = (kind: string) => (metric?.values ?? []).find((v) => v.labels.kind === kind)?.value ?? 0;
  return { read: value('read'), write: value('write') };
}

describe('Idempotency-Key', () => {
  const jpeg = crypto.randomBytes(2048);

  it('passes the key and the fingerprint of the submit to ingest', async () => {
    submitted.length = 0;
    const send = (fields: Record<string, string>, file: Buffer, key = 'order-42') =>
      post('/classify/items-characteristics/image', { headers: { 'Idempotency-Key': key }, body: form(fields, file) });
    await send({ caption: 'hi' }, jpeg);
    await send({ caption: 'hi' }, jpeg);
    await send({ caption: 'other' }, jpeg);
    await send({ caption: 'hi' }, Buffer.concat([jpeg, Buffer.from([1])]));
    await post('/classify/policy/image', { headers: { 'Idempotency-Key': 'order-42' }, body: form({ caption: 'hi' }, jpeg) });
    const [a, b, c, d, e] = submitted.map((o) => o.idempotency);
    expect(a).toEqual({ key: 'order-42', fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(b).toEqual(a);
    expect(new Set([a?.fingerprint, c?.fingerprint, d?.fingerprint, e?.fingerprint]).size).toBe(4);
  });

  it('fingerprints a URL submit by its URL', async () => {
    submitted.length = 0;
    for (const url of ['https://example.com/a.jpg', 'https://example.com/a.jpg', 'https://example.com/b.jpg']) {
      await post('/classify/items-characteristics/image', { headers: { 'Idempotency-Key': 'by-url' }, body: new URLSearchParams({ url }) });
    }
    const [a, b, c] = submitted.map((o) => o.idempotency?.fingerprint);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it('sends no idempotency without the header', async () => {
    submitted.length = 0;
    await post('/classify/items-characteristics/image', { body: new URLSearchParams({ url: 'https://example.com/a.jpg' }) });
    expect(submitted[0]?.idempotency).toBeUndefined();
  });

  it.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['not printable ASCII', 'clé-ünïcode'],
  ])('refuses a key that is %s with 422, without submitting', async (_name, key) => {
    submitted.length = 0;
    const r = await rawPost('/classify/items-characteristics/image', { 'Idempotency-Key': key }, 'url=https%3A%2F%2Fexample.com%2Fa.jpg');
    expect(r.status).toBe(422);
    expect(r.body).toMatch(/Idempotency-Key must be 1 to 255 printable ASCII characters/);
    expect(submitted).toHaveLength(0);
  });

  it('answers ingest’s 409 for a reused key as it is', async () => {
    refuseNext = new ApiError('idempotency_conflict', 'Idempotency-Key "k" was used in the last 24 h for a different request (job job_1).');
    const r = await post('/classify/items-characteristics/image', { headers: { 'Idempotency-Key': 'k' }, body: new URLSearchParams({ url: 'https://example.com/a.jpg' }) });
    expect(r).toMatchObject({ status: 409, body: { error: 'idempotency_conflict', message: expect.stringMatching(/different request/) } });
  });
});

/** A request through node:http, which sends header values fetch refuses (empty, Latin-1). */
function rawPost(p: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  const url = new URL(`${base}${p}`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...bearer('acme'), ...headers } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('backpressure from ingest', () => {
  it('a 503 with its Retry-After reaches the caller', async () => {
    refuseNext = new ApiError('unavailable', 'Too much work is queued; retry in 42 s.', { retryAfterSeconds: 42 });
    const r = await post('/classify/items-characteristics/image', { body: new URLSearchParams({ url: 'https://example.com/a.jpg' }) });
    expect(r).toMatchObject({ status: 503, body: { error: 'unavailable' } });
    expect(r.headers.get('retry-after')).toBe('42');
  });
});

describe('tokens', () => {
  it('refuses a correctly signed token that claims to live 100 years', async () => {
    const now = Math.floor(Date.now() / 1000);
    const [header] = tokens.issue('acme').token.split('.');
    const body = `${header}.${Buffer.from(JSON.stringify({ sub: 'acme', iat: now, exp: now + 100 * 365 * 86400, jti: 'x' })).toString('base64url')}`;
    const token = `${body}.${crypto.createHmac('sha256', TOKEN_KEY).update(body).digest('base64url')}`;
    const r = await fetch(`${base}/classify/items-characteristics/image/job_known`, { headers: { Authorization: `Bearer ${token}` } });
    expect(r.status).toBe(401);
  });
});
