// The body of GET /classify/{product}/{media}/{job_id}: status only while queued, results and
// msg null when done, msg when failed.
import { z } from 'zod';
import { ItemsResultSchema } from './items-result.ts';
import { PolicyResultSchema } from './policy-result.ts';

const QueuedJobSchema = z.strictObject({ status: z.literal('queued') });

const FailedJobSchema = z.strictObject({ status: z.literal('failed'), msg: z.string().describe('Why the job failed.') });

function jobViewSchema<R extends z.ZodType>(results: R) {
  const done = z.strictObject({ status: z.literal('done'), results, msg: z.null() });
  return z.discriminatedUnion('status', [QueuedJobSchema, done, FailedJobSchema]);
}

export const ItemsJobViewSchema = jobViewSchema(ItemsResultSchema);
export const PolicyJobViewSchema = jobViewSchema(PolicyResultSchema);

export type ItemsJobView = z.infer<typeof ItemsJobViewSchema>;
export type PolicyJobView = z.infer<typeof PolicyJobViewSchema>;
