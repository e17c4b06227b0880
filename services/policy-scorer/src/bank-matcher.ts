// Matches a job's frame hashes against its tenant's hash banks. Each bank is a multi-index-hashing index
// in memory, rebuilt when the tenant's banks change (the store's revision), so a hash added a moment ago
// matches the next job. A frame matches through any of its 8 rotations and mirrors.
import crypto from 'node:crypto';
import { MihIndex } from '@modsvc/pdq';
import { PDQ_QUALITY_FLOOR, type HashMatch } from '@modsvc/common/domain/index';
import type { BankRecord, BankStore } from '@modsvc/common/store/banks/index';
import type { HashesPart } from '@modsvc/common/jobs';

interface LoadedBank {
  bank: BankRecord;
  index: MihIndex<string>;
}

export interface KnownContent {
  matches: HashMatch[];
  /** Frames whose hash was too featureless to match on its own. */
  lowQualityFrames: number;
  /** The banks that matched, for the policy categories they set. */
  matchedBanks: BankRecord[];
}

/** Whether a bank rolled out to `enabledRatio` of the traffic applies to this job (stable per job and bank). */
export function bankApplies(bank: Pick<BankRecord, 'id' | 'enabledRatio'>, jobId: string): boolean {
  if (bank.enabledRatio >= 1) return true;
  if (bank.enabledRatio <= 0) return false;
  const draw = crypto.createHash('sha256').update(`${bank.id}:${jobId}`).digest().readUInt32BE(0) / 2 ** 32;
  return draw < bank.enabledRatio;
}

export class BankMatcher {
  private readonly loaded = new Map<string, { revision: string; banks: LoadedBank[] }>();

  constructor(private readonly store: BankStore) {}

  private async banksOf(tenantId: string): Promise<LoadedBank[]> {
    const revision = await this.store.revision(tenantId);
    const cached = this.loaded.get(tenantId);
    if (cached && cached.revision === revision) return cached.banks;
    const banks: LoadedBank[] = [];
    for (const bank of await this.store.listBanks(tenantId)) {
      const index = new MihIndex<string>();
      for (const c of await this.store.listContent(tenantId, bank.id)) index.add(c.id, c.pdq);
      banks.push({ bank, index });
    }
    this.loaded.set(tenantId, { revision, banks });
    return banks;
  }

  async match(tenantId: string, jobId: string, hashes: HashesPart | undefined): Promise<KnownContent> {
    const frames = hashes?.frames ?? [];
    const matchable = frames.filter((f) => f.quality >= PDQ_QUALITY_FLOOR);
    const result: KnownContent = { matches: [], lowQualityFrames: frames.length - matchable.length, matchedBanks: [] };
    if (!matchable.length) return result;
    const banks = (await this.banksOf(tenantId)).filter((b) => bankApplies(b.bank, jobId));
    for (const { bank, index } of banks) {
      // The closest frame for each banked item.
      const best = new Map<string, HashMatch>();
      for (const frame of matchable) {
        for (const variant of frame.variants) {
          for (const m of index.search(variant, bank.threshold)) {
            const seen = best.get(m.id);
            if (!seen || m.distance < seen.distance) {
              best.set(m.id, { bank_id: bank.id, bank_name: bank.name, content_id: m.id, distance: m.distance, quality: frame.quality, frame_timestamp: frame.timestamp });
            }
          }
        }
      }
      if (best.size) {
        result.matches.push(...best.values());
        result.matchedBanks.push(bank);
      }
    }
    result.matches.sort((a, b) => a.distance - b.distance || a.frame_timestamp - b.frame_timestamp);
    return result;
  }
}
