// The bank store on the record store (store/records), one implementation for every backend:
//   hash_banks           id <tenant>/<bank>; index byTenant (per tenant, oldest first)
//   hash_bank_content    id <tenant>/<bank>/<content>; index byBank (per bank, partition <tenant>/<bank>, oldest first)
//   hash_bank_revisions  id <tenant>: a counter bumped (updateRecord) after every change of the tenant's banks
// Tenant ids hold no '/', so no id of one tenant can name a record of another.
import { createOrGet, timeKey, updateRecord, type CollectionSpec, type ListedRecord, type RecordCollection, type RecordStore } from '../records/index.ts';
import { importLegacyDir } from '../legacy-import.ts';
import type { BankContentRecord, BankRecord, BankStore } from './types.ts';

interface Revision {
  n: number;
}

const bankKey = (tenantId: string, bankId: string) => `${tenantId}/${bankId}`;
const contentKey = (tenantId: string, bankId: string, contentId: string) => `${tenantId}/${bankId}/${contentId}`;
const bankOf = (c: BankContentRecord) => bankKey(c.tenantId, c.bankId);
const keyOf = (c: BankContentRecord) => contentKey(c.tenantId, c.bankId, c.id);

const BANKS: CollectionSpec<BankRecord> = {
  name: 'hash_banks',
  indexes: { byTenant: (b) => ({ partition: b.tenantId, sort: timeKey(b.createdAt) }) },
};
const CONTENT: CollectionSpec<BankContentRecord> = {
  name: 'hash_bank_content',
  indexes: { byBank: (c) => ({ partition: bankOf(c), sort: timeKey(c.createdAt) }) },
};
const REVISIONS: CollectionSpec<Revision> = { name: 'hash_bank_revisions' };

/** Records listed per page (every list walks its partition page by page). */
const PAGE = 1000;
/** Content writes in flight at once. */
const WRITE_CONCURRENCY = 16;

/** Calls `each` on every page of one partition of an index, in index order; the cursor bounds the walk. */
async function forEachPage<T>(coll: RecordCollection<T>, index: string, partition: string, each: (items: ListedRecord<T>[]) => Promise<unknown>): Promise<void> {
  let after: string | null = null;
  do {
    const page = await coll.list(index, { partition, limit: PAGE, after });
    await each(page.items);
    after = page.next;
  } while (after !== null);
}

async function listAll<T>(coll: RecordCollection<T>, index: string, partition: string): Promise<T[]> {
  const out: T[] = [];
  await forEachPage(coll, index, partition, async (items) => out.push(...items.map((i) => i.value)));
  return out;
}

async function inChunks<T>(items: T[], each: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += WRITE_CONCURRENCY) await Promise.all(items.slice(i, i + WRITE_CONCURRENCY).map(each));
}

export class RecordBankStore implements BankStore {
  private readonly banks: RecordCollection<BankRecord>;
  private readonly content: RecordCollection<BankContentRecord>;
  private readonly revisions: RecordCollection<Revision>;

  /**
   * `owned`: close() closes the record store too (it was made for this store alone). `legacyDir`: the
   * directory of the embedded files of the store before this one, imported by init() (legacy-import.ts).
   */
  constructor(
    readonly records: RecordStore,
    private readonly opts: { owned?: boolean; legacyDir?: string } = {},
  ) {
    this.banks = records.collection(BANKS);
    this.content = records.collection(CONTENT);
    this.revisions = records.collection(REVISIONS);
  }

  async init(): Promise<void> {
    await this.records.init();
    await Promise.all([this.banks.open(), this.content.open(), this.revisions.open()]);
    if (this.opts.legacyDir) {
      await importLegacyDir(this.opts.legacyDir, async (read) => {
        await inChunks(await read<BankRecord>('banks.db'), (b) => this.banks.create(bankKey(b.tenantId, b.id), b));
        await inChunks(await read<BankContentRecord>('bank-content.db'), (c) => this.content.create(keyOf(c), c));
      });
    }
  }

  async close(): Promise<void> {
    if (this.opts.owned) await this.records.close();
  }

  /**
   * Bumps the tenant's revision, after the change it announces: a matcher reads the revision before
   * the banks, so it never keeps data older than the revision it holds (a crash between a change and
   * its bump leaves the change unannounced until the tenant's next change).
   */
  private async touch(tenantId: string): Promise<void> {
    const bump = (r: Revision) => ({ n: r.n + 1 });
    if ((await updateRecord(this.revisions, tenantId, bump)) !== null) return;
    if ((await createOrGet(this.revisions, tenantId, { n: 1 })).created) return;
    await updateRecord(this.revisions, tenantId, bump); // created by a concurrent first bump
  }

  async revision(tenantId: string): Promise<string> {
    return String((await this.revisions.get(tenantId))?.value.n ?? 0);
  }

  async createBank(bank: BankRecord): Promise<void> {
    if ((await this.banks.create(bankKey(bank.tenantId, bank.id), bank)) === null) throw new Error(`bank ${bank.id} already exists`);
    await this.touch(bank.tenantId);
  }

  listBanks(tenantId: string): Promise<BankRecord[]> {
    return listAll(this.banks, 'byTenant', tenantId);
  }

  async getBank(tenantId: string, bankId: string): Promise<BankRecord | null> {
    return (await this.banks.get(bankKey(tenantId, bankId)))?.value ?? null;
  }

  /**
   * Removes the bank, then its content page by page (content left by a crash in between goes with a
   * later call for the same id, which still answers false).
   */
  async deleteBank(tenantId: string, bankId: string): Promise<boolean> {
    const deleted = await this.banks.delete(bankKey(tenantId, bankId));
    let swept = 0;
    await forEachPage(this.content, 'byBank', bankKey(tenantId, bankId), async (items) => {
      swept += items.length;
      await inChunks(items, (i) => this.content.delete(i.id));
    });
    if (deleted || swept > 0) await this.touch(tenantId);
    return deleted;
  }

  /**
   * Stores the items (an id already stored is left as it is), then takes back those whose bank is gone:
   * a deleteBank racing this call either lists them in its sweep or has removed the bank before the
   * check here, so no content outlives its bank.
   */
  async addContent(items: BankContentRecord[]): Promise<void> {
    await inChunks(items, (c) => this.content.create(keyOf(c), c));
    const gone = new Set<string>();
    for (const key of new Set(items.map(bankOf))) if (!(await this.banks.get(key))) gone.add(key);
    await inChunks(items.filter((c) => gone.has(bankOf(c))), (c) => this.content.delete(keyOf(c)));
    for (const tenantId of new Set(items.map((c) => c.tenantId))) await this.touch(tenantId);
  }

  async getContent(tenantId: string, bankId: string, contentId: string): Promise<BankContentRecord | null> {
    return (await this.content.get(contentKey(tenantId, bankId, contentId)))?.value ?? null;
  }

  async deleteContent(tenantId: string, bankId: string, contentId: string): Promise<boolean> {
    const deleted = await this.content.delete(contentKey(tenantId, bankId, contentId));
    if (deleted) await this.touch(tenantId);
    return deleted;
  }

  listContent(tenantId: string, bankId: string): Promise<BankContentRecord[]> {
    return listAll(this.content, 'byBank', bankKey(tenantId, bankId));
  }

  countContent(tenantId: string, bankId: string): Promise<number> {
    return this.content.count('byBank', { partition: bankKey(tenantId, bankId) });
  }
}
