import { describe, expect, it } from 'vitest';
import { findTerm } from '../src/terms.ts';

describe('term matching', () => {
  it.each([
    ['new lipstick shade', 4, 12],
    ['new LIPSTICK shade', 4, 12],
    ['new L1pstick shade', 4, 12],
    ['new L1p-st1ck shade', 4, 13],
    ['new lip stick shade', 4, 13],
    ['new l.i.p.s.t.i.c.k!', 4, 19],
    ['new lípstíck', 4, 12],
    ['lipsticks galore', 0, 8],
  ])('finds "lipstick" in %j at %i-%i', (text, start, end) => {
    expect(findTerm(text, ['lipstick'])).toEqual({ term: 'lipstick', start, end });
  });

  it('needs the match to start a word, and reports the first match over all terms', () => {
    expect(findTerm('flip sticker', ['lipstick'])).toBeNull();
    expect(findTerm('flip sticker and a lipstick', ['lipstick'])).toEqual({ term: 'lipstick', start: 19, end: 27 });
    expect(findTerm('mascara then lipstick', ['lipstick', 'mascara'])).toEqual({ term: 'mascara', start: 0, end: 7 });
    expect(findTerm('nothing here', ['lipstick', '  '])).toBeNull();
  });
});
