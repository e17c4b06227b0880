import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICY_TABLE_VERSION, STANDARD_POLICY_DOCUMENT } from '@modsvc/common/domain/index';
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
    api = createPoliciesApi({ tenants, policies: store, workflow, log: { info: () => undefined } } as unknown as ApiRuntime, models);
  });

  afterAll(async () => {
    await store.close();
    await workflow.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers the Standard document until a Premium tenant publishes, then its newest version', async () => {
    expect(await api.activePolicy('acme')).toEqual({ version: POLICY_TABLE_VERSION, created_at: null, document: STANDARD_POLICY_DOCUMENT });
    const v1 = await api.publishPolicy('acme', COSMETICS);
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
});
