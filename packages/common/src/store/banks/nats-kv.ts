// Hash banks in NATS JetStream KV, for separate processes without MongoDB. One bucket; keys are
// <tenant>.bank.<bank>, <tenant>.content.<bank>.<content> and <tenant>.revision (hex-encoded tenant).
import crypto from 'node:crypto';
import type { KV } from '@nats-io/kv';
import { decodeDated, KvBackedStore, tenantKeyPrefix } from '../kv-bucket.ts';
import type { BankContentRecord, BankRecord, BankStore } from './types.ts';

const BUCKET = 'banks';
const SCAN_CONCURRENCY = 16;

const tenantKey = tenantKeyPrefix;
const safeId = (id: string) => {
  if (!/^[A-Za-z0-9_-]+$/.test(id)) throw new Error(`not a storable id: ${id}`);
  return id;
};
const bankKey = (t: string, b: string) => `${tenantKey(t)}.bank.${safeId(b)}`;
const contentKey = (t: string, b: string, c: string) => `${tenantKey(t)}.content.${safeId(b)}.${safeId(c)}`;
const revisionKey = (t: string) => `${tenantKey(t)}.revision`;

function encode(value: object): string {
  return JSON.stringify(value);
}

const decodeBank = (text: string) => decodeDated<BankRecord>(text);
const decodeContent = (text: string) => decodeDated<BankContentRecord>(text);

export class NatsKvBankStore extends KvBackedStore implements BankStore {
  constructor(url: string) {
    super(url, BUCKET, 'modsvc-banks');
  }

  private async touch(kv: KV, tenantId: string): Promise<void> {
    await kv.put(revisionKey(tenantId), crypto.randomBytes(8).toString('hex'));
  }

  private async values(kv: KV, filter: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const key of await kv.keys(filter)) keys.push(key);
    const out: string[] = [];
    for (let i = 0; i < keys.length; i += SCAN_CONCURRENCY) {
      const entries = await Promise.all(keys.slice(i, i + SCAN_CONCURRENCY).map((k) => kv.get(k)));
      for (const e of entries) if (e && e.operation === 'PUT') out.push(e.string());
    }
    return out;
  }

  async createBank(bank: BankRecord): Promise<void> {
    const kv = await this.kv();
    await kv.create(bankKey(bank.tenantId, bank.id), encode(bank));
    await this.touch(kv, bank.tenantId);
  }

  async listBanks(tenantId: string): Promise<BankRecord[]> {
    const banks = (await this.values(await this.kv(), `${tenantKey(tenantId)}.bank.*`)).map(decodeBank);
    return banks.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  async getBank(tenantId: string, bankId: string): Promise<BankRecord | null> {
    if (!/^[A-Za-z0-9_-]+$/.test(bankId)) return null;
    const e = await (await this.kv()).get(bankKey(tenantId, bankId));
    return e && e.operation === 'PUT' ? decodeBank(e.string()) : null;
  }

  async deleteBank(tenantId: string, bankId: string): Promise<boolean> {
    if (!(await this.getBank(tenantId, bankId))) return false;
    const kv = await this.kv();
    const keys: string[] = [];
    for await (const key of await kv.keys(`${tenantKey(tenantId)}.content.${bankId}.*`)) keys.push(key);
    for (const k of keys) await kv.purge(k);
    await kv.purge(bankKey(tenantId, bankId));
    await this.touch(kv, tenantId);
    return true;
  }

  async addContent(items: BankContentRecord[]): Promise<void> {
    if (!items.length) return;
    const kv = await this.kv();
    for (let i = 0; i < items.length; i += SCAN_CONCURRENCY) {
      await Promise.all(items.slice(i, i + SCAN_CONCURRENCY).map((c) => kv.put(contentKey(c.tenantId, c.bankId, c.id), encode(c))));
    }
    for (const t of new Set(items.map((c) => c.tenantId))) await this.touch(kv, t);
  }

  async getContent(tenantId: string, bankId: string, contentId: string): Promise<BankContentRecord | null> {
    if (!/^[A-Za-z0-9_-]+$/.test(bankId) || !/^[A-Za-z0-9_-]+$/.test(contentId)) return null;
    const e = await (await this.kv()).get(contentKey(tenantId, bankId, contentId));
    return e && e.operation === 'PUT' ? decodeContent(e.string()) : null;
  }

  async deleteContent(tenantId: string, bankId: string, contentId: string): Promise<boolean> {
    if (!(await this.getContent(tenantId, bankId, contentId))) return false;
    const kv = await this.kv();
    await kv.purge(contentKey(tenantId, bankId, contentId));
    await this.touch(kv, tenantId);
    return true;
  }

  async listContent(tenantId: string, bankId: string): Promise<BankContentRecord[]> {
    if (!/^[A-Za-z0-9_-]+$/.test(bankId)) return [];
    const items = (await this.values(await this.kv(), `${tenantKey(tenantId)}.content.${bankId}.*`)).map(decodeContent);
    return items.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  async countContent(tenantId: string, bankId: string): Promise<number> {
    if (!/^[A-Za-z0-9_-]+$/.test(bankId)) return 0;
    let n = 0;
    for await (const _ of await (await this.kv()).keys(`${tenantKey(tenantId)}.content.${bankId}.*`)) n++;
    return n;
  }

  async revision(tenantId: string): Promise<string> {
    const e = await (await this.kv()).get(revisionKey(tenantId));
    return e && e.operation === 'PUT' ? `${e.revision}` : '0';
  }
}
