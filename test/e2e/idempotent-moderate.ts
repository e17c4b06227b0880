// 100 concurrent POST /v1/moderate with one Idempotency-Key, as a retrying client fleet sends them:
// one classification job, one moderation job, and every answer names that moderation job (no 404
// for a job that was still being created, no second job). Run in both deployment modes.
import { expect, it } from 'vitest';
import { ApiClient } from '../helpers/api.ts';
import { makeJpeg } from '../helpers/media.ts';
import type { ContractContext } from './pipeline-contract.ts';

const CALLERS = 100;

export function describeIdempotentModerate(ctx: () => ContractContext): void {
  it(`${CALLERS} concurrent POST /v1/moderate with one Idempotency-Key: every answer names one moderation job`, async () => {
    const c = ctx();
    // initech, whose write burst is set for this (test/helpers/tenants.ts): the others' buckets are the other tests'.
    const fleet = new ApiClient(c.deployment.url);
    expect((await fleet.authenticate(c.deployment.tenants.initech.apiKey)).status).toBe(200);
    const jpeg = await makeJpeg(320, 240, { r: 90, g: 140, b: 200 });
    const answers = await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
        form.append('external_id', 'post-1');
        const res = await fetch(`${c.deployment.url}/v1/moderate`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${fleet.token}`, 'Idempotency-Key': 'fleet-retry-1' } });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      }),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 202), JSON.stringify(answers.filter((a) => a.status >= 300).slice(0, 3))).toBe(true);
    const ids = new Set(answers.map((a) => a.body.moderation_job_id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(String(id)).toMatch(/^vmod_/);
    expect((await fleet.get(`/moderate/${String(id)}`)).status).toBe(200);
  }, 180_000);
}
