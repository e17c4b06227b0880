// Ingest over a real runtime (embedded store, in-process bus, local media): idempotency keys and
// admission control as the gateway reaches them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@modsvc/common/config';
import { closeRuntime, createRuntime, type Runtime } from '@modsvc/common/runtime';
import { serviceLogger } from '@modsvc/common/logger';
import type { SubmitOptions } from '@modsvc/common/contracts';
import { createIngest } from '../src/service.ts';
import { AdmissionControl } from '../src/admission.ts';

const log = serviceLogger('ingest-test');
const URL_A = 'https://93.184.215.14/a.jpg';
const URL_B = 'https://93.184.215.14/b.jpg';
const fp = (c: string) => c.repeat(64);
// The smallest PNG header the sniffer recognises, padded: enough for ingest to accept it as an image.
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]);

let dir: string;
let rt: Runtime;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-idem-'));
  rt = await createRuntime(loadConfig({ DATA_DIR: dir }, 'ingest'), log);
});

afterEach(async () => {
  await closeRuntime(rt);
  fs.rmSync(dir, { recursive: true, force: true });
});

function ingestWith(maxBacklogSeconds = 0, defaultJobSeconds = 2) {
  return createIngest(rt, new AdmissionControl({ maxBacklogSeconds, defaultJobSeconds, countWork: (s) => rt.store.countWork(s), log }));
}

const opts = (key: string | null, fingerprint = fp('a'), tenantId = 'acme'): SubmitOptions => ({
  tenantId,
  product: 'items',
  media: 'image',
  caption: null,
  callbackUrl: null,
  ...(key ? { idempotency: { key, fingerprint } } : {}),
});

async function queued(): Promise<number> {
  return (await rt.store.countWork(new Date())).queued;
}

describe('idempotent submits', () => {
  it('answers a repeated key with the first job, and creates no other', async () => {
    const ingest = ingestWith();
    const first = await ingest.submitUrl(opts('order-1'), URL_A);
    expect(await ingest.submitUrl(opts('order-1'), URL_A)).toEqual(first);
    expect(await queued()).toBe(1);
  });

  it('refuses a key reused for other content with 409', async () => {
    const ingest = ingestWith();
    const first = await ingest.submitUrl(opts('order-1', fp('a')), URL_A);
    await expect(ingest.submitUrl(opts('order-1', fp('b')), URL_B)).rejects.toMatchObject({ code: 'idempotency_conflict', status: 409, message: expect.stringContaining(first.jobId) });
    expect(await queued()).toBe(1);
  });

  it('creates one job for concurrent submits with one key', async () => {
    const ingest = ingestWith();
    const answers = await Promise.all(Array.from({ length: 6 }, () => ingest.submitUrl(opts('racing'), URL_A)));
    expect(new Set(answers.map((a) => a.jobId)).size).toBe(1);
    expect(await queued()).toBe(1);
  });

  it('keeps the keys of different tenants apart, and submits without a key independent', async () => {
    const ingest = ingestWith();
    const acme = await ingest.submitUrl(opts('shared', fp('a'), 'acme'), URL_A);
    const globex = await ingest.submitUrl(opts('shared', fp('b'), 'globex'), URL_B);
    expect(globex.jobId).not.toBe(acme.jobId);
    const [x, y] = [await ingest.submitUrl(opts(null), URL_A), await ingest.submitUrl(opts(null), URL_A)];
    expect(x.jobId).not.toBe(y.jobId);
    expect(await queued()).toBe(4);
  });

  it('never answers a repeat with a job that does not exist yet: repeats wait while the first submit is still creating it', async () => {
    const create = rt.store.create.bind(rt.store);
    rt.store.create = async (record) => {
      await new Promise((r) => setTimeout(r, 300)); // a slow store: the key is claimed, the job not yet there
      return create(record);
    };
    const ingest = ingestWith();
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const { jobId } = await ingest.submitUrl(opts('slow'), URL_A);
        return { jobId, existsWhenAnswered: (await rt.store.getForTenant('acme', jobId)) !== null };
      }),
    );
    expect(new Set(answers.map((a) => a.jobId)).size).toBe(1);
    expect(answers.every((a) => a.existsWhenAnswered)).toBe(true);
    expect(await queued()).toBe(1);
  });

  it('a repeat waiting on a creation that fails takes the key over and creates the job', async () => {
    const create = rt.store.create.bind(rt.store);
    let calls = 0;
    rt.store.create = async (record) => {
      calls++;
      await new Promise((r) => setTimeout(r, 150));
      if (calls === 1) throw new Error('store unavailable');
      return create(record);
    };
    const ingest = ingestWith();
    const [first, second] = await Promise.allSettled([ingest.submitUrl(opts('flaky'), URL_A), new Promise((r) => setTimeout(r, 30)).then(() => ingest.submitUrl(opts('flaky'), URL_A))]);
    expect(first).toMatchObject({ status: 'rejected', reason: expect.objectContaining({ message: 'store unavailable' }) });
    expect(second.status).toBe('fulfilled');
    const { jobId } = (second as PromiseFulfilledResult<{ jobId: string }>).value;
    expect(await rt.store.getForTenant('acme', jobId)).not.toBeNull();
    expect(await queued()).toBe(1);
  });

  it('frees the key when the job could not be created, so that the retry creates it', async () => {
    const file = path.join(dir, 'a.png');
    fs.writeFileSync(file, PNG);
    const upload = { path: file, filename: 'a.png', declaredType: 'image/png', size: PNG.length };
    const put = rt.media.put.bind(rt.media);
    let failNext = true;
    rt.media.put = async (key, body) => {
      if (failNext) {
        failNext = false;
        throw new Error('media store unavailable');
      }
      return put(key, body);
    };
    const ingest = ingestWith();
    await expect(ingest.submitUpload(opts('upload-1'), upload)).rejects.toThrow(/media store unavailable/);
    expect(await rt.store.findIdempotencyKey('acme', 'upload-1')).toBeNull();
    const { jobId } = await ingest.submitUpload(opts('upload-1'), upload);
    expect((await rt.store.get(jobId))?.mediaKey).toBeTruthy();
    expect(await ingest.submitUpload(opts('upload-1'), upload)).toEqual({ jobId });
  });

  it('refuses a callback_url on localhost with 422 before creating anything', async () => {
    const ingest = ingestWith();
    await expect(ingest.submitUrl({ ...opts(null), callbackUrl: 'http://localhost:9000/hook' }, URL_A)).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/^callback_url/) });
    expect(await queued()).toBe(0);
  });
});

describe('admission control at submit', () => {
  it('refuses new work with 503 and a Retry-After over the limit, but still answers a repeated key', async () => {
    const ingest = ingestWith(1, 5); // one queued job is 5 s of work: over a 1 s limit
    const first = await ingest.submitUrl(opts('first'), URL_A);
    await expect(ingest.submitUrl(opts(null), URL_B)).rejects.toMatchObject({ code: 'unavailable', status: 503, retryAfterSeconds: 4 });
    await expect(ingest.submitUrl(opts('second', fp('b')), URL_B)).rejects.toMatchObject({ status: 503 });
    expect(await rt.store.findIdempotencyKey('acme', 'second')).toBeNull();
    expect(await ingest.submitUrl(opts('first'), URL_A)).toEqual(first);
    expect(await queued()).toBe(1);
  });
});
