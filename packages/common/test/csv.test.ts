import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { csvObjects, csvRecords, formatCsvRecord, parseCsv, readCsvFile } from '../src/csv.ts';

describe('parseCsv', () => {
  it('handles quotes, doubled quotes, embedded newlines and empty cells', () => {
    const rows = parseCsv('id,text,toxicity\r\n1,"say ""hi"", ok",0.5\n2,"multi\nline",\n');
    expect(rows).toEqual([['id', 'text', 'toxicity'], ['1', 'say "hi", ok', '0.5'], ['2', 'multi\nline', '']]);
  });

  it('skips a byte-order mark and empty lines; CR alone ends a record', () => {
    expect(parseCsv('\uFEFFa,b\r\n\r\nc,d\re,f')).toEqual([['a', 'b'], ['c', 'd'], ['e', 'f']]);
  });

  it('throws on a malformed record, naming its line', () => {
    expect(() => parseCsv('a\n"never closed\n')).toThrow(/line 2: quoted field is never closed/);
    expect(() => parseCsv('"x"y,z')).toThrow(/line 1: unexpected text after a closing quote/);
  });
});

describe('csvRecords', () => {
  it('numbers records by the line they start on, across quoted line breaks', () => {
    expect([...csvRecords('h\n"two\r\nlines"\nlast')]).toEqual([
      { line: 1, fields: ['h'] },
      { line: 2, fields: ['two\r\nlines'] },
      { line: 4, fields: ['last'] },
    ]);
  });
});

describe('csvObjects and readCsvFile', () => {
  const text = 'file,labels,source\r\na.jpg,"firearm;knife","x/y, the ""kit""\nline 2"\nb.jpg,,\n';
  const expected = [
    { file: 'a.jpg', labels: 'firearm;knife', source: 'x/y, the "kit"\nline 2' },
    { file: 'b.jpg', labels: '', source: '' },
  ];

  it('keys every record by the header', () => {
    expect(csvObjects(text)).toEqual(expected);
    expect(csvObjects('')).toEqual([]);
  });

  it('reads plain and gzipped files alike', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'csv-'));
    writeFileSync(path.join(dir, 'l.csv'), text);
    writeFileSync(path.join(dir, 'l.csv.gz'), gzipSync(text));
    expect(readCsvFile(path.join(dir, 'l.csv'))).toEqual(expected);
    expect(readCsvFile(path.join(dir, 'l.csv.gz'))).toEqual(expected);
  });

  it('writes what it reads', () => {
    const fields = ['plain', 'with, comma', 'with "quote"', 'two\nlines'];
    expect(parseCsv(formatCsvRecord(fields))).toEqual([fields]);
  });
});
