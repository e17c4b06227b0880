import type { TextCoverage } from '@modsvc/common/contracts';
import { TOXICITY_LABELS } from '@modsvc/common/classes';
import type { ToxicityScorer } from './model/scorer.ts';

/**
 * The labels the loaded artifact scores, why the others are not scored, and (2.0.0+) the languages
 * it scores with their labels and held-back figures (all from its manifest). Text detected as any
 * other language gets null scores.
 */
export function toxicityCoverage(scorer: ToxicityScorer): TextCoverage {
  const { manifest } = scorer.model;
  const headLanguages = Object.keys(manifest.heads?.languages ?? {}).sort();
  const labels = Object.entries(manifest.labels).map(([label, info]) =>
    info.scored
      ? { label, scored: true, note: `calibrated (Platt) per language; ${info.trainPositives} training positives${label === 'toxicity' && headLanguages.length ? `; stacked with the language's own head in ${headLanguages.join(', ')}` : ''}` }
      : { label, scored: false, note: info.reason },
  );
  const languages = Object.entries(manifest.languages ?? {})
    .map(([language, info]) => ({
      language,
      labels: TOXICITY_LABELS.filter((l) => info.labels[l]?.scored),
      heldBack: (info.heldBack ?? []).map((h) => ({ part: h.part, rows: h.rows, positives: h.positives, rocAuc: h.rocAuc })),
      sources: (info.sources ?? []).map((s) => ({ source: s.source, rows: s.rows, toxic: s.toxic, toxicityMeans: s.toxicityMeans })),
    }))
    .filter((l) => l.labels.length > 0);
  return { model: scorer.modelId, labels, ...(languages.length ? { languages } : {}) };
}
