import { describe, expect, it } from 'vitest';
import { formatBankCsv, parseBankCsv, type BankCsvEntry } from '../src/index.ts';
import { csvRecords } from '@modsvc/common/csv';

const H1 = 'ad64cd9875e131a177b1f2a0d6b38ae1de9ea80421e4c51dde1b0363deba3466';
const H2 = 'd8f8f0cce0f4a84f0e370a22028f67f0b36e2ed596623e1d33e6b39c4e9c9b22';
const H3 = '0007001f003f003f007f00ff00ff00ff01ff01ff01ff03ff03ff03ff03ff03ff';

describe('bank CSV', () => {
  it('round-trips entries whose notes hold commas, quotes and line breaks', () => {
    const entries: BankCsvEntry[] = [
      { hash: H1, contentId: 'c-1', note: 'plain' },
      { hash: H2, contentId: 'c,2', contentUri: 'https://example.test/a?b=1,2', note: 'says "hi",\nthen\r\nleaves' },
      { hash: H3 },
    ];
    const text = formatBankCsv(entries);
    expect(text.startsWith('hash,content_id,content_uri,note\n')).toBe(true);
    const { rows, errors, skipped } = parseBankCsv(text);
    expect(errors).toEqual([]);
    expect(skipped).toBe(0);
    expect(rows.map(({ line: _line, ...entry }) => entry)).toEqual(entries);
    expect(rows.map((r) => r.line)).toEqual([2, 3, 6]);
  });

  it('reads CRLF files with a byte-order mark, header aliases in any order, and ignores unknown columns', () => {
    const text = `\ufeffNote,Extra,PDQ,ID\r\nfirst,x,${H1.toUpperCase()},7\r\n"second, quoted",y,${H2},\r\n\r\n`;
    const { rows, errors } = parseBankCsv(text);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { line: 2, hash: H1, contentId: '7', note: 'first' },
      { line: 3, hash: H2, note: 'second, quoted' },
    ]);
  });

  it('reads headerless lists: bare hashes, hash,content_id,note rows and "pdq <hash>" lines', () => {
    const { rows, errors, skipped } = parseBankCsv(`${H1}\n${H2},id-2,a note\npdq ${H3}\nmd5 d41d8cd98f00b204e9800998ecf8427e\n`);
    expect(errors).toEqual([]);
    expect(skipped).toBe(1);
    expect(rows).toEqual([
      { line: 1, hash: H1 },
      { line: 2, hash: H2, contentId: 'id-2', note: 'a note' },
      { line: 3, hash: H3 },
    ]);
  });

  it('reads the ThreatExchange CLI export (threatexchange dataset -P --csv), keeping the pdq rows', () => {
    const text = ['collab,signal_type,signal_str,category,tags', `Sample Data,pdq,${H1},POSITIVE_CLASS,tag1 tag2`, 'Sample Data,video_md5,d41d8cd98f00b204e9800998ecf8427e,POSITIVE_CLASS,', `Other,pdq,${H2},POSITIVE_CLASS,`].join('\n');
    const { rows, errors, skipped } = parseBankCsv(text);
    expect(errors).toEqual([]);
    expect(skipped).toBe(1);
    expect(rows.map((r) => r.hash)).toEqual([H1, H2]);
  });

  it('refuses bad rows with their line numbers and keeps the good ones', () => {
    const text = [
      'hash,content_id,note',
      `${H1},a,ok`,
      `${H1.slice(1)},b,short hash`,
      `,c,no hash`,
      `"${H2}",d,"a note`,
      `spanning lines"`,
      `${H3},e`,
      `${H3}x,f,bad`,
      `${H3},g,"closed"trailing`,
      `${H2},h,fine`,
    ].join('\n');
    const { rows, errors } = parseBankCsv(text);
    expect(rows.map((r) => [r.line, r.contentId])).toEqual([
      [2, 'a'],
      [5, 'd'],
      [10, 'h'],
    ]);
    expect(errors).toEqual([
      { line: 3, message: `not a PDQ hash (64 hex digits expected): "${H1.slice(1)}"` },
      { line: 4, message: 'missing hash' },
      { line: 7, message: 'expected 3 fields as in the header, got 2' },
      { line: 8, message: `not a PDQ hash (64 hex digits expected): "${H3}x"` },
      { line: 9, message: 'unexpected text after a closing quote in field 3' },
    ]);
  });

  it('says when a file has neither a hash header nor a hash in its first column', () => {
    const { rows, errors } = parseBankCsv('name,value\nx,1\n');
    expect(rows).toEqual([]);
    expect(errors[0]).toEqual({ line: 1, message: 'not a PDQ hash (64 hex digits expected): "name", nor a header naming a hash column (hash, signal_str, signal, pdq, pdq_hash)' });
  });

  it('reports a quote never closed at the line it opens, and a header naming a column twice', () => {
    expect(parseBankCsv(`hash,note\n${H1},"open\n${H2},x\n`).errors).toEqual([{ line: 2, message: 'quoted field is never closed' }]);
    expect(parseBankCsv(`hash,signal_str\n${H1},${H1}\n`).errors).toEqual([{ line: 1, message: 'header names the hash column twice (field 2: "signal_str")' }]);
  });

  it('refuses to write an invalid hash', () => {
    expect(() => formatBankCsv([{ hash: 'abc' }])).toThrow(/not a PDQ hash/);
  });
});

describe('CSV records', () => {
  it('splits on LF, CRLF and lone CR, and counts lines inside quoted fields', () => {
    const items = [...csvRecords('a,b\r\n"x\r\ny",z\rlast')];
    expect(items).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x\r\ny', 'z'] },
      { line: 4, fields: ['last'] },
    ]);
    expect([...csvRecords('"a ""quoted"" word",,\n')]).toEqual([{ line: 1, fields: ['a "quoted" word', '', ''] }]);
  });
});
