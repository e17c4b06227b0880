// Audit records: who did what to which moderation job, under which policy version, on which bytes.
import crypto from 'node:crypto';
import type { AuditAction, AuditRecord, ModerationJob } from '@modsvc/common/domain/index';
import type { WorkflowStore } from '@modsvc/common/store/workflow/types';

export type Actor = AuditRecord['actor'];

export const SYSTEM: Actor = { kind: 'system', id: 'moderator' };

let sequence = 0;

/**
 * Ids sort in the order records were made (time, then a per-process sequence), so records written in
 * the same millisecond still list in order.
 */
export function sortableId(prefix: 'aud' | 'fb', now = Date.now()): string {
  sequence = (sequence + 1) % 36 ** 4;
  return `${prefix}_${now.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${crypto.randomBytes(4).toString('hex')}`;
}

export function auditOf(job: ModerationJob, action: AuditAction, actor: Actor, details: Record<string, unknown>, now = new Date()): AuditRecord {
  return {
    id: sortableId('aud', now.getTime()),
    tenant_id: job.tenantId,
    at: now.toISOString(),
    actor,
    action,
    moderation_job_id: job.id,
    classification_job_id: job.classificationJobId,
    policy_version: job.result && !job.result.is_error ? job.result.policy_version : null,
    input_sha256: job.inputSha256,
    details,
  };
}

export function appendAudit(store: WorkflowStore, job: ModerationJob, action: AuditAction, actor: Actor, details: Record<string, unknown>): Promise<void> {
  return store.appendAudit(auditOf(job, action, actor, details));
}
