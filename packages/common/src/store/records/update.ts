// The one bounded retry loop every store uses (retryOnConflict), and the two writes built on it:
// updateRecord reads the record and its version, computes the next value and writes it conditionally
// on that version; createOrGet creates the record or reads the one there. On a conflict the attempt is
// made again on a fresh read after a jittered backoff, a bounded number of times.
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

/** What an attempt of retryOnConflict returns when its conditional write lost to another write. */
export const CONFLICT: unique symbol = Symbol('conflict');

/**
 * Runs `attempt` until it returns something other than CONFLICT, backing off between attempts; after
 * maxAttempts conflicts, RecordConflictError naming the collection and `id`. `attempt` reads afresh
 * each time, so it may run several times.
 */
export async function retryOnConflict<R>(coll: { readonly name: string }, id: string, attempt: () => Promise<R | typeof CONFLICT>, opts?: UpdateOptions): Promise<R> {
  const maxAttempts = Math.max(1, Math.floor(opts?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS));
  for (let n = 1; n <= maxAttempts; n += 1) {
    const result = await attempt();
    if (result !== CONFLICT) return result;
    if (n < maxAttempts) await sleep(jitteredBackoffMs(n, opts?.baseMs ?? 1, opts?.capMs ?? 64));
  }
  throw new RecordConflictError(coll.name, id, maxAttempts);
}

/**
 * Replaces the record with change(current), retrying on a fresh read after a concurrent write; no
 * write is lost. `change` may run several times, so it must be pure; returning null writes nothing.
 * Returns the value written, or null when the record is absent or the change declined.
 */
export function updateRecord<T>(coll: RecordCollection<T>, id: string, change: (current: T) => T | null, opts?: UpdateOptions): Promise<T | null> {
  return retryOnConflict<T | null>(
    coll,
    id,
    async () => {
      const current = await coll.get(id);
      if (!current) return null;
      const next = change(current.value);
      if (next === null) return null;
      return (await coll.replace(id, next, current.version)) === null ? CONFLICT : next;
    },
    opts,
  );
}

/** The record under `id`: the one there, else `value`, created now (`created` says which). */
export function createOrGet<T>(coll: RecordCollection<T>, id: string, value: T, opts?: UpdateOptions): Promise<Versioned<T> & { created: boolean }> {
  return retryOnConflict<Versioned<T> & { created: boolean }>(
    coll,
    id,
    async () => {
      const version = await coll.create(id, value);
      if (version !== null) return { value, version, created: true };
      const held = await coll.get(id);
      // Removed (or expired) between the two calls: create again.
      return held ? { ...held, created: false } : CONFLICT;
    },
    opts,
  );
}
