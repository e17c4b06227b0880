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

/** Frames of one video a bank keeps (vPDQ at 1 frame a second: 83 minutes). */
export const BANK_VIDEO_MAX_FRAMES = 5000;

/** One frame of a video's vPDQ (facebook/ThreatExchange vpdq): the reference tools' file has these four columns. */
export const VpdqFrameSchema = z.strictObject({
  frame_number: z.number().int().min(0),
  quality: z.number().int().min(0).max(100),
  pdq: PdqHexSchema,
  timestamp: z.number().min(0).describe('Seconds from the start of the video.'),
});

export const BankContentSchema = z.strictObject({
  content_id: z.string(),
  bank_id: z.string(),
  pdq: PdqHexSchema.describe('The hash; for a video, that of its first frame of quality >= 50.'),
  quality: z.number().int().min(0).max(100).nullable().describe('Quality of the hash when we computed it from media; null for hashes and videos given as such.'),
  note: z.string().nullable(),
  created_at: z.string(),
  signal_type: z.enum(['pdq', 'vpdq']).describe('pdq: a picture or a hash; vpdq: a video, its frames in `vpdq`.'),
  crop_hashes: z
    .array(PdqHexSchema)
    .optional()
    .describe('PDQ hashes of fixed crops of the picture (centred 3, 5, 7 and 10% a side; the four corners left after cutting 10% off two sides), matched like `pdq`: kept for images hashed on upload.'),
  vpdq: z.array(VpdqFrameSchema).optional().describe('A video\'s frames (vPDQ), in order; only for signal_type vpdq.'),
});

export const BankHashesRequestSchema = z.strictObject({
  hashes: z
    .array(z.strictObject({ pdq: PdqHexSchema, note: z.string().max(1024).optional() }))
    .min(1)
    .max(10_000),
});

/**
 * Videos as vPDQ: each the text of a vPDQ file (frame_number,quality,pdq_hex,timestamp lines, as
 * the reference's vpdq-hash-video writes them), HMA's signal string (a JSON list of
 * "pdq_hex,quality,timestamp"), or the frames as objects.
 */
export const BankVideosRequestSchema = z.strictObject({
  videos: z
    .array(
      z.strictObject({
        vpdq: z.union([z.string().min(1), z.array(VpdqFrameSchema).min(1).max(BANK_VIDEO_MAX_FRAMES)]),
        note: z.string().max(1024).optional(),
      }),
    )
    .min(1)
    .max(100),
});

export const HashAnswerSchema = z.strictObject({
  pdq: PdqHexSchema,
  quality: z.number().int().min(0).max(100),
});

export type BankSpec = z.infer<typeof BankSpecSchema>;
export type Bank = z.infer<typeof BankSchema>;
export type BankContent = z.infer<typeof BankContentSchema>;
export type VpdqFrame = z.infer<typeof VpdqFrameSchema>;
export type BankRiskLevel = z.infer<typeof BankRiskLevelSchema>;
