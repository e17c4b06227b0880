// `make eval-toxicity [CSV=path]`: evaluates the committed toxicity artifact. Without a CSV: on the
// validation split and the held-out HateCheck functionalities of the training kit (same hashing as
// training), and per language on the multilingual file's validation split and held-out parts. With CSV=path: on that file (a `text` column, the seven label columns with empty =
// not annotated, optional `source`). Writes JSON + markdown to bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseSettings } from '@modsvc/common/config';
import { readCsvFile } from '@modsvc/common/csv';
import { loadToxicityModel } from '../../services/text-toxicity/src/model/scorer.ts';
import { settingsSchema } from '../../services/text-toxicity/src/settings.ts';
import { dataSettingsSchema, loadTrainingData, parseLabels, resolveDataDir } from './data.ts';
import {
  benignFalsePositives,
  benignMarkdown,
  benignSets,
  evaluate,
  languageBenign,
  languageBenignMarkdown,
  reportMarkdown,
  type BenignReport,
  type EvalReport,
  type EvalRow,
  type LanguageBenignReport,
} from './evaluate.ts';
import { imputedLabels, languageSummaryMarkdown, rowWeight } from './train.ts';
import { evaluateLangId, langIdMarkdown, type LangIdReport } from './langid.ts';
import { REPO_ROOT } from './data.ts';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function main(): void {
  // The model the service would load (TOXICITY_MODEL_DIR) unless --model names another; the kit from TOXICITY_DATA_DIR.
  const settings = parseSettings(settingsSchema.extend(dataSettingsSchema.shape));
  const scorer = loadToxicityModel({ TOXICITY_MODEL_DIR: argValue('--model') ?? settings.TOXICITY_MODEL_DIR });
  const csv = argValue('--csv') || undefined;
  const outDir = join(REPO_ROOT, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  const reports: Record<string, EvalReport> = {};
  let name: string;
  let benign: BenignReport[] = [];
  const languages: Record<string, EvalReport> = {};
  const heldOut: Record<string, EvalReport> = {};
  const languageBenignReports: Record<string, LanguageBenignReport> = {};
  let langid: LangIdReport | null = null;
  if (csv) {
    const recs = readCsvFile(csv);
    if (recs.length && !('text' in recs[0]!)) throw new Error(`${csv}: no "text" column`);
    const rows: EvalRow[] = recs.map((r) => ({ text: r.text ?? '', source: r.source || basename(csv), labels: parseLabels(r) }));
    reports[basename(csv)] = evaluate(scorer, rows);
    name = `toxicity-eval-${basename(csv).replace(/\.csv(\.gz)?$/, '').replace(/[^\w.-]+/g, '_')}`;
  } else {
    // Same data and splits as training (held-out multilingual parts from the manifest).
    const holdout = (scorer.model.manifest.training.heldOutMultilingual as string | null | undefined) ?? '';
    const { rows } = loadTrainingData(resolveDataDir(settings.TOXICITY_DATA_DIR), { includeAux: false, holdout });
    const usable = rows.filter((r) => rowWeight(r) > 0);
    const toEval = (rs: typeof usable): EvalRow[] =>
      rs.map((r) => ({ text: r.text, source: r.source, lang: r.lang, labels: imputedLabels(r), functionality: r.functionality, hateful: r.hateful }));
    const validMain = usable.filter((r) => r.split === 'valid' && !r.multi);
    reports['Validation split'] = evaluate(scorer, toEval(validMain));
    reports['Held-out HateCheck functionalities'] = evaluate(scorer, toEval(usable.filter((r) => r.split === 'hc_holdout')));
    const sets = benignSets(toEval(validMain));
    benign = [
      benignFalsePositives(scorer, sets.full, 'validation texts with toxicity 0'),
      benignFalsePositives(scorer, sets.captions, 'their first 3-12 words (caption-like)'),
    ];
    for (const lang of [...new Set(usable.filter((r) => r.multi).map((r) => r.lang))].sort()) {
      const lv = usable.filter((r) => r.multi && r.split === 'valid' && r.lang === lang);
      if (lv.length) languages[lang] = evaluate(scorer, toEval(lv), lang);
      if (lv.length && scorer.thresholds(lang).toxicity !== null) languageBenignReports[lang] = languageBenign(scorer, benignSets(toEval(lv)));
    }
    const held = usable.filter((r) => r.split === 'holdout');
    for (const key of [...new Set(held.map((r) => `${r.lang}:${r.source}`))].sort()) {
      heldOut[key] = evaluate(scorer, toEval(held.filter((r) => `${r.lang}:${r.source}` === key)), key.split(':')[0]);
    }
    if (scorer.langid) langid = evaluateLangId(scorer.langid, rows);
    name = 'toxicity-eval';
  }
  const md = [
    `## Toxicity evaluation (${scorer.modelId})`,
    '',
    ...Object.entries(reports).map(([t, r]) => reportMarkdown(t, r)),
    ...(benign.length ? ['### Held-out benign texts (false positive rates)', '', benignMarkdown(benign), ''] : []),
    ...(Object.keys(languages).length ? [languageSummaryMarkdown(languages, heldOut)] : []),
    ...(Object.keys(languageBenignReports).length
      ? [
          '### Benign texts per language (validation split, toxicity 0): share at or above the toxicity threshold of the language each is detected as',
          '',
          languageBenignMarkdown(languageBenignReports),
          '',
        ]
      : []),
    ...(langid ? ['### Language identification (validation split)', '', langIdMarkdown(langid), ''] : []),
  ].join('\n');
  writeFileSync(join(outDir, `${name}.json`), `${JSON.stringify({ model: scorer.modelId, csv: csv ?? null, reports, benign, languages, languageBenign: languageBenignReports, heldOut, langid }, null, 1)}\n`);
  writeFileSync(join(outDir, `${name}.md`), `${md}\n`);
  process.stdout.write(`${md}\nwrote ${join(outDir, name)}.{json,md}\n`);
}

main();
