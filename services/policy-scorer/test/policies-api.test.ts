import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISUAL_CLASSES, TEXT_LABELS } from '@modsvc/common/classes';
import type { JobRecord } from '@modsvc/common/jobs';
import { decide, POLICY_TABLE_VERSION, STANDARD_POLICY, STANDARD_POLICY_DOCUMENT, type ModerationJob, type PolicyDryRun } from '@modsvc/common/domain/index';
import { newJobRecord } from '../../../packages/common/test/fixtures.ts';
import { buildPolicyResult } from '../src/policy.ts';
import { createPolicyStore, type PolicyStore } from '@modsvc/common/store/policies/index';
import { createWorkflowStore, type WorkflowStore } from '@modsvc/common/store/workflow/index';
import { parseTenants, TenantRegistry } from '@modsvc/common/tenants';
import { createPoliciesApi } from '../src/policies-api.ts';

type ApiRuntime = Parameters<typeof createPoliciesApi>[0];

const COSMETICS = { categories: [{ name: 'COSMETICS', description: 'Make-up.', signals: [{ terms: ['lipstick'], weight: 0.6 }] }] };

describe('Policies API (policy-scorer)', () => {
  let dir: string;
  let store: PolicyStore;
  let workflow: WorkflowStore;
  let api: ReturnType<typeof createPoliciesApi>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'policies-api-'));
    store = createPolicyStore({ kind: 'embedded', dataDir: dir });
    await store.init();
    workflow = createWorkflowStore({ kind: 'embedded', dataDir: join(dir, 'workflow') });
    await workflow.init();
    const tenants = new TenantRegistry(
      null,
      parseTenants({ tenants: [{ id: 'acme', api_keys: ['key-acme-0123456789'], tier: 'premium' }, { id: 'basic', api_keys: ['key-basic-0123456789'] }] }),
    );
    // These documents have no example images, so vision-inference is never asked (examples.test.ts publishes images).
    const models = {
      models: () => Promise.reject(new Error('not used')),
      embed: () => Promise.reject(new Error('not used')),
    };
    const jobStore = { getForTenant: async (tenantId: string, id: string) => jobs.find((j) => j.tenantId === tenantId && j.id === id) ?? null };
    api = createPoliciesApi({ tenants, policies: store, workflow, store: jobStore, log: { info: () => undefined } } as unknown as ApiRuntime, models);
  });

  afterAll(async () => {
    await store.close();
    await workflow.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers the Standard document until a Premium tenant publishes, then its newest version', async () => {
    expect(await api.activePolicy('acme')).toEqual({ version: POLICY_TABLE_VERSION, created_at: null, document: STANDARD_POLICY_DOCUMENT });
    const { warnings, ...v1 } = await api.publishPolicy('acme', COSMETICS);
    expect(warnings).toEqual([]);
    expect(v1).toMatchObject({ version: 'v1', document: { categories: [{ name: 'COSMETICS' }], moderation: { unknown: 'review' } } });
    expect(await api.activePolicy('acme')).toEqual(v1);
    expect(await api.policyVersion('acme', 'v1')).toEqual(v1);
    expect(await api.policyVersion('acme', POLICY_TABLE_VERSION)).toMatchObject({ version: POLICY_TABLE_VERSION });
    expect(await api.policyVersion('acme', 'v2')).toBeNull();
    expect(await api.policyVersion('basic', 'v1')).toBeNull();
    // Each publication is an audit record of the tenant.
    expect((await workflow.listAudit('acme', { limit: 10 })).records.map((r) => [r.action, r.actor.kind, r.policy_version])).toEqual([['policy.published', 'caller', 'v1']]);
    expect((await workflow.listAudit('basic', { limit: 10 })).records).toEqual([]);
  });

  it('refuses Standard tenants (forbidden) and invalid documents (invalid_request naming the field)', async () => {
    await expect(api.publishPolicy('basic', COSMETICS)).rejects.toMatchObject({ code: 'forbidden', status: 403 });
    await expect(api.publishPolicy('acme', { categories: [{ name: 'COSMETICS', signals: [{ terms: ['x'], weight: 0 }] }] })).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/categories\.0\.signals\.0.*categories\.0\.description|categories\.0\.description.*categories\.0\.signals\.0/),
    });
    expect(await api.activePolicy('basic')).toMatchObject({ version: POLICY_TABLE_VERSION });
  });

  it('takes back what activePolicy answers (the envelope): a new version with the identical document', async () => {
    const before = await api.activePolicy('acme');
    const again = await api.publishPolicy('acme', before);
    expect(again.version).toBe(`v${Number(before.version.slice(1)) + 1}`);
    expect(again.document).toEqual(before.document);
    expect(await api.activePolicy('acme')).toEqual({ version: again.version, created_at: again.created_at, document: before.document });
    // And the PUT answer too (warnings are ignored), and the Standard document a Premium tenant reads before publishing.
    expect((await api.publishPolicy('acme', again)).document).toEqual(before.document);
    expect((await api.publishPolicy('acme', { version: POLICY_TABLE_VERSION, created_at: null, document: STANDARD_POLICY_DOCUMENT })).document).toEqual(STANDARD_POLICY_DOCUMENT);
  });

  it('answers a warning when a Standard category is disabled, and records it in the audit trail', async () => {
    const published = await api.publishPolicy('acme', { categories: [...COSMETICS.categories, { name: 'HATE_SPEECH', enabled: false }] });
    expect(published.warnings).toEqual([expect.stringMatching(/^Standard category HATE_SPEECH is disabled/)]);
    const [audit] = (await workflow.listAudit('acme', { limit: 1 })).records;
    expect(audit).toMatchObject({ action: 'policy.published', policy_version: published.version, details: { warnings: published.warnings } });
  });
});

/** Every visual class and text label scored low, so no Standard category is UNKNOWN; then `over`. */
function scoredJob(tenantId: string, caption: string, visual: Record<string, number>, text: Record<string, number> = {}): JobRecord {
  const low = (labels: readonly string[], over: Record<string, number>) => ({ ...Object.fromEntries(labels.map((l) => [l, 0.01])), ...over });
  const tox = { scores: low(TEXT_LABELS, text), topSpan: null, model: 'toxicity@1' } as never;
  const job = newJobRecord({
    tenantId,
    product: 'policy',
    status: 'done',
    caption,
    expectedParts: ['vision', 'caption'],
    parts: { vision: { scores: low(VISUAL_CLASSES, visual), evidence: {}, models: ['m@1'], framesAnalysed: 1, ocr: null } as never, caption: { toxicity: tox } },
  });
  return { ...job, results: buildPolicyResult(job) };
}

const jobs: JobRecord[] = [];

/** A moderation decided by the Standard rules on `job` (and its audit record), as the moderator stores it. */
async function moderated(workflow: WorkflowStore, id: string, job: JobRecord | { id: string; tenantId: string }, at: string, reviewed?: 'approve' | 'reject'): Promise<void> {
  const categories = 'results' in job && job.results && 'policy_categories' in job.results ? job.results.policy_categories : [];
  const d = decide(categories, STANDARD_POLICY.moderation);
  const fields = { classification_job_id: job.id, content_type: 'image' as const, external_id: `ext-${id}`, moderation_job_id: id };
  const automated = {
    ...fields,
    ...d,
    is_error: false as const,
    policy_categories: categories.map((c) => ({ name: c.name, risk_level: c.risk_level.toLowerCase() as never })),
    policy_version: POLICY_TABLE_VERSION,
  };
  const result = reviewed ? { ...automated, decision: reviewed, decision_type: 'human_reviewed' as const, escalate: false, escalate_reasons: [], reviewed_by: 'alice' } : automated;
  const mod: ModerationJob = {
    id,
    tenantId: job.tenantId,
    classificationJobId: job.id,
    contentType: 'image',
    externalId: `ext-${id}`,
    callbackUrl: null,
    inputSha256: null,
    createdAt: at,
    updatedAt: at,
    status: 'decided',
    result,
    automated,
    review: null,
    webhooksSent: 0,
  };
  await workflow.createModeration(mod);
  await workflow.appendAudit({
    id: `aud_${at}_${id}`,
    tenant_id: job.tenantId,
    at,
    actor: { kind: 'system', id: 'moderator' },
    action: 'moderation.decided',
    moderation_job_id: id,
    classification_job_id: job.id,
    policy_version: POLICY_TABLE_VERSION,
    input_sha256: null,
    details: {},
  });
}

describe('policy dry run (policy-scorer)', () => {
  let dir: string;
  let store: PolicyStore;
  let workflow: WorkflowStore;
  let api: ReturnType<typeof createPoliciesApi>;
  const models = { models: () => Promise.reject(new Error('not used')), embed: () => Promise.reject(new Error('not used')) };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'policies-dry-run-'));
    store = createPolicyStore({ kind: 'embedded', dataDir: dir });
    await store.init();
    workflow = createWorkflowStore({ kind: 'embedded', dataDir: join(dir, 'workflow') });
    await workflow.init();
    const tenants = new TenantRegistry(null, parseTenants({ tenants: [{ id: 'shop', api_keys: ['key-shop-0123456789'], tier: 'premium' }, { id: 'basic', api_keys: ['key-basic-0123456789'] }] }));
    const jobStore = { getForTenant: async (tenantId: string, id: string) => jobs.find((j) => j.tenantId === tenantId && j.id === id) ?? null };
    api = createPoliciesApi({ tenants, policies: store, workflow, store: jobStore, log: { info: () => undefined } } as unknown as ApiRuntime, models);

    // Oldest first: a Confederate flag with a hateful caption (HATE_SPEECH MEDIUM: reviewed), a lipstick ad
    // (nothing: approved), cannabis (DRUGS HIGH: rejected, then approved by a reviewer), a job past retention.
    const flag = scoredJob('shop', 'I hate all of you people, you should die', { confederate_flag: 0.9 }, { toxicity: 0.56, identity_attack: 0.08 });
    const lipstick = scoredJob('shop', 'new L1pstick shade', {});
    const weed = scoredJob('shop', 'a red car', { marijuana: 0.95 });
    jobs.push(flag, lipstick, weed);
    await moderated(workflow, 'vmod_gone', { id: 'job_gone', tenantId: 'shop' }, '2026-11-24T09:00:00.000Z');
    await moderated(workflow, 'vmod_flag', flag, '2026-11-24T10:00:00.000Z');
    await moderated(workflow, 'vmod_lipstick', lipstick, '2026-11-24T11:00:00.000Z');
    await moderated(workflow, 'vmod_weed', weed, '2026-11-24T12:00:00.000Z', 'approve');
  });

  afterAll(async () => {
    await store.close();
    await workflow.close();
    await rm(dir, { recursive: true, force: true });
  });

  const CANDIDATE = {
    categories: [
      { name: 'COSMETICS', description: 'Make-up.', signals: [{ terms: ['lipstick'], weight: 0.6 }] },
      { name: 'DRUGS', enabled: false },
    ],
  };

  it('replays the candidate on the most recent decisions from their stored scores: per item before and after, and totals', async () => {
    const run: PolicyDryRun = await api.dryRunPolicy('shop', CANDIDATE, 10);
    expect(run).toMatchObject({ dry_run: true, published: false, active_version: POLICY_TABLE_VERSION, items_requested: 10 });
    expect(run.warnings).toEqual([expect.stringMatching(/^Standard category DRUGS is disabled/)]);
    expect(run.items.map((i) => i.moderation_job_id)).toEqual(['vmod_weed', 'vmod_lipstick', 'vmod_flag']);
    expect(run.skipped).toEqual([{ moderation_job_id: 'vmod_gone', reason: expect.stringContaining('past its retention') }]);
    const [weed, lipstick, flag] = run.items;

    // Cannabis: rejected under Standard; DRUGS is off in the candidate, so approved. A reviewer had approved it.
    expect(weed).toMatchObject({ before: { decision: 'reject', reject_reasons: ['high_risk_drugs'] }, after: { decision: 'approve', reject_reasons: [] }, changed: true });
    expect(weed!.level_changes).toEqual([
      { name: 'DRUGS', before: 'HIGH', after: null },
      { name: 'COSMETICS', before: null, after: 'NONE' },
    ]);
    expect(weed!.reviewed).toEqual({ decision: 'approve', reviewed_by: 'alice' });
    // The lipstick ad: approved before; the custom category now sends it to review, found in the stored caption.
    expect(lipstick).toMatchObject({ before: { decision: 'approve' }, after: { decision: 'pending_review', escalate_reasons: ['medium_risk_cosmetics'] }, reviewed: null });
    expect(lipstick!.after.categories.find((c) => c.name === 'COSMETICS')).toEqual({ name: 'COSMETICS', score: 0.6, risk_level: 'MEDIUM', triggered_by: 'caption:term:"lipstick"@4-12' });
    // The flag: HATE_SPEECH is still a Standard category of the candidate, so it is still escalated as hate speech.
    expect(flag).toMatchObject({ before: { decision: 'pending_review', escalate_reasons: ['medium_risk_hate_speech'] }, after: { decision: 'pending_review', escalate_reasons: ['medium_risk_hate_speech'] } });
    expect(flag!.after.categories.find((c) => c.name === 'HATE_SPEECH')).toMatchObject({ score: 0.63, risk_level: 'MEDIUM', triggered_by: 'confederate_flag' });

    expect(run.totals).toEqual({
      items: 3,
      changed: 3,
      decisions_before: { reject: 1, pending_review: 1, approve: 1 },
      decisions_after: { reject: 0, pending_review: 2, approve: 1 },
      transitions: [
        { from: 'reject', to: 'approve', count: 1 },
        { from: 'approve', to: 'pending_review', count: 1 },
      ],
      categories: [
        { name: 'COSMETICS', raised: 0, lowered: 0, added: 3, removed: 0 },
        { name: 'DRUGS', raised: 0, lowered: 0, added: 0, removed: 3 },
      ],
    });
    expect(run.limitations.length).toBeGreaterThan(0);
  });

  it('takes the most recent N only, and publishes nothing (no version, no audit record)', async () => {
    const run = await api.dryRunPolicy('shop', { version: 'v7', created_at: null, document: CANDIDATE }, 1);
    expect(run.items.map((i) => i.moderation_job_id)).toEqual(['vmod_weed']);
    expect(await store.latest('shop')).toBeNull();
    expect((await workflow.listAudit('shop', { limit: 100 })).records.filter((r) => r.action === 'policy.published')).toEqual([]);
    expect(await api.activePolicy('shop')).toMatchObject({ version: POLICY_TABLE_VERSION });
  });

  it('refuses Standard tenants and invalid documents as publishing does', async () => {
    await expect(api.dryRunPolicy('basic', CANDIDATE, 10)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(api.dryRunPolicy('shop', { categories: [{ name: 'COSMETICS' }] }, 10)).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringContaining('categories.0.description') });
  });
});
