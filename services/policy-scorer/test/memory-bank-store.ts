// A BankStore in memory (the interface of packages/common/src/store/banks/types.ts, nothing more), with
// hooks to count and hold its reads: the matcher's tests look at how it reads the store.
import type { BankContentRecord, BankRecord, BankStore } from '@modsvc/common/store/banks/index';

export class MemoryBankStore implements BankStore {
  readonly banks = new Map<string, BankRecord>();
  readonly content = new Map<string, BankContentRecord>();
  private readonly revisions = new Map<string, number>();
  readonly calls = { listBanks: 0, listContent: 0 };
  /** When set, listContent waits for it (to hold a refresh in flight). */
  gate: Promise<void> | null = null;

  async init(): Promise<void> {}
  async close(): Promise<void> {}

  private touch(tenantId: string): void {
    this.revisions.set(tenantId, (this.revisions.get(tenantId) ?? 0) + 1);
  }

  async revision(tenantId: string): Promise<string> {
    return String(this.revisions.get(tenantId) ?? 0);
  }

  async createBank(bank: BankRecord): Promise<void> {
    this.banks.set(`${bank.tenantId}/${bank.id}`, bank);
    this.touch(bank.tenantId);
  }

  async listBanks(tenantId: string): Promise<BankRecord[]> {
    this.calls.listBanks++;
    return [...this.banks.values()].filter((b) => b.tenantId === tenantId);
  }

  async getBank(tenantId: string, bankId: string): Promise<BankRecord | null> {
    return this.banks.get(`${tenantId}/${bankId}`) ?? null;
  }

  async deleteBank(tenantId: string, bankId: string): Promise<boolean> {
    const deleted = this.banks.delete(`${tenantId}/${bankId}`);
    for (const [key, c] of this.content) if (c.tenantId === tenantId && c.bankId === bankId) this.content.delete(key);
    this.touch(tenantId);
    return deleted;
  }

  async addContent(items: BankContentRecord[]): Promise<void> {
    for (const c of items) this.content.set(`${c.tenantId}/${c.bankId}/${c.id}`, c);
    for (const tenantId of new Set(items.map((c) => c.tenantId))) this.touch(tenantId);
  }

  async getContent(tenantId: string, bankId: string, contentId: string): Promise<BankContentRecord | null> {
    return this.content.get(`${tenantId}/${bankId}/${contentId}`) ?? null;
  }

  async deleteContent(tenantId: string, bankId: string, contentId: string): Promise<boolean> {
    const deleted = this.content.delete(`${tenantId}/${bankId}/${contentId}`);
    if (deleted) this.touch(tenantId);
    return deleted;
  }

  async listContent(tenantId: string, bankId: string): Promise<BankContentRecord[]> {
    this.calls.listContent++;
    if (this.gate) await this.gate;
    return [...this.content.values()].filter((c) => c.tenantId === tenantId && c.bankId === bankId);
  }

  async countContent(tenantId: string, bankId: string): Promise<number> {
    return (await this.listContent(tenantId, bankId)).length;
  }
}
