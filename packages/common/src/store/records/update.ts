// The one read-modify-write loop every store uses: read the record and its version, compute the next
// value, write it conditionally on that version, and on a conflict read again and retry after a
// jittered backoff, a bounded number of times.
import { setTimeout as sleep } from 'node:timers/promises';
import { jitteredBackoffMs } from '../../backoff.ts';
import { RecordConflictError, type RecordCollection, type Versioned } from './types.ts';

export interface UpdateOptions {
  /** Conditional writes tried before RecordConflictError. Default 100. */
  maxAttempts?: number;
  /** Backoff between attempts: uniform up to min(capMs, baseMs * 2^attempt). Default 1 and 64. */
  baseMs?: number;
  capMs?: number;
}

const DEFAULT_MAX_ATTEMPTS = 100;

function attemptsOf(opts: UpdateOptions | undefined): number {
  return Math.max(1, Math.floor(opts?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS));
}

function backoff(attempt: number, opts: UpdateOptions | undefined): Promise<void> {
  return sleep(jitteredBackoffMs(attempt, opts?.baseMs ?? 1, opts?.capMs ?? 64));
}

/**
 * Replaces the record with change(current), retrying on a fresh read after a concurrent write; no
 * write is lost. `change` may run several times, so it must be pure; returning null writes nothing.
 * Returns the value written, or null when the record is absent or the change declined.
 */
export async function updateRecord<T>(coll: RecordCollection<T>, id: string, change: (current: T) => T | null, opts?: UpdateOptions): Promise<T | null> {
  const maxAttempts = attemptsOf(opts);
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    const current = await coll.get(id);
    if (!current) return null;
    const next = change(current.value);
    if (next === null) return null;
    if ((await coll.replace(id, next, current.version)) !== null) return next;
    if (attempt < maxAttempts) await backoff(attempt, opts);
  }
  throw new RecordConflictError(coll.name, id, maxAttempts);
}

/** The record under `id`: the one there, else `value`, created now (`created` says which). */
export async function createOrGet<T>(coll: RecordCollection<T>, id: string, value: T, opts?: UpdateOptions): Promise<Versioned<T> & { created: boolean }> {
  const maxAttempts = attemptsOf(opts);
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    const version = await coll.create(id, value);
    if (version !== null) return { value, version, created: true };
    const held = await coll.get(id);
    if (held) return { ...held, created: false };
    // Removed (or expired) between the two calls: create again.
    if (attempt < maxAttempts) await backoff(attempt, opts);
  }
  throw new RecordConflictError(coll.name, id, maxAttempts);
}
