// Text normalisation for the toxicity model: undoes the usual obfuscations (leetspeak, spaced-out
// letters, repeated letters, emoji, HTML entities) and strips platform noise (URLs, @mentions,
// retweet markers) so the model sees words, not sources. Shared by training and serving.

const ENTITY: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'",
};

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (m, body: string) => {
    const b = body.toLowerCase();
    if (b.startsWith('#x')) return safeFromCodePoint(parseInt(b.slice(2), 16));
    if (b.startsWith('#')) return safeFromCodePoint(parseInt(b.slice(1), 10));
    return ENTITY[b] ?? m;
  });
}

function safeFromCodePoint(cp: number): string {
  if (!Number.isFinite(cp) || cp < 0 || cp > 0x10ffff) return ' ';
  // Private-use code points (Davidson's broken emoji) carry nothing readable.
  if (cp >= 0xe000 && cp <= 0xf8ff) return ' ';
  return String.fromCodePoint(cp);
}

const LEET: Record<string, string> = {
  '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '9': 'g',
  '@': 'a', $: 's', '!': 'i', '|': 'l', '+': 't', '€': 'e',
};
const LEET_CHARS = /[0-9@$!|+€]/;
const ORDINAL_OR_UNIT = /^\d+(st|nd|rd|th|s|am|pm|k|m|x|g|kg|km|mb|gb|hz|px|yo|yr|yrs|mins?|hrs?)$/;

/** Maps leetspeak inside one whitespace-free token when it mixes letters with digit/symbol stand-ins. */
function deLeetToken(tok: string): string {
  // Keep leading/trailing punctuation ("hate!") as it is; only the core is remapped.
  const m = /^([^a-z0-9@$|+€]*)(.*?)([^a-z0-9]*)$/.exec(tok);
  if (!m) return tok;
  const [, pre = '', core = '', post = ''] = m;
  if (core.length < 2 || !/[a-z]/.test(core) || !LEET_CHARS.test(core) || ORDINAL_OR_UNIT.test(core)) return tok;
  let out = '';
  for (const ch of core) out += LEET[ch] ?? ch;
  return pre + out + post;
}

const CHAT_LETTERS = new Set(['a', 'i', 'u', 'r', 'y', 'o', 'n', 'k', 'c', 'b', '2', '4']);

/** Joins runs of single characters separated by one space/dot/dash/underscore ("h a t e", "f.u.c.k"). */
function joinSpacedLetters(s: string): string {
  return s.replace(/(^|[^\p{L}\p{N}@$])((?:[\p{L}\p{N}@$*][ ._-]){2,}[\p{L}\p{N}@$*])(?![\p{L}\p{N}])/gu, (_m, lead: string, run: string) => {
    const chars = run.split(/[ ._-]/);
    // Chat shorthand ("u r a ...") is words, not a spelled-out word.
    if (chars.every((c) => CHAT_LETTERS.has(c))) return lead + run;
    // "i h a t e" -> "i hate": a leading pronoun/article stays a word of its own.
    if (chars.length >= 4 && (chars[0] === 'i' || chars[0] === 'a')) return `${lead}${chars[0]} ${chars.slice(1).join('')}`;
    return lead + chars.join('');
  });
}

/**
 * Lower-case text with spaced-out letters joined and leetspeak undone ("i h a t e", "h4te" -> "i
 * hate", "hate"), whitespace collapsed. Accents are left alone, so language identification reads
 * the words these tricks hide with the letters they are written in.
 */
export function undoSpellingTricks(lower: string): string {
  return joinSpacedLetters(lower.replace(/[\s\u00a0]+/g, ' ')).split(' ').map(deLeetToken).join(' ');
}

/**
 * Expands subject-verb contractions ("i'm" -> "i am", "you'll" -> "you will", "they're", "we've",
 * "i'd"), so "I'm going to" and "I am going to" share features; "n't" and "'s" stay as they are
 * (negation cues; possessive or "is" is ambiguous).
 */
export function expandContractions(s: string): string {
  return s
    .replace(/\bi'm\b/g, 'i am')
    .replace(/\b(i|you|he|she|it|we|they|that|there|who)'ll\b/g, '$1 will')
    .replace(/\b(you|we|they|who)'re\b/g, '$1 are')
    .replace(/\b(i|you|we|they|who)'ve\b/g, '$1 have')
    .replace(/\b(i|you|he|she|we|they)'d\b/g, '$1 would');
}

/**
 * Spells out the abbreviations and euphemisms that carry self-harm and threats past word filters
 * ("kys" = kill yourself, "kms" = kill myself, "unalive", "sewerslide"), so the model and the word
 * vectors read the words they stand for. Training reads the kit through the same function.
 */
export function expandAlgospeak(s: string): string {
  return s
    .replace(/\bkys\b/g, 'kill yourself')
    .replace(/(?<!\d ?)\bkms\b/g, 'kill myself') // not "300 kms" (kilometres)
    .replace(/\bunalive(d|s)?\b/g, (_m, end: string | undefined) => (end === 'd' ? 'killed' : end === 's' ? 'kills' : 'kill'))
    .replace(/\bunaliving\b/g, 'killing')
    .replace(/\bsewer ?slide\b/g, 'suicide');
}

/**
 * Normalises raw text: entities decoded, NFKD without accents, lower case, URLs/@mentions/RT
 * removed, emoji removed, curly quotes straightened, contractions expanded, spaced letters joined, leetspeak undone,
 * 3+ repeated characters collapsed to 2, algospeak spelled out, whitespace collapsed.
 */
export function normalizeText(raw: string): string {
  let s = decodeEntities(raw);
  // Accents are dropped from Latin, Greek and Cyrillic letters only (cafe, ειναι); the vowel signs of
  // Devanagari, Arabic harakat and Korean syllables are recomposed, not stripped, so words keep their letters.
  s = s.normalize('NFKD').replace(/([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])\p{M}+/gu, '$1').normalize('NFC').toLowerCase();
  // Arabic short-vowel marks (harakat) and the tatweel stretch are optional in writing: dropped.
  s = s.replace(/[\u064B-\u065F\u0670\u0640]/g, '');
  s = s.replace(/https?:\/\/\S+|www\.\S+/g, ' ');
  s = s.replace(/(^|[^\p{L}\p{N}_])rt\s+@\w+:?/gu, '$1 ').replace(/(^|[^\p{L}\p{N}_])@\w+:?/gu, '$1 ').replace(/#(\w)/g, '$1');
  s = s.replace(/\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|[\u{1F3FB}-\u{1F3FF}]|\u{FE0E}|\u{FE0F}|\u{200D}|\u{20E3}/gu, ' ');
  s = s.replace(/[\u201c\u201d\u201e\u201f\u00ab\u00bb\u2033]/g, '"').replace(/[\u2018\u2019\u201a\u201b\u2032`\u00b4]/g, "'");
  s = expandContractions(s);
  s = undoSpellingTricks(s);
  s = s.replace(/(.)\1{2,}/gu, '$1$1');
  s = expandAlgospeak(s);
  return s.replace(/\s+/g, ' ').trim();
}

export interface Token {
  /** Word text, or a single punctuation mark. */
  text: string;
  isWord: boolean;
}

/** Splits normalised text into words (letters, digits, combining marks, inner apostrophes) and sentence punctuation. */
export function tokenize(norm: string): Token[] {
  const out: Token[] = [];
  const re = /[\p{L}\p{N}\p{M}]+(?:'[\p{L}\p{M}]+)*|[.,!?;:"()]/gu;
  for (const m of norm.matchAll(re)) {
    const t = m[0];
    out.push({ text: t, isWord: /[\p{L}\p{N}]/u.test(t) });
  }
  return out;
}

const NEGATION_CUES = new Set([
  'not', 'no', 'never', 'nothing', 'nobody', 'none', 'neither', 'nor', 'cannot', 'without', 'hardly',
  'dont', 'doesnt', 'didnt', 'isnt', 'arent', 'wasnt', 'werent', 'cant', 'couldnt', 'wont', 'wouldnt',
  'shouldnt', 'aint', 'havent', 'hasnt', 'hadnt', 'mustnt', 'nobody', 'noone',
]);

export function isNegationCue(word: string): boolean {
  return NEGATION_CUES.has(word) || word.endsWith("n't");
}

/** Scope marks per token: 0 plain, 1 inside a negation scope, 2 inside a double-quoted span. */
export const SCOPE_PLAIN = 0;
export const SCOPE_NEGATED = 1;
export const SCOPE_QUOTED = 2;

/**
 * Marks which tokens lie in a negation scope (up to `negationWindow` words after a cue, ended by
 * punctuation) or inside double quotes. Quotation wins over negation.
 */
export function markScopes(tokens: Token[], negationWindow: number): Uint8Array {
  const scope = new Uint8Array(tokens.length);
  let inQuote = false;
  let negLeft = 0;
  // A lone quote mark without its pair opens nothing.
  const quoteCount = tokens.reduce((n, t) => n + (t.text === '"' ? 1 : 0), 0);
  let quotesSeen = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.text === '"') {
      quotesSeen++;
      if (inQuote) inQuote = false;
      else if (quotesSeen < quoteCount) inQuote = true;
      negLeft = 0;
      continue;
    }
    if (!t.isWord) {
      negLeft = 0;
      continue;
    }
    if (inQuote) {
      scope[i] = SCOPE_QUOTED;
      continue;
    }
    if (isNegationCue(t.text)) {
      negLeft = negationWindow;
      continue;
    }
    if (negLeft > 0) {
      scope[i] = SCOPE_NEGATED;
      negLeft--;
    }
  }
  return scope;
}
