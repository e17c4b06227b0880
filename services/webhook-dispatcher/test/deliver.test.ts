import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EgressGuard } from '@modsvc/common/egress';
import { deliverWebhook, WEBHOOK_USER_AGENT } from '../src/deliver.ts';
import { buildWebhookBody } from '../src/payload.ts';
import { verifySignature } from '@modsvc/common/webhook-signature';
import { verifyStandardWebhook } from '@modsvc/common/standard-webhooks';
import { RETRY_AFTER_CAP_MS } from '../src/schedule.ts';
import { makeJob } from './fixtures.ts';

// The receiver listens on loopback only; the guard allows exactly that.
const guard = new EgressGuard({ allowCidrs: ['127.0.0.0/8'] });
const SECRET = 'whsec_test_123';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
}

let server: http.Server;
let base: string;
const received: Received[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks) });
      const path = (req.url ?? '/').split('?')[0];
      switch (path) {
        case '/ok':
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end('thanks');
          return;
        case '/accepted':
          res.writeHead(202);
          res.end();
          return;
        case '/big-ok':
          res.writeHead(200);
          res.end(Buffer.alloc(500_000, 0x61));
          return;
        case '/gone':
          res.writeHead(410);
          res.end('unsubscribed');
          return;
        case '/error':
          res.writeHead(500);
          res.end('boom');
          return;
        case '/moved':
          res.writeHead(301, { location: '/ok' });
          res.end();
          return;
        case '/busy':
          res.writeHead(503, { 'retry-after': '120' });
          res.end();
          return;
        case '/slow-down':
          res.writeHead(429, { 'retry-after': new Date(Date.now() + 3_600_000).toUTCString() });
          res.end();
          return;
        case '/error-with-retry-after':
          res.writeHead(500, { 'retry-after': '120' });
          res.end();
          return;
        case '/hang':
          return;
        default:
          res.writeHead(404);
          res.end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

afterEach(() => {
  received.length = 0;
  vi.restoreAllMocks();
});

describe('deliverWebhook', () => {
  it('POSTs the exact payload bytes, signed over the raw body, to the callback URL with its query string unchanged', async () => {
    const callbackUrl = `${base}/ok?order=42&tag=a%20b&next=%2Fx%3Fy%3D1&empty=&dup=1&dup=2`;
    const job = makeJob({ callbackUrl });
    const res = await deliverWebhook({ job, secrets: [SECRET], startedAt: new Date(), guard });
    expect(res).toMatchObject({ ok: true, retry: false, httpStatus: 200, error: null });
    expect(res.durationMs).toBeGreaterThanOrEqual(0);

    expect(received).toHaveLength(1);
    const r = received[0]!;
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/ok?order=42&tag=a%20b&next=%2Fx%3Fy%3D1&empty=&dup=1&dup=2');
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
    expect(r.headers['content-length']).toBe(String(r.raw.length));
    expect(r.raw.equals(buildWebhookBody(job))).toBe(true);
    expect(verifySignature(r.raw, SECRET, r.headers['x-hub-signature-256'])).toBe(true);
    expect(verifySignature(r.raw, 'wrong-secret', r.headers['x-hub-signature-256'])).toBe(false);
    const parsed = JSON.parse(r.raw.toString());
    expect(parsed.data.callback_url).toBe(callbackUrl);
    expect(parsed.data.job_id).toBe('job_123');
    expect(parsed.data.is_error).toBe(false);
  });

  it('sends the Standard Webhooks headers: the job webhook-id, the attempt time, a v1 signature per secret', async () => {
    const startedAt = new Date('2026-01-02T03:04:05.678Z');
    const res = await deliverWebhook({ job: makeJob({ callbackUrl: `${base}/ok` }), secrets: ['new-secret', 'old-secret'], startedAt, guard });
    expect(res.ok).toBe(true);
    const { headers, raw } = received[0]!;
    expect(headers['webhook-id']).toBe('job.finished:job_123');
    expect(headers['webhook-timestamp']).toBe('1767323045');
    const signatures = String(headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    const nowSeconds = 1767323045;
    for (const secret of ['new-secret', 'old-secret']) {
      expect(verifyStandardWebhook({ headers, body: raw, secrets: [secret], nowSeconds })).toEqual({ ok: true, id: 'job.finished:job_123', timestamp: nowSeconds });
    }
    expect(verifyStandardWebhook({ headers, body: raw, secrets: ['another'], nowSeconds }).ok).toBe(false);
    // X-Hub-Signature-256 stays as it was, with the current (first) secret only.
    expect(verifySignature(raw, 'new-secret', headers['x-hub-signature-256'])).toBe(true);
    expect(verifySignature(raw, 'old-secret', headers['x-hub-signature-256'])).toBe(false);
  });

  it('without a secret: no signature headers, but webhook-id and webhook-timestamp', async () => {
    const res = await deliverWebhook({ job: makeJob({ callbackUrl: `${base}/accepted` }), secrets: [], startedAt: new Date(), guard });
    expect(res).toMatchObject({ ok: true, httpStatus: 202 });
    const headers = received[0]!.headers;
    expect(headers).not.toHaveProperty('x-hub-signature-256');
    expect(headers).not.toHaveProperty('webhook-signature');
    expect(headers['webhook-id']).toBe('job.finished:job_123');
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
  });

  it("reads Retry-After (seconds or an HTTP date, capped) on 429 and 503 only", async () => {
    const job = (path: string) => makeJob({ callbackUrl: `${base}${path}` });
    const busy = await deliverWebhook({ job: job('/busy'), secrets: [], startedAt: new Date(), guard });
    expect(busy).toMatchObject({ ok: false, retry: true, httpStatus: 503, retryAfterMs: 120_000 });
    const slowDown = await deliverWebhook({ job: job('/slow-down'), secrets: [], startedAt: new Date(), guard });
    expect(slowDown).toMatchObject({ ok: false, retry: true, httpStatus: 429 });
    expect(slowDown.retryAfterMs).toBeGreaterThan(3_590_000);
    expect(slowDown.retryAfterMs).toBeLessThanOrEqual(Math.min(3_600_000, RETRY_AFTER_CAP_MS));
    const other = await deliverWebhook({ job: job('/error-with-retry-after'), secrets: [], startedAt: new Date(), guard });
    expect(other).toMatchObject({ httpStatus: 500, retryAfterMs: null });
  });

  it('delivers a failed job with is_error true', async () => {
    const job = makeJob({ callbackUrl: `${base}/ok`, status: 'failed', results: null, msg: 'Failed to decode video.' });
    await deliverWebhook({ job, secrets: [SECRET], startedAt: new Date(), guard });
    expect(JSON.parse(received[0]!.raw.toString()).data).toMatchObject({ is_error: true, result: { error: 'Failed to decode video.' } });
  });

  it('treats a 2xx with a large response body as delivered', async () => {
    const res = await deliverWebhook({ job: makeJob({ callbackUrl: `${base}/big-ok` }), secrets: [SECRET], startedAt: new Date(), guard });
    expect(res).toMatchObject({ ok: true, httpStatus: 200 });
  });

  it('410 Gone: not delivered and not retried', async () => {
    const res = await deliverWebhook({ job: makeJob({ callbackUrl: `${base}/gone` }), secrets: [SECRET], startedAt: new Date(), guard });
    expect(res).toMatchObject({ ok: false, retry: false, httpStatus: 410 });
    expect(res.error).toMatch(/410 Gone/);
  });

  it('5xx: retried', async () => {
    const res = await deliverWebhook({ job: makeJob({ callbackUrl: `${base}/error` }), secrets: [SECRET], startedAt: new Date(), guard });
    expect(res).toMatchObject({ ok: false, retry: true, httpStatus: 500, error: 'receiver answered HTTP 500' });
  });

  it('404: retried (the receiver may not be deployed yet)', async () => {
    const res = await deliverWebhook({ job: makeJob({ callbackUrl: `${base}/nope` }), secrets: [SECRET], startedAt: new Date(), guard });
    expect(res).toMatchObject({ ok: false, retry: true, httpStatus: 404 });
  });

  it('redirects are not followed: 3xx is a failed attempt', async () => {
    const res = await deliverWebhook({ job: makeJob({ callbackUrl: `${base}/moved` }), secrets: [SECRET], startedAt: new Date(), guard });
    expect(res).toMatchObject({ ok: false, retry: true, httpStatus: 301 });
    expect(res.error).toMatch(/redirects are not followed/);
    expect(received.map((r) => r.url)).toEqual(['/moved']);
  });

  it('network errors are retried with httpStatus 0', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const res = await deliverWebhook({ job: makeJob({ callbackUrl: `http://127.0.0.1:${port}/x` }), secrets: [SECRET], startedAt: new Date(), guard });
    expect(res).toMatchObject({ ok: false, retry: true, httpStatus: 0 });
    expect(res.error).toMatch(/connection refused/);
  });

  it('a receiver slower than timeoutMs is a retried timeout', async () => {
    const res = await deliverWebhook({ job: makeJob({ callbackUrl: `${base}/hang` }), secrets: [SECRET], startedAt: new Date(), guard, timeoutMs: 300 });
    expect(res).toMatchObject({ ok: false, retry: true, httpStatus: 0 });
    expect(res.error).toMatch(/within 300 ms/);
  });

  it('a callback URL on a blocked address is refused without connecting, and not retried', async () => {
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const strict = new EgressGuard({ allowCidrs: [] });
    for (const cb of [`${base}/ok`, 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/hook']) {
      const res = await deliverWebhook({ job: makeJob({ callbackUrl: cb }), secrets: [SECRET], startedAt: new Date(), guard: strict });
      expect(res).toMatchObject({ ok: false, retry: false, httpStatus: 0 });
      expect(res.error).toMatch(/private or reserved address/);
    }
    const viaDns = await deliverWebhook({
      job: makeJob({ callbackUrl: 'https://hooks.customer.test/cb' }),
      secrets: [SECRET], startedAt: new Date(),
      guard: strict,
      resolve: async () => [{ address: '10.0.0.5', family: 4 }],
    });
    expect(viaDns).toMatchObject({ ok: false, retry: false });
    expect(connect).not.toHaveBeenCalled();
    expect(received).toHaveLength(0);
  });

  it('a job without callback URL or with a non-http URL is not retried', async () => {
    expect(await deliverWebhook({ job: makeJob({ callbackUrl: null }), secrets: [], startedAt: new Date(), guard })).toMatchObject({
      ok: false,
      retry: false,
      error: 'job has no callback_url',
    });
    const ftp = await deliverWebhook({ job: makeJob({ callbackUrl: 'ftp://127.0.0.1/x' }), secrets: [], startedAt: new Date(), guard });
    expect(ftp).toMatchObject({ ok: false, retry: false });
    expect(ftp.error).toMatch(/scheme "ftp"/);
  });
});
