// Idempotency keys of job submits, kept in the job store beside the jobs so that every ingest replica
// (and both run modes) sees the same ones. A record ties a tenant's key to the job it created and to
// the fingerprint of what was submitted; it lives 24 h. Each store implements create-if-absent on the
// key's id, so of two concurrent submits with one key exactly one creates a job.
import crypto from 'node:crypto';

export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyKeyRecord {
  tenantId: string;
  /** The Idempotency-Key header as sent. */
  key: string;
  /** sha256 (hex) over what was submitted: product, media, fields and the content or its URL. */
  fingerprint: string;
  jobId: string;
  createdAt: Date;
  /** After this the key is free again. */
  expiresAt: Date;
}

/** What admission control reads from the store. */
export interface WorkCounts {
  /** Jobs not finished yet (waiting or in a stage). */
  queued: number;
  /** Jobs finished (done or failed) at or after the `since` asked for. */
  finished: number;
}

/**
 * The id a tenant's key is stored under: a digest, so that any printable key fits every store's id
 * rules, and keys of different tenants never collide.
 */
export function idempotencyKeyId(tenantId: string, key: string): string {
  return crypto.createHash('sha256').update(JSON.stringify([tenantId, key])).digest('base64url');
}

export function isLiveKey(record: IdempotencyKeyRecord, now: Date): boolean {
  return record.expiresAt.getTime() > now.getTime();
}

/** A new record for `key`, expiring IDEMPOTENCY_KEY_TTL_MS after `now`. */
export function newIdempotencyKey(f: { tenantId: string; key: string; fingerprint: string; jobId: string }, now: Date): IdempotencyKeyRecord {
  return { ...f, createdAt: now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS) };
}
