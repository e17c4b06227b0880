// The English bridge: the FreeDict (dictd) reader, the glosser on a tiny lexicon, the file's
// validation, and spot checks on the committed lexicon (artifacts/bridge-v1) when it is there.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { BRIDGE_FILE, createBridge, decodeBridge, DEFAULT_BRIDGE_DIR, encodeBridge, loadBridge, type BridgeLanguageInput } from '../../../services/text-toxicity/src/model/bridge.ts';
import { cleanTranslation, decodeDictdNumber, entryHeadword, entrySenses, parseDictdIndex, readDictd } from '../bridge/dictd.ts';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'bridge-test-'));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function b64(n: number): string {
  let s = '';
  do {
    s = B64[n % 64]! + s;
    n = Math.floor(n / 64);
  } while (n > 0);
  return s;
}

/** A dictd dictionary with the given entries (headword, body), written as .index + .dict.dz. */
function writeDictd(dir: string, entries: [string, string][]): { index: string; dict: string } {
  let data = '';
  const lines: string[] = ['00databaseinfo\tA\tB'];
  data += 'x';
  for (const [h, body] of entries) {
    const off = Buffer.byteLength(data, 'utf8');
    const len = Buffer.byteLength(body, 'utf8');
    lines.push(`${h}\t${b64(off)}\t${b64(len)}`);
    data += body;
  }
  const index = join(dir, 'test.index');
  const dict = join(dir, 'test.dict.dz');
  writeFileSync(index, `${lines.join('\n')}\n`);
  writeFileSync(dict, gzipSync(Buffer.from(data, 'utf8')));
  return { index, dict };
}

describe('dictd reader', () => {
  it('decodes dictd base-64 numbers and index lines', () => {
    expect(decodeDictdNumber('A')).toBe(0);
    expect(decodeDictdNumber('BA')).toBe(64);
    expect(decodeDictdNumber('B+')).toBe(126);
    expect(() => decodeDictdNumber('A!')).toThrow(/bad base-64 digit/);
    expect(parseDictdIndex('00databaseurl\tA\tB\nmatar\tBA\tC\n')).toEqual([{ headword: 'matar', offset: 64, length: 2 }]);
  });

  it('reads entries from .index + .dict.dz and cleans their senses', () => {
    const dir = tempDir();
    const { index, dict } = writeDictd(dir, [
      ['matar', 'matar /matˈaɾ/\n1. butcher, slaughter\n2. kill, liquidate, slay\n'],
      ['jdnetw töten', 'jdn./etw. töten /ˈtøːtən/ <v>\nkill sb./sth. <v>\n   Synonym: {jdn. umbringen}\n\n see: {tötend}\n'],
      ['hurensohn', 'Hurensohn /hˈuːrənzˌoːn/ <masc, n, sg>\n [vulg.] son of a bitch <n>, bugger <n> [Br.]\n      "ein Beispiel"  - an example sentence\n'],
      ['dom', 'dom /dɔ̃m/ <n>\n1. house, home 2.\n(architektura) oddzielny budynek\n 3.\n(heraldyka) ród\n'],
    ]);
    const entries = readDictd(index, dict);
    expect(entries.map((e) => e.headword)).toEqual(['matar', 'jdnetw töten', 'hurensohn', 'dom']);
    const [matar, toeten, huren, dom] = entries;
    expect(entrySenses(matar!.body).map((s) => s.gloss)).toEqual(['butcher', 'slaughter', 'kill', 'liquidate', 'slay']);
    expect(entrySenses(matar!.body)[2]).toMatchObject({ gloss: 'kill', line: 1, item: 0 });
    expect(entryHeadword(toeten!.body)).toBe('jdn./etw. töten');
    expect(entrySenses(toeten!.body).map((s) => s.gloss)).toEqual(['kill']);
    expect(entrySenses(huren!.body, { maxWords: 4 }).map((s) => s.gloss)).toEqual(['son of a bitch', 'bugger']);
    // Labels are per line.
    expect(entrySenses(huren!.body, { maxWords: 4 })[0]!.tags).toEqual(['vulg.', 'br.']);
    // pol-eng: English on the numbered lines, Polish definitions between them.
    expect(entrySenses(dom!.body, { numberedOnly: true }).map((s) => s.gloss)).toEqual(['house', 'home']);
  });

  it('cleans one translation', () => {
    expect(cleanTranslation('to kill')).toBe('kill');
    expect(cleanTranslation('have/hold in store <v>')).toBe('have in store');
    expect(cleanTranslation('Fuck (it)! <int>')).toBe('fuck');
    expect(cleanTranslation('(medycyna) 12 mg')).toBe('');
  });

  it('names a truncated dictionary', () => {
    const dir = tempDir();
    const { index, dict } = writeDictd(dir, [['a', 'a\nb\n']]);
    writeFileSync(index, `${readFileSync(index, 'utf8')}zz\tA\tBAAA\n`);
    expect(() => readDictd(index, dict)).toThrow(/"zz" points past the end/);
  });
});

const TINY: Record<string, BridgeLanguageInput> = {
  es: {
    meta: { source: 'apertium', stemmer: 'spanish', prefix: null, particles: [], packages: {} },
    exact: { te: 'you', voy: 'go', a: 'to', matar: 'kill', el: 'the', de: '', si: 'if' },
    stem: { mat: 'kill' },
    accent: { sí: 'yes' },
  },
  de: {
    meta: { source: 'freedict', stemmer: 'german', prefix: null, particles: ['um'], packages: {} },
    exact: { ich: 'i', bringe: 'bring', dich: 'you', um: 'around', werde: 'will', toten: 'kill' },
    sep: { 'um|bring': 'kill' },
  },
  pl: {
    meta: { source: 'freedict', stemmer: null, prefix: { minPrefix: 4, maxWordSuffix: 4, maxKeySuffix: 3 }, particles: [], packages: {} },
    exact: { zabic: 'kill', cie: 'you' },
  },
};

describe('glosser', () => {
  const bridge = createBridge(TINY);

  it('glosses by exact form, then stem; unknown words, numbers and punctuation stay', () => {
    expect(bridge.gloss('Te voy a matar', 'es')).toBe('you go to kill');
    // "matarás" is not a known form: its stem is.
    expect(bridge.glossTokens('te matarás', 'es')![0]!.map((t) => [t.gloss, t.how])).toEqual([['you', 'exact'], ['kill', 'stem']]);
    expect(bridge.gloss('Te voy a matar, fuck! ¿Y tú? 100 veces. Hola; adiós', 'es')).toBe('you go to kill, fuck! y tu? 100 veces. hola; adios');
    // A word glossed as nothing is dropped; line breaks stay.
    expect(bridge.gloss('el de Juan\nte voy', 'es')).toBe('the juan\nyou go');
    expect(bridge.glossTokens('juan 42', 'es')![0]!.map((t) => t.how)).toEqual(['unknown', 'number']);
  });

  it('glosses the parts of an elided word', () => {
    const fr = createBridge({ fr: { meta: { source: 'apertium', stemmer: 'french', prefix: null, particles: [], packages: {} }, exact: { l: 'the', islam: 'islam' } } });
    expect(fr.gloss("l'islam", 'fr')).toBe('the islam');
    expect(fr.gloss("qu'xyz", 'fr')).toBe("qu'xyz");
  });

  it('uses an accented spelling of its own when the text has it', () => {
    expect(bridge.gloss('si', 'es')).toBe('if');
    expect(bridge.gloss('sí', 'es')).toBe('yes');
  });

  it('reattaches a German clause-final particle to its verb', () => {
    expect(bridge.gloss('Ich bringe dich um!', 'de')).toBe('i kill you!');
    // Not at the end of the clause: the particle is a word of its own.
    expect(bridge.gloss('ich bringe um dich', 'de')).toBe('i bring around you');
  });

  it('matches a known form by its prefix where there is no stemmer', () => {
    expect(bridge.glossTokens('zabije cie', 'pl')![0]!.map((t) => [t.gloss, t.how])).toEqual([['kill', 'prefix'], ['you', 'exact']]);
    expect(bridge.gloss('zabawa', 'pl')).toBe('zabawa');
  });

  it('returns null for a language without a lexicon, and reads pt-BR as pt', () => {
    expect(bridge.gloss('ciao', 'it')).toBeNull();
    expect(bridge.has('ES')).toBe(true);
    expect(bridge.languages()).toEqual(['de', 'es', 'pl']);
    expect(createBridge({ pt: { ...TINY.es!, meta: { ...TINY.es!.meta, stemmer: 'portuguese' } } }).gloss('te voy', 'pt-BR')).toBe('you go');
  });

  it('writes the same bytes for the same lexicon', () => {
    const reordered = { pl: TINY.pl!, es: { ...TINY.es!, exact: Object.fromEntries(Object.entries(TINY.es!.exact).reverse()) }, de: TINY.de! };
    expect(encodeBridge(reordered).equals(encodeBridge(TINY))).toBe(true);
  });
});

/** A bridge.bin of one language ("xx") whose exact section is `body` as it stands (another builder's file). */
function handWritten(body: Buffer, entries: number, prefix: BridgeLanguageInput['meta']['prefix'] = null): Buffer {
  const end = body.length;
  const header = {
    format: 'modsvc-bridge-lexicon',
    version: 1,
    normalization: 'test',
    bodyBytes: body.length,
    bodySha256: createHash('sha256').update(body).digest('hex'),
    languages: {
      xx: { source: 'freedict', stemmer: null, prefix, particles: [], packages: {}, entries, stems: 0, particleVerbs: 0, accented: 0, sections: { exact: [0, end], stem: [end, 0], sep: [end, 0], accent: [end, 0] } },
    },
  };
  const h = Buffer.from(JSON.stringify(header), 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32LE(h.length, 0);
  return Buffer.concat([Buffer.from('MODBRG01', 'latin1'), len, h, gzipSync(body)]);
}

describe('lexicon lookup', () => {
  // Sections are held as their bytes and looked up by hash, compared as JavaScript strings; prefix
  // matching walks them in key order (JavaScript's: UTF-16 code units, where a character past U+FFFF,
  // a surrogate pair, sorts before U+E000-U+FFFF though its UTF-8 sorts after).
  const exact: Record<string, string> = {
    m: 'em', ma: 'mom', mat: 'mat', mata: 'kills', matar: 'kill', matarla: 'kill her', matx: '',
    '𠀀': 'cjk', '𠀀a': 'cjk a', 'a😀': 'smile', 'a\uE000': 'private', 'a\uFFFD': 'replacement', '\uFF01x': 'fullwidth', 'ab': 'ab', 'a': 'one',
  };
  const meta = { source: 'freedict' as const, stemmer: null, prefix: null, particles: [], packages: {} };
  const bridge = createBridge({ xx: { meta, exact } });

  it('finds every key, among keys that share prefixes and characters past U+FFFF, and no other', () => {
    for (const [k, v] of Object.entries(exact)) expect(bridge.lookup(k, 'xx')).toEqual({ gloss: v, how: 'exact' });
    for (const w of ['matarl', 'matarlas', 'mb', 'matxx', 'mat\u0000', '𠀁', '𠀀b', '\uD840', 'a😁', 'a\uE001', 'a\uFFFE', 'aa', '\uFF01']) {
      expect(bridge.lookup(w, 'xx')).toEqual({ gloss: w, how: 'unknown' });
    }
  });

  it('matches prefixes in UTF-16 code units, as strings count them', () => {
    const pl = createBridge({ xx: { meta: { ...meta, prefix: { minPrefix: 3, maxWordSuffix: 2, maxKeySuffix: 2 } }, exact: { '𠀀𠀀b': 'cjk', 'zabic': 'kill', 'zab': 'short', 'zabx': '' } } });
    // "𠀀𠀀c" shares 4 code units (two surrogate pairs) with "𠀀𠀀b".
    expect(pl.lookup('𠀀𠀀c', 'xx')).toEqual({ gloss: 'cjk', how: 'prefix' });
    expect(pl.lookup('𠀀a', 'xx')).toEqual({ gloss: '𠀀a', how: 'unknown' });
    expect(pl.lookup('zabije', 'xx')).toEqual({ gloss: 'kill', how: 'prefix' });
    // A key glossed as nothing is never a prefix match.
    expect(pl.lookup('zabxy', 'xx')).toEqual({ gloss: 'short', how: 'prefix' });
  });

  it('reads a section in another order, with a key twice or bytes that are not UTF-8, as a Map of its lines', () => {
    // UTF-8 byte order (JavaScript order puts 😀 before U+E000), "a" twice (the last line wins), no final newline.
    const file = handWritten(Buffer.from('a\tfirst\na\tsecond\n\uE000\tprivate\n😀\tgrin\nb\tlast', 'utf8'), 4, { minPrefix: 1, maxWordSuffix: 2, maxKeySuffix: 2 });
    const b = decodeBridge(file, 'other.bin');
    expect(['a', '\uE000', '😀', 'b', 'ax', '😀x'].map((w) => b.lookup(w, 'xx')!.gloss)).toEqual(['second', 'private', 'grin', 'last', 'second', 'grin']);
    // Without a key twice: prefix matching still walks JavaScript order (in byte order "😀" would sit past the 10 "\uE000…" keys, out of reach).
    const pua = 'abcdefghij'.split('').map((c) => `\uE000${c}\tpua ${c}\n`).join('');
    const byBytes = decodeBridge(handWritten(Buffer.from(`${pua}😀\tgrin\n`, 'utf8'), 11, { minPrefix: 1, maxWordSuffix: 2, maxKeySuffix: 2 }), 'bytes.bin');
    expect(byBytes.lookup('😀x', 'xx')).toEqual({ gloss: 'grin', how: 'prefix' });
    expect(byBytes.lookup('\uE000j', 'xx')).toEqual({ gloss: 'pua j', how: 'exact' });
    // The header counts keys, not lines.
    expect(() => decodeBridge(handWritten(Buffer.from('a\tb\na\tc\n'), 2), 'dup.bin')).toThrow(/xx has 1\/0\/0\/0 entries/);
    // Invalid UTF-8 reads as U+FFFD, as Buffer.toString decodes it.
    const bad = decodeBridge(handWritten(Buffer.concat([Buffer.from('x'), Buffer.from([0xff]), Buffer.from('\tg'), Buffer.from([0xc3]), Buffer.from('\n')]), 1), 'bad.bin');
    expect(bad.lookup('x\uFFFD', 'xx')).toEqual({ gloss: 'g\uFFFD', how: 'exact' });
    expect(() => decodeBridge(handWritten(Buffer.from('a\tb\nno tab\n'), 2), 'tab.bin')).toThrow(/section xx\.exact has a line without a tab at byte ~4/);
  });
});

describe('loadBridge', () => {
  it('loads a written lexicon and names a missing or corrupt file', () => {
    const dir = tempDir();
    expect(() => loadBridge(dir)).toThrow(new RegExp(`${BRIDGE_FILE} not found`));
    const buf = encodeBridge(TINY);
    writeFileSync(join(dir, BRIDGE_FILE), buf);
    expect(loadBridge(dir).gloss('te voy a matar', 'es')).toBe('you go to kill');
    expect(loadBridge(dir, { languages: ['pl'] }).languages()).toEqual(['pl']);
    expect(loadBridge(dir, { languages: ['es'] }).gloss('te voy a matar', 'es')).toBe('you go to kill');

    writeFileSync(join(dir, BRIDGE_FILE), Buffer.concat([Buffer.from('NOTABRG!'), buf.subarray(8)]));
    expect(() => loadBridge(dir)).toThrow(/not a bridge lexicon/);
    writeFileSync(join(dir, BRIDGE_FILE), buf.subarray(0, buf.length - 20));
    expect(() => loadBridge(dir)).toThrow(/does not unzip|corrupt|truncated/);
    const hlen = buf.readUInt32LE(8);
    const header = JSON.parse(buf.toString('utf8', 12, 12 + hlen)) as { bodySha256: string };
    const badSha = Buffer.from(buf.toString('utf8', 12, 12 + hlen).replace(header.bodySha256, '0'.repeat(64)), 'utf8');
    writeFileSync(join(dir, BRIDGE_FILE), Buffer.concat([buf.subarray(0, 12), badSha, buf.subarray(12 + hlen)]));
    expect(() => loadBridge(dir)).toThrow(/sha256/);
  });
});

const BUILT = existsSync(join(DEFAULT_BRIDGE_DIR, BRIDGE_FILE));
const VIOLENCE = /\b(kill|killed|murder|die|dead|death|shoot|stab|rape|slaughter|butcher|hang|beat)\b/;

describe.skipIf(!BUILT)('the built lexicon (artifacts/bridge-v1)', () => {
  const bridge = BUILT ? loadBridge() : null;

  it.each([
    ['es', 'te voy a matar'],
    ['it', 'ti ammazzo'],
    ['de', 'ich werde dich töten'],
    ['de', 'ich bringe dich um'],
    ['fr', 'je vais te tuer'],
    ['pt', 'vou te matar'],
  ])('%s "%s" reads as a threat to kill', (lang, text) => {
    expect(bridge!.gloss(text, lang)).toMatch(/\bkill\b/);
  });

  it.each([
    ['es', 'me gusta mucho la comida de mi abuela'],
    ['it', 'domani andiamo al mare con i bambini'],
    ['de', 'wir gehen morgen mit den Kindern in den Park'],
    ['fr', "j'aime beaucoup ce film, il est très beau"],
    ['pt', 'hoje o tempo está muito bom para passear'],
    ['pl', 'dzisiaj idziemy do kina z przyjaciółmi'],
    ['tr', 'bugün hava çok güzel, parka gidelim'],
    ['nl', 'wij gaan morgen naar het strand'],
    ['da', 'vi går en tur i parken i morgen'],
    ['el', 'αύριο θα πάμε στη θάλασσα με τα παιδιά'],
    ['ar', 'أنا أحب القهوة في الصباح'],
    ['sv', 'vi ska äta middag hos mina föräldrar'],
  ])('%s benign line has no violence word', (lang, text) => {
    const g = bridge!.gloss(text, lang);
    expect(g).not.toBeNull();
    expect(g).not.toMatch(VIOLENCE);
  });

  it('has every wanted language', () => {
    expect(bridge!.languages()).toEqual(['ar', 'da', 'de', 'el', 'es', 'fr', 'it', 'nl', 'pl', 'pt', 'sv', 'tr']);
  });
});
