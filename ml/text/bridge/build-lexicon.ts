// Builds the English bridge lexicon (bridge.bin + README.md) from Debian's Apertium pairs and
// FreeDict dictionaries, for the kit's vocabulary: see services/text-toxicity/src/model/bridge.ts for
// the format and the glosser, `make bridge-lexicon` to run it.
//
//   npx tsx ml/text/bridge/build-lexicon.ts [--out DIR] [--data-dir DIR]
//       [--langs es,it,...] [--min-count 2] [--report FILE] [--cache DIR]
//
// Per language: every word form of the kit's texts (multilingual_train + multilingual_batch7, rows
// outside the validation split) seen at least --min-count times, plus the dictionary headwords,
// keyed as normalizeText + tokenize make them (lower case, accents dropped). Glosses, first found wins:
//   1. hand-written glosses (function-words.ts: function words, insults the sources get wrong);
//   2. Apertium, word by word (each word its own sentence), through the first route that knows it
//      (ita->spa->eng or ita->cat->eng, ...; in the listed order unless a later route knows 3% more of
//      the kit's tokens);
//   3. the FreeDict <lang>-eng entry: among its senses (1-3 words, notes stripped) the one scoring best
//      on position in the entry and frequency of the English word in the English kit's non-toxic rows;
//   4. the FreeDict eng-<lang> dictionary read backwards (English headword of the entries that list the
//      word), for languages whose <lang>-eng is small.
// Stems (Snowball, on the normalised word) map to the gloss of their commonest known form.
// The output is deterministic (sorted, no timestamps).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { readCsvFile } from '@modsvc/common/csv';
import { normalizeText, tokenize } from '../../../services/text-toxicity/src/model/normalize.ts';
import {
  BRIDGE_FILE,
  createBridge,
  decodeBridge,
  encodeBridge,
  snowballStemmer,
  type BridgeLanguageInput,
  type PrefixRule,
} from '../../../services/text-toxicity/src/model/bridge.ts';
import { cleanKitText, REPO_ROOT, resolveDataDir, splitFor } from '../data.ts';
import { apertiumHasMode, apertiumTranslate, type ApertiumResult } from './apertium.ts';
import { entryHeadword, entrySenses, readDictd } from './dictd.ts';
import { FUNCTION_WORDS } from './function-words.ts';

const DICTD_DIR = '/usr/share/dictd';
const KIT_FILES = ['text/multilingual_train.csv.gz', 'text/multilingual_batch7.csv.gz'];
const ENGLISH_FILE = 'text/toxicity_train.csv.gz';

interface LangConfig {
  lang: string;
  iso3: string;
  /** Apertium chains to English, tried in the order of how much of the kit each knows. */
  routes: string[][];
  stemmer: string | null;
  prefix: PrefixRule | null;
  /** Separable verb particles (German). */
  particles?: string[];
}

const GERMAN_PARTICLES = [
  'ab', 'an', 'auf', 'aus', 'bei', 'ein', 'fest', 'fort', 'her', 'herum', 'hin', 'los', 'mit', 'nach', 'vor', 'vorbei', 'weg', 'weiter', 'zu',
  'zurück', 'zusammen', 'um', 'durch', 'heim', 'hoch', 'runter', 'rauf', 'raus', 'rein', 'kaputt', 'fertig', 'nieder', 'kennen', 'frei',
];

export const LANGS: LangConfig[] = [
  { lang: 'es', iso3: 'spa', routes: [['spa-eng'], ['spa-cat', 'cat-eng']], stemmer: 'spanish', prefix: null },
  { lang: 'it', iso3: 'ita', routes: [['ita-spa', 'spa-eng'], ['ita-cat', 'cat-eng']], stemmer: 'italian', prefix: null },
  { lang: 'de', iso3: 'deu', routes: [], stemmer: 'german', prefix: null, particles: GERMAN_PARTICLES },
  { lang: 'fr', iso3: 'fra', routes: [['fr-es', 'spa-eng'], ['fra-cat', 'cat-eng']], stemmer: 'french', prefix: null },
  { lang: 'pt', iso3: 'por', routes: [['pt-es', 'spa-eng'], ['por-cat', 'cat-eng']], stemmer: 'portuguese', prefix: null },
  { lang: 'pl', iso3: 'pol', routes: [], stemmer: null, prefix: { minPrefix: 4, maxWordSuffix: 4, maxKeySuffix: 3 } },
  { lang: 'tr', iso3: 'tur', routes: [], stemmer: null, prefix: { minPrefix: 4, maxWordSuffix: 7, maxKeySuffix: 3 } },
  { lang: 'nl', iso3: 'nld', routes: [], stemmer: 'dutch', prefix: null },
  { lang: 'da', iso3: 'dan', routes: [], stemmer: 'danish', prefix: null },
  { lang: 'el', iso3: 'ell', routes: [], stemmer: null, prefix: { minPrefix: 4, maxWordSuffix: 4, maxKeySuffix: 3 } },
  { lang: 'ar', iso3: 'ara', routes: [], stemmer: 'arabic', prefix: null },
  { lang: 'sv', iso3: 'swe', routes: [], stemmer: 'swedish', prefix: null },
];

/** Debian packages the build reads, by language (the make target installs them). */
export function packagesFor(c: LangConfig): string[] {
  const modePackages: Record<string, string> = {
    'spa-eng': 'apertium-eng-spa', 'spa-cat': 'apertium-spa-cat', 'cat-eng': 'apertium-eng-cat', 'ita-spa': 'apertium-spa-ita',
    'ita-cat': 'apertium-cat-ita', 'fr-es': 'apertium-fr-es', 'fra-cat': 'apertium-fra-cat', 'pt-es': 'apertium-es-pt', 'por-cat': 'apertium-por-cat',
  };
  const pk = new Set<string>([`dict-freedict-${c.iso3}-eng`, `dict-freedict-eng-${c.iso3}`]);
  for (const r of c.routes) for (const m of r) pk.add(modePackages[m] ?? `apertium-${m}`);
  if (c.routes.length > 0) pk.add('apertium');
  return [...pk].sort();
}

// ---------------------------------------------------------------------------------------------
// Arguments

interface Args {
  out: string;
  dataDir: string;
  langs: string[];
  minCount: number;
  report: string | null;
  cache: string;
}

function parseArgs(argv: string[]): Args {
  const a: Args = {
    out: join(REPO_ROOT, 'services/text-toxicity/artifacts/bridge-v1'),
    dataDir: resolveDataDir(),
    langs: LANGS.map((l) => l.lang),
    minCount: 2,
    report: null,
    cache: join(REPO_ROOT, 'node_modules/.cache/bridge-lexicon'),
  };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i]!;
    const v = (): string => {
      const x = argv[++i];
      if (x === undefined) throw new Error(`${k} needs a value`);
      return x;
    };
    if (k === '--out') a.out = resolve(v());
    else if (k === '--data-dir') a.dataDir = resolve(v());
    else if (k === '--langs') a.langs = v().split(',').map((s) => s.trim()).filter(Boolean);
    else if (k === '--min-count') a.minCount = Number(v());
    else if (k === '--report') a.report = resolve(v());
    else if (k === '--cache') a.cache = resolve(v());
    else if (!k.startsWith('--')) a.out = resolve(k);
    else throw new Error(`unknown option ${k}`);
  }
  for (const l of a.langs) if (!LANGS.some((c) => c.lang === l)) throw new Error(`no configuration for language ${l}`);
  return a;
}

// ---------------------------------------------------------------------------------------------
// Normalisation and English tidying

const keyCache = new Map<string, string | null>();

/** The lexicon key of a word or short phrase: normalizeText + tokenize, one word token, else null. */
export function keyOf(surface: string): string | null {
  let k = keyCache.get(surface);
  if (k !== undefined) return k;
  const toks = tokenize(normalizeText(surface)).filter((t) => t.isWord);
  k = toks.length === 1 ? toks[0]!.text : null;
  keyCache.set(surface, k);
  return k;
}

const SUBJECTS = new Set(['i', 'you', 'he', 'she', 'it', 'we', 'they']);
const ARTICLES = new Set(['the', 'a', 'an']);
const ENGLISH_STOP = new Set([...SUBJECTS, ...ARTICLES, 'to', 'of', 'in', 'on', 'at', 'be', 'is', 'am', 'are', 'do', 'does', 'one', 'oneself', 'me', 'him', 'her', 'us', 'them', 'up', 'out', 'off', 'with', 'for', 'by', 'and', 'or']);

/**
 * An English gloss made model-shaped: normalised and tokenised as the model does, the subject
 * pronoun Apertium adds to a pro-drop verb ("I go" -> "go") and articles dropped when other words
 * remain, "to " of infinitives dropped, at most 3 words.
 */
const tidyCache = new Map<string, string>();

export function tidyEnglish(s: string): string {
  let t = tidyCache.get(s);
  if (t === undefined) {
    t = tidyUncached(s);
    tidyCache.set(s, t);
  }
  return t;
}

function tidyUncached(s: string): string {
  let w = tokenize(normalizeText(s)).filter((t) => t.isWord).map((t) => t.text);
  if (w.length > 1 && SUBJECTS.has(w[0]!)) w = w.slice(1);
  if (w.length > 1 && w[0] === 'to') w = w.slice(1);
  if (w.length > 1) {
    const rest = w.filter((x) => !ARTICLES.has(x));
    if (rest.length > 0) w = rest;
  }
  return w.slice(0, 3).join(' ');
}

// ---------------------------------------------------------------------------------------------
// Inputs: kit vocabulary, English frequencies

interface Vocab {
  /** key -> count over non-validation rows. */
  counts: Map<string, number>;
  /** key -> surface forms (lower-case NFC, accents kept) by frequency. */
  surfaces: Map<string, string[]>;
}

interface KitRow {
  id: string;
  text: string;
  lang: string;
  toxic: boolean | null;
  valid: boolean;
}

function readKit(dataDir: string): KitRow[] {
  const rows: KitRow[] = [];
  for (const f of KIT_FILES) {
    const path = join(dataDir, f);
    if (!existsSync(path)) throw new Error(`kit file ${path} not found (--data-dir)`);
    for (const r of readCsvFile(path)) {
      const text = cleanKitText(r.text ?? '');
      const tox = (r.toxicity ?? '').trim();
      rows.push({ id: r.id ?? '', text, lang: r.lang ?? '', toxic: tox === '' ? null : Number(tox) >= 0.5, valid: splitFor(normalizeText(text)) === 'valid' });
    }
  }
  return rows;
}

const RAW_WORD = /[\p{L}\p{N}\p{M}]+(?:'[\p{L}\p{M}]+)*/gu;

function buildVocab(rows: KitRow[]): Vocab {
  const counts = new Map<string, number>();
  const surf = new Map<string, Map<string, number>>();
  for (const r of rows) {
    for (const t of tokenize(normalizeText(r.text))) if (t.isWord) counts.set(t.text, (counts.get(t.text) ?? 0) + 1);
    for (const m of r.text.normalize('NFC').toLowerCase().matchAll(RAW_WORD)) {
      const k = keyOf(m[0]);
      if (k === null) continue;
      let s = surf.get(k);
      if (!s) surf.set(k, (s = new Map()));
      s.set(m[0], (s.get(m[0]) ?? 0) + 1);
    }
  }
  const surfaces = new Map<string, string[]>();
  for (const [k, s] of surf) surfaces.set(k, [...s].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w));
  return { counts, surfaces };
}

function englishFrequencies(dataDir: string): Map<string, number> {
  const f = new Map<string, number>();
  for (const r of readCsvFile(join(dataDir, ENGLISH_FILE))) {
    const tox = Number(r.toxicity ?? '');
    if (!(tox < 0.5)) continue;
    for (const t of tokenize(normalizeText(r.text ?? ''))) if (t.isWord) f.set(t.text, (f.get(t.text) ?? 0) + 1);
  }
  return f;
}

// ---------------------------------------------------------------------------------------------
// Candidates

type Source = 'override' | 'apertium' | 'freedict' | 'inverse';
const SOURCE_RANK: Record<Source, number> = { override: 0, apertium: 1, freedict: 2, inverse: 3 };

interface Choice {
  gloss: string;
  source: Source;
  score: number;
}

/** log(1 + count) is capped: past a few hundred uses in the English kit a word is common enough, and position in the entry decides. */
const FREQ_CAP = 5.5;

function glossFrequencyScore(gloss: string, freq: Map<string, number>): number {
  const words = gloss.split(' ');
  const content = words.filter((w) => !ENGLISH_STOP.has(w));
  const f = content.length > 0 ? Math.min(...content.map((w) => freq.get(w) ?? 0)) : (freq.get(words[0]!) ?? 0) * 0.5;
  return Math.min(Math.log1p(f), FREQ_CAP) - 0.8 * (words.length - 1);
}

function better(a: Choice | undefined, b: Choice): boolean {
  if (!a) return true;
  if (SOURCE_RANK[b.source] !== SOURCE_RANK[a.source]) return SOURCE_RANK[b.source] < SOURCE_RANK[a.source];
  if (b.score !== a.score) return b.score > a.score;
  return b.gloss < a.gloss;
}

const PLACEHOLDER_HEAD = /^(?:(?:jdn|jdm|jds|etw|sich|jmdn|jmdm|jemanden|jemandem|etwas)\.?(?:\/(?:jdn|jdm|jds|etw|sich)\.?)*\s+)+/i;

interface DictData {
  /** Headword spelling (lower-case NFC, accents kept) -> best sense. */
  direct: Map<string, Choice>;
  /** Keys whose entry is a verb (German: "<v" on the first line). */
  verbs: Set<string>;
  /** Spelling -> English headword of the eng-<lang> entries listing it. */
  inverse: Map<string, Choice>;
  pairs: string[];
}

/** A spelling as the lexicon keeps it apart from its key: lower case, NFC, accents kept. */
export function spellingOf(s: string): string {
  return s.normalize('NFC').toLowerCase().trim();
}

// Ding's labels for regional, dated or rare senses: such a sense is a poor first gloss.
const RARE_TAGS = /^(?:bayr|ös|österr|schw|schweiz|norddt|süddt|mitteldt|ostdt|westdt|veraltend|veraltet|obs|archaic|poet|dialect|regional|selten|rare|old|humor|geh|fachspr|slang|austr|ir|sc|nz|s\.afr|ind|can)\.?$/;
// Labels that do not make a sense less common.
const PLAIN_TAGS = /^(?:vulg|ugs|coll|fig|übtr|pej|br|am|eam|eng|us|uk|neg)\.?$/;

/**
 * Slurs and identity-loaded words a dictionary or Apertium may not put on a word (FreeDict gives
 * Arabic "اسمر", brown, as "hottentot"): a false identity attack is worse than a missing gloss, so
 * only a hand-written gloss (function-words.ts), written for a word that is a slur, can be one.
 */
const GUARDED_GLOSSES = new Set([
  'hottentot', 'nigger', 'niggers', 'nigga', 'negro', 'negroes', 'wog', 'wogs', 'kike', 'kikes', 'faggot', 'faggots', 'fag', 'fags', 'dyke', 'retard',
  'retarded', 'spastic', 'spaz', 'gypsy', 'gypsies', 'chink', 'chinks', 'paki', 'pakis', 'spic', 'spics', 'coon', 'coons', 'tranny', 'raghead', 'darkie',
  'darky', 'savage', 'savages', 'mongoloid', 'cripple', 'midget', 'jap', 'japs', 'gook', 'gooks', 'wetback', 'kaffir', 'kafir', 'sodomite', 'queer',
]);

function guarded(gloss: string): boolean {
  return gloss.split(' ').some((w) => GUARDED_GLOSSES.has(w));
}

function tagPenalty(tags: string[]): number {
  let p = 0;
  for (const t of tags) {
    if (RARE_TAGS.test(t)) p += 1.5;
    else if (!PLAIN_TAGS.test(t)) p += 0.5;
  }
  return Math.min(p, 3);
}

function readFreedict(c: LangConfig, freq: Map<string, number>): DictData {
  const direct = new Map<string, Choice>();
  const verbs = new Set<string>();
  const inverse = new Map<string, Choice>();
  const pairs: string[] = [];
  const dpath = (pair: string, ext: string): string => join(DICTD_DIR, `freedict-${pair}.${ext}`);
  const fwd = `${c.iso3}-eng`;
  if (existsSync(dpath(fwd, 'index'))) {
    pairs.push(fwd);
    const entryNo = new Map<string, number>();
    for (const e of readDictd(dpath(fwd, 'index'), dpath(fwd, 'dict.dz'))) {
      const head = entryHeadword(e.body).replace(PLACEHOLDER_HEAD, '').replace(/[!?.…]+$/, '').trim();
      const key = keyOf(head);
      if (key === null) continue;
      const spelling = spellingOf(head);
      const first = e.body.split('\n', 1)[0] ?? '';
      if (/<v\b/.test(first)) verbs.add(key);
      const n = entryNo.get(spelling) ?? 0;
      entryNo.set(spelling, n + 1);
      for (const s of entrySenses(e.body, { maxWords: 4, numberedOnly: c.iso3 === 'pol' })) {
        const g = tidyEnglish(s.gloss);
        if (g === '' || g.split(' ').length > 3 || guarded(g)) continue;
        const score = glossFrequencyScore(g, freq) - 0.6 * Math.min(n, 8) - 0.4 * s.line - 0.15 * s.item - tagPenalty(s.tags);
        const ch: Choice = { gloss: g, source: 'freedict', score };
        if (better(direct.get(spelling), ch)) direct.set(spelling, ch);
      }
    }
  }
  const inv = `eng-${c.iso3}`;
  if (existsSync(dpath(inv, 'index'))) {
    pairs.push(inv);
    for (const e of readDictd(dpath(inv, 'index'), dpath(inv, 'dict.dz'))) {
      const eng = tidyEnglish(entryHeadword(e.body));
      if (eng === '' || eng.includes(' ') || guarded(eng)) continue;
      const fe = Math.min(Math.log1p(freq.get(eng) ?? 0), FREQ_CAP);
      for (const s of entrySenses(e.body, { maxWords: 1 })) {
        if (keyOf(s.gloss) === null) continue;
        const spelling = spellingOf(s.gloss);
        const ch: Choice = { gloss: eng, source: 'inverse', score: fe - 0.4 * s.line - 0.15 * s.item - tagPenalty(s.tags) };
        if (better(inverse.get(spelling), ch)) inverse.set(spelling, ch);
      }
    }
  }
  return { direct, verbs, inverse, pairs };
}

// ---------------------------------------------------------------------------------------------
// Apertium, cached by input

async function cachedTranslate(mode: string, inputs: string[], cacheDir: string): Promise<ApertiumResult[]> {
  const h = createHash('sha256').update(mode).update('\0').update(inputs.join('\n')).digest('hex').slice(0, 24);
  const file = join(cacheDir, `${mode}-${h}.json`);
  if (existsSync(file)) {
    const got = JSON.parse(readFileSync(file, 'utf8')) as ApertiumResult[];
    if (got.length === inputs.length) return got;
  }
  const t0 = Date.now();
  const res = await apertiumTranslate(mode, inputs);
  console.error(`  apertium ${mode}: ${inputs.length} inputs in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(file, JSON.stringify(res));
  return res;
}

interface RouteResult {
  gloss: string;
  /** 2 translated, 1 translated to a lemma the generator could not inflect, 0 unknown. */
  quality: number;
}

async function runRoute(route: string[], surfaces: string[], cacheDir: string): Promise<Map<string, RouteResult>> {
  let cur = surfaces.map((s) => ({ text: s, quality: 2 }));
  for (const mode of route) {
    const live = cur.map((x, i) => [x, i] as const).filter(([x]) => x.quality > 0 && x.text !== '');
    const res = await cachedTranslate(mode, live.map(([x]) => x.text), cacheDir);
    const next = cur.map((x) => ({ ...x }));
    live.forEach(([, i], k) => {
      const r = res[k]!;
      next[i] = { text: r.text, quality: r.unknown ? 0 : Math.min(next[i]!.quality, r.ungenerated ? 1 : 2) };
    });
    cur = next;
  }
  const out = new Map<string, RouteResult>();
  surfaces.forEach((s, i) => {
    const x = cur[i]!;
    out.set(s, { gloss: x.quality > 0 ? tidyEnglish(x.text) : '', quality: x.quality });
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// One language

interface LangBuild {
  input: BridgeLanguageInput;
  sourceCounts: Record<string, number>;
  routeOrder: string[];
  routeKnown: Record<string, number>;
}

async function buildLanguage(c: LangConfig, vocab: Vocab, freq: Map<string, number>, versions: Record<string, string>, args: Args): Promise<LangBuild> {
  const dict = readFreedict(c, freq);
  // Per spelling (lower case, accents kept): the best gloss of each source.
  const bySpelling = new Map<string, Choice>();
  const consider = (spelling: string, ch: Choice): void => {
    if (better(bySpelling.get(spelling), ch)) bySpelling.set(spelling, ch);
  };

  const kitKeys = [...vocab.counts].filter(([, n]) => n >= args.minCount).map(([k]) => k);
  for (const [w, g] of Object.entries(FUNCTION_WORDS[c.lang] ?? {})) {
    if (keyOf(w) === null) throw new Error(`function word ${c.lang}:${w} is not one token`);
    consider(spellingOf(w), { gloss: tidyEnglish(g), source: 'override', score: 0 });
  }

  const routeKnown: Record<string, number> = {};
  let routeOrder: string[] = [];
  if (c.routes.length > 0) {
    // Spellings to translate: up to 3 of each kit key, dictionary headwords and reversed-dictionary words.
    const spellings = new Set<string>();
    for (const k of kitKeys) for (const s of (vocab.surfaces.get(k) ?? [k]).slice(0, 3)) spellings.add(s);
    for (const h of dict.direct.keys()) spellings.add(h);
    for (const h of dict.inverse.keys()) spellings.add(h);
    const list = [...spellings].filter((s) => s !== '' && !/\s/.test(s) && keyOf(s) !== null).sort();
    const perRoute = new Map<string, Map<string, RouteResult>>();
    for (const r of c.routes) {
      if (!r.every(apertiumHasMode)) throw new Error(`apertium mode(s) ${r.join(', ')} missing: install ${packagesFor(c).join(' ')}`);
      perRoute.set(r.join('>'), await runRoute(r, list, args.cache));
    }
    for (const [name, res] of perRoute) {
      let known = 0;
      for (const k of kitKeys) {
        if ((vocab.surfaces.get(k) ?? [k]).slice(0, 3).some((s) => (res.get(s)?.quality ?? 0) > 0)) known += vocab.counts.get(k) ?? 0;
      }
      routeKnown[name] = known;
    }
    // The listed order (direct pairs first) unless a later route knows 3% more of the kit's tokens.
    const listed = [...perRoute.keys()];
    routeOrder = [...listed].sort((a, b) => {
      const ka = routeKnown[a]!;
      const kb = routeKnown[b]!;
      if (kb > ka * 1.03) return 1;
      if (ka > kb * 1.03) return -1;
      return listed.indexOf(a) - listed.indexOf(b);
    });
    for (const sp of list) {
      let best: RouteResult | null = null;
      for (const q of [2, 1]) {
        for (const route of routeOrder) {
          const r = perRoute.get(route)!.get(sp);
          if (r && r.quality === q && r.gloss !== '' && !guarded(r.gloss)) {
            best = r;
            break;
          }
        }
        if (best) break;
      }
      if (best) consider(sp, { gloss: best.gloss, source: 'apertium', score: best.quality });
    }
  }
  for (const [sp, ch] of dict.direct) consider(sp, ch);
  for (const [sp, ch] of dict.inverse) consider(sp, ch);

  // Per key: its spellings, the kit's commonest first (then by source, the unaccented one, alphabetical);
  // the key's gloss is that of the first spelling with one, and accented spellings glossed differently
  // keep theirs in the accent section.
  const spellingsByKey = new Map<string, string[]>();
  for (const sp of bySpelling.keys()) {
    const k = keyOf(sp);
    if (k === null) continue;
    let l = spellingsByKey.get(k);
    if (!l) spellingsByKey.set(k, (l = []));
    l.push(sp);
  }
  const exact = new Map<string, string>();
  const accent = new Map<string, string>();
  const exactSource = new Map<string, Source>();
  const sourceCounts: Record<string, number> = {};
  for (const k of [...spellingsByKey.keys()].sort()) {
    const kitOrder = vocab.surfaces.get(k) ?? [];
    const rankOf = (sp: string): number => {
      const i = kitOrder.indexOf(sp);
      return i === -1 ? 1e9 : i;
    };
    const ordered = spellingsByKey.get(k)!.sort((a, b) => {
      const d = rankOf(a) - rankOf(b);
      if (d !== 0) return d;
      const ca = bySpelling.get(a)!;
      const cb = bySpelling.get(b)!;
      if (SOURCE_RANK[ca.source] !== SOURCE_RANK[cb.source]) return SOURCE_RANK[ca.source] - SOURCE_RANK[cb.source];
      if ((a === k) !== (b === k)) return a === k ? -1 : 1;
      // Homographs no kit text decides between (Arabic without vowel marks): the better-scoring sense.
      if (ca.score !== cb.score) return cb.score - ca.score;
      return a < b ? -1 : a > b ? 1 : 0;
    });
    // A hand-written gloss is the key's: the unaccented spelling's when it has one, else the commonest.
    const headSpelling = bySpelling.get(k)?.source === 'override' ? k : (ordered.find((sp) => bySpelling.get(sp)!.source === 'override') ?? ordered[0]!);
    const head = bySpelling.get(headSpelling)!;
    exact.set(k, head.gloss);
    exactSource.set(k, head.source);
    sourceCounts[head.source] = (sourceCounts[head.source] ?? 0) + 1;
    for (const sp of ordered) {
      if (sp === headSpelling) continue;
      const g = bySpelling.get(sp)!.gloss;
      if (sp !== k && g !== head.gloss) accent.set(sp, g);
    }
  }

  // Stems: the gloss of the commonest known form of each stem (kit count, then source, then shorter form).
  const stem = new Map<string, string>();
  if (c.stemmer) {
    const st = snowballStemmer(c.stemmer);
    const best = new Map<string, { key: string; n: number; rank: number }>();
    for (const [k, g] of exact) {
      if (g === '' || k.length < 3 || /^\p{N}+$/u.test(k)) continue;
      const s = st(k);
      if (s.length < 2) continue;
      const cand = { key: k, n: vocab.counts.get(k) ?? 0, rank: SOURCE_RANK[exactSource.get(k)!] };
      const cur = best.get(s);
      if (!cur || cand.n > cur.n || (cand.n === cur.n && (cand.rank < cur.rank || (cand.rank === cur.rank && (cand.key.length < cur.key.length || (cand.key.length === cur.key.length && cand.key < cur.key)))))) {
        best.set(s, cand);
      }
    }
    for (const [s, b] of best) stem.set(s, exact.get(b.key)!);
  }

  // German particle verbs: "umbringen" and "bringen" known -> "um|<stem of bringen>" -> umbringen's gloss.
  const sep = new Map<string, string>();
  const particles = (c.particles ?? []).map((p) => keyOf(p)!).sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  if (particles.length > 0 && c.stemmer) {
    const st = snowballStemmer(c.stemmer);
    for (const [k, g] of exact) {
      if (g === '' || !dict.verbs.has(k) || !/(?:en|ern|eln)$/.test(k)) continue;
      for (const p of particles) {
        if (!k.startsWith(p)) continue;
        const rest = k.slice(p.length);
        if (rest.length < 4 || !exact.has(rest) || !dict.verbs.has(rest)) continue;
        const sk = `${p}|${st(rest)}`;
        if (!sep.has(sk)) sep.set(sk, g);
        break;
      }
    }
  }

  const pk = packagesFor(c);
  const source = c.routes.length === 0 ? 'freedict' : (sourceCounts.freedict ?? 0) + (sourceCounts.inverse ?? 0) > 0 ? 'both' : 'apertium';
  return {
    input: {
      meta: {
        source,
        stemmer: c.stemmer,
        prefix: c.prefix,
        particles: particles.length > 0 && sep.size > 0 ? [...particles].sort() : [],
        packages: Object.fromEntries(pk.map((p) => [p, versions[p] ?? 'not installed'])),
        details: { sources: sourceCounts, apertiumRoutes: routeOrder, freedictPairs: dict.pairs, kitKeys: kitKeys.length },
      },
      exact,
      stem,
      sep,
      accent,
    },
    sourceCounts,
    routeOrder,
    routeKnown,
  };
}

// ---------------------------------------------------------------------------------------------
// Measurement on the kit's validation rows

interface Coverage {
  rows: number;
  tokens: number;
  how: Record<string, number>;
}

function hashOrder(id: string): string {
  return createHash('sha256').update(`bridge-sample:${id}`).digest('hex');
}

function measure(bridge: ReturnType<typeof createBridge>, lang: string, rows: KitRow[], maxRows = 4000): { coverage: Coverage; examples: string[] } {
  const sample = rows.filter((r) => r.lang === lang && r.valid).sort((a, b) => (hashOrder(a.id) < hashOrder(b.id) ? -1 : 1)).slice(0, maxRows);
  const how: Record<string, number> = { exact: 0, stem: 0, prefix: 0, particle: 0, unknown: 0 };
  let tokens = 0;
  for (const r of sample) {
    for (const line of bridge.glossTokens(r.text, lang) ?? []) {
      for (const t of line) {
        if (t.how === 'punct' || t.how === 'number') continue;
        tokens++;
        how[t.how] = (how[t.how] ?? 0) + 1;
      }
    }
  }
  // Examples: 5 toxic and 5 other rows of 4-30 words, in the sample's order.
  const pick = (toxic: boolean): KitRow[] =>
    sample.filter((r) => r.toxic === toxic && (() => {
      const n = tokenize(normalizeText(r.text)).filter((t) => t.isWord).length;
      return n >= 4 && n <= 30;
    })()).slice(0, 5);
  const examples = [...pick(true), ...pick(false)].map((r) => `- [${r.toxic ? 'toxic' : 'not toxic'}] ${JSON.stringify(r.text.replace(/\s+/g, ' ').trim())}\n  -> ${JSON.stringify(bridge.gloss(r.text, lang)!.replace(/\s+/g, ' '))}`);
  return { coverage: { rows: sample.length, tokens, how }, examples };
}

function pct(n: number, d: number): string {
  return d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`;
}

// ---------------------------------------------------------------------------------------------
// Licences and versions

function dpkgVersions(pkgs: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  try {
    const txt = execFileSync('dpkg-query', ['-W', '-f', '${Package}\\t${Version}\\t${db:Status-Abbrev}\\n', ...pkgs], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    for (const line of txt.split('\n')) {
      const [p, v, s] = line.split('\t');
      if (p && v && s?.startsWith('ii')) out[p] = v;
    }
  } catch (e) {
    // dpkg-query exits non-zero when some package is unknown but still prints the others.
    const txt = String((e as { stdout?: string }).stdout ?? '');
    for (const line of txt.split('\n')) {
      const [p, v, s] = line.split('\t');
      if (p && v && s?.startsWith('ii')) out[p] = v;
    }
  }
  return out;
}

/** The licence of a package's data: the Files stanza for the pair (FreeDict ships one copyright for all pairs), else `Files: *`. */
function licenceOf(pkg: string): string {
  const path = `/usr/share/doc/${pkg}/copyright`;
  if (!existsSync(path)) return 'unknown (no copyright file)';
  const text = readFileSync(path, 'utf8');
  const stanzas = text.split(/\n\s*\n/);
  const pair = /^dict-freedict-(.+)$/.exec(pkg)?.[1];
  const want = pair ? `${pair}/*` : '*';
  for (const s of stanzas) {
    const files = /^Files:\s*(.+)$/m.exec(s)?.[1]?.trim().split(/\s+/) ?? [];
    if (files.includes(want)) return /^License:\s*(.+)$/m.exec(s)?.[1]?.trim() ?? 'unknown';
  }
  return 'unknown';
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const configs = LANGS.filter((c) => args.langs.includes(c.lang));
  const allPkgs = [...new Set(configs.flatMap(packagesFor))].sort();
  const versions = dpkgVersions(allPkgs);
  const missing = allPkgs.filter((p) => !versions[p]);
  if (missing.length > 0) throw new Error(`Debian packages not installed: ${missing.join(' ')} (\`make bridge-lexicon\` installs them)`);

  console.error(`reading the kit from ${args.dataDir}`);
  const kit = readKit(args.dataDir);
  const freq = englishFrequencies(args.dataDir);
  console.error(`  ${kit.length} multilingual rows, ${freq.size} English word types`);

  const languages: Record<string, BridgeLanguageInput> = {};
  const builds: Record<string, LangBuild> = {};
  for (const c of configs) {
    const t0 = Date.now();
    const vocab = buildVocab(kit.filter((r) => r.lang === c.lang && !r.valid));
    const b = await buildLanguage(c, vocab, freq, versions, args);
    builds[c.lang] = b;
    languages[c.lang] = b.input;
    const ex = b.input.exact instanceof Map ? b.input.exact.size : 0;
    console.error(`${c.lang}: ${ex} entries (${JSON.stringify(b.sourceCounts)}), ${b.input.stem instanceof Map ? b.input.stem.size : 0} stems, ${b.input.sep instanceof Map ? b.input.sep.size : 0} particle verbs, ${b.input.accent instanceof Map ? b.input.accent.size : 0} accented, routes ${b.routeOrder.join(' | ') || '-'} ${JSON.stringify(b.routeKnown)} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }

  // Measure on the validation rows (never used for the vocabulary) with the lexicon as it will be served.
  const measuring = createBridge(languages);
  const report: string[] = [];
  const table: string[] = ['| lang | source | entries | stems | kit rows | tokens | exact | stem | prefix | particle | unknown |', '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|'];
  for (const c of configs) {
    const { coverage, examples } = measure(measuring, c.lang, kit);
    const m = languages[c.lang]!.meta;
    m.details = { ...m.details, coverage };
    const h = coverage.how;
    table.push(`| ${c.lang} | ${m.source}${c.routes.length ? ` (${builds[c.lang]!.routeOrder.join(', ')})` : ''} | ${(languages[c.lang]!.exact as Map<string, string>).size} | ${(languages[c.lang]!.stem as Map<string, string>).size} | ${coverage.rows} | ${coverage.tokens} | ${pct(h.exact ?? 0, coverage.tokens)} | ${pct(h.stem ?? 0, coverage.tokens)} | ${pct(h.prefix ?? 0, coverage.tokens)} | ${pct(h.particle ?? 0, coverage.tokens)} | ${pct(h.unknown ?? 0, coverage.tokens)} |`);
    report.push(`### ${c.lang}\n`, ...examples, '');
  }

  const licences = Object.fromEntries(allPkgs.map((p) => [p, licenceOf(p)]));
  const provenance = {
    builder: 'ml/text/bridge/build-lexicon.ts',
    minCount: args.minCount,
    kitFiles: KIT_FILES,
    englishFrequencies: `${ENGLISH_FILE} (rows with toxicity < 0.5)`,
    packages: Object.fromEntries(allPkgs.map((p) => [p, versions[p] ?? 'not installed'])),
    licences,
  };
  const buf = encodeBridge(languages, provenance);
  decodeBridge(buf, 'freshly built lexicon');
  mkdirSync(args.out, { recursive: true });
  writeFileSync(join(args.out, BRIDGE_FILE), buf);
  writeFileSync(join(args.out, 'README.md'), readme(configs, languages, builds, table, licences, versions, buf.length, args));
  console.error(`wrote ${join(args.out, BRIDGE_FILE)} (${(buf.length / 1024 / 1024).toFixed(2)} MB)`);
  console.log(table.join('\n'));
  if (args.report) {
    writeFileSync(args.report, `${table.join('\n')}\n\n${report.join('\n')}\n`);
    console.error(`examples in ${args.report}`);
  }
}

function readme(
  configs: LangConfig[],
  languages: Record<string, BridgeLanguageInput>,
  builds: Record<string, LangBuild>,
  table: string[],
  licences: Record<string, string>,
  versions: Record<string, string>,
  bytes: number,
  args: Args,
): string {
  const rel = relative(REPO_ROOT, args.out) || '.';
  const pkgRows = Object.keys(licences).map((p) => `| ${p} | ${versions[p] ?? 'not installed'} | ${licences[p]} |`);
  const how = configs.map((c) => {
    const m = languages[c.lang]!.meta;
    const parts: string[] = [];
    if (c.routes.length) parts.push(`Apertium ${builds[c.lang]!.routeOrder.map((r) => r.replace(/>/g, ' → ')).join(', then ')}`);
    parts.push(`FreeDict ${(m.details?.freedictPairs as string[] | undefined)?.join(' + ') ?? '-'}`);
    if (FUNCTION_WORDS[c.lang]) parts.push('hand-written function words');
    parts.push(c.stemmer ? `Snowball ${c.stemmer} stems` : c.prefix ? `longest known prefix (≥ ${c.prefix.minPrefix} letters, endings ≤ ${c.prefix.maxWordSuffix}/${c.prefix.maxKeySuffix})` : 'no stemming');
    if (m.particles.length) parts.push('separable particles reattached');
    return `- **${c.lang}**: ${parts.join('; ')}.`;
  });
  return `# English bridge lexicon (bridge-v1)

A word-by-word English gloss for texts in other languages, so the English toxicity model can score
them too: \`loadBridge(dir).gloss(text, lang)\` in \`services/text-toxicity/src/model/bridge.ts\`.
A gloss is not a translation: word order stays, each word becomes its commonest English sense
(0-3 words), unknown words (names, English loanwords, profanity such as "fuck") stay as they are.

- File: \`${BRIDGE_FILE}\`, ${(bytes / 1024 / 1024).toFixed(2)} MB (format in bridge.ts: magic, JSON header with per-language
  metadata, gzip of sorted "key TAB gloss" sections).
- Keys: normalizeText + tokenize of \`src/model/normalize.ts\` (lower case, accents dropped), so the glosser
  looks up exactly the tokens the model sees.
- Rebuild: \`make bridge-lexicon\` (installs the Debian packages below when missing, then runs
  \`npx tsx ml/text/bridge/build-lexicon.ts --out ${rel}\`). Deterministic for the
  same kit and package versions. Apertium results are cached in node_modules/.cache/bridge-lexicon.
- Vocabulary: word forms seen at least ${args.minCount} times in the kit's multilingual texts (outside the
  validation split), plus every single-word dictionary headword.

## Sources per language

${how.join('\n')}

Precedence for a word: hand-written gloss (function words and insults the sources get wrong), then
Apertium (routes in the order listed, the one through fewer steps first unless another knows 3% more
of the kit's tokens), then the FreeDict <lang>-eng entry (the sense scoring best on its position in the entry
and the English word's frequency in the English kit's non-toxic rows), then the FreeDict eng-<lang>
dictionary read backwards. A word's stem (Snowball on the normalised word) maps to the gloss of the
commonest known form with that stem.

## Coverage on the kit

Share of word tokens (numbers left out) of each language's validation-split rows (the sample:
up to 4000 rows in a fixed hash order; those rows gave no vocabulary) glossed by exact form, stem,
prefix or particle-verb reattachment, or left unknown. "Unknown" includes names, English words and
typos; covered is not the same as correct. nl and sv have no kit text, so no figure.

${table.join('\n')}

## Packages and licences

The lexicon is derived from these packages' data and carries their licences (Apertium data GPL;
FreeDict GPL or CC-BY-SA per dictionary, from /usr/share/doc/<package>/copyright).

| package | version | licence |
|---|---|---|
${pkgRows.join('\n')}

## Limits

- One sense per word, chosen without context ("sie" is always "they"; Spanish "como" always one reading).
- German, Polish, Turkish, Dutch, Danish, Greek, Arabic and Swedish come from dictionaries alone:
  inflected forms rely on stems or prefixes, and dictionary senses can be odd.
- Prefix matching (pl, tr, el) covers many inflected forms but is often wrong: on a hand check of
  the commonest matched Turkish words about half were right, Polish and Greek somewhat more.
  \`gloss(text, lang, { prefixes: false })\` (and \`stems: false\`, \`particles: false\`) turns a fallback off
  to measure what it adds.
- Arabic FreeDict data is weak (unvowelled homographs: "حبيبي" is listed as "granular"); the
  commonest words are hand-written, the rest is often noise.
- Slurs and identity-loaded English words (hottentot, negro, retard, gypsy, ...) are never taken
  from a dictionary or Apertium, only from the hand-written list, so dictionary noise cannot turn a
  benign word into an identity attack; a real slur the list lacks stays unglossed.
- Separable German verbs are joined only when the clause ends in the particle and the verb's
  stem is regular ("ich bringe dich um" yes, "ich brachte ihn um" no).
`;
}

await main();
