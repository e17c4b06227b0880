import type { TextCoverage, TextLanguageReport } from '@modsvc/common/contracts';
import { TEXT_LABELS } from '@modsvc/common/classes';
import type { SignalOperatingPoints } from '@modsvc/common/domain/operating-points';
import type { LanguageLabelScored } from './model/artifact.ts';
import type { ToxicityScorer } from './model/scorer.ts';

const VALIDATION_BASIS = "the language's validation split (never trained or calibrated on); the points were chosen on its calibration split";

/** One label's operating points in a language, with the validation figures behind them (3.0.0+ manifests). */
function labelPoints(label: string, l: LanguageLabelScored): SignalOperatingPoints | null {
  if (!l.operatingPoints) return null;
  // An unmeasured label has no positives in the language: its points rest on the language's benign rows, no recall or precision.
  if (l.unmeasured) return { signal: label, points: l.operatingPoints, basis: { part: l.why ?? 'no labelled data of this language', positives: 0, negatives: l.calibrationRows }, figures: [] };
  const f = l.operatingPointFigures;
  return { signal: label, points: l.operatingPoints, basis: { part: VALIDATION_BASIS, positives: f?.positives ?? 0, negatives: f ? f.rows - f.positives : 0 }, figures: f?.figures ?? [] };
}

/**
 * The labels the loaded artifact scores, why the others are not scored, and (2.0.0+) the languages
 * it scores with their labels and held-back figures, (3.0.0+) each label's operating points and the
 * labels scored only through the English bridge (all from its manifest). Text detected as any other
 * language gets null scores.
 */
export function toxicityCoverage(scorer: ToxicityScorer): TextCoverage {
  const { manifest } = scorer.model;
  const headLanguages = Object.keys(manifest.heads?.languages ?? {}).sort();
  const bridgeLanguages = scorer.model.bridge?.languages() ?? [];
  const wordLanguages = Object.entries(manifest.languages ?? {}).filter(([lang, info]) => TEXT_LABELS.some((l) => info.labels[l]?.scored && (info.labels[l] as LanguageLabelScored).words && scorer.languageScores(lang, l))).map(([lang]) => lang).sort();
  const wordsSource = scorer.model.words?.vectors.manifest.source.package;
  const labels = Object.entries(manifest.labels).map(([label, info]) =>
    info.scored
      ? {
          label,
          scored: true,
          note: `calibrated (Platt) per language; ${info.trainPositives} training positives${label === 'toxicity' && headLanguages.length ? `; stacked with the language's own head in ${headLanguages.join(', ')}` : ''}${bridgeLanguages.length ? `; texts in ${bridgeLanguages.join(', ')} are also scored through their English gloss` : ''}${scorer.model.words && wordLanguages.length ? `; stacked with a word-vector head (GloVe 6B vectors from ${wordsSource}) in ${wordLanguages.join(', ')} where the calibration gives it weight` : ''}`,
        }
      : { label, scored: false, note: info.reason },
  );
  const languages = Object.entries(manifest.languages ?? {})
    .map(([language, info]): TextLanguageReport => {
      const scored = TEXT_LABELS.filter((l) => info.labels[l]?.scored && scorer.languageScores(language, l));
      const points = scored.flatMap((l) => labelPoints(l, info.labels[l] as LanguageLabelScored) ?? []);
      const unmeasured = scored.filter((l) => (info.labels[l] as LanguageLabelScored).unmeasured);
      return {
        language,
        labels: scored,
        heldBack: (info.heldBack ?? []).map((h) => ({ part: h.part, rows: h.rows, positives: h.positives, rocAuc: h.rocAuc, ...(h.label ? { label: h.label } : {}) })),
        sources: (info.sources ?? []).map((s) => ({ source: s.source, rows: s.rows, toxic: s.toxic, toxicityMeans: s.toxicityMeans })),
        ...(points.length ? { operatingPoints: points } : {}),
        ...(unmeasured.length ? { unmeasured } : {}),
      };
    })
    .filter((l) => l.labels.length > 0);
  return { model: scorer.modelId, labels, ...(languages.length ? { languages } : {}) };
}
