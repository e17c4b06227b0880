import crypto from 'node:crypto';

/** Unguessable job ids: 128 random bits, URL-safe. */
export function newJobId(): string {
  return `job_${crypto.randomBytes(16).toString('base64url')}`;
}

export const JOB_ID_PATTERN = /^job_[A-Za-z0-9_-]{22}$/;
