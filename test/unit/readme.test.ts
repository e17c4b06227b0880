// The README tells a fresh clone what it gets: its table of docs names every page under docs/.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);
const README = readFileSync(new URL('README.md', ROOT), 'utf8');

/** The rows of the README's "| Read | For |" table: each row's linked docs and its description. */
function docsTable(): { docs: string[]; description: string }[] {
  const start = README.indexOf('| Read | For |');
  const rows = README.slice(start).split('\n').slice(2);
  return rows
    .slice(0, rows.findIndex((r) => !r.startsWith('|')))
    .map((r) => {
      const [read = '', description = ''] = r.split('|').slice(1, 3);
      return { docs: [...read.matchAll(/\]\((docs\/[^)]+)\)/g)].map((m) => m[1]!), description: description.trim() };
    });
}

describe('README', () => {
  it('lists every doc under docs/ in its table, once, with a description', () => {
    const pages = readdirSync(new URL('docs/', ROOT))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`);
    const rows = docsTable();
    expect(rows.flatMap((r) => r.docs).sort()).toEqual(pages.sort());
    for (const r of rows) expect(r.description.length, r.docs.join(', ')).toBeGreaterThan(20);
  });
});
