// Metrics of a toxicity scorer on labelled rows: per label, per source, per HateCheck functionality.
import { TEXT_LABELS, type TextLabel } from '@modsvc/common/classes';
import { averagePrecision, rocAuc, statsAtThreshold } from '@modsvc/common/evaluation';
import type { ToxicityScorer } from '../../services/text-toxicity/src/model/scorer.ts';

export interface EvalRow {
  text: string;
  source: string;
  /** Known language of the row (kit `lang`); scoring still detects it, as the service does. */
  lang?: string;
  labels: Float32Array; // TEXT_LABELS order, NaN = not annotated
  functionality?: string | null;
  hateful?: boolean | null;
}

export interface LabelMetrics {
  n: number;
  positives: number;
  rocAuc: number | null;
  averagePrecision: number | null;
  threshold: number | null;
  precision: number | null;
  recall: number | null;
  meanScore: number | null;
}

export type LabelTable = Partial<Record<TextLabel, LabelMetrics>>;

export interface EvalReport {
  rows: number;
  /** Share of rows whose detected language is the row's own (when rows carry `lang`). */
  languageAccuracy?: number | null;
  /** Share of rows that got a toxicity score (the others were detected as a language without data, or a language whose toxicity is not scored). */
  toxicityCoverage?: number;
  /** ROC-AUC of the raw toxicity logit (before any calibration): what the shared weights rank, also for a language the service does not score. */
  toxicityLogitRocAuc?: number | null;
  overall: LabelTable;
  meanRocAuc: number | null;
  bySource: Record<string, LabelTable>;
  byFunctionality?: Record<string, { n: number; hateful: boolean | null; meanToxicity: number | null; flaggedToxicity: number | null }>;
  /** HateCheck gold label (hateful vs non-hateful) scored by the toxicity probability. */
  hatefulVsNot?: { n: number; positives: number; rocAuc: number | null; averagePrecision: number | null };
}

export function labelMetrics(scores: number[], labels: number[], threshold: number | null): LabelMetrics {
  const bin = labels.map((y) => (y >= 0.5 ? 1 : 0));
  const positives = bin.reduce((a: number, b) => a + b, 0);
  const st = threshold === null ? null : statsAtThreshold(scores, bin, threshold);
  return {
    n: scores.length,
    positives,
    rocAuc: rocAuc(scores, bin),
    averagePrecision: positives ? averagePrecision(scores, bin) : null,
    threshold,
    precision: st?.precision ?? null,
    recall: st?.recall ?? null,
    meanScore: scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null,
  };
}

/**
 * Per label over the rows annotated for it. A null score (text detected as a language without data
 * for the label) counts as 0, i.e. not flagged, when at least half the rows got a score; a label
 * scored for fewer rows is left out (it is not scored for these rows' language).
 */
function table(rows: EvalRow[], scored: (Record<TextLabel, number | null>)[], thresholds: Record<TextLabel, number | null>): LabelTable {
  const out: LabelTable = {};
  TEXT_LABELS.forEach((label, li) => {
    const s: number[] = [];
    const y: number[] = [];
    let nulls = 0;
    rows.forEach((r, i) => {
      const v = r.labels[li]!;
      if (Number.isNaN(v)) return;
      const p = scored[i]![label];
      if (p === null) nulls++;
      s.push(p ?? 0);
      y.push(v);
    });
    if (s.length && nulls * 2 <= s.length) out[label] = labelMetrics(s, y, thresholds[label]);
  });
  return out;
}

export function meanAuc(t: LabelTable): number | null {
  const aucs = Object.values(t).map((m) => m?.rocAuc).filter((x): x is number => typeof x === 'number');
  return aucs.length ? aucs.reduce((a, b) => a + b, 0) / aucs.length : null;
}

/** Metrics as served (language detected per text); thresholds of `thresholdLanguage` (default English). */
export function evaluate(scorer: ToxicityScorer, rows: EvalRow[], thresholdLanguage?: string | null): EvalReport {
  const thresholds = scorer.thresholds(thresholdLanguage);
  const details = rows.map((r) => scorer.scoreDetailed(r.text));
  const scored = details.map((d) => d.scores);
  const overall = table(rows, scored, thresholds);
  const toxCol = scorer.model.scored.find((s) => s.label === 'toxicity')?.info.column ?? 0;
  const toxIdx = TEXT_LABELS.indexOf('toxicity');
  const lz: number[] = [];
  const ly: number[] = [];
  rows.forEach((r, i) => {
    const v = r.labels[toxIdx]!;
    if (Number.isNaN(v)) return;
    lz.push(details[i]!.logits[toxCol]!);
    ly.push(v >= 0.5 ? 1 : 0);
  });
  const withLang = rows.filter((r) => r.lang !== undefined);
  const sources = [...new Set(rows.map((r) => r.source))].sort();
  const bySource: Record<string, LabelTable> = {};
  for (const src of sources) {
    const idx = rows.map((r, i) => (r.source === src ? i : -1)).filter((i) => i >= 0);
    bySource[src] = table(idx.map((i) => rows[i]!), idx.map((i) => scored[i]!), thresholds);
  }
  const report: EvalReport = {
    rows: rows.length,
    languageAccuracy: withLang.length ? rows.filter((r, i) => r.lang !== undefined && details[i]!.language === r.lang).length / withLang.length : null,
    toxicityCoverage: rows.length ? scored.filter((x) => x.toxicity !== null).length / rows.length : 0,
    toxicityLogitRocAuc: lz.length ? rocAuc(lz, ly) : null,
    overall,
    meanRocAuc: meanAuc(overall),
    bySource,
  };
  if (rows.some((r) => r.functionality)) {
    const byFunctionality: NonNullable<EvalReport['byFunctionality']> = {};
    const funcs = [...new Set(rows.map((r) => r.functionality).filter((f): f is string => !!f))].sort();
    const tThr = thresholds.toxicity;
    for (const f of funcs) {
      const idx = rows.map((r, i) => (r.functionality === f ? i : -1)).filter((i) => i >= 0);
      const tox = idx.map((i) => scored[i]!.toxicity).filter((x): x is number => x !== null);
      byFunctionality[f] = {
        n: idx.length,
        hateful: rows[idx[0]!]!.hateful ?? null,
        meanToxicity: tox.length ? tox.reduce((a, b) => a + b, 0) / tox.length : null,
        flaggedToxicity: tox.length && tThr !== null ? tox.filter((x) => x >= tThr).length / tox.length : null,
      };
    }
    report.byFunctionality = byFunctionality;
    const s: number[] = [];
    const y: number[] = [];
    rows.forEach((r, i) => {
      const p = scored[i]!.toxicity;
      if (r.hateful === null || r.hateful === undefined || p === null) return;
      s.push(p);
      y.push(r.hateful ? 1 : 0);
    });
    if (s.length) {
      report.hatefulVsNot = { n: s.length, positives: y.filter((v) => v).length, rocAuc: rocAuc(s, y), averagePrecision: averagePrecision(s, y) };
    }
  }
  return report;
}

const f3 = (x: number | null | undefined): string => (x === null || x === undefined ? '–' : x.toFixed(3));

export function labelTableMarkdown(t: LabelTable): string {
  const lines = ['| label | n | positives | ROC-AUC | AP | threshold | precision | recall |', '|---|---:|---:|---:|---:|---:|---:|---:|'];
  for (const label of TEXT_LABELS) {
    const m = t[label];
    if (!m) continue;
    lines.push(`| ${label} | ${m.n} | ${m.positives} | ${f3(m.rocAuc)} | ${f3(m.averagePrecision)} | ${f3(m.threshold)} | ${f3(m.precision)} | ${f3(m.recall)} |`);
  }
  return lines.join('\n');
}

export function reportMarkdown(title: string, r: EvalReport): string {
  const extra = r.languageAccuracy !== undefined && r.languageAccuracy !== null ? `; language identified correctly for ${f3(r.languageAccuracy)}, toxicity scored for ${f3(r.toxicityCoverage)}` : '';
  const parts = [`### ${title}`, '', `${r.rows} rows; mean ROC-AUC over labels with positives: ${f3(r.meanRocAuc)}${extra}`, '', labelTableMarkdown(r.overall), ''];
  if (r.hatefulVsNot) {
    parts.push(`HateCheck gold label (hateful vs non-hateful, ${r.hatefulVsNot.n} cases, ${r.hatefulVsNot.positives} hateful) scored by toxicity: ROC-AUC ${f3(r.hatefulVsNot.rocAuc)}, AP ${f3(r.hatefulVsNot.averagePrecision)}`, '');
  }
  const sources = Object.keys(r.bySource);
  if (sources.length > 1) {
    parts.push('Per source:', '', '| source | label | n | positives | ROC-AUC | AP | precision | recall |', '|---|---|---:|---:|---:|---:|---:|---:|');
    for (const src of sources) {
      for (const label of TEXT_LABELS) {
        const m = r.bySource[src]![label];
        if (!m) continue;
        parts.push(`| ${src} | ${label} | ${m.n} | ${m.positives} | ${f3(m.rocAuc)} | ${f3(m.averagePrecision)} | ${f3(m.precision)} | ${f3(m.recall)} |`);
      }
    }
    parts.push('');
  }
  if (r.byFunctionality) {
    parts.push('Per HateCheck functionality (toxicity):', '', '| functionality | gold | n | mean toxicity | share ≥ threshold |', '|---|---|---:|---:|---:|');
    for (const [f, m] of Object.entries(r.byFunctionality)) {
      parts.push(`| ${f} | ${m.hateful === null ? '?' : m.hateful ? 'hateful' : 'non-hateful'} | ${m.n} | ${f3(m.meanToxicity)} | ${f3(m.flaggedToxicity)} |`);
    }
    parts.push('');
  }
  return parts.join('\n');
}

export interface BenignReport {
  /** What the set is. */
  description: string;
  n: number;
  /** Per scored label: share of texts scoring >= 0.5, share >= the label's threshold, mean score. */
  labels: Partial<Record<TextLabel, { fprAt05: number; fprAtThreshold: number | null; threshold: number | null; meanScore: number }>>;
  /** Share of texts where any scored label is >= 0.5. */
  anyAt05: number;
}

/** False positive rates of a scorer on texts known to be benign. */
export function benignFalsePositives(scorer: ToxicityScorer, texts: string[], description: string): BenignReport {
  const thresholds = scorer.thresholds();
  const scored = texts.map((t) => scorer.scoreDetailed(t).scores);
  const labels: BenignReport['labels'] = {};
  let any = 0;
  scored.forEach((s) => {
    if (TEXT_LABELS.some((l) => (s[l] ?? 0) >= 0.5)) any++;
  });
  for (const label of TEXT_LABELS) {
    const v = scored.map((s) => s[label]).filter((x): x is number => x !== null);
    if (!v.length) continue;
    const thr = thresholds[label];
    labels[label] = {
      fprAt05: v.filter((x) => x >= 0.5).length / v.length,
      fprAtThreshold: thr === null ? null : v.filter((x) => x >= thr).length / v.length,
      threshold: thr,
      meanScore: v.reduce((a, b) => a + b, 0) / v.length,
    };
  }
  return { description, n: texts.length, labels, anyAt05: texts.length ? any / texts.length : 0 };
}

/**
 * Held-out benign texts from labelled rows (validation split only, never trained on): every row
 * annotated toxicity == 0 from the non-synthetic sources (not HateCheck), as full texts, and a
 * caption-like span of each (its first 3-12 words, length cycling with the row index).
 */
export function benignSets(rows: { text: string; source: string; labels: Float32Array }[]): { full: string[]; captions: string[] } {
  const tox = TEXT_LABELS.indexOf('toxicity');
  const full = rows.filter((r) => r.source !== 'hatecheck' && r.labels[tox] === 0).map((r) => r.text);
  const captions = full
    .map((t, i) => t.split(/\s+/).filter(Boolean).slice(0, 3 + (i % 10)).join(' '))
    .filter((t) => t.split(' ').length >= 3);
  return { full, captions };
}

/** Per language: the share of benign texts whose toxicity reaches the threshold of the language they are detected as (as served). */
export interface LanguageBenignReport {
  full: { n: number; fprAtThreshold: number };
  captions: { n: number; fprAtThreshold: number };
}

export function languageBenign(scorer: ToxicityScorer, sets: { full: string[]; captions: string[] }): LanguageBenignReport {
  const rate = (texts: string[]) => {
    let fp = 0;
    for (const t of texts) {
      const d = scorer.scoreDetailed(t);
      const thr = scorer.thresholds(d.language).toxicity;
      if (d.scores.toxicity !== null && thr !== null && d.scores.toxicity >= thr) fp++;
    }
    return { n: texts.length, fprAtThreshold: texts.length ? fp / texts.length : 0 };
  };
  return { full: rate(sets.full), captions: rate(sets.captions) };
}

export function languageBenignMarkdown(reports: Record<string, LanguageBenignReport>): string {
  const lines = ['| language | benign texts | toxicity >= threshold | caption-like spans | toxicity >= threshold |', '|---|---:|---:|---:|---:|'];
  for (const [lang, r] of Object.entries(reports)) lines.push(`| ${lang} | ${r.full.n} | ${f3(r.full.fprAtThreshold)} | ${r.captions.n} | ${f3(r.captions.fprAtThreshold)} |`);
  return lines.join('\n');
}

export function benignMarkdown(reports: BenignReport[]): string {
  const lines = ['| set | n | label | FPR at 0.5 | threshold | FPR at threshold | mean score |', '|---|---:|---|---:|---:|---:|---:|'];
  for (const r of reports) {
    for (const label of TEXT_LABELS) {
      const m = r.labels[label];
      if (!m) continue;
      lines.push(`| ${r.description} | ${r.n} | ${label} | ${f3(m.fprAt05)} | ${f3(m.threshold)} | ${f3(m.fprAtThreshold)} | ${f3(m.meanScore)} |`);
    }
    lines.push(`| ${r.description} | ${r.n} | any label | ${f3(r.anyAt05)} | | | |`);
  }
  return lines.join('\n');
}
