// Matches a job's frame hashes against its tenant's hash banks (indexes kept in step with the store by
// bank-indexes.ts, so a hash added a moment ago matches the next job). A frame matches through any of
// its 8 rotations and mirrors, against a banked picture's hash or any of its crops' hashes.
//
// A banked video (vPDQ) is matched as HMA matches videos: the job's frames (distinct, quality >= 50)
// against the video's (distinct, quality >= 50), each within the bank's threshold; it matches when at
// least VPDQ_QUERY_MATCH_PERCENT of the job's frames and VPDQ_COMPARED_MATCH_PERCENT of the video's
// frames found a partner. Pictures and hashes keep matching frame by frame, in videos too.
import crypto from 'node:crypto';
import { isVpdqMatch } from '@modsvc/pdq';
import { PDQ_QUALITY_FLOOR, type HashMatch } from '@modsvc/common/domain/index';
import type { BankRecord, BankStore } from '@modsvc/common/store/banks/index';
import type { HashesPart } from '@modsvc/common/jobs';
import { BankIndexes, type BankIndexOptions } from './bank-indexes.ts';

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

const round2 = (x: number) => Math.round(x * 100) / 100;

export class BankMatcher {
  readonly indexes: BankIndexes;

  constructor(store: BankStore, options: BankIndexOptions = {}) {
    this.indexes = new BankIndexes(store, options);
  }

  async match(tenantId: string, jobId: string, hashes: HashesPart | undefined): Promise<KnownContent> {
    const frames = hashes?.frames ?? [];
    const matchable = frames.filter((f) => f.quality >= PDQ_QUALITY_FLOOR);
    const result: KnownContent = { matches: [], lowQualityFrames: frames.length - matchable.length, matchedBanks: [] };
    if (!matchable.length) return result;
    // vPDQ counts distinct frames: the same picture shown for several seconds is one frame.
    const distinct = new Map<string, number>();
    const distinctOf = matchable.map((f) => {
      const key = f.variants[0]!;
      if (!distinct.has(key)) distinct.set(key, distinct.size);
      return distinct.get(key)!;
    });
    const banks = (await this.indexes.banksOf(tenantId)).filter((b) => bankApplies(b.bank, jobId));
    for (const { bank, index, videos } of banks) {
      // The closest frame for each banked item; for videos, which frames met which.
      const best = new Map<string, HashMatch>();
      const met = new Map<string, { query: Set<number>; banked: Set<number> }>();
      matchable.forEach((frame, f) => {
        for (const variant of frame.variants) {
          for (const m of index.searchHashes(variant, bank.threshold)) {
            const seen = best.get(m.id);
            if (!seen || m.distance < seen.distance) {
              best.set(m.id, { bank_id: bank.id, bank_name: bank.name, content_id: m.id, distance: m.distance, quality: frame.quality, frame_timestamp: frame.timestamp });
            }
            if (!videos.has(m.id)) continue;
            const sides = met.get(m.id) ?? { query: new Set<number>(), banked: new Set<number>() };
            sides.query.add(distinctOf[f]!);
            sides.banked.add(m.hash);
            met.set(m.id, sides);
          }
        }
      });
      const matches: HashMatch[] = [];
      for (const [id, match] of best) {
        const bankedFrames = videos.get(id);
        if (bankedFrames === undefined) {
          matches.push(match);
          continue;
        }
        const sides = met.get(id)!;
        const shares = { queryMatchPercent: (100 * sides.query.size) / distinct.size, comparedMatchPercent: (100 * sides.banked.size) / bankedFrames };
        if (isVpdqMatch(shares)) matches.push({ ...match, vpdq: { query_match_percent: round2(shares.queryMatchPercent), compared_match_percent: round2(shares.comparedMatchPercent) } });
      }
      if (matches.length) {
        result.matches.push(...matches);
        result.matchedBanks.push(bank);
      }
    }
    result.matches.sort((a, b) => a.distance - b.distance || a.frame_timestamp - b.frame_timestamp);
    return result;
  }
}
