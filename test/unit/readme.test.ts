// The README tells a fresh clone what it gets: its table of docs names every page under docs/, and what
// it says about Node.js is what package.json, the Docker images and the installed packages say.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { satisfiesNodeRange } from '../helpers/node-range.ts';

const ROOT = new URL('../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, ROOT), 'utf8');
const README = read('README.md');

interface Lockfile {
  packages: Record<string, { engines?: { node?: string } }>;
}

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

  it('gives the Node.js floor of package.json, the tested version of the Docker images, and every package whose engines warn there', () => {
    const floor = /needs Node\.js (\d+\.\d+) or later/.exec(README)?.[1];
    expect((JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node).toBe(`>=${floor}`);
    const tested = /tested on Node\.js (\d+\.\d+\.\d+)/.exec(README)?.[1];
    expect(read('Dockerfile')).toContain(`ARG NODE_IMAGE=node:${tested}-`);

    const lock = parse(read('pnpm-lock.yaml')) as Lockfile;
    const warned = Object.entries(lock.packages)
      .flatMap(([pkg, p]) => (p.engines?.node && !satisfiesNodeRange(tested!, p.engines.node) ? [`${pkg} (\`${p.engines.node}\`)`] : []))
      .sort();
    const warning = /`Unsupported engine`[^:]*:([^]*?)\n\n/.exec(README)?.[1] ?? '';
    const named = [...warning.matchAll(/(@?[\w./-]+@\d+\.\d+\.\d+) \(`([^`]+)`/g)].map((m) => `${m[1]} (\`${m[2]}\`)`).sort();
    expect(named).toEqual(warned);
    expect(warned.length).toBeGreaterThan(0);
    // The floor admits the same packages: none asks for more than it but those two.
    expect(Object.values(lock.packages).filter((p) => p.engines?.node && !satisfiesNodeRange(`${floor}.0`, p.engines.node))).toHaveLength(warned.length);
  });
});
