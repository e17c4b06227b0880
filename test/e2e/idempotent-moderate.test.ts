// 100 concurrent POST /v1/moderate with one Idempotency-Key, as a retrying client fleet sends them:
// one classification job, one moderation job, and every answer names that moderation job (no 404
// for a job that was still being created, no second job).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/api.ts';
import { makeJpeg } from '../helpers/media.ts';
import { startAllInOneDeployment, type Deployment } from '../helpers/deployments.ts';

const CALLERS = 100;

describe('idempotent /v1/moderate under concurrency (all-in-one)', () => {
  let deployment: Deployment;
  let acme: ApiClient;

  beforeAll(async () => {
    deployment = await startAllInOneDeployment({ RATE_LIMIT_PER_MINUTE: '100000', READ_RATE_LIMIT_PER_MINUTE: '100000' });
    acme = new ApiClient(deployment.url);
    expect((await acme.authenticate(deployment.tenants.acme.apiKey)).status).toBe(200);
  }, 300_000);

  afterAll(async () => {
    await deployment?.stop();
  });

  it(`${CALLERS} concurrent submits with one key: every answer names one moderation job`, async () => {
    const jpeg = await makeJpeg(320, 240, { r: 90, g: 140, b: 200 });
    const answers = await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
        form.append('external_id', 'post-1');
        const res = await fetch(`${deployment.url}/v1/moderate`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${acme.token}`, 'Idempotency-Key': 'fleet-retry-1' } });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      }),
    );
    const statuses = [...new Set(answers.map((a) => a.status))].sort();
    expect(statuses.every((s) => s === 200 || s === 202), JSON.stringify(answers.filter((a) => a.status >= 300).slice(0, 3))).toBe(true);
    const ids = new Set(answers.map((a) => a.body.moderation_job_id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(String(id)).toMatch(/^vmod_/);
    const state = await acme.get(`/moderate/${String(id)}`);
    expect(state.status).toBe(200);
  }, 180_000);
});
