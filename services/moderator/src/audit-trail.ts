// Audit records: who did what to which moderation job, under which policy version, on which bytes.
import { sortableId } from '@modsvc/common/record-ids';
import type { AuditAction, AuditRecord, ModerationJob } from '@modsvc/common/domain/index';

export type Actor = AuditRecord['actor'];

export const SYSTEM: Actor = { kind: 'system', id: 'moderator' };

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
