// ingest's own settings: admission control (see admission.ts).
import { z } from 'zod';
import { emptyAsUndefined } from '@modsvc/common/config';

export const settingsSchema = z.object({
  /** New submits get 503 while the queued work exceeds this many seconds at the measured throughput; 0 turns the check off. */
  ADMISSION_MAX_BACKLOG_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).default(600)),
  /** Seconds one job is assumed to take until a throughput has been measured (deliberately slow: it errs towards refusing). */
  ADMISSION_DEFAULT_JOB_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().positive().default(2)),
});

export type IngestSettings = z.infer<typeof settingsSchema>;
