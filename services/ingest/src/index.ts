// ingest: creates jobs from uploads and URLs and starts the pipeline; re-drives work the bus lost;
// keeps the tenants' hash banks.
import { busIsDurable } from '@modsvc/common/host';
import { MEDIA_KINDS, PRODUCTS } from '@modsvc/common/jobs';
import { jobsSubmitted, startAtZero } from '@modsvc/common/metrics';
import { defineStage, type ScheduledTask } from '@modsvc/common/service-module';
import type { Runtime } from '@modsvc/common/runtime';
import { createIngest, type Ingest } from './service.ts';
import { AdmissionControl } from './admission.ts';
import { settingsSchema } from './settings.ts';
import { createBanks } from './banks.ts';

/** Jobs untouched this long are assumed to have lost their message (a crash between store and bus). */
const REDRIVE_AFTER_MS = 15 * 60_000;
const REDRIVE_EVERY_MS = 5 * 60_000;

export { settingsSchema };

/** While work is queued, the admission counts are refreshed this often (the throughput is measured as it drains). */
const ADMISSION_SAMPLE_EVERY_MS = 5_000;

/**
 * At start, and every 5 minutes, re-publishes unfinished jobs and pending webhooks older than 15 minutes.
 * The in-process bus keeps nothing across a restart, so on it the first run re-drives everything unfinished.
 */
function redriveTask(rt: Runtime, ingest: Ingest): ScheduledTask {
  let first = true;
  return {
    name: 'redrive',
    atStart: true,
    everyMs: REDRIVE_EVERY_MS,
    async run() {
      const olderThanMs = first && !busIsDurable(rt) ? 0 : REDRIVE_AFTER_MS;
      first = false;
      await ingest.redrive(olderThanMs);
    },
  };
}

function admissionSampleTask(admission: AdmissionControl): ScheduledTask {
  return { name: 'admission-sample', atStart: false, everyMs: ADMISSION_SAMPLE_EVERY_MS, run: () => admission.sampleWhileBusy() };
}

export const service = defineStage({
  name: 'ingest',
  settingsSchema,
  needs: [],
  async start(rt, _peers, settings) {
    startAtZero(jobsSubmitted, { product: PRODUCTS, media: MEDIA_KINDS });
    const admission = new AdmissionControl({
      maxBacklogSeconds: settings.ADMISSION_MAX_BACKLOG_SECONDS,
      defaultJobSeconds: settings.ADMISSION_DEFAULT_JOB_SECONDS,
      countWork: (since) => rt.store.countWork(since),
      log: rt.log,
    });
    const ingest = createIngest(rt, admission);
    return { provides: { ingest, banks: createBanks(rt) }, consumers: await ingest.startConsumers(), tasks: [redriveTask(rt, ingest), ...(admission.enabled ? [admissionSampleTask(admission)] : [])] };
  },
});
