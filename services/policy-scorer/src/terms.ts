// Term lists: finds a category's terms in free text regardless of case, accents, spacing, punctuation
// and common leetspeak ("L1p-st1ck", "lip stick" both match "lipstick"). Text and terms are folded to
// the same canonical letters; a match must start at a word boundary of the original text, so "flip
// sticker" does not match "lipstick".

/** Characters read as the letter they imitate; i, l, 1, ! and | fold together (L1p reads as lip). */
const LEET: Record<string, string> = {
  '0': 'o', '1': 'i', '!': 'i', '|': 'i', l: 'i', '3': 'e', '4': 'a', '@': 'a', '5': 's', $: 's', '7': 't', '+': 't', '8': 'b',
};

interface FoldedText {
  /** Canonical letters and digits only. */
  text: string;
  /** For each canonical character, its offset in the original text. */
  offsets: number[];
}

function fold(original: string): FoldedText {
  let text = '';
  const offsets: number[] = [];
  for (let i = 0; i < original.length; i++) {
    const base = original[i]!.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    for (const ch of base) {
      const folded = LEET[ch] ?? ch;
      if (/[\p{L}\p{N}]/u.test(folded)) {
        text += folded;
        offsets.push(i);
      }
    }
  }
  return { text, offsets };
}

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

export interface TermMatch {
  term: string;
  /** Offsets in the original text, end exclusive. */
  start: number;
  end: number;
}

/** The first match of any term in `text`, in order of position. */
export function findTerm(text: string, terms: readonly string[]): TermMatch | null {
  const folded = fold(text);
  let first: TermMatch | null = null;
  for (const term of terms) {
    const needle = fold(term).text;
    if (!needle) continue;
    for (let at = folded.text.indexOf(needle); at !== -1; at = folded.text.indexOf(needle, at + 1)) {
      const start = folded.offsets[at]!;
      if (isWordChar(text[start - 1])) continue;
      const end = folded.offsets[at + needle.length - 1]! + 1;
      if (!first || start < first.start) first = { term, start, end };
      break;
    }
  }
  return first;
}
