// ingest: creates jobs from uploads and URLs and starts the pipeline; re-drives work the bus lost.
import { z } from 'zod';
import { busIsDurable } from '@modsvc/common/host';
import { defineStage, type ScheduledTask } from '@modsvc/common/service-module';
import type { Runtime } from '@modsvc/common/runtime';
import { createIngest, type Ingest } from './service.ts';

/** Jobs untouched this long are assumed to have lost their message (a crash between store and bus). */
const REDRIVE_AFTER_MS = 15 * 60_000;
const REDRIVE_EVERY_MS = 5 * 60_000;

export const settingsSchema = z.object({});

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

export const service = defineStage({
  name: 'ingest',
  settingsSchema,
  needs: [],
  async start(rt) {
    const ingest = createIngest(rt);
    return { provides: { ingest }, consumers: await ingest.startConsumers(), tasks: [redriveTask(rt, ingest)] };
  },
});
