// Language identification: measured per language on a seeded sample of kit texts (when the kit is
// at ../shared/data), and on hand-written texts (always).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseSettings } from '@modsvc/common/config';
import { mulberry32 } from '@modsvc/common/seeded-random';
import { loadToxicityModel } from '../../../services/text-toxicity/src/model/scorer.ts';
import { langIdFeatures, langIdWords } from '../../../services/text-toxicity/src/model/langid.ts';
import { parseCsv } from '@modsvc/common/csv';
import { settingsSchema } from '../../../services/text-toxicity/src/settings.ts';
import { cleanKitText, dataSettingsSchema, MULTILINGUAL_FILE, resolveDataDir, splitFor } from '../data.ts';
import { normalizeText } from '../../../services/text-toxicity/src/model/normalize.ts';

const scorer = loadToxicityModel(settingsSchema.parse({}));
const id = scorer.langid!;
const dataDir = resolveDataDir(parseSettings(dataSettingsSchema).TOXICITY_DATA_DIR);
const haveData = existsSync(join(dataDir, MULTILINGUAL_FILE));

describe('language identifier', () => {
  it('is part of the artifact and knows every kit language', () => {
    expect(id).not.toBeNull();
    for (const l of ['ar', 'da', 'de', 'el', 'en', 'es', 'fr', 'hi', 'id', 'it', 'ko', 'pl', 'pt', 'ru', 'tr', 'zh']) expect(id.model.languages).toContain(l);
  });

  it('names the language of short hand-written texts', () => {
    const cases: [string, string][] = [
      ['what a lovely morning at the lake', 'en'],
      ['Was für ein schöner Morgen am See', 'de'],
      ['Qué mañana tan bonita en el lago', 'es'],
      ['Che bella mattina al lago', 'it'],
      ['Que manhã linda no lago', 'pt'],
      ['Quelle belle matinée au bord du lac', 'fr'],
      ['Sikke en dejlig morgen ved søen', 'da'],
      ['Jaki piękny poranek nad jeziorem', 'pl'],
      ['Gölde ne güzel bir sabah', 'tr'],
      ['Τι ωραίο πρωινό στη λίμνη', 'el'],
      ['Какое прекрасное утро на озере', 'ru'],
      ['ما أجمل الصباح على البحيرة', 'ar'],
      ['호수에서 맞는 아름다운 아침', 'ko'],
      ['湖边的早晨真美', 'zh'],
      ['झील पर कितनी सुंदर सुबह है', 'hi'],
      ['Pagi yang indah sekali di danau', 'id'],
    ];
    for (const [text, lang] of cases) expect(scorer.detectLanguage(text)?.language, text).toBe(lang);
  });

  // Known failure since 3.0.0 (docs/toxicity.md, known weaknesses): with batch 7's Italian sources the
  // identifier reads "Immigrants are s c u m." and "Immigrants are a c a n c e r." as Italian (2.2.0:
  // English). Runs as an expected failure: it fails while either is misread.
  it.fails('reads a short English sentence ending in spelled-out letters as English', () => {
    for (const t of ['Immigrants are s c u m.', 'Immigrants are a c a n c e r.']) expect(scorer.detectLanguage(t)?.language, t).toBe('en');
  });

  it("asks eld about a Latin-script text naive Bayes is unsure is Roman Urdu, and keeps the Roman Urdu it is sure of", () => {
    const english = 'salaam everyone, eid mubarak and lots of love';
    expect(id.kitGuess(english).language).toBe('ur');
    expect(scorer.detectLanguage(english)?.language).toBe('en');
    for (const t of ['yaar tum bohat achay ho, kal milte hain', 'mujhe tumse baat nahi karni', 'kya haal hai bhai sab theek']) {
      expect(scorer.detectLanguage(t)?.language, t).toBe('ur');
    }
  });

  it('names Dutch in a short text although naive Bayes does not know it (eld, for the languages the bridge scores)', () => {
    for (const t of ['ik ga morgen naar huis', 'ik ben zo moe vandaag']) expect(scorer.detectLanguage(t)?.language, t).toBe('nl');
    // Not when naive Bayes says English, and not over a close relative (Swedish -> Danish).
    expect(scorer.detectLanguage('what a day')?.language).toBe('en');
    expect(scorer.detectLanguage('Sikke en dejlig morgen ved søen')?.language).toBe('da');
  });

  it('reads spaced-out letters and leetspeak as the words they spell, accents kept', () => {
    // HateCheck's obfuscated cases: single letters and fragments used to look French.
    for (const t of ['I h a t e immigrants.', 'I h4te immigrants.']) {
      expect(scorer.detectLanguage(t)?.language, t).toBe('en');
    }
    expect(langIdWords('Ich h a s s e dich, du Idi0t')).toEqual(['ich', 'hasse', 'dich', 'du', 'idiot']);
    expect(langIdWords('Ça  va très bien, n\'est-ce pas')).toEqual(['ça', 'va', 'très', 'bien', 'n', 'est', 'ce', 'pas']);
  });

  it('gives no language to text without letters', () => {
    for (const t of ['', '12 34', '😂🔥', 'https://example.com/x @someone']) expect(scorer.detectLanguage(t)?.language ?? null).toBeNull();
  });

  it('hashes the same features for the same text (deterministic)', () => {
    const w = langIdWords('Hallo Welt, hallo!');
    expect(w).toEqual(['hallo', 'welt', 'hallo']);
    expect(langIdFeatures(w, 16, 1, 4)).toEqual(langIdFeatures(w, 16, 1, 4));
  });

  it.skipIf(!haveData)('identifies the language of held-out kit texts (seeded sample of the validation split)', () => {
    const rows = parseCsv(gunzipSync(readFileSync(join(dataDir, MULTILINGUAL_FILE))).toString('utf8'));
    const header = rows[0]!;
    const ti = header.indexOf('text');
    const li = header.indexOf('lang');
    // Validation split only (never trained on), a fixed-seed sample of up to 150 texts per language.
    const byLang = new Map<string, string[]>();
    const rand = mulberry32(20261125);
    for (const r of rows.slice(1)) {
      if (r.length < header.length || rand() > 0.35) continue;
      const text = cleanKitText(r[ti]!);
      if (splitFor(normalizeText(text)) !== 'valid') continue;
      const list = byLang.get(r[li]!) ?? [];
      if (list.length < 150) list.push(text);
      byLang.set(r[li]!, list);
    }
    const accuracy: Record<string, number> = {};
    for (const [lang, texts] of byLang) {
      const withLetters = texts.filter((t) => langIdWords(t).join('').length >= 10);
      if (withLetters.length < 20 || !id.model.languages.includes(lang)) continue;
      accuracy[lang] = withLetters.filter((t) => id.detect(t).language === lang).length / withLetters.length;
    }
    // Every kit language with enough sampled texts (the kit's Hindi rows include English and
    // romanised Hindi tweets, its Danish rows some English ones).
    expect(Object.keys(accuracy).length).toBeGreaterThanOrEqual(12);
    for (const [lang, acc] of Object.entries(accuracy)) expect(acc, `${lang} ${acc.toFixed(3)}`).toBeGreaterThanOrEqual(lang === 'hi' || lang === 'da' ? 0.8 : 0.9);
  });
});
