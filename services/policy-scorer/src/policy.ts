import type { JobRecord } from '@modsvc/common/jobs';
import { STANDARD_CATEGORIES, POLICY_TABLE_VERSION, riskLevel, type PolicyCategoryResult, type PolicyResult } from '@modsvc/common/domain/index';
import { textSignal } from './items.ts';
import type { KnownContent } from './bank-matcher.ts';
import { bankCategories, knownContentFields, NO_KNOWN_CONTENT } from './known-content.ts';

export function scoreCategories(job: JobRecord): PolicyCategoryResult[] {
  return STANDARD_CATEGORIES.map((cat) => {
    let best: { score: number; by: string } | null = null;
    for (const s of cat.signals) {
      let raw: number | null;
      let by: string;
      if ('visual' in s) {
        raw = job.parts.vision?.scores[s.visual] ?? null;
        by = s.visual;
      } else {
        const t = textSignal(job, s.text);
        raw = t.score;
        by = `${t.source}:${s.text}`;
      }
      if (raw === null) continue;
      const weighted = raw * s.weight;
      if (!best || weighted > best.score) best = { score: weighted, by };
    }
    const score = best ? Math.round(best.score * 10000) / 10000 : null;
    return { name: cat.name, description: cat.description, score, risk_level: riskLevel(score), triggered_by: best?.by ?? null };
  });
}

export function buildPolicyResult(job: JobRecord, known: KnownContent = NO_KNOWN_CONTENT): PolicyResult {
  return {
    policy_categories: [...scoreCategories(job), ...bankCategories(known)],
    url: job.url,
    tier: 'standard',
    policy_table_version: POLICY_TABLE_VERSION,
    ...knownContentFields(job, known),
  };
}
