// The policy store contract, run against each kind of store (store-kinds.ts).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PolicyDocumentSchema, STANDARD_POLICY_DOCUMENT } from '../src/domain/index.ts';
import { createPolicyStore, parsePolicyVersionName, policyVersionName, type PolicyStore } from '../src/store/policies/index.ts';
import { describeOnEachStoreKind } from './store-kinds.ts';

const COSMETICS = PolicyDocumentSchema.parse({
  categories: [{ name: 'COSMETICS', description: 'Make-up.', signals: [{ terms: ['lipstick'], weight: 0.6 }] }],
});

function describePolicyStoreContract(store: () => PolicyStore) {
  const tenant = () => `t_${randomBytes(6).toString('hex')}`;

  it('numbers versions from 1 per tenant and keeps every one', async () => {
    const [a, b] = [tenant(), tenant()];
    expect(await store().latest(a)).toBeNull();
    const v1 = await store().publish(a, STANDARD_POLICY_DOCUMENT, new Date('2026-11-24T00:00:00Z'));
    const v2 = await store().publish(a, COSMETICS);
    expect([v1.version, v2.version]).toEqual([1, 2]);
    expect((await store().publish(b, COSMETICS)).version).toBe(1);
    expect(await store().latest(a)).toMatchObject({ tenantId: a, version: 2, document: COSMETICS });
    expect(await store().get(a, 1)).toEqual({ tenantId: a, version: 1, document: STANDARD_POLICY_DOCUMENT, createdAt: new Date('2026-11-24T00:00:00Z') });
    expect(await store().get(a, 3)).toBeNull();
    expect(await store().get(b, 2)).toBeNull();
  });

  it('gives concurrent publishes distinct versions', async () => {
    const t = tenant();
    const published = await Promise.all([1, 2, 3, 4].map(() => store().publish(t, COSMETICS)));
    expect(published.map((p) => p.version).sort()).toEqual([1, 2, 3, 4]);
    expect((await store().latest(t))?.version).toBe(4);
  });
}

describeOnEachStoreKind(
  'policy store',
  {
    embedded: (dir) => createPolicyStore({ kind: 'embedded', dataDir: dir }),
    natsKv: (url) => createPolicyStore({ kind: 'nats-kv', natsUrl: url, dataDir: '' }),
    mongodb: (url, db) => createPolicyStore({ kind: 'mongodb', mongodbUrl: url, mongodbDbName: db, dataDir: '' }),
  },
  describePolicyStoreContract,
);

describe('policy version names', () => {
  it('name a version v<n> and read it back, bare numbers too', () => {
    expect(policyVersionName(3)).toBe('v3');
    expect([parsePolicyVersionName('v3'), parsePolicyVersionName('3'), parsePolicyVersionName('v0'), parsePolicyVersionName('x')]).toEqual([3, 3, null, null]);
  });
});
