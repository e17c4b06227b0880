// policy-scorer: joins a job's parts into its items or policy result and finishes the job; keeps the
// tenants' policy documents (it scores with them; vision-inference embeds their example images).
import { z } from 'zod';
import { defineStage } from '@modsvc/common/service-module';
import { startPolicyScorer } from './service.ts';

export const settingsSchema = z.object({});

export const service = defineStage({
  name: 'policy-scorer',
  settingsSchema,
  needs: ['models'],
  start: (rt, peers) => startPolicyScorer(rt, peers.models),
});
