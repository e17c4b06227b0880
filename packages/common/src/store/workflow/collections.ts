// The workflow's collections in the record store: what each record is indexed by and when it expires.
//   moderation_jobs  id <tenant>/<job id>; indexes: classifying (all tenants, oldest first), outbox (all
//                    tenants with outbox entries, oldest first), review (per tenant: highest priority,
//                    then oldest queued first), claims (per tenant and reviewer, items in state claimed,
//                    by lease end), queue (per tenant and review kind, items waiting or claimed, oldest
//                    queued first: due order, as every item of a kind has the same SLA); a decided job
//                    with nothing left in its outbox expires `moderationRetentionDays` after its last change.
//   audit            id <tenant>/<record id>; indexes: byTenant and byJob (per tenant, resp. per tenant and
//                    moderation job, by time), appeals (appeal.requested records per tenant and UTC hour,
//                    by time: small partitions for the hourly appeal cap), decisions (review.decided records
//                    per tenant and UTC hour, by time: the supervisor's last 24 hours); expires
//                    `auditRetentionDays` after it happened.
//   feedback         id <tenant>/<record id>; index byTenant; expires with the audit trail (recalibration
//                    reads it as long as the trail it explains).
import type { AuditRecord, FeedbackRecord, ModerationJob, ReviewKind } from '../../domain/review.ts';
import { descNumberKey, timeKey, type CollectionSpec } from '../records/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Every tenant's records in one partition (the all-tenants indexes). */
const ALL = '';

export interface WorkflowRetention {
  /** Days a decided moderation job is kept after its last change. */
  moderationRetentionDays: number;
  /** Days audit records and feedback are kept. */
  auditRetentionDays: number;
}

export const recordId = (tenantId: string, id: string) => `${tenantId}/${id}`;
/** The partition of one moderation job's audit trail. */
export const jobPartition = (tenantId: string, moderationJobId: string) => JSON.stringify([tenantId, moderationJobId]);
/** The partition of one reviewer's claims. */
export const claimsPartition = (tenantId: string, reviewerId: string) => JSON.stringify([tenantId, reviewerId]);
/** The partition of a tenant's appeals in one UTC hour ('YYYY-MM-DDTHH'). */
export const appealsPartition = (tenantId: string, at: string | Date | number) => JSON.stringify([tenantId, timeKey(at).slice(0, 13)]);
/** The partition of a tenant's items of one review kind waiting or claimed. */
export const queuePartition = (tenantId: string, kind: ReviewKind) => JSON.stringify([tenantId, kind]);
/** The partition of a tenant's reviewer decisions in one UTC hour ('YYYY-MM-DDTHH'). */
export const decisionsPartition = (tenantId: string, at: string | Date | number) => JSON.stringify([tenantId, timeKey(at).slice(0, 13)]);

const after = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS);

export function moderationJobsSpec(retention: WorkflowRetention): CollectionSpec<ModerationJob> {
  return {
    name: 'moderation_jobs',
    codec: { encode: (job) => JSON.stringify(job), decode: (text) => JSON.parse(text) as ModerationJob },
    indexes: {
      classifying: (job) => (job.status === 'classifying' ? { partition: ALL, sort: timeKey(job.createdAt) } : null),
      outbox: (job) => ((job.outbox?.length ?? 0) > 0 ? { partition: ALL, sort: timeKey(job.createdAt) } : null),
      review: (job) =>
        job.review && job.review.state !== 'done' ? { partition: job.tenantId, sort: `${descNumberKey(job.review.priority)}|${timeKey(job.review.queued_at)}` } : null,
      claims: (job) =>
        job.review?.state === 'claimed' && job.review.claimed_by !== null && job.review.lease_expires_at !== null
          ? { partition: claimsPartition(job.tenantId, job.review.claimed_by), sort: timeKey(job.review.lease_expires_at) }
          : null,
      queue: (job) => (job.review && job.review.state !== 'done' ? { partition: queuePartition(job.tenantId, job.review.kind), sort: timeKey(job.review.queued_at) } : null),
    },
    expiresAt: (job) => (job.status === 'decided' && (job.outbox?.length ?? 0) === 0 ? after(job.updatedAt, retention.moderationRetentionDays) : null),
  };
}

export function auditSpec(retention: WorkflowRetention): CollectionSpec<AuditRecord> {
  return {
    name: 'audit',
    codec: { encode: (r) => JSON.stringify(r), decode: (text) => JSON.parse(text) as AuditRecord },
    indexes: {
      byTenant: (r) => ({ partition: r.tenant_id, sort: timeKey(r.at) }),
      byJob: (r) => (r.moderation_job_id === null ? null : { partition: jobPartition(r.tenant_id, r.moderation_job_id), sort: timeKey(r.at) }),
      appeals: (r) => (r.action === 'appeal.requested' ? { partition: appealsPartition(r.tenant_id, r.at), sort: timeKey(r.at) } : null),
      decisions: (r) => (r.action === 'review.decided' ? { partition: decisionsPartition(r.tenant_id, r.at), sort: timeKey(r.at) } : null),
    },
    expiresAt: (r) => after(r.at, retention.auditRetentionDays),
  };
}

export function feedbackSpec(retention: WorkflowRetention): CollectionSpec<FeedbackRecord> {
  return {
    name: 'feedback',
    codec: { encode: (r) => JSON.stringify(r), decode: (text) => JSON.parse(text) as FeedbackRecord },
    indexes: { byTenant: (r) => ({ partition: r.tenant_id, sort: timeKey(r.at) }) },
    expiresAt: (r) => after(r.at, retention.auditRetentionDays),
  };
}
