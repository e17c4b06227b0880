import { z } from 'zod';

export const settingsSchema = z.object({
  /** How long a claimed review item stays with its reviewer before it returns to the queue. */
  REVIEW_LEASE_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),
  /** How long POST /moderate waits for the classification before answering 202 (the decision follows by webhook). */
  MODERATION_WAIT_SECONDS: z.coerce.number().min(0).max(30).default(20),
});

export type ModeratorSettings = z.infer<typeof settingsSchema>;
