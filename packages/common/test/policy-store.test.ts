// The policy store contract, run against each kind: embedded (nedb in a temporary directory), NATS KV
// (the server at NATS_URL, default nats://127.0.0.1:4222) and MongoDB when MONGODB_URL is set.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PolicyDocumentSchema, STANDARD_POLICY_DOCUMENT } from '../src/domain/index.ts';
import { EmbeddedPolicyStore, MongoPolicyStore, NatsKvPolicyStore, parsePolicyVersionName, policyVersionName, type PolicyStore } from '../src/store/policies/index.ts';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const COSMETICS = PolicyDocumentSchema.parse({
  categories: [{ name: 'COSMETICS', description: 'Make-up.', signals: [{ terms: ['lipstick'], weight: 0.6 }] }],
});

function describePolicyStoreContract(kind: string, open: () => Promise<{ store: PolicyStore; cleanup: () => Promise<void> }>) {
  describe(`policy store (${kind})`, () => {
    let store: PolicyStore;
    let cleanup: () => Promise<void>;
    const tenant = () => `t_${randomBytes(6).toString('hex')}`;

    beforeAll(async () => {
      ({ store, cleanup } = await open());
      await store.init();
    });
    afterAll(async () => {
      await store?.close();
      await cleanup?.();
    });

    it('numbers versions from 1 per tenant and keeps every one', async () => {
      const [a, b] = [tenant(), tenant()];
      expect(await store.latest(a)).toBeNull();
      const v1 = await store.publish(a, STANDARD_POLICY_DOCUMENT, new Date('2026-11-24T00:00:00Z'));
      const v2 = await store.publish(a, COSMETICS);
      expect([v1.version, v2.version]).toEqual([1, 2]);
      expect((await store.publish(b, COSMETICS)).version).toBe(1);
      expect(await store.latest(a)).toMatchObject({ tenantId: a, version: 2, document: COSMETICS });
      expect(await store.get(a, 1)).toEqual({ tenantId: a, version: 1, document: STANDARD_POLICY_DOCUMENT, createdAt: new Date('2026-11-24T00:00:00Z') });
      expect(await store.get(a, 3)).toBeNull();
      expect(await store.get(b, 2)).toBeNull();
    });

    it('gives concurrent publishes distinct versions', async () => {
      const t = tenant();
      const published = await Promise.all([1, 2, 3, 4].map(() => store.publish(t, COSMETICS)));
      expect(published.map((p) => p.version).sort()).toEqual([1, 2, 3, 4]);
      expect((await store.latest(t))?.version).toBe(4);
    });
  });
}

describePolicyStoreContract('embedded', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'policies-'));
  return { store: new EmbeddedPolicyStore(dir), cleanup: () => rm(dir, { recursive: true, force: true }) };
});

describePolicyStoreContract('nats-kv', async () => ({ store: new NatsKvPolicyStore(NATS_URL), cleanup: async () => {} }));

describe.runIf(process.env.MONGODB_URL)('mongodb', () => {
  describePolicyStoreContract('mongodb', async () => ({ store: new MongoPolicyStore(process.env.MONGODB_URL!, `modsvc_policies_test_${randomBytes(4).toString('hex')}`), cleanup: async () => {} }));
});

describe('policy version names', () => {
  it('name a version v<n> and read it back, bare numbers too', () => {
    expect(policyVersionName(3)).toBe('v3');
    expect([parsePolicyVersionName('v3'), parsePolicyVersionName('3'), parsePolicyVersionName('v0'), parsePolicyVersionName('x')]).toEqual([3, 3, null, null]);
  });
});
