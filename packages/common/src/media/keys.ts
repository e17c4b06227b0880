// Media keys are relative, '/'-separated paths. Both stores accept the same keys so that a key that works
// in the all-in-one mode also works on NATS.

/** Throws TypeError unless the key is a safe relative path (no '..', '.', empty or dot-leading segments). */
export function assertMediaKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 1024) {
    throw new TypeError(`invalid media key ${JSON.stringify(key)}`);
  }
  if (key.startsWith('/') || key.includes('\\') || key.includes('\0')) {
    throw new TypeError(`invalid media key ${JSON.stringify(key)}: must be a relative '/'-separated path`);
  }
  for (const seg of key.split('/')) {
    if (seg === '' || seg.startsWith('.')) {
      throw new TypeError(`invalid media key ${JSON.stringify(key)}: empty, '.', '..' or dot-leading segment`);
    }
  }
}

/** Prefixes may end with '/' and may be partial segments (`jobs/ab` matches `jobs/abc/...`). */
export function assertMediaPrefix(prefix: string): void {
  if (typeof prefix !== 'string' || prefix.length === 0) {
    throw new TypeError('media prefix must not be empty (refusing to delete everything)');
  }
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  assertMediaKey(trimmed);
}
