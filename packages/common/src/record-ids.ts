// Ids of append-only records (audit, feedback) that sort in the order the records were made: the time,
// then a per-process sequence, then randomness, so records written in the same millisecond still list
// in order.
import crypto from 'node:crypto';

let sequence = 0;

export function sortableId(prefix: 'aud' | 'fb', now = Date.now()): string {
  sequence = (sequence + 1) % 36 ** 4;
  return `${prefix}_${now.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${crypto.randomBytes(4).toString('hex')}`;
}
