// Policies per tenant end to end (all-in-one and distributed): a Premium tenant publishes a policy with a custom
// COSMETICS category (a term list) and its policy job comes back with the category, the caption span
// that triggered it and the published version; a Standard tenant may not publish; invalid documents are
// refused naming the field; the virtual moderator escalates categories no model could score. A custom
// policy extends the Standard one (a hateful caption is scored and decided as for a Standard tenant), and
// `make recalibrate --publish` run beside the running services changes the next decision, no restart.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/api.ts';
import { startAllInOneDeployment, startDistributedDeployment, type Deployment } from '../helpers/deployments.ts';
import { makeJpeg } from '../helpers/media.ts';
import { REPO_ROOT } from '../helpers/processes.ts';
import { POLICY_TABLE_VERSION } from '@modsvc/common/domain/index';

type Category = { name: string; risk_level: string; score: number | null; triggered_by: string | null; not_scored?: string[] };

const COSMETICS_POLICY = {
  categories: [
    { name: 'COSMETICS', description: 'Make-up and beauty products.', signals: [{ terms: ['lipstick'], weight: 0.6 }], thresholds: { HIGH: 0.8, MEDIUM: 0.5, LOW: 0.2 } },
    { name: 'ARMS_AMMO', thresholds: { HIGH: 0.9, MEDIUM: 0.6, LOW: 0.3 } },
  ],
  moderation: { reject: ['HIGH'], review: ['MEDIUM'] },
};

const STANDARD_NAMES = ['SEXUAL', 'DRUGS', 'DEATH_INJURY_MILITARY', 'ARMS_AMMO', 'HATE_SPEECH', 'SELF_HARM', 'HARASSMENT'];
const HATEFUL = 'I hate all of you people, you should die';

/** `make recalibrate` as an operator runs it beside the deployment: the same settings as its services. */
function recalibrate(deployment: Deployment, args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const service = deployment.services.get(deployment.mode === 'all-in-one' ? 'all-in-one' : 'moderator')!;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/recalibrate.ts', ...args], { cwd: REPO_ROOT, env: { ...process.env, ...service.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })));
}

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

  const put = (client: ApiClient, body: unknown) => put2(client, '/policy', body);
  const put2 = (client: ApiClient, path: string, body: unknown) => client.request('PUT', path, { data: JSON.stringify(body), type: 'application/json' });

  it('a Standard tenant has the Standard document and may not publish (403)', async () => {
    const active = await standard.get('/policy');
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ version: POLICY_TABLE_VERSION, created_at: null });
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
    // The document's categories, then the Standard ones it does not name: a published policy extends the Standard one.
    expect(results.policy_categories.map((c) => c.name)).toEqual(['COSMETICS', 'ARMS_AMMO', 'SEXUAL', 'DRUGS', 'DEATH_INJURY_MILITARY', 'HATE_SPEECH', 'SELF_HARM', 'HARASSMENT']);
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
    if (uncovered) expect(unknown).toContain('UNCHECKED');

    const mod = await premium.postJson('/moderate', { classification_job_id: jobId, external_id: 'grey-1' });
    expect(mod.status).toBe(200);
    // A picture's category says which of its visual signals went unchecked, in the result and in the decision.
    if (uncovered) expect(categories.find((c) => c.name === 'UNCHECKED')!.not_scored).toEqual([uncovered.class]);
    expect(mod.body.policy_categories).toEqual(categories.map((c) => ({ name: c.name, risk_level: c.risk_level.toLowerCase(), ...(c.not_scored ? { not_scored: c.not_scored } : {}) })));
    if (unknown.length) {
      expect(mod.body).toMatchObject({ decision: 'pending_review', escalate: true });
      expect(mod.body.escalate_reasons).toEqual(expect.arrayContaining(unknown.map((n) => `not_covered_${n.toLowerCase()}`)));
    }
  });

  it("a custom policy with one category still scores and decides a hateful caption as the Standard policy does", async () => {
    // The Standard path first: the Standard text model must score the caption for HATE_SPEECH.
    const image = await makeJpeg(320, 240, { r: 180, g: 30, b: 40 });
    const viaStandard = await standard.submitFile('/classify/policy/image', { data: image, filename: 'post.jpg', type: 'image/jpeg' }, { caption: HATEFUL });
    const standardDone = await standard.waitForJob(`/classify/policy/image/${viaStandard.body.job_id as string}`, 120_000);
    expect(standardDone.body.status, JSON.stringify(standardDone.body)).toBe('done');
    const standardHate = (standardDone.body.results as { policy_categories: Category[] }).policy_categories.find((c) => c.name === 'HATE_SPEECH')!;
    expect(standardHate.score, JSON.stringify(standardHate)).toEqual(expect.any(Number));
    expect(standardHate.triggered_by).toMatch(/^caption:/);
    const standardMod = await standard.postJson('/moderate', { classification_job_id: viaStandard.body.job_id, external_id: 'hate-standard' });
    expect(standardMod.status).toBe(200);

    const published = await put(premium, { categories: [{ name: 'COSMETICS', description: 'Make-up and beauty products.', signals: [{ terms: ['lipstick'], weight: 0.6 }] }] });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.warnings).toEqual([]);
    const viaPremium = await premium.submitFile('/classify/policy/image', { data: image, filename: 'post.jpg', type: 'image/jpeg' }, { caption: HATEFUL });
    const premiumDone = await premium.waitForJob(`/classify/policy/image/${viaPremium.body.job_id as string}`, 120_000);
    const premiumResult = premiumDone.body.results as { policy_version: string; policy_categories: Category[] };
    expect(premiumResult.policy_version).toBe(published.body.version);
    expect(premiumResult.policy_categories.map((c) => c.name)).toEqual(['COSMETICS', ...STANDARD_NAMES]);
    // Every Standard category reads exactly as for the Standard tenant; HATE_SPEECH among them.
    const standardCats = (standardDone.body.results as { policy_categories: Category[] }).policy_categories;
    for (const c of standardCats) expect(premiumResult.policy_categories.find((p) => p.name === c.name), c.name).toMatchObject({ score: c.score, risk_level: c.risk_level, triggered_by: c.triggered_by });

    const premiumMod = await premium.postJson('/moderate', { classification_job_id: viaPremium.body.job_id, external_id: 'hate-premium' });
    expect(premiumMod.status).toBe(200);
    // The same decision and every reason the Standard tenant got (COSMETICS, not matched, adds none).
    expect(premiumMod.body).toMatchObject({ decision: standardMod.body.decision, escalate: standardMod.body.escalate });
    expect(premiumMod.body.escalate_reasons).toEqual(standardMod.body.escalate_reasons);
    expect(premiumMod.body.reject_reasons).toEqual(standardMod.body.reject_reasons);
    expect((premiumMod.body.policy_categories as { name: string; risk_level: string }[]).find((c) => c.name === 'HATE_SPEECH')).toEqual({
      name: 'HATE_SPEECH',
      risk_level: standardHate.risk_level.toLowerCase(),
      ...(standardHate.not_scored ? { not_scored: standardHate.not_scored } : {}),
    });
  });

  it('PUT /policy?dry_run=true replays a candidate on recent decisions and publishes nothing', async () => {
    const active = (await premium.get('/policy')).body.version;
    const r = await put2(premium, '/policy?dry_run=true&items=10', { categories: [{ name: 'COSMETICS', description: 'Make-up.', signals: [{ terms: ['hate'], weight: 1 }] }, { name: 'DRUGS', enabled: false }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ dry_run: true, published: false, active_version: active, warnings: [expect.stringContaining('DRUGS')] });
    const items = r.body.items as { external_id: string; changed: boolean; after: { categories: { name: string; risk_level: string }[] } }[];
    const hate = items.find((i) => i.external_id === 'hate-premium')!;
    expect(hate.after.categories.find((c) => c.name === 'COSMETICS')).toMatchObject({ risk_level: 'HIGH' });
    expect(hate.after.categories.map((c) => c.name)).not.toContain('DRUGS');
    expect((await premium.get('/policy')).body.version).toBe(active);
  });

  it('make recalibrate --publish beside the running services: the next decision uses the new thresholds, no restart', async () => {
    const pids = [...deployment.services.values()].map((s) => s.proc?.pid);
    const published = await put(premium, { categories: [{ name: 'COSMETICS', description: 'Make-up and beauty products.', signals: [{ terms: ['lipstick'], weight: 0.6 }] }] });
    const version = published.body.version as string;
    // Feedback: COSMETICS at 0.6 (lipstick) is always right to flag, at 0 never. Refitting puts the thresholds at 0.3.
    const jpeg = await makeJpeg(320, 240, { r: 90, g: 160, b: 90 });
    const captions = [...Array.from({ length: 10 }, (_, i) => `new lipstick shade ${i}`), ...Array.from({ length: 10 }, (_, i) => `a quiet afternoon ${i}`)];
    for (let i = 0; i < captions.length; i += 5) {
      await Promise.all(
        captions.slice(i, i + 5).map(async (caption) => {
          const submit = await premium.submitFile('/classify/policy/image', { data: jpeg, filename: 'fb.jpg', type: 'image/jpeg' }, { caption });
          const done = await premium.waitForJob(`/classify/policy/image/${submit.body.job_id as string}`, 120_000);
          expect((done.body.results as { policy_version: string }).policy_version).toBe(version);
          const fb = await premium.postJson('/feedback', { job_id: submit.body.job_id, category: 'COSMETICS', correct: true });
          expect(fb.status, JSON.stringify(fb.body)).toBeLessThan(300);
        }),
      );
    }
    const moderate = () => premium.submitFile('/moderate', { data: jpeg, filename: 'ad.jpg', type: 'image/jpeg' }, { caption: 'new lipstick shade', external_id: 'ad' });
    const before = await moderate();
    expect(before.body).toMatchObject({ policy_version: version, decision: 'pending_review', escalate_reasons: expect.arrayContaining(['medium_risk_cosmetics']) });

    const run = await recalibrate(deployment, ['--tenant', 'initech', '--publish', '--wait', '60']);
    expect(run.code, run.out + run.err).toBe(0);
    const next = `v${Number(version.slice(1)) + 1}`;
    expect(run.out).toContain(`Published ${next} (was ${version})`);
    if (deployment.mode === 'all-in-one') expect(run.err).toContain('held by a running service');

    const after = await moderate();
    expect(after.body).toMatchObject({ policy_version: next, decision: 'reject', reject_reasons: expect.arrayContaining(['high_risk_cosmetics']) });
    expect((await premium.get('/policy')).body).toMatchObject({ version: next });
    // No restart: the same processes.
    expect([...deployment.services.values()].map((s) => s.proc?.pid)).toEqual(pids);
  }, 300_000);
});
