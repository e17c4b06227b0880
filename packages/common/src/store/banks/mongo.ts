// Hash banks in MongoDB (production): collections `banks` and `bank_content`, indexed per tenant and bank.
import { MongoClient, type Collection } from 'mongodb';
import { mongoDatabaseName } from '../mongo.ts';
import type { BankContentRecord, BankRecord, BankStore } from './types.ts';

type BankDoc = Omit<BankRecord, 'id'> & { _id: string };
type ContentDoc = Omit<BankContentRecord, 'id'> & { _id: string };
interface RevisionDoc {
  _id: string;
  n: number;
}

export class MongoBankStore implements BankStore {
  private readonly client: MongoClient;
  private initialized: Promise<void> | null = null;

  constructor(url: string, dbName?: string) {
    this.client = new MongoClient(url, { appName: 'modsvc-banks', ignoreUndefined: true });
    this.dbName = mongoDatabaseName(url, dbName);
  }

  private readonly dbName: string;

  private get db() {
    return this.client.db(this.dbName);
  }
  private get banks(): Collection<BankDoc> {
    return this.db.collection<BankDoc>('banks');
  }
  private get content(): Collection<ContentDoc> {
    return this.db.collection<ContentDoc>('bank_content');
  }
  private get revisions(): Collection<RevisionDoc> {
    return this.db.collection<RevisionDoc>('bank_revisions');
  }

  init(): Promise<void> {
    this.initialized ??= (async () => {
      await this.client.connect();
      await this.banks.createIndex({ tenantId: 1, createdAt: 1 });
      await this.content.createIndex({ tenantId: 1, bankId: 1, createdAt: 1 });
    })();
    this.initialized.catch(() => (this.initialized = null));
    return this.initialized;
  }

  async close(): Promise<void> {
    this.initialized = null;
    await this.client.close();
  }

  private async touch(tenantId: string): Promise<void> {
    await this.revisions.updateOne({ _id: tenantId }, { $inc: { n: 1 } }, { upsert: true });
  }

  async createBank(bank: BankRecord): Promise<void> {
    await this.init();
    const { id, ...rest } = bank;
    await this.banks.insertOne({ ...rest, _id: id });
    await this.touch(bank.tenantId);
  }

  async listBanks(tenantId: string): Promise<BankRecord[]> {
    await this.init();
    return (await this.banks.find({ tenantId }).sort({ createdAt: 1 }).toArray()).map(({ _id, ...b }) => ({ ...b, id: _id }));
  }

  async getBank(tenantId: string, bankId: string): Promise<BankRecord | null> {
    await this.init();
    const doc = await this.banks.findOne({ _id: bankId, tenantId });
    if (!doc) return null;
    const { _id, ...b } = doc;
    return { ...b, id: _id };
  }

  async deleteBank(tenantId: string, bankId: string): Promise<boolean> {
    await this.init();
    const { deletedCount } = await this.banks.deleteOne({ _id: bankId, tenantId });
    if (!deletedCount) return false;
    await this.content.deleteMany({ tenantId, bankId });
    await this.touch(tenantId);
    return true;
  }

  async addContent(items: BankContentRecord[]): Promise<void> {
    if (!items.length) return;
    await this.init();
    await this.content.insertMany(items.map(({ id, ...c }) => ({ ...c, _id: id })), { ordered: false });
    for (const t of new Set(items.map((c) => c.tenantId))) await this.touch(t);
  }

  async getContent(tenantId: string, bankId: string, contentId: string): Promise<BankContentRecord | null> {
    await this.init();
    const doc = await this.content.findOne({ _id: contentId, tenantId, bankId });
    if (!doc) return null;
    const { _id, ...c } = doc;
    return { ...c, id: _id };
  }

  async deleteContent(tenantId: string, bankId: string, contentId: string): Promise<boolean> {
    await this.init();
    const { deletedCount } = await this.content.deleteOne({ _id: contentId, tenantId, bankId });
    if (deletedCount) await this.touch(tenantId);
    return deletedCount > 0;
  }

  async listContent(tenantId: string, bankId: string): Promise<BankContentRecord[]> {
    await this.init();
    return (await this.content.find({ tenantId, bankId }).sort({ createdAt: 1 }).toArray()).map(({ _id, ...c }) => ({ ...c, id: _id }));
  }

  async countContent(tenantId: string, bankId: string): Promise<number> {
    await this.init();
    return this.content.countDocuments({ tenantId, bankId });
  }

  async revision(tenantId: string): Promise<string> {
    await this.init();
    return String((await this.revisions.findOne({ _id: tenantId }))?.n ?? 0);
  }
}
