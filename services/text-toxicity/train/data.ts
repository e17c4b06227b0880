// Loading the training kit (../shared/data/text) for the toxicity model, with the deterministic
// splits: validation and calibration by a hash of the normalised text, plus whole HateCheck
// functionalities held back for validation.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { TOXICITY_LABELS } from '@modsvc/common/classes';
import { optionalString } from '@modsvc/common/config';
import { readCsvRecords } from '../src/model/csv.ts';
import { normalizeText } from '../src/model/normalize.ts';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../../../', import.meta.url)));

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
export const DATA_FILES = [MAIN_FILE, PROVENANCE_FILE, AUX_FILE];

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

export type Split = 'train' | 'calib' | 'valid' | 'hc_holdout';

export interface Row {
  id: string;
  text: string;
  /** normalizeText(text), computed once. */
  norm: string;
  source: string;
  /** Template name for the synthetic bias-madlibs rows. */
  template: string | null;
  /** Labels in TOXICITY_LABELS order; NaN = not annotated. */
  labels: Float32Array;
  split: Split;
  /** HateCheck functionality and gold label (hateful) for HateCheck rows. */
  functionality: string | null;
  hateful: boolean | null;
  /** Synthetic/weak rows (aux file). */
  weak: boolean;
}

export function parseLabels(rec: Record<string, string>): Float32Array {
  const out = new Float32Array(TOXICITY_LABELS.length);
  TOXICITY_LABELS.forEach((l, i) => {
    const v = (rec[l] ?? '').trim();
    if (v === '') {
      out[i] = Number.NaN;
      return;
    }
    const x = Number(v);
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

export function loadTrainingData(dataDir: string, opts: { includeAux?: boolean } = {}): LoadedData {
  for (const p of DATA_FILES) {
    if (!existsSync(join(dataDir, p))) throw new Error(`toxicity data file ${join(dataDir, p)} not found (set TOXICITY_DATA_DIR)`);
  }
  const prov = new Map<string, string>();
  for (const r of readCsvRecords(join(dataDir, PROVENANCE_FILE))) prov.set(r.id ?? '', r.original_labels ?? '');
  const held = new Set(HELD_OUT_FUNCTIONALITIES);
  const rows: Row[] = [];
  for (const r of readCsvRecords(join(dataDir, MAIN_FILE))) {
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
    const split: Split = functionality && held.has(functionality) ? 'hc_holdout' : splitFor(norm);
    rows.push({ id: r.id ?? '', text, norm, source, template: null, labels: parseLabels(r), split, functionality, hateful, weak: false });
  }
  if (opts.includeAux !== false) {
    for (const r of readCsvRecords(join(dataDir, AUX_FILE))) {
      const text = r.text ?? '';
      const norm = normalizeText(text);
      const template = /template=(\w+)/.exec(r.original_labels ?? '')?.[1] ?? null;
      rows.push({ id: r.id ?? '', text, norm, source: r.source ?? '', template, labels: parseLabels(r), split: splitFor(norm), functionality: null, hateful: null, weak: true });
    }
  }
  return { rows, dataDir };
}
