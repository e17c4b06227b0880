// What results say about known content: the frame hashes, the bank matches, and (policy tier) the
// category each matching bank sets at its risk level.
import type { JobRecord } from '@modsvc/common/jobs';
import { riskRank, type FrameHash, type HashMatch, type PolicyCategoryResult } from '@modsvc/common/domain/index';
import type { KnownContent } from './bank-matcher.ts';

export interface KnownContentFields {
  hashes: FrameHash[];
  matches: HashMatch[];
  low_quality_frames: number;
}

export const NO_KNOWN_CONTENT: KnownContent = { matches: [], lowQualityFrames: 0, matchedBanks: [] };

export function knownContentFields(job: JobRecord, known: KnownContent): KnownContentFields {
  const hashes = (job.parts.hashes?.frames ?? []).map((f) => ({ frame_timestamp: f.timestamp, pdq: f.variants[0]!, quality: f.quality }));
  return { hashes, matches: known.matches, low_quality_frames: known.lowQualityFrames };
}

/** One category per bank category that matched, at the highest risk level among its matching banks. */
export function bankCategories(known: KnownContent): PolicyCategoryResult[] {
  const byCategory = new Map<string, PolicyCategoryResult>();
  for (const bank of known.matchedBanks) {
    const best = known.matches.filter((m) => m.bank_id === bank.id)[0]!;
    const current = byCategory.get(bank.category);
    if (current && (riskRank(current.risk_level) ?? -1) >= (riskRank(bank.riskLevel) ?? -1)) continue;
    byCategory.set(bank.category, {
      name: bank.category,
      description: `Known content: matched an item of the hash bank "${bank.name}" (${best.distance} of 256 bits differ; the bank matches up to ${bank.threshold}).`,
      score: 1,
      risk_level: bank.riskLevel,
      triggered_by: `bank:${bank.id}`,
    });
  }
  return [...byCategory.values()];
}
