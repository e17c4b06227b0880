// policy-scorer: joins a job's parts into its items or policy result and finishes the job; keeps the
// tenants' policy documents (it scores with them; vision-inference embeds their example images).
import { z } from 'zod';
import { defineStage } from '@modsvc/common/service-module';
import { startPolicyScorer } from './service.ts';

export const settingsSchema = z.object({
  /**
   * Memory for the tenants' hash-bank indexes (estimated), in MiB: past it the least recently used
   * tenants' indexes are dropped and rebuilt on their next job. About 155-170 bytes a hash; a picture
   * banked from an image holds 9 (itself and 8 crops), a video one per distinct frame.
   */
  BANK_INDEX_MEMORY_MB: z.coerce.number().int().positive().default(1024),
});

export type PolicyScorerSettings = z.infer<typeof settingsSchema>;

export const service = defineStage({
  name: 'policy-scorer',
  settingsSchema,
  needs: ['models'],
  start: (rt, peers, settings) => startPolicyScorer(rt, peers.models, settings),
});
