// Whether a Node version satisfies a package's `engines.node` range, for the forms found in
// pnpm-lock.yaml (`>=20.19.0`, `^18.19.0 || >=20.6.0`, `>= 22.x`, `20 || >=22`, `6.*`, `22.13.0`,
// `>=8.10.0 <9.0.0`). A form it does not know throws, so a new one is noticed, not misread.

type Version = [number, number, number];

/** A partial version (`22`, `22.x`, `20.19`) as its lowest full version and how many parts were given. */
function parsePartial(text: string): { version: Version; given: number } {
  const parts = text.split('.').filter((p) => p !== 'x' && p !== '*');
  if (parts.length === 0 || parts.length > 3 || parts.some((p) => !/^\d+$/.test(p))) throw new Error(`unknown version form "${text}"`);
  const [major = 0, minor = 0, patch = 0] = parts.map(Number);
  return { version: [major, minor, patch], given: parts.length };
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

function satisfiesComparator(v: Version, comparator: string): boolean {
  const m = /^(\^|~|>=|<=|>|<|=)?\s*(.+)$/.exec(comparator);
  if (!m) throw new Error(`unknown comparator "${comparator}"`);
  const [, op = '', rest = ''] = m;
  const { version: base, given } = parsePartial(rest);
  const c = compare(v, base);
  if (op === '>=') return c >= 0;
  if (op === '>') return c > 0;
  if (op === '<=') return c <= 0;
  if (op === '<') return c < 0;
  if (op === '^') return c >= 0 && v[0] === base[0];
  if (op === '~') return c >= 0 && v[0] === base[0] && (given < 2 || v[1] === base[1]);
  // Exact, or a partial version standing for all versions it starts (`20`, `6.*`).
  return v.slice(0, given).every((p, i) => p === base[i]);
}

export function satisfiesNodeRange(version: string, range: string): boolean {
  const v = parsePartial(version).version;
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => satisfiesComparator(v, comparator)),
  );
}
