// Hash banks: a tenant's lists of known content (PDQ hashes with notes), their policy category and risk.
import { z } from 'zod';
import { PDQ_DEFAULT_THRESHOLD, PdqHexSchema } from './known-content.ts';

/** A category a bank sets on a match, e.g. KNOWN_HARMFUL; upper-case like the Standard ones. */
export const BankCategorySchema = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{1,63}$/, 'an upper-case name of 2-64 letters, digits and underscores, e.g. KNOWN_HARMFUL');

export const BankRiskLevelSchema = z.enum(['HIGH', 'MEDIUM', 'LOW']);

export const BankSpecSchema = z.strictObject({
  name: z.string().trim().min(1).max(128),
  category: BankCategorySchema.default('KNOWN_HARMFUL'),
  risk_level: BankRiskLevelSchema.default('HIGH'),
  threshold: z.number().int().min(0).max(128).default(PDQ_DEFAULT_THRESHOLD).describe('Largest Hamming distance (bits) that counts as a match.'),
  enabled_ratio: z
    .number()
    .min(0)
    .max(1)
    .default(1)
    .describe('Share of jobs matched against this bank (0-1), to roll a new bank out gradually; the choice per job is deterministic.'),
});

export const BankSchema = z.strictObject({
  bank_id: z.string(),
  name: z.string(),
  category: BankCategorySchema,
  risk_level: BankRiskLevelSchema,
  threshold: z.number().int(),
  enabled_ratio: z.number(),
  content_count: z.number().int().min(0),
  created_at: z.string(),
});

export const BankContentSchema = z.strictObject({
  content_id: z.string(),
  bank_id: z.string(),
  pdq: PdqHexSchema,
  quality: z.number().int().min(0).max(100).nullable().describe('Quality of the hash when we computed it from media; null for hashes given as such.'),
  note: z.string().nullable(),
  created_at: z.string(),
});

export const BankHashesRequestSchema = z.strictObject({
  hashes: z
    .array(z.strictObject({ pdq: PdqHexSchema, note: z.string().max(1024).optional() }))
    .min(1)
    .max(10_000),
});

export const HashAnswerSchema = z.strictObject({
  pdq: PdqHexSchema,
  quality: z.number().int().min(0).max(100),
});

export type BankSpec = z.infer<typeof BankSpecSchema>;
export type Bank = z.infer<typeof BankSchema>;
export type BankContent = z.infer<typeof BankContentSchema>;
export type BankRiskLevel = z.infer<typeof BankRiskLevelSchema>;
