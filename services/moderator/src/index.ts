// moderator: the virtual moderator, its review queue, appeals, feedback and audit trail.
import { defineStage } from '@modsvc/common/service-module';
import { startWorkflowMetricsAtZero, watchReviewQueueDepth } from '@modsvc/common/workflow-metrics';
import { createModerator } from './service.ts';
import { ModerationJobs } from './moderation-jobs.ts';
import { settingsSchema } from './settings.ts';
import { recalibrationInboxTask } from './recalibrate-inbox.ts';
import { holdIntervalMs, renewReviewMedia } from './media-hold.ts';

export { settingsSchema };

export const service = defineStage({
  name: 'moderator',
  settingsSchema,
  needs: [],
  async start(rt, _peers, settings) {
    const jobs = new ModerationJobs(rt);
    const retentionMs = rt.config.MEDIA_RETENTION_HOURS * 3600_000;
    startWorkflowMetricsAtZero();
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
          // Items in review stored before the per-kind queue index (the queue's due order, the supervisor's
          // counts) are put into it; afterwards each run is two index counts.
          name: 'index-review-queue',
          atStart: true,
          everyMs: 3600_000,
          async run() {
            const indexed = await rt.workflow.indexQueue();
            if (indexed) rt.log.info({ indexed }, 'items in review added to the per-kind queue index');
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
          // Keeps the frames of items waiting for review from expiring before they are decided (media-hold.ts).
          name: 'hold-review-media',
          atStart: true,
          everyMs: holdIntervalMs(retentionMs),
          async run() {
            const renewed = await renewReviewMedia(rt, retentionMs);
            if (renewed) rt.log.info({ renewed }, 'media of items in review kept another retention period');
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
        // Runs `make recalibrate` for the command when this process owns the embedded store (recalibrate-inbox.ts).
        recalibrationInboxTask(rt),
      ],
    };
  },
});
