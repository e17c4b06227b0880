// Moderation jobs: created on POST /moderate, settled by the rules once their classification job has
// finished (right away, or later by the sweep), and answered in the spec's forms.
import crypto from 'node:crypto';
import type { Runtime } from '@modsvc/common/host';
import type { ModerateInput } from '@modsvc/common/contracts';
import { ApiError } from '@modsvc/common/errors';
import { checkCallbackUrl } from '@modsvc/common/callback-url';
import type { ModerationJob, ModerationReply } from '@modsvc/common/domain/index';
import { DuplicateModerationJobError } from '@modsvc/common/store/workflow/types';
import { recordAutomatedDecision } from '@modsvc/common/workflow-metrics';
import { automatedOutcome, jobFields } from './automated.ts';
import { auditOf, SYSTEM } from './audit-trail.ts';
import { Outbox } from './outbox.ts';

const POLL_MS = 250;

/** The moderation job id an Idempotency-Key stands for: the same key of the same tenant, the same job. */
function idempotentId(tenantId: string, key: string): string {
  return `vmod_${crypto.createHash('sha256').update(`${tenantId}\u0000${key}`).digest('base64url').slice(0, 16)}`;
}

export function replyOf(job: ModerationJob): ModerationReply {
  if (job.result) return { httpStatus: 200, result: job.result };
  return {
    httpStatus: 202,
    result: { ...jobFields(job), error_message: `The classification job has not finished yet; the decision follows on GET /v1/moderate/${job.id}${job.callbackUrl ? ' and by webhook' : ''}.` },
  };
}

export class ModerationJobs {
  private readonly outbox: Outbox;

  constructor(private readonly rt: Runtime) {
    this.outbox = new Outbox(rt);
  }

  async create(input: ModerateInput): Promise<ModerationJob> {
    if (input.callbackUrl) await checkCallbackUrl(input.callbackUrl, this.rt.guard);
    if (!input.classificationJobId) {
      throw new ApiError('invalid_request', 'Send the content ("file" or "url") or the classification_job_id of an earlier policy classification job.');
    }
    const job = await this.rt.store.getForTenant(input.tenantId, input.classificationJobId);
    if (!job || job.product !== 'policy') throw new ApiError('not_found', `No policy classification job ${input.classificationJobId} for this account.`);
    const now = new Date().toISOString();
    const mod: ModerationJob = {
      id: input.idempotencyKey ? idempotentId(input.tenantId, input.idempotencyKey) : `vmod_${crypto.randomBytes(12).toString('base64url')}`,
      tenantId: input.tenantId,
      classificationJobId: job.id,
      contentType: job.media,
      externalId: input.externalId,
      callbackUrl: input.callbackUrl,
      inputSha256: job.contentSha256 ?? null,
      createdAt: now,
      updatedAt: now,
      status: 'classifying',
      result: null,
      automated: null,
      review: null,
      webhooksSent: 0,
    };
    const requested = auditOf(mod, 'moderation.requested', { kind: 'caller', id: input.tenantId }, { external_id: input.externalId, callback: Boolean(input.callbackUrl) });
    try {
      return await this.outbox.create(mod, { audit: [requested] });
    } catch (err) {
      if (!(err instanceof DuplicateModerationJobError)) throw err;
      return this.repeated(mod);
    }
  }

  /** A repeat of an Idempotency-Key: the first job, unless the key was used for another request. */
  private async repeated(attempt: ModerationJob): Promise<ModerationJob> {
    const first = await this.rt.workflow.getModeration(attempt.tenantId, attempt.id);
    if (!first) throw new ApiError('conflict', 'This Idempotency-Key is held by a request still being made; retry shortly.');
    const same = first.classificationJobId === attempt.classificationJobId && first.externalId === attempt.externalId && first.callbackUrl === attempt.callbackUrl;
    if (!same) throw new ApiError('idempotency_conflict', 'This Idempotency-Key was used for a different moderation request; use a new key.');
    return first;
  }

  /** Decides a classifying job whose classification has finished; returns the job as it now stands. */
  async settle(mod: ModerationJob): Promise<ModerationJob> {
    if (mod.status !== 'classifying') return mod;
    const job = await this.rt.store.getForTenant(mod.tenantId, mod.classificationJobId);
    if (job && job.status === 'queued') return mod;
    const now = new Date().toISOString();
    const outcome = job
      ? await automatedOutcome(this.rt.policies, mod, job, now)
      : {
          result: {
            ...jobFields(mod),
            decision_type: 'fully_automated' as const,
            escalate: false as const,
            escalate_reasons: [],
            is_error: true as const,
            error_message: 'The classification job no longer exists (past its retention).',
            policy_categories: [],
          },
          review: null,
          categories: [],
        };
    const r = outcome.result;
    const settled = await this.outbox.update(mod.tenantId, mod.id, (current) => {
      if (current.status !== 'classifying') return null;
      const next: ModerationJob = {
        ...current,
        status: outcome.review?.kind === 'escalation' ? 'in_review' : 'decided',
        result: r,
        automated: r,
        review: outcome.review,
        inputSha256: current.inputSha256 ?? job?.contentSha256 ?? null,
        updatedAt: now,
      };
      const decided = auditOf(next, 'moderation.decided', SYSTEM, {
        decision: r.is_error ? null : r.decision,
        decision_type: r.decision_type,
        escalate_reasons: r.escalate_reasons,
        reject_reasons: r.is_error ? [] : (r.reject_reasons ?? []),
        policy_categories: r.policy_categories,
        error_message: r.is_error ? r.error_message : null,
      });
      const queued = next.review ? [auditOf(next, 'review.queued', SYSTEM, { kind: next.review.kind, priority: next.review.priority, reasons: next.review.reasons })] : [];
      // An item that enters review keeps its frames while it waits (its media's retention is renewed).
      return { job: next, effects: { audit: [decided, ...queued], webhook: true, media: next.review !== null } };
    });
    if (!settled) return (await this.rt.workflow.getModeration(mod.tenantId, mod.id)) ?? mod;
    if (!r.is_error && r.decision_type !== 'human_reviewed') recordAutomatedDecision(r.decision_type, r.decision);
    return settled;
  }

  /** The outbox sweep: carries out side effects that failed or were cut off by a crash. */
  drainOutboxes(limit = 100): Promise<number> {
    return this.outbox.sweep(limit);
  }

  /** Settles the job, waiting up to `waitMs` for its classification to finish. */
  async settleWithin(mod: ModerationJob, waitMs: number): Promise<ModerationJob> {
    const deadline = Date.now() + waitMs;
    let current = await this.settle(mod);
    while (current.status === 'classifying' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      current = await this.settle(current);
    }
    return current;
  }

  /** The sweep: settles jobs whose classification finished after POST /moderate stopped waiting. */
  async settleClassifying(limit = 100): Promise<number> {
    let settled = 0;
    for (const mod of await this.rt.workflow.listClassifying(limit)) {
      if ((await this.settle(mod)).status !== 'classifying') settled++;
    }
    return settled;
  }
}
