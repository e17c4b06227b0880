import { z } from 'zod';
import { emptyAsUndefined } from '@modsvc/common/config';

export const settingsSchema = z.object({
  /** How long a claimed review item stays with its reviewer before it returns to the queue. */
  REVIEW_LEASE_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),
  /** How long POST /moderate waits for the classification before answering 202 (the decision follows by webhook). */
  MODERATION_WAIT_SECONDS: z.coerce.number().min(0).max(30).default(20),
  /**
   * The HMAC key of reviewer pseudonyms in results (reviewer-identity.ts), the same in every moderator
   * replica. Unset: derived from SERVICE_AUTH_KEY, else generated into DATA_DIR.
   */
  REVIEWER_PSEUDONYM_KEY: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
});

export type ModeratorSettings = z.infer<typeof settingsSchema>;
