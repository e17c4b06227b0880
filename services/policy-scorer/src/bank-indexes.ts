// The tenants' hash banks as in-memory indexes (one MihIndex a bank), kept in step with the store.
//
// - A tenant's indexes are checked against the store's revision of its banks at every use; on a new
//   revision they are brought up to date in place: content gone from a bank is removed from its index
//   and new content added (MihIndex.add/remove), so a change costs the store's listing and the diff,
//   never a rebuild. Only a bank first seen is built from its content list.
// - One refresh at a time per tenant (single-flight): concurrent jobs of a tenant whose banks changed
//   wait for the same refresh instead of each listing and building.
// - Memory is bounded: the tenants' indexes are kept least recently used first and the oldest are
//   dropped (rebuilt on their next use) once their estimated size passes `maxBytes`
//   (BANK_INDEX_MEMORY_MB). A single tenant larger than the budget is kept while in use.
//
// What an index holds per content id: a picture's hash and its crops' (matched alike), or a video's
// distinct frames of quality >= 50, the frames vPDQ compares (see bank-matcher.ts).
import { MihIndex, vpdqComparableFrames } from '@modsvc/pdq';
import type { BankContentRecord, BankRecord, BankStore } from '@modsvc/common/store/banks/index';

export interface IndexedBank {
  bank: BankRecord;
  index: MihIndex<string>;
  /** Videos of the bank: content id -> how many comparable frames (hashes) it has in the index. */
  videos: Map<string, number>;
}

interface TenantIndexes {
  revision: string;
  banks: Map<string, IndexedBank>;
  bytes: number;
}

export interface BankIndexStats {
  /** Indexes built from a bank's full content list (a bank seen for the first time, or after eviction). */
  builds: number;
  /** Refreshes that changed an existing index in place. */
  updates: number;
  added: number;
  removed: number;
  /** Tenants whose indexes were dropped for memory. */
  evictions: number;
  /** Store reads of a tenant's banks after a revision change. */
  refreshes: number;
}

export interface BankIndexOptions {
  /** Estimated bytes of all tenants' indexes beyond which the least recently used are dropped. Default 1 GiB. */
  maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 1024 * 1024 * 1024;

/** The hashes a content item is matched with; empty when it has none worth matching (a video without a frame of quality >= 50). */
export function contentHashes(c: BankContentRecord): string[] {
  if (c.frames) return vpdqComparableFrames(c.frames).map((f) => f.pdq);
  return c.crops?.length ? [c.pdq, ...c.crops] : [c.pdq];
}

export class BankIndexes {
  readonly stats: BankIndexStats = { builds: 0, updates: 0, added: 0, removed: 0, evictions: 0, refreshes: 0 };
  /** Least recently used first. */
  private readonly tenants = new Map<string, TenantIndexes>();
  private readonly refreshing = new Map<string, Promise<TenantIndexes>>();
  private readonly maxBytes: number;

  constructor(
    private readonly store: BankStore,
    options: BankIndexOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  }

  /** The tenant's banks, indexed and current as of the store's revision read now. */
  async banksOf(tenantId: string): Promise<IndexedBank[]> {
    for (;;) {
      const revision = await this.store.revision(tenantId);
      const cached = this.tenants.get(tenantId);
      if (cached && cached.revision === revision) {
        this.touch(tenantId, cached);
        return [...cached.banks.values()];
      }
      const running = this.refreshing.get(tenantId);
      if (running) {
        // It may have read an older revision than ours: wait for it, then look again.
        await running.catch(() => undefined);
        continue;
      }
      const refresh = this.refresh(tenantId, revision).finally(() => this.refreshing.delete(tenantId));
      this.refreshing.set(tenantId, refresh);
      return [...(await refresh).banks.values()];
    }
  }

  /** Tenants whose indexes are held, least recently used first. */
  heldTenants(): string[] {
    return [...this.tenants.keys()];
  }

  /** Estimated bytes of all held indexes. */
  heldBytes(): number {
    let bytes = 0;
    for (const t of this.tenants.values()) bytes += t.bytes;
    return bytes;
  }

  private async refresh(tenantId: string, revision: string): Promise<TenantIndexes> {
    this.stats.refreshes++;
    const previous = this.tenants.get(tenantId);
    const banks = new Map<string, IndexedBank>();
    for (const bank of await this.store.listBanks(tenantId)) {
      const content = await this.store.listContent(tenantId, bank.id);
      const existing = previous?.banks.get(bank.id);
      if (existing) {
        existing.bank = bank;
        this.update(existing, content);
        banks.set(bank.id, existing);
      } else banks.set(bank.id, this.build(bank, content));
    }
    let bytes = 0;
    for (const b of banks.values()) bytes += b.index.memoryBytes();
    const fresh: TenantIndexes = { revision, banks, bytes };
    this.touch(tenantId, fresh);
    this.evict(tenantId);
    return fresh;
  }

  private build(bank: BankRecord, content: BankContentRecord[]): IndexedBank {
    this.stats.builds++;
    const hashes = content.map(contentHashes);
    const slots = hashes.reduce((n, h) => n + h.length, 0);
    const indexed: IndexedBank = { bank, index: new MihIndex<string>({ initialCapacity: Math.max(1024, slots) }), videos: new Map() };
    content.forEach((c, i) => add(indexed, c, hashes[i]!));
    indexed.index.prepare(bank.threshold);
    return indexed;
  }

  private update(indexed: IndexedBank, content: BankContentRecord[]): void {
    const { missing, removed } = indexed.index.retain(content.map((c) => c.id));
    for (const id of removed) indexed.videos.delete(id);
    let added = 0;
    for (const at of missing) if (add(indexed, content[at]!)) added++;
    if (added || removed.length) {
      this.stats.updates++;
      this.stats.added += added;
      this.stats.removed += removed.length;
    }
  }

  private touch(tenantId: string, indexes: TenantIndexes): void {
    this.tenants.delete(tenantId);
    this.tenants.set(tenantId, indexes);
  }

  /** Drops least recently used tenants, never `keep`, while the total is over budget. */
  private evict(keep: string): void {
    let total = this.heldBytes();
    for (const [tenantId, indexes] of this.tenants) {
      if (total <= this.maxBytes) break;
      if (tenantId === keep) continue;
      this.tenants.delete(tenantId);
      total -= indexes.bytes;
      this.stats.evictions++;
    }
  }
}

/** Adds the item to the bank's index; false when it has nothing to match with. */
function add(indexed: IndexedBank, c: BankContentRecord, hashes = contentHashes(c)): boolean {
  if (hashes.length === 0) return false;
  indexed.index.add(c.id, hashes);
  if (c.frames) indexed.videos.set(c.id, hashes.length);
  return true;
}
