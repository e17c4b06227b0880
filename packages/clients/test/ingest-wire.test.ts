// The ingest API over gRPC: what the gateway sends arrives as sent, and a refusal keeps its meaning.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@modsvc/common/errors';
import { startGrpcServer, type GrpcServer } from '@modsvc/common/grpc';
import type { IngestApi, SubmitOptions } from '@modsvc/common/contracts';
import { ingestBinding, ingestClient } from '../src/ingest.ts';

const FINGERPRINT = 'ab'.repeat(32);

describe('ingest over gRPC', () => {
  const received: SubmitOptions[] = [];
  let calls = 0;
  let refuse: ApiError | null = null;
  let server: GrpcServer;
  let client: IngestApi;
  const api: IngestApi = {
    async submitUpload(opts) {
      calls++;
      received.push(opts);
      if (refuse) throw refuse;
      return { jobId: 'job_upload' };
    },
    async submitUrl(opts) {
      calls++;
      received.push(opts);
      if (refuse) throw refuse;
      return { jobId: 'job_url' };
    },
    async getJob() {
      return null;
    },
  };
  const base: SubmitOptions = { tenantId: 'acme', product: 'items', media: 'image', caption: null, callbackUrl: null };

  beforeAll(async () => {
    server = await startGrpcServer([ingestBinding(api)], { host: '127.0.0.1', port: 0, auth: null });
    client = ingestClient(`127.0.0.1:${server.port}`, null);
  });

  afterAll(async () => {
    await server.close(1000);
  });

  it('carries the idempotency key and fingerprint, and their absence', async () => {
    received.length = 0;
    refuse = null;
    await client.submitUrl({ ...base, idempotency: { key: 'order 42/retry', fingerprint: FINGERPRINT } }, 'https://example.com/a.jpg');
    await client.submitUrl(base, 'https://example.com/a.jpg');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wire-')), 'a.bin');
    fs.writeFileSync(file, Buffer.from('bytes'));
    await client.submitUpload({ ...base, idempotency: { key: 'k', fingerprint: FINGERPRINT } }, { path: file, filename: 'a.bin', declaredType: null, size: 5 });
    expect(received.map((o) => o.idempotency)).toEqual([{ key: 'order 42/retry', fingerprint: FINGERPRINT }, undefined, { key: 'k', fingerprint: FINGERPRINT }]);
  });

  it('refuses a key without a well-formed fingerprint', async () => {
    refuse = null;
    await expect(client.submitUrl({ ...base, idempotency: { key: 'k', fingerprint: 'not-a-digest' } }, 'https://example.com/a.jpg')).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('keeps a 503 with its Retry-After across the wire, without the client retrying it', async () => {
    refuse = new ApiError('unavailable', 'Too much work queued; retry in 7 s.', { retryAfterSeconds: 7 });
    calls = 0;
    const err = await client.submitUrl(base, 'https://example.com/a.jpg').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'unavailable', status: 503, retryAfterSeconds: 7, message: 'Too much work queued; retry in 7 s.' });
    expect(calls).toBe(1);
  });

  it('keeps a 409 idempotency conflict', async () => {
    refuse = new ApiError('idempotency_conflict', 'The key was used with other content.');
    await expect(client.submitUrl(base, 'https://example.com/a.jpg')).rejects.toMatchObject({ code: 'idempotency_conflict', status: 409 });
  });
});
