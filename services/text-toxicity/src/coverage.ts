import type { TextCoverage } from '@modsvc/common/contracts';
import type { ToxicityScorer } from './model/scorer.ts';

/** The labels the loaded artifact scores, and why the others are not scored (from its manifest). */
export function toxicityCoverage(scorer: ToxicityScorer): TextCoverage {
  const labels = Object.entries(scorer.model.manifest.labels).map(([label, info]) =>
    info.scored
      ? { label, scored: true, note: `calibrated (Platt); ${info.trainPositives} training positives` }
      : { label, scored: false, note: info.reason },
  );
  return { model: scorer.modelId, labels };
}
