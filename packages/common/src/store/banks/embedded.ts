// Hash banks for the all-in-one deployment: two nedb files under <dataDir>/banks.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import nedb from '@seald-io/nedb';
import type { BankContentRecord, BankRecord, BankStore } from './types.ts';

// CommonJS default export, typed as a namespace under NodeNext (see ../embedded.ts).
const Datastore = nedb as unknown as typeof nedb.default;
type Datastore<T> = nedb.default<T>;

type BankDoc = BankRecord & { _id: string };
type ContentDoc = BankContentRecord & { _id: string };

export class EmbeddedBankStore implements BankStore {
  private banks: Datastore<BankDoc> | null = null;
  private content: Datastore<ContentDoc> | null = null;
  private readonly revisions = new Map<string, number>();

  constructor(private readonly dir: string) {}

  async init(): Promise<void> {
    if (this.banks) return;
    await mkdir(this.dir, { recursive: true });
    const banks = new Datastore<BankDoc>({ filename: join(this.dir, 'banks.db') });
    const content = new Datastore<ContentDoc>({ filename: join(this.dir, 'bank-content.db') });
    await banks.loadDatabaseAsync();
    await content.loadDatabaseAsync();
    await banks.ensureIndexAsync({ fieldName: 'tenantId' });
    await content.ensureIndexAsync({ fieldName: 'bankId' });
    this.banks = banks;
    this.content = content;
  }

  async close(): Promise<void> {
    await this.banks?.compactDatafileAsync();
    await this.content?.compactDatafileAsync();
    this.banks = null;
    this.content = null;
  }

  private ready() {
    if (!this.banks || !this.content) throw new Error('bank store used before init()');
    return { banks: this.banks, content: this.content };
  }

  private touch(tenantId: string): void {
    this.revisions.set(tenantId, (this.revisions.get(tenantId) ?? 0) + 1);
  }

  async createBank(bank: BankRecord): Promise<void> {
    await this.ready().banks.insertAsync({ ...bank, _id: bank.id });
    this.touch(bank.tenantId);
  }

  async listBanks(tenantId: string): Promise<BankRecord[]> {
    const docs = await this.ready().banks.findAsync({ tenantId }).sort({ createdAt: 1 });
    return docs.map(bankOf);
  }

  async getBank(tenantId: string, bankId: string): Promise<BankRecord | null> {
    const doc = await this.ready().banks.findOneAsync({ _id: bankId, tenantId });
    return doc ? bankOf(doc) : null;
  }

  async deleteBank(tenantId: string, bankId: string): Promise<boolean> {
    const { banks, content } = this.ready();
    const removed = await banks.removeAsync({ _id: bankId, tenantId }, {});
    if (!removed) return false;
    await content.removeAsync({ bankId, tenantId }, { multi: true });
    this.touch(tenantId);
    return true;
  }

  async addContent(items: BankContentRecord[]): Promise<void> {
    if (!items.length) return;
    await this.ready().content.insertAsync(items.map((c) => ({ ...c, _id: c.id })));
    for (const t of new Set(items.map((c) => c.tenantId))) this.touch(t);
  }

  async getContent(tenantId: string, bankId: string, contentId: string): Promise<BankContentRecord | null> {
    const doc = await this.ready().content.findOneAsync({ _id: contentId, bankId, tenantId });
    return doc ? contentOf(doc) : null;
  }

  async deleteContent(tenantId: string, bankId: string, contentId: string): Promise<boolean> {
    const removed = await this.ready().content.removeAsync({ _id: contentId, bankId, tenantId }, {});
    if (removed) this.touch(tenantId);
    return removed > 0;
  }

  async listContent(tenantId: string, bankId: string): Promise<BankContentRecord[]> {
    const docs = await this.ready().content.findAsync({ bankId, tenantId }).sort({ createdAt: 1 });
    return docs.map(contentOf);
  }

  countContent(tenantId: string, bankId: string): Promise<number> {
    return this.ready().content.countAsync({ bankId, tenantId });
  }

  async revision(tenantId: string): Promise<string> {
    // One process owns the embedded files, so an in-memory counter sees every change.
    return String(this.revisions.get(tenantId) ?? 0);
  }
}

function bankOf({ _id, ...bank }: BankDoc): BankRecord {
  return { ...bank, id: _id };
}

function contentOf({ _id, ...c }: ContentDoc): BankContentRecord {
  return { ...c, id: _id };
}
