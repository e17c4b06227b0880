// `make eval-toxicity [CSV=path]`: evaluates the committed toxicity artifact. Without a CSV: on the
// validation split and the held-out HateCheck functionalities of the training kit (same hashing as
// training). With CSV=path: on that file (a `text` column, the seven label columns with empty =
// not annotated, optional `source`). Writes JSON + markdown to bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseSettings } from '@modsvc/common/config';
import { readCsvRecords } from '../src/model/csv.ts';
import { loadToxicityModel } from '../src/model/scorer.ts';
import { settingsSchema } from '../src/settings.ts';
import { dataSettingsSchema, loadTrainingData, parseLabels, resolveDataDir } from './data.ts';
import { benignFalsePositives, benignMarkdown, benignSets, evaluate, reportMarkdown, type BenignReport, type EvalReport, type EvalRow } from './evaluate.ts';
import { imputedLabels, rowWeight } from './train.ts';
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
  if (csv) {
    const recs = readCsvRecords(csv);
    if (recs.length && !('text' in recs[0]!)) throw new Error(`${csv}: no "text" column`);
    const rows: EvalRow[] = recs.map((r) => ({ text: r.text ?? '', source: r.source || basename(csv), labels: parseLabels(r) }));
    reports[basename(csv)] = evaluate(scorer, rows);
    name = `toxicity-eval-${basename(csv).replace(/\.csv(\.gz)?$/, '').replace(/[^\w.-]+/g, '_')}`;
  } else {
    const { rows } = loadTrainingData(resolveDataDir(settings.TOXICITY_DATA_DIR), { includeAux: false });
    const usable = rows.filter((r) => rowWeight(r) > 0);
    const toEval = (split: string): EvalRow[] =>
      usable.filter((r) => r.split === split).map((r) => ({ text: r.text, source: r.source, labels: imputedLabels(r), functionality: r.functionality, hateful: r.hateful }));
    reports['Validation split'] = evaluate(scorer, toEval('valid'));
    reports['Held-out HateCheck functionalities'] = evaluate(scorer, toEval('hc_holdout'));
    const sets = benignSets(toEval('valid'));
    benign = [
      benignFalsePositives(scorer, sets.full, 'validation texts with toxicity 0'),
      benignFalsePositives(scorer, sets.captions, 'their first 3-12 words (caption-like)'),
    ];
    name = 'toxicity-eval';
  }
  const md = [
    `## Toxicity evaluation (${scorer.modelId})`,
    '',
    ...Object.entries(reports).map(([t, r]) => reportMarkdown(t, r)),
    ...(benign.length ? ['### Held-out benign texts (false positive rates)', '', benignMarkdown(benign), ''] : []),
  ].join('\n');
  writeFileSync(join(outDir, `${name}.json`), `${JSON.stringify({ model: scorer.modelId, csv: csv ?? null, reports, benign }, null, 1)}\n`);
  writeFileSync(join(outDir, `${name}.md`), `${md}\n`);
  process.stdout.write(`${md}\nwrote ${join(outDir, name)}.{json,md}\n`);
}

main();
