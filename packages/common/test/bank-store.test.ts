// The bank store contract, run against each kind of store (store-kinds.ts).
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { createBankStore, type BankRecord, type BankStore } from '../src/store/banks/index.ts';
import { describeOnEachStoreKind } from './store-kinds.ts';

const hex = () => randomBytes(32).toString('hex');

function bank(tenantId: string, name: string): BankRecord {
  return { id: `bank_${randomBytes(6).toString('hex')}`, tenantId, name, category: 'KNOWN_HARMFUL', riskLevel: 'HIGH', threshold: 31, enabledRatio: 1, createdAt: new Date() };
}

function describeBankStoreContract(store: () => BankStore) {
  const tenant = () => `t_${randomBytes(6).toString('hex')}`;

  it('keeps banks and their content per tenant, and a revision that changes with every write', async () => {
    const a = tenant();
    const b = tenant();
    const r0 = await store().revision(a);
    const first = bank(a, 'first');
    await store().createBank(first);
    await store().createBank(bank(a, 'second'));
    const r1 = await store().revision(a);
    expect(r1).not.toBe(r0);
    expect((await store().listBanks(a)).map((x) => x.name)).toEqual(['first', 'second']);
    expect(await store().listBanks(b)).toEqual([]);
    expect(await store().getBank(b, first.id)).toBeNull();

    const items = [hex(), hex()].map((pdq, i) => ({ id: `cnt_${i}_${randomBytes(4).toString('hex')}`, bankId: first.id, tenantId: a, pdq, quality: i ? null : 80, note: i ? 'n' : null, createdAt: new Date(Date.now() + i) }));
    await store().addContent(items);
    expect(await store().revision(a)).not.toBe(r1);
    expect(await store().countContent(a, first.id)).toBe(2);
    expect((await store().listContent(a, first.id)).map((c) => c.pdq)).toEqual(items.map((c) => c.pdq));
    expect(await store().getContent(a, first.id, items[0]!.id)).toMatchObject({ pdq: items[0]!.pdq, quality: 80, note: null });
    expect(await store().getContent(b, first.id, items[0]!.id)).toBeNull();

    expect(await store().deleteContent(b, first.id, items[0]!.id)).toBe(false);
    expect(await store().deleteContent(a, first.id, items[0]!.id)).toBe(true);
    expect(await store().countContent(a, first.id)).toBe(1);
    expect(await store().deleteBank(b, first.id)).toBe(false);
    expect(await store().deleteBank(a, first.id)).toBe(true);
    expect(await store().getBank(a, first.id)).toBeNull();
    expect(await store().listContent(a, first.id)).toEqual([]);
  });

  it('answers "absent" for ids that could never be stored', async () => {
    expect(await store().getBank(tenant(), '../x')).toBeNull();
    expect(await store().getContent(tenant(), 'bank_x', 'a.b')).toBeNull();
  });
}

describeOnEachStoreKind(
  'bank store',
  {
    embedded: (dir) => createBankStore({ kind: 'embedded', dataDir: dir }),
    natsKv: (url) => createBankStore({ kind: 'nats-kv', natsUrl: url, dataDir: '' }),
    mongodb: (url, db) => createBankStore({ kind: 'mongodb', mongodbUrl: url, mongodbDbName: db, dataDir: '' }),
  },
  describeBankStoreContract,
);
