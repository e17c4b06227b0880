// moderator: the virtual moderator. A moderation job builds on a policy classification job; the
// tenant's rules decide (decide.ts), escalations and quality samples wait in the tenant's review queue
// (review.ts), and every step is an audit record. Decisions reach the caller by signed webhook.
import type { Runtime } from '@modsvc/common/host';
import type { ModeratorApi } from '@modsvc/common/contracts';
import { ApiError } from '@modsvc/common/errors';
import { mediaKeys } from '@modsvc/common/media/types';
import { ModerationJobs, replyOf } from './moderation-jobs.ts';
import { ReviewDesk } from './review.ts';
import { reviewItemDetail } from './review-item.ts';
import { recordFeedback } from './feedback.ts';
import type { ModeratorSettings } from './settings.ts';
import { pseudonymKey, pseudonymizer } from './reviewer-identity.ts';

export function createModerator(rt: Runtime, settings: ModeratorSettings, jobs = new ModerationJobs(rt)): ModeratorApi {
  const desk = new ReviewDesk(rt, { leaseSeconds: settings.REVIEW_LEASE_SECONDS, pseudonym: pseudonymizer(pseudonymKey(settings, rt.config)) });
  const inReview = async (tenantId: string, id: string) => {
    const mod = await rt.workflow.getModeration(tenantId, id);
    return mod?.review ? mod : null;
  };

  return {
    async moderate(input) {
      const created = await jobs.create(input);
      return replyOf(await jobs.settleWithin(created, settings.MODERATION_WAIT_SECONDS * 1000));
    },

    // A read only: decisions are made by POST /moderate's wait and by the settle task.
    async getModeration(tenantId, id) {
      const mod = await rt.workflow.getModeration(tenantId, id);
      return mod ? replyOf(mod) : null;
    },

    appeal: (tenantId, id, input) => desk.appeal(tenantId, id, input),
    reviewQueue: (reviewer, limit, filter) => desk.queue(reviewer, limit, filter),
    reviewStats: (reviewer) => desk.stats(reviewer),
    claim: (reviewer, id) => desk.claim(reviewer, id),
    release: (reviewer, id) => desk.release(reviewer, id),
    decide: (reviewer, id, input) => desk.decide(reviewer, id, input),

    async reviewItem(reviewer, id) {
      const mod = await inReview(reviewer.tenantId, id);
      if (!mod) return null;
      return reviewItemDetail(mod, await rt.store.getForTenant(mod.tenantId, mod.classificationJobId), { media: rt.media, banks: rt.banks, sla: desk.slaHours(mod.tenantId) });
    },

    async reviewFrame(reviewer, id, index) {
      const mod = await inReview(reviewer.tenantId, id);
      if (!mod || !Number.isInteger(index) || index < 0) return null;
      // Frames are numbered from 1 in the media store, from 0 in the review item.
      return rt.media.get(mediaKeys.frame(mod.classificationJobId, index + 1)).catch(() => null);
    },

    feedback: (tenantId, actor, input) => recordFeedback(rt, tenantId, actor, input),

    async audit(tenantId, query) {
      // Instants, not strings: 10:00+05:00 is before 06:00Z.
      if (query.from && query.to && Date.parse(query.from) > Date.parse(query.to)) throw new ApiError('invalid_request', 'from must not be after to.');
      const page = await rt.workflow.listAudit(tenantId, { moderationJobId: query.moderation_job_id, from: query.from, to: query.to, limit: query.limit, after: query.cursor ?? null });
      return { records: page.records, next_cursor: page.next };
    },
  };
}
