// List cursors: the (partition, sort key, id) of a page's last item, opaque to callers, and the order
// on such positions that every adapter pages by.

export interface Position {
  p: string;
  s: string;
  id: string;
}

export function encodeCursor(pos: Position): string {
  return Buffer.from(JSON.stringify([pos.p, pos.s, pos.id]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): Position {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((x) => typeof x === 'string')) {
    throw new TypeError('not a list cursor');
  }
  return { p: parsed[0] as string, s: parsed[1] as string, id: parsed[2] as string };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Ascending index order: partition, then sort key, then id. */
export function comparePositions(a: Position, b: Position): number {
  return cmp(a.p, b.p) || cmp(a.s, b.s) || cmp(a.id, b.id);
}

/** True when `pos` lies in the range (partition and inclusive sort bounds). */
export function inRange(pos: Position, q: { partition?: string; from?: string; to?: string }): boolean {
  return (q.partition === undefined || pos.p === q.partition) && (q.from === undefined || pos.s >= q.from) && (q.to === undefined || pos.s <= q.to);
}
