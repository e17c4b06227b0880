// The team's functional templates as training rows (train split only: never calibrated or validated on),
// English and the other languages the everyday traffic comes in (train/functional/<lang>.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TEXT_LABELS } from '@modsvc/common/classes';
import { normalizeText } from '../../../services/text-toxicity/src/model/normalize.ts';
import { readCsvFile } from '@modsvc/common/csv';
import { REPO_ROOT, type Row } from '../data.ts';
import { expandGroups, type SlotLists, type TemplateGroup } from './expand.ts';
import { ENGLISH_GROUPS, ENGLISH_LISTS } from './english.ts';
import { SPANISH_GROUPS, SPANISH_LISTS } from './es.ts';
import { ITALIAN_GROUPS, ITALIAN_LISTS } from './it.ts';
import { PORTUGUESE_GROUPS, PORTUGUESE_LISTS } from './pt.ts';
import { FRENCH_GROUPS, FRENCH_LISTS } from './fr.ts';
import { GERMAN_GROUPS, GERMAN_LISTS } from './de.ts';
import { DUTCH_GROUPS, DUTCH_LISTS } from './nl.ts';
import { POLISH_GROUPS, POLISH_LISTS } from './pl.ts';
import { RUSSIAN_GROUPS, RUSSIAN_LISTS } from './ru.ts';
import { TURKISH_GROUPS, TURKISH_LISTS } from './tr.ts';
import { ARABIC_GROUPS, ARABIC_LISTS } from './ar.ts';
import { INDONESIAN_GROUPS, INDONESIAN_LISTS } from './id.ts';

export const FUNCTIONAL_SOURCE = 'functional_templates';
const SEED = 20261201;

/** Per language (ISO 639-1): its template groups and slot lists. */
export const FUNCTIONAL_LANGUAGES: Readonly<Record<string, { groups: readonly TemplateGroup[]; lists: SlotLists }>> = {
  en: { groups: ENGLISH_GROUPS, lists: ENGLISH_LISTS },
  es: { groups: SPANISH_GROUPS, lists: SPANISH_LISTS },
  it: { groups: ITALIAN_GROUPS, lists: ITALIAN_LISTS },
  pt: { groups: PORTUGUESE_GROUPS, lists: PORTUGUESE_LISTS },
  fr: { groups: FRENCH_GROUPS, lists: FRENCH_LISTS },
  de: { groups: GERMAN_GROUPS, lists: GERMAN_LISTS },
  nl: { groups: DUTCH_GROUPS, lists: DUTCH_LISTS },
  pl: { groups: POLISH_GROUPS, lists: POLISH_LISTS },
  ru: { groups: RUSSIAN_GROUPS, lists: RUSSIAN_LISTS },
  tr: { groups: TURKISH_GROUPS, lists: TURKISH_LISTS },
  ar: { groups: ARABIC_GROUPS, lists: ARABIC_LISTS },
  id: { groups: INDONESIAN_GROUPS, lists: INDONESIAN_LISTS },
};

/** The everyday sets the moderation is judged on: the test set and the development set. */
export const EVERYDAY_SETS = ['test/fixtures/everyday-captions.csv', 'ml/text/dev/everyday-dev.csv'];

const words = (norm: string): Set<string> => new Set(norm.split(/[^\p{L}\p{N}']+/u).filter(Boolean));

/** Whether two word sets share 80 % of their words (Jaccard), among texts of four words or more. */
export function nearCopy(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size < 4 || b.size < 4) return false;
  let common = 0;
  for (const w of a) if (b.has(w)) common++;
  return common / (a.size + b.size - common) >= 0.8;
}

/** Normalised texts, found again by equality or as near copies (nearCopy), through an index of their words. */
export class NearTexts {
  private readonly exact: Set<string>;
  private readonly sets: Set<string>[];
  private readonly byWord = new Map<string, number[]>();

  constructor(norms: readonly string[]) {
    this.exact = new Set(norms);
    this.sets = norms.map(words);
    this.sets.forEach((ws, i) => {
      for (const w of ws) (this.byWord.get(w) ?? this.byWord.set(w, []).get(w)!).push(i);
    });
  }

  /** Whether `norm` is one of the texts or a near copy of one. */
  has(norm: string): boolean {
    if (this.exact.has(norm)) return true;
    const a = words(norm);
    const seen = new Set<number>();
    for (const w of a) {
      for (const i of this.byWord.get(w) ?? []) {
        if (seen.has(i)) continue;
        seen.add(i);
        if (nearCopy(a, this.sets[i]!)) return true;
      }
    }
    return false;
  }
}

/** The normalised lines of the everyday sets present in this checkout. */
export function everydayTexts(): string[] {
  return EVERYDAY_SETS.map((f) => join(REPO_ROOT, f))
    .filter((f) => existsSync(f))
    .flatMap((f) => readCsvFile(f).map((r) => normalizeText(r.text ?? '')));
}

/**
 * Decontamination, as the kit drops rows equal to evaluation texts: a template text equal to a line of
 * the everyday sets (normalised) or a near copy of one is not trained on, so those sets measure what the
 * model learned rather than what it was shown.
 */
export function functionalRows(): Row[] {
  const everyday = new NearTexts(everydayTexts());
  return Object.entries(FUNCTIONAL_LANGUAGES).flatMap(([lang, { groups, lists }]) =>
    expandGroups(groups, lists, SEED, `fn_${lang}`).map((f): Row => {
      const labels = new Float32Array(TEXT_LABELS.length).fill(Number.NaN);
      TEXT_LABELS.forEach((l, i) => {
        const v = f.labels[l];
        if (v !== undefined) labels[i] = v;
      });
      return { id: f.id, text: f.text, norm: normalizeText(f.text), source: FUNCTIONAL_SOURCE, template: f.group, labels, split: 'train', functionality: null, hateful: null, weak: false, lang, multi: lang !== 'en', file: 'functional' };
    }).filter((r) => !everyday.has(r.norm)),
  );
}
