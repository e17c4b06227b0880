// The decision after the policy's moderation rules: decide() lives in the shared domain
// (packages/common/src/domain/policy-decision.ts), so that policy dry runs decide exactly as the
// moderator does; quality sampling is the moderator's own.
import crypto from 'node:crypto';

export { decide, STANDARD_RULES, type DecidedCategory, type Decision } from '@modsvc/common/domain/index';

/** Whether a confident decision is also sampled for quality review: the same answer for the same job, every time. */
export function sampledForQuality(moderationJobId: string, rate: number): boolean {
  if (rate <= 0) return false;
  const h = crypto.createHash('sha256').update(moderationJobId).digest();
  return h.readUInt32BE(0) / 0x1_0000_0000 < rate;
}
