import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PolicyDocumentSchema, POLICY_TABLE_VERSION, STANDARD_POLICY } from '../src/domain/index.ts';
import { createPolicyStore, type PolicyStore } from '../src/store/policies/index.ts';
import { activePolicy, mayPublishPolicies, policyNamed } from '../src/tenant-policy.ts';
import { parseTenants, TenantRegistry } from '../src/tenants.ts';

const tenants = new TenantRegistry(
  null,
  parseTenants({ tenants: [{ id: 'acme', api_keys: ['key-acme-0123456789'], tier: 'premium' }, { id: 'basic', api_keys: ['key-basic-0123456789'] }] }),
);
const DOC = PolicyDocumentSchema.parse({
  categories: [{ name: 'COSMETICS', description: 'Make-up.', signals: [{ terms: ['lipstick'], weight: 0.6 }] }],
  moderation: { reject: ['HIGH', 'MEDIUM'], review: ['LOW'], unknown: 'approve' },
});

describe('tenant policy', () => {
  let dir: string;
  let store: PolicyStore;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tenant-policy-'));
    store = createPolicyStore({ kind: 'embedded', dataDir: dir });
    await store.init();
  });
  afterAll(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('Premium tenants get their newest published version, Standard tenants (and unpublished Premium ones) the Standard policy', async () => {
    expect(mayPublishPolicies(tenants, 'acme')).toBe(true);
    expect(mayPublishPolicies(tenants, 'basic')).toBe(false);
    expect(await activePolicy(tenants, store, 'acme')).toBe(STANDARD_POLICY);
    await store.publish('acme', DOC);
    await store.publish('basic', DOC);
    const active = await activePolicy(tenants, store, 'acme');
    expect(active.version).toBe('v1');
    // The published document extends the Standard policy: its custom category, then the Standard ones.
    expect(active.categories.map((c) => c.name)).toEqual(['COSMETICS', 'SEXUAL', 'DRUGS', 'DEATH_INJURY_MILITARY', 'ARMS_AMMO', 'HATE_SPEECH', 'SELF_HARM', 'HARASSMENT']);
    expect(await activePolicy(tenants, store, 'basic')).toBe(STANDARD_POLICY);
  });

  it('finds the rules of the version a result names', async () => {
    expect((await policyNamed(store, 'acme', 'v1')).moderation).toEqual(DOC.moderation);
    expect(await policyNamed(store, 'acme', POLICY_TABLE_VERSION)).toBe(STANDARD_POLICY);
    expect(await policyNamed(store, 'acme', undefined)).toBe(STANDARD_POLICY);
    expect(await policyNamed(store, 'acme', 'v9')).toBe(STANDARD_POLICY);
  });
});
