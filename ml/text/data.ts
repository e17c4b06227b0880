// Loading the training kit (../shared/data/text) for the toxicity model, with the deterministic
// splits: validation and calibration by a hash of the normalised text, whole HateCheck
// functionalities held back for validation, and (TOX_HOLDOUT) whole sources or languages of the
// multilingual file held back from training and calibration.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { TEXT_LABELS } from '@modsvc/common/classes';
import { optionalString } from '@modsvc/common/config';
import { readCsvFile } from '@modsvc/common/csv';
import { normalizeText } from '../../services/text-toxicity/src/model/normalize.ts';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../../', import.meta.url)));

export const dataSettingsSchema = z.object({
  /** The training kit (text/*.csv.gz); unset: ../shared/data next to the repository. */
  TOXICITY_DATA_DIR: optionalString(),
});

/** The training kit's directory: `dir` (TOXICITY_DATA_DIR) when given, else ../shared/data next to the repository. */
export function resolveDataDir(dir?: string): string {
  return resolve(dir ?? join(REPO_ROOT, '..', 'shared', 'data'));
}

export const MAIN_FILE = 'text/toxicity_train.csv.gz';
export const PROVENANCE_FILE = 'text/toxicity_train_provenance.csv.gz';
export const AUX_FILE = 'text/toxicity_aux_weak_synthetic.csv.gz';
export const MULTILINGUAL_FILE = 'text/multilingual_train.csv.gz';
/** Text batch 7 (2026-12-01): English threat, insult, sexual and identity labels; more languages; self-harm. */
export const ENGLISH_BATCH7_FILE = 'text/english_batch7.csv.gz';
export const MULTILINGUAL_BATCH7_FILE = 'text/multilingual_batch7.csv.gz';
export const SELF_HARM_FILE = 'text/self_harm.csv.gz';
export const DATA_FILES = [MAIN_FILE, PROVENANCE_FILE, AUX_FILE, MULTILINGUAL_FILE, ENGLISH_BATCH7_FILE, MULTILINGUAL_BATCH7_FILE, SELF_HARM_FILE];

/** Which kit file a row comes from ('functional': the team's templates, train/functional/). */
export type KitFile = 'main' | 'aux' | 'multilingual' | 'english7' | 'multilingual7' | 'self_harm' | 'functional';

/**
 * HateCheck functionalities never trained on: negation (hateful and non-hateful), counter-speech
 * quoting hate, neutral identity mentions, non-targeted profanity, two obfuscations, and
 * normative threats.
 */
export const HELD_OUT_FUNCTIONALITIES = [
  'negate_pos_h',
  'negate_neg_nh',
  'counter_quote_nh',
  'ident_neutral_nh',
  'profanity_nh',
  'spell_leet_h',
  'spell_space_add_h',
  'threat_norm_h',
];

export type Split = 'train' | 'calib' | 'valid' | 'hc_holdout' | 'holdout';

export interface Row {
  id: string;
  text: string;
  /** normalizeText(text), computed once. */
  norm: string;
  source: string;
  /** Template name for the synthetic bias-madlibs rows. */
  template: string | null;
  /** Labels in TEXT_LABELS order; NaN = not annotated. */
  labels: Float32Array;
  split: Split;
  /** HateCheck functionality and gold label (hateful) for HateCheck rows. */
  functionality: string | null;
  hateful: boolean | null;
  /** Synthetic/weak rows (aux file). */
  weak: boolean;
  /** ISO 639-1 language: `en` for the main and aux files, the `lang` column of the multilingual file. */
  lang: string;
  /** From a multilingual file (not the English ones or the self-harm file). */
  multi: boolean;
  file: KitFile;
}

/**
 * Which rows are held back (split `holdout`: never trained or calibrated on): entries `lang` (a whole
 * language of the multilingual files) or `lang:source` (one source of a language, in any file:
 * `en:kaggle_insults_2012` too), comma-separated.
 */
export function parseHoldout(spec: string): { langs: Set<string>; sources: Set<string> } {
  const langs = new Set<string>();
  const sources = new Set<string>();
  for (const e of spec.split(',').map((x) => x.trim()).filter(Boolean)) {
    if (e.includes(':')) sources.add(e);
    else langs.add(e);
  }
  return { langs, sources };
}

/**
 * Source markers of the multilingual file that are not text: `<LF>` / `|LBR|` line breaks, and the
 * `URL` / `USER` / `@USER` / `@anonymized_account` placeholders some datasets put in place of links
 * and user names (served text has real links and @mentions, which normalisation removes).
 */
export function cleanKitText(text: string): string {
  return text
    .replace(/<LF>|\|LBR\|/g, '\n')
    .replace(/@anonymized_account|@USER\b/g, ' ')
    .replace(/(^|[^\p{L}\p{N}_])(?:URL|USER)(?![\p{L}\p{N}_])/gu, '$1 ');
}

/** Multilingual cells outside [0, 1] (a few inspection-ai ja rows say 1.5): read as not annotated. */
export const badLabelCells: string[] = [];

export function parseLabels(rec: Record<string, string>, lenient = false): Float32Array {
  const out = new Float32Array(TEXT_LABELS.length);
  TEXT_LABELS.forEach((l, i) => {
    const v = (rec[l] ?? '').trim();
    if (v === '') {
      out[i] = Number.NaN;
      return;
    }
    const x = Number(v);
    if (lenient && !(Number.isFinite(x) && x >= 0 && x <= 1)) {
      badLabelCells.push(`${rec.id ?? '?'}:${l}=${v}`);
      out[i] = Number.NaN;
      return;
    }
    if (!Number.isFinite(x) || x < 0 || x > 1) throw new Error(`label ${l}=${JSON.stringify(v)} for row ${rec.id ?? '?'} is not in [0,1]`);
    out[i] = x;
  });
  return out;
}

/** 0..99 bucket from the sha256 of the normalised text. */
export function splitBucket(norm: string): number {
  return createHash('sha256').update(norm).digest().readUInt32BE(0) % 100;
}

/** Split of a row from its normalised text. */
export function splitFor(norm: string): Exclude<Split, 'hc_holdout'> {
  const b = splitBucket(norm);
  return b < 12 ? 'valid' : b < 24 ? 'calib' : 'train';
}

export function fileSha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

export function dataFileHashes(dataDir: string): { path: string; sha256: string; bytes: number }[] {
  return DATA_FILES.map((p) => {
    const full = join(dataDir, p);
    return { path: p, sha256: fileSha256(full), bytes: statSync(full).size };
  });
}

export interface LoadedData {
  rows: Row[];
  dataDir: string;
}

export function loadTrainingData(dataDir: string, opts: { includeAux?: boolean; includeMultilingual?: boolean; holdout?: string } = {}): LoadedData {
  for (const p of DATA_FILES) {
    if (!existsSync(join(dataDir, p))) throw new Error(`toxicity data file ${join(dataDir, p)} not found (set TOXICITY_DATA_DIR)`);
  }
  const prov = new Map<string, string>();
  for (const r of readCsvFile(join(dataDir, PROVENANCE_FILE))) prov.set(r.id ?? '', r.original_labels ?? '');
  const heldFunctionalities = new Set(HELD_OUT_FUNCTIONALITIES);
  const held = parseHoldout(opts.holdout ?? '');
  const heldBack = (lang: string, source: string, multi: boolean): boolean => (multi && held.langs.has(lang)) || held.sources.has(`${lang}:${source}`);
  const rows: Row[] = [];
  const push = (r: Record<string, string>, file: KitFile, lang: string, multi: boolean, extra: Partial<Row> = {}): void => {
    const text = multi || file === 'self_harm' ? cleanKitText(r.text ?? '') : (r.text ?? '');
    const norm = normalizeText(text);
    const source = r.source ?? '';
    const split: Split = heldBack(lang, source, multi) ? 'holdout' : splitFor(norm);
    rows.push({ id: r.id ?? '', text, norm, source, template: null, labels: parseLabels(r, multi), split, functionality: null, hateful: null, weak: false, lang, multi, file, ...extra });
  };
  for (const r of readCsvFile(join(dataDir, MAIN_FILE))) {
    const source = r.source ?? '';
    let functionality: string | null = null;
    let hateful: boolean | null = null;
    if (source === 'hatecheck') {
      const parts = (prov.get(r.id ?? '') ?? '').split(';');
      functionality = parts[0] || null;
      hateful = parts[1] === 'hateful' ? true : parts[1] === 'non-hateful' ? false : null;
    }
    const text = r.text ?? '';
    const norm = normalizeText(text);
    const split: Split = functionality && heldFunctionalities.has(functionality) ? 'hc_holdout' : heldBack('en', source, false) ? 'holdout' : splitFor(norm);
    rows.push({ id: r.id ?? '', text, norm, source, template: null, labels: parseLabels(r), split, functionality, hateful, weak: false, lang: 'en', multi: false, file: 'main' });
  }
  if (opts.includeAux !== false) {
    for (const r of readCsvFile(join(dataDir, AUX_FILE))) {
      const text = r.text ?? '';
      const norm = normalizeText(text);
      const template = /template=(\w+)/.exec(r.original_labels ?? '')?.[1] ?? null;
      rows.push({ id: r.id ?? '', text, norm, source: r.source ?? '', template, labels: parseLabels(r), split: splitFor(norm), functionality: null, hateful: null, weak: true, lang: 'en', multi: false, file: 'aux' });
    }
  }
  for (const r of readCsvFile(join(dataDir, ENGLISH_BATCH7_FILE))) push(r, 'english7', 'en', false);
  for (const r of readCsvFile(join(dataDir, SELF_HARM_FILE))) {
    const lang = r.lang ?? '';
    push(r, 'self_harm', lang, lang !== 'en');
  }
  if (opts.includeMultilingual !== false) {
    for (const r of readCsvFile(join(dataDir, MULTILINGUAL_FILE))) push(r, 'multilingual', r.lang ?? '', true);
    for (const r of readCsvFile(join(dataDir, MULTILINGUAL_BATCH7_FILE))) push(r, 'multilingual7', r.lang ?? '', true);
  }
  return { rows, dataDir };
}

/**
 * What a source's `toxicity` label marks (the kit's mapping, ../shared/data/README.md): a language's
 * toxicity score learns its sources' definition, and /v1/models says which.
 */
export const SOURCE_TOXICITY_MEANS: Record<string, string> = {
  davidson2017: 'share of annotators who found the tweet hateful or offensive (Davidson 2017)',
  toxic_spans_civil_comments: 'share of raters who found the comment toxic (Civil Comments, pre-selected as toxic)',
  jigsaw2018_binary: 'any Jigsaw toxic label (Wikipedia talk comments)',
  jigsaw2018: 'Jigsaw toxic label (Wikipedia talk comments)',
  wikipedia_talk_labels: 'toxic (Wikipedia Talk Labels)',
  wikipedia_identity_debias: 'nothing: benign Wikipedia sentences that mention identities',
  hatecheck: 'hateful, or abuse aimed at a person (HateCheck functional tests)',
  offenseval2020: 'offensive language (insults, threats, profanity; OffensEval 2020)',
  germeval2018: 'offensive language (insult, abuse, profanity; GermEval 2018)',
  hasoc2019: 'hate, offensive or profane (HASOC 2019)',
  poleval2019: 'cyberbullying or hate speech (PolEval 2019)',
  toldbr: 'share of annotators who found any toxic category: insult, obscene, hate (ToLD-Br)',
  kocohub: 'hate or offensive (Korean hate speech)',
  mlma: 'anything not "normal": offensive, disrespectful, fearful, abusive or hateful (MLMA)',
  hateval2019: 'hate speech against immigrants or women only; other insults and profanity are labelled not toxic (HatEval 2019)',
  cold: 'offensive (COLD)',
  idmultilabel: 'hate speech or abusive language (Indonesian multi-label)',
  conan: 'hate speech against a group (mostly Muslims), with counter-narratives as the not-toxic texts; insults aimed at a person are not covered (CONAN)',
  rutoxic: 'toxic comments (Russian toxic comments)',
  inspectionai: 'share of annotators who found the text toxic (Japanese toxicity)',
  // Text batch 7 (../shared/data/text/batch7-sources/*.md).
  convabuse: 'share of annotators who found the message to a conversational agent abusive (ConvAbuse)',
  edos_semeval2023: 'sexist threats, derogation or animosity (EDOS); prejudiced discussion and not-sexist posts are not annotated',
  ethos: 'hate speech (ETHOS; only its hateful comments are annotated for toxicity)',
  implicit_hate_latent_hatred: 'explicit or implicit hate (Latent Hatred); not-hate posts are not annotated for toxicity',
  olid_offenseval2019: 'offensive language: targeted insults, threats or untargeted profanity (OLID)',
  ar_lhsab: 'abusive or hateful (L-HSAB, Levantine)',
  ar_osact2022: 'offensive (OSACT 2022)',
  ar_thsab: 'abusive or hateful (T-HSAB, Tunisian)',
  bn_multitoxic: 'any toxic label: vulgar, insult, threat, hate, religious hatred, troll (Bengali multi-label)',
  bn_trac2: 'overtly aggressive (TRAC-2)',
  de_germeval2021: 'toxic: insults, vulgarity, discrimination, threats, mockery (GermEval 2021)',
  de_hasoc2020: 'hate, offensive or profane (HASOC 2020)',
  es_detoxis: 'toxic comments on immigration news (DETOXIS)',
  es_mexa3t2020: 'aggressive tweets (MEX-A3T 2020)',
  es_offendes: 'offensive at a person or a group; expletives alone are not toxic (OffendES)',
  hi_trac2: 'overtly aggressive (TRAC-2)',
  id_ibrohim2018: 'abusive language (Ibrohim & Budi 2018)',
  it_haspeede2: 'hate speech against immigrants, Muslims or Roma only; rude posts are labelled not toxic (HaSpeeDe 2)',
  it_haspeede2018_fb: 'hate speech (HaSpeeDe 2018, Facebook)',
  it_pejorativity: 'misogyny (PejorativITy)',
  pt_hatebr: 'offensive comments on politicians (HateBR)',
  ur_ruhsold: 'abusive, offensive, hateful or profane (RUHSOLD, Roman Urdu)',
  vi_vihsd: 'offensive or hateful (ViHSD)',
};
