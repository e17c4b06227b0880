import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_SETTINGS, extractFeatures } from '../src/model/features.ts';
import { markScopes, normalizeText, SCOPE_NEGATED, SCOPE_PLAIN, SCOPE_QUOTED, tokenize, undoSpellingTricks } from '../src/model/normalize.ts';

describe('normalizeText undoes obfuscation', () => {
  it('expands subject-verb contractions but keeps negations and possessives', () => {
    expect(normalizeText("I'm sure you'll see, we're fine, I’d go, they've won")).toBe('i am sure you will see, we are fine, i would go, they have won');
    expect(normalizeText("don't, it's John's")).toBe("don't, it's john's");
  });

  it('maps leetspeak inside words but leaves numbers and ordinals', () => {
    expect(normalizeText('I h4te them')).toBe('i hate them');
    expect(normalizeText('sh!t and b1tch and $tupid')).toBe('shit and bitch and stupid');
    expect(normalizeText('born 1990, 2nd place, 10km')).toBe('born 1990, 2nd place, 10km');
  });
  it('joins spaced-out letters, keeping a leading "i"', () => {
    expect(normalizeText('I h a t e women')).toBe('i hate women');
    expect(normalizeText('you are a f.u.c.k.i.n.g idiot')).toBe('you are a fucking idiot');
    expect(normalizeText('u r a star')).toBe('u r a star');
  });
  it('undoes spelling tricks without touching accents (for language identification)', () => {
    expect(undoSpellingTricks('i h a t e  café   g3nte')).toBe('i hate café gente');
    expect(undoSpellingTricks('ich h a s s e dich')).toBe('ich hasse dich');
    expect(undoSpellingTricks('τι ωραίο πρωινό 2024')).toBe('τι ωραίο πρωινό 2024');
  });
  it('spells out self-harm and threat algospeak, not kilometres', () => {
    expect(normalizeText('kys nobody would miss you')).toBe('kill yourself nobody would miss you');
    expect(normalizeText('I want to kms')).toBe('i want to kill myself');
    expect(normalizeText('we drove 300 kms today')).toBe('we drove 300 kms today');
    expect(normalizeText('he got unalived, go sewerslide')).toBe('he got killed, go suicide');
    expect(normalizeText('skys the limit')).toBe('skys the limit');
  });

  it('collapses repeated letters and strips emoji, mentions, URLs, entities', () => {
    expect(normalizeText('Fuuuuuck youuuu!!!!')).toBe('fuuck youu!!');
    expect(normalizeText('RT @someone: nice 😀👍 https://t.co/x &amp; more')).toBe('nice & more');
    expect(normalizeText('Café “quoted” ’tis')).toBe('cafe "quoted" \'tis');
  });
  it('gives obfuscated and plain spellings the same features', () => {
    const a = extractFeatures('I h4te trans people', DEFAULT_FEATURE_SETTINGS);
    const b = extractFeatures('I hate trans people', DEFAULT_FEATURE_SETTINGS);
    const c = extractFeatures('I h a t e trans people 😡', DEFAULT_FEATURE_SETTINGS);
    expect(Array.from(a.indices)).toEqual(Array.from(b.indices));
    expect(Array.from(c.indices)).toEqual(Array.from(b.indices));
  });
});

describe('negation and quotation scopes', () => {
  it('marks words after a negation cue until punctuation', () => {
    const toks = tokenize(normalizeText("I don't hate women. They are great"));
    const scopes = markScopes(toks, 3);
    const byWord = Object.fromEntries(toks.map((t, i) => [t.text, scopes[i]]));
    expect(byWord.hate).toBe(SCOPE_NEGATED);
    expect(byWord.women).toBe(SCOPE_NEGATED);
    expect(byWord["don't"]).toBe(SCOPE_PLAIN);
    expect(byWord.great).toBe(SCOPE_PLAIN);
  });
  it('marks quoted words and ignores an unpaired quote', () => {
    const toks = tokenize(normalizeText('If you say "I hate them", you are wrong'));
    const scopes = markScopes(toks, 3);
    expect(scopes[toks.findIndex((t) => t.text === 'hate')]).toBe(SCOPE_QUOTED);
    expect(scopes[toks.findIndex((t) => t.text === 'wrong')]).toBe(SCOPE_PLAIN);
    const lone = tokenize(normalizeText('he said " hello there'));
    expect(Array.from(markScopes(lone, 3)).every((s) => s === SCOPE_PLAIN)).toBe(true);
  });
  it('negated words move to their own namespace and reverse their plain features', () => {
    const plain = extractFeatures('I hate women', DEFAULT_FEATURE_SETTINGS);
    const neg = extractFeatures("I don't hate women", DEFAULT_FEATURE_SETTINGS);
    const positiveShared = Array.from(neg.indices).filter((ix, k) => neg.values[k]! > 0 && plain.indices.includes(ix));
    // Only the "i" n-grams stay positive; "hate women" moved to the negated namespace...
    expect(positiveShared.length).toBeLessThan(plain.indices.length / 3);
    // ...and, with polarity reversal, its plain features come back with negative values.
    const negativeShared = Array.from(neg.indices).filter((ix, k) => neg.values[k]! < 0 && plain.indices.includes(ix));
    expect(negativeShared.length).toBeGreaterThan(plain.indices.length / 2);
    const off = extractFeatures("I don't hate women", { ...DEFAULT_FEATURE_SETTINGS, negationFlip: false });
    expect(Array.from(off.values).every((v) => v > 0)).toBe(true);
  });
});
