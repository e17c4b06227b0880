// The embedded bank and policy files of the stores before the record store (<dataDir>/banks,
// <dataDir>/policies) are imported when the new stores first open, and the directories set aside.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { STANDARD_POLICY_DOCUMENT } from '../src/domain/index.ts';
import { createBankStore, type BankContentRecord, type BankRecord } from '../src/store/banks/index.ts';
import { createPolicyStore } from '../src/store/policies/index.ts';
import { Datastore } from '../src/store/records/nedb.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'legacy-import-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

/** Writes documents as the old embedded stores did: the record with nedb's _id. */
async function writeOld(dir: string, file: string, docs: object[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  const db = new Datastore({ filename: join(dir, file) });
  await db.loadDatabaseAsync();
  await db.insertAsync(docs);
  await db.compactDatafileAsync();
}

it('imports old embedded banks, their content and policy versions once, and sets the old directories aside', async () => {
  const bank: BankRecord = { id: 'bank_1', tenantId: 'acme', name: 'takedowns', category: 'KNOWN_HARMFUL', riskLevel: 'HIGH', threshold: 31, enabledRatio: 1, createdAt: new Date('2026-11-01T00:00:00Z') };
  const content: BankContentRecord = { id: 'cnt_1', bankId: 'bank_1', tenantId: 'acme', pdq: 'ab'.repeat(32), quality: 90, note: null, createdAt: new Date('2026-11-02T00:00:00Z') };
  const v1 = { tenantId: 'acme', version: 1, document: STANDARD_POLICY_DOCUMENT, createdAt: new Date('2026-11-03T00:00:00Z') };
  await writeOld(join(dataDir, 'banks'), 'banks.db', [{ ...bank, _id: bank.id }]);
  await writeOld(join(dataDir, 'banks'), 'bank-content.db', [{ ...content, _id: content.id }]);
  await writeOld(join(dataDir, 'policies'), 'policy-versions.db', [{ ...v1, _id: 'acme:1' }]);

  for (let open = 0; open < 2; open += 1) {
    const banks = createBankStore({ kind: 'embedded', dataDir });
    const policies = createPolicyStore({ kind: 'embedded', dataDir });
    await banks.init();
    await policies.init();
    expect(await banks.listBanks('acme')).toEqual([bank]);
    expect(await banks.listContent('acme', 'bank_1')).toEqual([content]);
    expect(await policies.get('acme', 1)).toEqual(v1);
    expect((await policies.publish('acme', STANDARD_POLICY_DOCUMENT)).version).toBe(2 + open);
    await policies.close();
    await banks.close();
  }
  expect([existsSync(join(dataDir, 'banks')), existsSync(join(dataDir, 'banks.imported')), existsSync(join(dataDir, 'policies.imported'))]).toEqual([false, true, true]);
});
