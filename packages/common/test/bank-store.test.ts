// The bank store contract, run against each kind: embedded (nedb in a temporary directory), NATS KV
// (the server at NATS_URL, default nats://127.0.0.1:4222) and MongoDB when MONGODB_URL is set.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedBankStore, MongoBankStore, NatsKvBankStore, type BankRecord, type BankStore } from '../src/store/banks/index.ts';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const hex = () => randomBytes(32).toString('hex');

function bank(tenantId: string, name: string): BankRecord {
  return { id: `bank_${randomBytes(6).toString('hex')}`, tenantId, name, category: 'KNOWN_HARMFUL', riskLevel: 'HIGH', threshold: 31, enabledRatio: 1, createdAt: new Date() };
}

function describeBankStoreContract(kind: string, open: () => Promise<{ store: BankStore; cleanup: () => Promise<void> }>) {
  describe(`bank store (${kind})`, () => {
    let store: BankStore;
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

    it('keeps banks and their content per tenant, and a revision that changes with every write', async () => {
      const a = tenant();
      const b = tenant();
      const r0 = await store.revision(a);
      const first = bank(a, 'first');
      await store.createBank(first);
      await store.createBank(bank(a, 'second'));
      const r1 = await store.revision(a);
      expect(r1).not.toBe(r0);
      expect((await store.listBanks(a)).map((x) => x.name)).toEqual(['first', 'second']);
      expect(await store.listBanks(b)).toEqual([]);
      expect(await store.getBank(b, first.id)).toBeNull();

      const items = [hex(), hex()].map((pdq, i) => ({ id: `cnt_${i}_${randomBytes(4).toString('hex')}`, bankId: first.id, tenantId: a, pdq, quality: i ? null : 80, note: i ? 'n' : null, createdAt: new Date(Date.now() + i) }));
      await store.addContent(items);
      expect(await store.revision(a)).not.toBe(r1);
      expect(await store.countContent(a, first.id)).toBe(2);
      expect((await store.listContent(a, first.id)).map((c) => c.pdq)).toEqual(items.map((c) => c.pdq));
      expect(await store.getContent(a, first.id, items[0]!.id)).toMatchObject({ pdq: items[0]!.pdq, quality: 80, note: null });
      expect(await store.getContent(b, first.id, items[0]!.id)).toBeNull();

      expect(await store.deleteContent(b, first.id, items[0]!.id)).toBe(false);
      expect(await store.deleteContent(a, first.id, items[0]!.id)).toBe(true);
      expect(await store.countContent(a, first.id)).toBe(1);
      expect(await store.deleteBank(b, first.id)).toBe(false);
      expect(await store.deleteBank(a, first.id)).toBe(true);
      expect(await store.getBank(a, first.id)).toBeNull();
      expect(await store.listContent(a, first.id)).toEqual([]);
    });

    it('answers "absent" for ids that could never be stored', async () => {
      expect(await store.getBank(tenant(), '../x')).toBeNull();
      expect(await store.getContent(tenant(), 'bank_x', 'a.b')).toBeNull();
    });
  });
}

describeBankStoreContract('embedded', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'bank-store-'));
  return { store: new EmbeddedBankStore(dir), cleanup: () => rm(dir, { recursive: true, force: true }) };
});
describeBankStoreContract('nats-kv', async () => ({ store: new NatsKvBankStore(NATS_URL), cleanup: async () => {} }));
const mongodbUrl = process.env.MONGODB_URL;
if (mongodbUrl) describeBankStoreContract('mongodb', async () => ({ store: new MongoBankStore(mongodbUrl), cleanup: async () => {} }));
