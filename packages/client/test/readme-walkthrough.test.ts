// The README's client walk-through is the code of readme-walkthrough.ts, which tsc type-checks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('README client walk-through', () => {
  it('is the code that readme-walkthrough.ts type-checks', () => {
    const readme = read('../../../README.md');
    const section = readme.slice(readme.indexOf('### The same with the TypeScript client'));
    const shown = /```ts\n([^]*?)```/.exec(section)?.[1];
    const checked = read('./readme-walkthrough.ts').split('// README:\n')[1]!.replace(/\nexport \{[^}]*\};\n$/, '');
    expect(shown).toBe(checked);
  });
});
