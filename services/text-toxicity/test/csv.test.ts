import { describe, expect, it } from 'vitest';
import { parseCsv } from '../src/model/csv.ts';

describe('parseCsv', () => {
  it('handles quotes, doubled quotes, embedded newlines and empty cells', () => {
    const rows = parseCsv('id,text,toxicity\r\n1,"say ""hi"", ok",0.5\n2,"multi\nline",\n');
    expect(rows).toEqual([['id', 'text', 'toxicity'], ['1', 'say "hi", ok', '0.5'], ['2', 'multi\nline', '']]);
  });
});
