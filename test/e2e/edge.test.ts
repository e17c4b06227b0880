// The edges of an all-in-one deployment, as a caller meets them: idempotent submits, polling that is
// never throttled, and backpressure (503 with Retry-After) that clears once the work is done.
// Admission control is set so tight that one queued job is over the limit: 5 s per job until a
// throughput is measured, against a 1 s limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type ApiResponse } from '../helpers/api.ts';
import { makeJpeg, makePng } from '../helpers/media.ts';
import { startAllInOneDeployment, type Deployment } from '../helpers/deployments.ts';

const SUBMIT = '/classify/items-characteristics/image';

describe('edges of the API (all-in-one)', () => {
  let deployment: Deployment;
  let acme: ApiClient;
  let globex: ApiClient;
  let jpeg: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    [jpeg, png] = await Promise.all([makeJpeg(), makePng()]);
    deployment = await startAllInOneDeployment({ ADMISSION_MAX_BACKLOG_SECONDS: '1', ADMISSION_DEFAULT_JOB_SECONDS: '5', EGRESS_ALLOW_CIDRS: '' });
    acme = new ApiClient(deployment.url);
    globex = new ApiClient(deployment.url);
    expect((await acme.authenticate(deployment.tenants.acme.apiKey)).status).toBe(200);
    expect((await globex.authenticate(deployment.tenants.globex.apiKey)).status).toBe(200);
  }, 300_000);

  afterAll(async () => {
    await deployment?.stop();
  });

  /** A multipart submit with an Idempotency-Key (the helper client sends no custom headers). */
  async function submitWithKey(client: ApiClient, key: string, data: Buffer, fields: Record<string, string> = {}): Promise<ApiResponse> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'photo.jpg');
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = await fetch(`${deployment.url}/v1${SUBMIT}`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${client.token}`, 'Idempotency-Key': key } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  /** Submits until one is accepted (the backlog drained), or fails after the timeout. */
  async function submitWhenAdmitted(timeoutMs = 120_000): Promise<ApiResponse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const r = await acme.submitFile(SUBMIT, { data: png, filename: 'again.png', type: 'image/png' });
      if (r.status !== 503 || Date.now() > deadline) return r;
      await new Promise((res) => setTimeout(res, 500));
    }
  }

  let firstJob: string;

  it('answers a repeated Idempotency-Key with the first job, and 409 when the key comes with other content', async () => {
    const first = await submitWithKey(acme, 'order-2026-0001', jpeg, { caption: 'hello' });
    expect(first).toMatchObject({ status: 200, body: { job_id: expect.any(String) } });
    firstJob = String(first.body.job_id);
    // The first job still queued would refuse new work, but a retry is not new work.
    const again = await submitWithKey(acme, 'order-2026-0001', jpeg, { caption: 'hello' });
    expect(again).toEqual({ status: 200, body: { job_id: firstJob } });
    const other = await submitWithKey(acme, 'order-2026-0001', jpeg, { caption: 'a different caption' });
    expect(other).toMatchObject({ status: 409, body: { error: 'idempotency_conflict', message: expect.stringContaining(firstJob) } });
    expect(Object.keys(other.body).sort()).toEqual(['error', 'message']);
  });

  it('lets a caller poll its job 400 times in quick succession without a 429', async () => {
    const statuses = new Map<number, number>();
    for (let i = 0; i < 400; i++) {
      const { status } = await acme.get(`${SUBMIT}/${firstJob}`);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect([...statuses.keys()]).toEqual([200]);
  });

  it('refuses a callback_url on localhost at submit with 422', async () => {
    const r = await acme.submitFile(SUBMIT, { data: jpeg, filename: 'photo.jpg', type: 'image/jpeg' }, { callback_url: 'http://localhost:9/hooks' });
    expect(r).toMatchObject({ status: 422, body: { error: 'invalid_request', message: expect.stringMatching(/^callback_url is not usable/) } });
  });

  it('refuses a burst with 503 and Retry-After while work is queued, and admits again once it is done', async () => {
    expect((await acme.waitForJob(`${SUBMIT}/${firstJob}`)).body.status).toBe('done');
    const admitted = await submitWhenAdmitted();
    expect(admitted.status).toBe(200);
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => fetch(`${deployment.url}/v1${SUBMIT}`, { method: 'POST', body: formOf(png), headers: { Authorization: `Bearer ${acme.token}` } })),
    );
    // One queued job is over the limit; only if it finished within the burst could one more slip in.
    const refused = burst.filter((r) => r.status === 503);
    expect(refused.length).toBeGreaterThanOrEqual(4);
    expect(burst.every((r) => r.status === 503 || r.status === 200)).toBe(true);
    for (const r of refused) {
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await r.json()).toMatchObject({ error: 'unavailable', message: expect.stringMatching(/Too much work is queued.*retry in \d+ s/) });
    }
    await acme.waitForJob(`${SUBMIT}/${String(admitted.body.job_id)}`);
    expect((await submitWhenAdmitted()).status).toBe(200);
  }, 300_000);

  it("keeps the keys of different tenants apart: another tenant's same key creates its own job", async () => {
    // The previous case may have left a job queued: retry while it refuses new work.
    const deadline = Date.now() + 120_000;
    let theirs: ApiResponse;
    do {
      theirs = await submitWithKey(globex, 'order-2026-0001', jpeg, { caption: 'hello' });
      if (theirs.status === 503) await new Promise((res) => setTimeout(res, 500));
    } while (theirs.status === 503 && Date.now() < deadline);
    expect(theirs.status).toBe(200);
    expect(theirs.body.job_id).not.toBe(firstJob);
    expect((await globex.get(`${SUBMIT}/${firstJob}`)).status).toBe(404);
  }, 300_000);
});

function formOf(data: Buffer): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'burst.png');
  return form;
}
