// Policies per tenant end to end (all-in-one and distributed): a Premium tenant publishes a policy with a custom
// COSMETICS category (a term list) and its policy job comes back with the category, the caption span
// that triggered it and the published version; a Standard tenant may not publish; invalid documents are
// refused naming the field; the virtual moderator escalates categories no model could score.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/api.ts';
import { startAllInOneDeployment, startDistributedDeployment, type Deployment } from '../helpers/deployments.ts';
import { makeJpeg } from '../helpers/media.ts';

type Category = { name: string; risk_level: string; score: number | null; triggered_by: string | null };

const COSMETICS_POLICY = {
  categories: [
    { name: 'COSMETICS', description: 'Make-up and beauty products.', signals: [{ terms: ['lipstick'], weight: 0.6 }], thresholds: { HIGH: 0.8, MEDIUM: 0.5, LOW: 0.2 } },
    { name: 'ARMS_AMMO', thresholds: { HIGH: 0.9, MEDIUM: 0.6, LOW: 0.3 } },
  ],
  moderation: { reject: ['HIGH'], review: ['MEDIUM'] },
};

const MODES: [string, () => Promise<Deployment>][] = [
  ['all-in-one', () => startAllInOneDeployment()],
  ['distributed: the gateway reaches policy-scorer over gRPC', () => startDistributedDeployment()],
];

describe.each(MODES)('policies per tenant (%s)', (_mode, start) => {
  let deployment: Deployment;
  let premium: ApiClient;
  let standard: ApiClient;

  beforeAll(async () => {
    deployment = await start();
    premium = new ApiClient(deployment.url);
    await premium.authenticate(deployment.tenants.initech.apiKey);
    standard = new ApiClient(deployment.url);
    await standard.authenticate(deployment.tenants.acme.apiKey);
  }, 180_000);

  afterAll(async () => {
    await deployment?.stop();
  });

  const put = (client: ApiClient, body: unknown) => client.request('PUT', '/policy', { data: JSON.stringify(body), type: 'application/json' });

  it('a Standard tenant has the Standard document and may not publish (403)', async () => {
    const active = await standard.get('/policy');
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ version: 'standard-2026-11-22', created_at: null });
    const refused = await put(standard, COSMETICS_POLICY);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'forbidden' });
  });

  it('invalid documents are refused with 422 naming each invalid field', async () => {
    const r = await put(premium, { categories: [{ name: 'COSMETICS', signals: [{ terms: [], weight: 2 }] }], moderation: { unknown: 'maybe' } });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('invalid_request');
    for (const field of ['categories.0.signals.0', 'categories.0.description', 'moderation.unknown']) expect(String(r.body.message)).toContain(field);
  });

  it('a Premium tenant publishes a custom category; its policy job reports it with the caption span and the version', async () => {
    const published = await put(premium, COSMETICS_POLICY);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const version = published.body.version as string;
    expect(version).toMatch(/^v\d+$/);
    expect((await premium.get('/policy')).body).toMatchObject({ version });
    expect((await premium.get(`/policy/versions/${version}`)).body).toMatchObject({ version, document: { categories: [{ name: 'COSMETICS' }, { name: 'ARMS_AMMO' }] } });
    expect((await premium.get('/policy/versions/v999')).status).toBe(404);
    // Another tenant never reads a Premium tenant's published document.
    const foreign = await standard.get(`/policy/versions/${version}`);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('COSMETICS');

    const submit = await premium.submitFile('/classify/policy/image', { data: await makeJpeg(), filename: 'shade.jpg', type: 'image/jpeg' }, { caption: 'new L1pstick shade' });
    expect(submit.status, JSON.stringify(submit.body)).toBe(200);
    const done = await premium.waitForJob(`/classify/policy/image/${submit.body.job_id as string}`, 120_000);
    expect(done.body.status, JSON.stringify(done.body)).toBe('done');
    const results = done.body.results as { policy_version: string; policy_categories: Category[] };
    expect(results.policy_version).toBe(version);
    expect(results.policy_categories.map((c) => c.name)).toEqual(['COSMETICS', 'ARMS_AMMO']);
    expect(results.policy_categories[0]).toMatchObject({ score: 0.6, risk_level: 'MEDIUM', triggered_by: 'caption:term:"lipstick"@4-12' });

    const mod = await premium.postJson('/moderate', { classification_job_id: submit.body.job_id, external_id: 'shade-1' });
    expect(mod.status).toBe(200);
    expect(mod.body).toMatchObject({ decision: 'pending_review', policy_version: version, escalate_reasons: expect.arrayContaining(['medium_risk_cosmetics']) });
  });

  it('/v1/moderate lists categories no model scored as unknown and escalates them as not covered', async () => {
    // A category whose only signal is a class no installed model scores: UNKNOWN on every job.
    const coverage = (await premium.get('/models')).body.classes as { class: string; group: string; model: string | null }[];
    const uncovered = coverage.find((c) => c.model === null && c.group !== 'caption_language_toxicity');
    const policy = uncovered
      ? { categories: [{ name: 'UNCHECKED', description: 'Scored by a class no installed model covers.', signals: [{ class: uncovered.class, weight: 1 }] }] }
      : COSMETICS_POLICY;
    expect((await put(premium, policy)).status).toBe(200);

    const submit = await premium.submitFile('/classify/policy/image', { data: await makeJpeg(320, 240, { r: 200, g: 200, b: 200 }), filename: 'grey.jpg', type: 'image/jpeg' });
    const jobId = submit.body.job_id as string;
    const done = await premium.waitForJob(`/classify/policy/image/${jobId}`, 120_000);
    expect(done.body.status, JSON.stringify(done.body)).toBe('done');
    const categories = (done.body.results as { policy_categories: Category[] }).policy_categories;
    const unknown = categories.filter((c) => c.risk_level === 'UNKNOWN').map((c) => c.name);
    if (uncovered) expect(unknown).toEqual(['UNCHECKED']);

    const mod = await premium.postJson('/moderate', { classification_job_id: jobId, external_id: 'grey-1' });
    expect(mod.status).toBe(200);
    expect(mod.body.policy_categories).toEqual(categories.map((c) => ({ name: c.name, risk_level: c.risk_level.toLowerCase() })));
    if (unknown.length) {
      expect(mod.body).toMatchObject({ decision: 'pending_review', escalate: true });
      expect(mod.body.escalate_reasons).toEqual(expect.arrayContaining(unknown.map((n) => `not_covered_${n.toLowerCase()}`)));
    }
  });
});
