// Signed internal gRPC, end to end on a real server: the token covers the caller, the method and the
// request's bytes; the caller must be on the method's allow-list; a token is accepted once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationGrpc, type GetJobRequest, type UploadPart } from '@modsvc/protos';
import { ApiError } from '@modsvc/common/errors';
import { CLIENT_OPTIONS, startGrpcServer, type GrpcServer } from '@modsvc/common/grpc';
import { bodyDigest, SERVICE_AUTH_HEADER, serviceAuth } from '@modsvc/common/service-auth';
import type { IngestApi, SubmitOptions, TextToxicityApi } from '@modsvc/common/contracts';
import { ingestBinding, ingestClient } from '../src/ingest.ts';
import { textToxicityBinding, textToxicityClient } from '../src/text-toxicity.ts';
import { ALLOWED_CALLERS } from '../src/callers.ts';

const KEY = 'k'.repeat(64);
const GET_JOB = '/moderation.v1.Ingest/GetJob';
const SUBMIT_URL = '/moderation.v1.Ingest/SubmitUrl';
const SUBMIT_UPLOAD = '/moderation.v1.Ingest/SubmitUpload';

interface Refusal {
  code: grpc.status;
  details: string;
}

describe('signed internal gRPC', () => {
  const gateway = serviceAuth(KEY, 'gateway')!;
  const uploads: { opts: SubmitOptions; bytes: Buffer }[] = [];
  const jobLookups: string[] = [];
  let unavailableOnce = false;
  let server: GrpcServer;
  let address: string;
  const api: IngestApi = {
    async submitUpload(opts, file) {
      uploads.push({ opts, bytes: await fs.promises.readFile(file.path) });
      return { jobId: 'job_upload' };
    },
    async submitUrl() {
      return { jobId: 'job_url' };
    },
    async getJob(_tenantId, jobId) {
      jobLookups.push(jobId);
      if (unavailableOnce) {
        unavailableOnce = false;
        throw new ApiError('unavailable', 'the store is briefly away');
      }
      return { jobId, status: 'queued', msg: null, results: null };
    },
  };
  const text: TextToxicityApi = {
    coverage: async () => ({ model: 'm', labels: [] }),
    score: async (texts) => texts.map(() => ({ scores: { toxicity: 0.1 } as never, topSpan: null, model: 'm' })),
  };

  // A client that signs nothing: the tests put the token in the metadata themselves.
  const raw = () => new (moderationGrpc().Ingest)(address, grpc.credentials.createInsecure(), CLIENT_OPTIONS);
  const withToken = (token: string) => {
    const md = new grpc.Metadata();
    md.set(SERVICE_AUTH_HEADER, token);
    return md;
  };
  const getJobBytes = (req: GetJobRequest) => moderationGrpc().Ingest.service.GetJob.requestSerialize(req);
  const rawGetJob = (req: GetJobRequest, md: grpc.Metadata) =>
    new Promise<Refusal | 'answered'>((resolve) => {
      raw().GetJob(req, md, { deadline: Date.now() + 5000 }, (err) => resolve(err ? { code: err.code, details: err.details } : 'answered'));
    });
  const refusal = (p: Promise<unknown>) => p.then(() => 'answered' as const, (err: unknown) => err as ApiError);

  const request: GetJobRequest = { tenantId: 'acme', jobId: 'job_1', product: 'ITEMS', media: 'IMAGE' };
  const swapped: GetJobRequest = { tenantId: 'globex', jobId: 'job_1', product: 'ITEMS', media: 'IMAGE' };

  beforeAll(async () => {
    server = await startGrpcServer([ingestBinding(api), textToxicityBinding(text)], { host: '127.0.0.1', port: 0, auth: serviceAuth(KEY, 'ingest') });
    address = `127.0.0.1:${server.port}`;
  });

  afterAll(async () => {
    await server.close(1000);
  });

  it('answers a caller on the allow-list, unary and streaming (the first message reaches the handler)', async () => {
    const client = ingestClient(address, gateway);
    expect(await client.getJob('acme', 'job_1', 'items', 'image')).toMatchObject({ jobId: 'job_1' });
    expect(await client.submitUrl({ tenantId: 'acme', product: 'items', media: 'image', caption: null, callbackUrl: null }, 'https://example.com/a.png')).toEqual({ jobId: 'job_url' });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-wire-'));
    const file = path.join(dir, 'a.bin');
    const bytes = Buffer.alloc(2.5 * 1024 * 1024, 7);
    bytes.write('first chunk', 0);
    fs.writeFileSync(file, bytes);
    const opts: SubmitOptions = { tenantId: 'acme', product: 'items', media: 'video', caption: 'hello', callbackUrl: null };
    expect(await client.submitUpload(opts, { path: file, filename: 'a.bin', declaredType: null, size: bytes.length })).toEqual({ jobId: 'job_upload' });
    expect(uploads.at(-1)!.opts).toMatchObject({ tenantId: 'acme', media: 'video', caption: 'hello' });
    expect(uploads.at(-1)!.bytes.equals(bytes)).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
    // Empty request messages (zero bytes on the wire) are signed and checked alike.
    expect(await textToxicityClient(address, serviceAuth(KEY, 'vision-inference')).coverage()).toMatchObject({ model: 'm' });
  });

  it('refuses unsigned and foreign-key calls with UNAUTHENTICATED', async () => {
    expect(await refusal(ingestClient(address, null).getJob('acme', 'job_1', 'items', 'image'))).toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/missing service token/) });
    expect(await refusal(ingestClient(address, serviceAuth('f'.repeat(64), 'gateway')).getJob('acme', 'job_1', 'items', 'image'))).toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/signature/) });
  });

  it('refuses a request body swapped under a valid token', async () => {
    const token = gateway.sign(GET_JOB, bodyDigest(getJobBytes(request)));
    const before = jobLookups.length;
    const r = await rawGetJob(swapped, withToken(token));
    expect(r).toMatchObject({ code: grpc.status.UNAUTHENTICATED, details: expect.stringMatching(/does not cover this request/) });
    expect(jobLookups.length).toBe(before);
  });

  it('refuses a token signed for method A on method B, even for the same bytes', async () => {
    const token = gateway.sign(SUBMIT_URL, bodyDigest(getJobBytes(request)));
    const r = await rawGetJob(request, withToken(token));
    expect(r).toMatchObject({ code: grpc.status.UNAUTHENTICATED, details: expect.stringMatching(/signature.*another caller or method/) });
  });

  it('refuses a caller outside the allow-list with PERMISSION_DENIED naming caller and method', async () => {
    expect(ALLOWED_CALLERS['moderation.v1.Ingest'].GetJob).not.toContain('webhook-dispatcher');
    const err = await refusal(ingestClient(address, serviceAuth(KEY, 'webhook-dispatcher')).getJob('acme', 'job_1', 'items', 'image'));
    expect(err).toMatchObject({ code: 'forbidden', message: expect.stringContaining(`webhook-dispatcher may not call ${GET_JOB}`) });
    // Allowed on one method of a service is not allowed on all: vision-inference asks Coverage, speech-to-text may only Score.
    const stt = textToxicityClient(address, serviceAuth(KEY, 'speech-to-text'));
    expect(await stt.score(['hello'], 'speech')).toHaveLength(1);
    expect(await refusal(stt.coverage())).toMatchObject({ code: 'forbidden', message: expect.stringContaining('speech-to-text may not call /moderation.v1.TextToxicity/Coverage') });
    expect(await refusal(textToxicityClient(address, gateway).score(['hello'], 'api'))).toMatchObject({ code: 'forbidden' });
  });

  it('accepts a token once: the same call replayed is refused', async () => {
    const md = withToken(gateway.sign(GET_JOB, bodyDigest(getJobBytes(request))));
    expect(await rawGetJob(request, md)).toBe('answered');
    expect(await rawGetJob(request, md)).toMatchObject({ code: grpc.status.UNAUTHENTICATED, details: expect.stringMatching(/already used/) });
  });

  it('lets the client retry a call answered UNAVAILABLE with the same token', async () => {
    unavailableOnce = true;
    const before = jobLookups.length;
    expect(await ingestClient(address, gateway).getJob('acme', 'job_retry', 'items', 'image')).toMatchObject({ jobId: 'job_retry' });
    expect(jobLookups.length - before).toBe(2);
  });

  it('checks a stream against its first message: a header swapped under a valid token is refused before the handler reads', async () => {
    const serializeUpload = moderationGrpc().Ingest.service.SubmitUpload.requestSerialize;
    const header = (tenantId: string): UploadPart => ({
      header: { options: { tenantId, product: 'ITEMS', media: 'IMAGE', caption: '', callbackUrl: '', idempotencyKey: '', fingerprint: '' }, filename: 'a.png', declaredContentType: '', size: '3' },
    });
    const upload = (first: UploadPart, token: string) =>
      new Promise<Refusal | 'answered'>((resolve) => {
        const stream = raw().SubmitUpload(withToken(token), { deadline: Date.now() + 5000 }, (err) => resolve(err ? { code: err.code, details: err.details } : 'answered'));
        stream.write(first);
        stream.write({ chunk: Buffer.from('abc') });
        stream.end();
      });
    const count = uploads.length;
    const signedForAcme = gateway.sign(SUBMIT_UPLOAD, bodyDigest(serializeUpload(header('acme'))));
    expect(await upload(header('globex'), signedForAcme)).toMatchObject({ code: grpc.status.UNAUTHENTICATED, details: expect.stringMatching(/does not cover this request/) });
    expect(uploads.length).toBe(count);
    expect(await upload(header('acme'), gateway.sign(SUBMIT_UPLOAD, bodyDigest(serializeUpload(header('acme')))))).toBe('answered');
    expect(uploads.at(-1)).toMatchObject({ opts: { tenantId: 'acme' }, bytes: Buffer.from('abc') });
  });

  it('leaves the health service open to probes', async () => {
    const client = new grpc.Client(address, grpc.credentials.createInsecure());
    // HealthCheckRequest{service: ""} is zero bytes; the reply's status SERVING (1) is field 1: 08 01.
    const reply = await new Promise<Buffer>((resolve, reject) =>
      client.makeUnaryRequest('/grpc.health.v1.Health/Check', () => Buffer.alloc(0), (b: Buffer) => b, {}, (err, value) => (err ? reject(err) : resolve(value!))),
    );
    client.close();
    expect([...reply]).toEqual([0x08, 0x01]);
  });
});
