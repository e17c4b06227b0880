// moderator: the virtual moderator, its review queue, appeals, feedback and audit trail.
import { defineStage } from '@modsvc/common/service-module';
import { watchReviewQueueDepth } from '@modsvc/common/workflow-metrics';
import { createModerator } from './service.ts';
import { ModerationJobs } from './moderation-jobs.ts';
import { settingsSchema } from './settings.ts';

export { settingsSchema };

export const service = defineStage({
  name: 'moderator',
  settingsSchema,
  needs: [],
  async start(rt, _peers, settings) {
    const jobs = new ModerationJobs(rt);
    watchReviewQueueDepth(rt.workflow, (err) => rt.log.warn({ err }, 'review queue depth could not be read'));
    return {
      provides: { moderator: createModerator(rt, settings, jobs) },
      tasks: [
        {
          // Decides moderation jobs whose classification finished after POST /moderate stopped waiting
          // (and any left by a restart); the caller hears by webhook.
          name: 'settle-moderations',
          atStart: true,
          everyMs: 1000,
          async run() {
            const settled = await jobs.settleClassifying();
            if (settled) rt.log.info({ settled }, 'moderation jobs decided after their classification finished');
          },
        },
        {
          // Retention: decided moderation jobs, audit records and feedback past their time (configuration.md).
          name: 'workflow-retention',
          atStart: false,
          everyMs: 3600_000,
          async run() {
            const removed = await rt.workflow.deleteExpired(new Date());
            if (removed) rt.log.info({ removed }, 'workflow records past their retention removed');
          },
        },
        {
          // Carries out side effects (audit records, feedback, webhooks) that failed or were cut off by a
          // crash after their state change was stored (outbox.ts).
          name: 'drain-outboxes',
          atStart: true,
          everyMs: 2000,
          async run() {
            const drained = await jobs.drainOutboxes();
            if (drained) rt.log.info({ jobs: drained }, 'moderation side effects carried out by the outbox sweep');
          },
        },
      ],
    };
  },
});
