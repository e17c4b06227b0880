// Known-content matching: the PDQ hash of each analysed frame, and the matches against a tenant's hash
// banks that results and webhooks carry.
import { z } from 'zod';

export const PDQ_HEX = /^[0-9a-f]{64}$/;
/** Meta's reference quality floor: hashes below it are too featureless to match on their own. */
export const PDQ_QUALITY_FLOOR = 50;
/** Meta's reference match threshold (bits of 256). */
export const PDQ_DEFAULT_THRESHOLD = 31;

export const PdqHexSchema = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.string().regex(PDQ_HEX, 'a PDQ hash is 64 hexadecimal digits'))
  .describe('PDQ hash: 256 bits as 64 lowercase hex digits, as Meta\'s reference and HMA write it.');

export const FrameHashSchema = z.strictObject({
  frame_timestamp: z.number().min(0).describe('Seconds from the start of the media; 0 for still images.'),
  pdq: PdqHexSchema,
  quality: z.number().int().min(0).max(100).describe(`0-100; below ${PDQ_QUALITY_FLOOR} the hash never matches on its own.`),
});

export const HashMatchSchema = z.strictObject({
  bank_id: z.string(),
  bank_name: z.string(),
  content_id: z.string(),
  distance: z.number().int().min(0).max(256).describe('Hamming distance in bits between the frame and the banked hash (closest of the 8 rotations and mirrors, to the banked hash or one of its crops\' or video frames\').'),
  quality: z.number().int().min(0).max(100).describe('Quality of the frame hash that matched.'),
  frame_timestamp: z.number().min(0),
  vpdq: z
    .strictObject({
      query_match_percent: z.number().min(0).max(100).describe('Share of the analysed frames (distinct, quality >= 50) within the threshold of a frame of the banked video.'),
      compared_match_percent: z.number().min(0).max(100).describe('Share of the banked video\'s frames (distinct, quality >= 50) within the threshold of an analysed frame.'),
    })
    .optional()
    .describe('A banked video (vPDQ): it matches, as in HMA, when at least 80% of the analysed frames match it; distance and frame_timestamp are those of the closest frame.'),
});

/** Fields every result carries about known content (absent in results stored before hash banks existed). */
export const knownContentFields = {
  hashes: z.array(FrameHashSchema).optional().describe('PDQ hash of every analysed frame (one for a still image).'),
  matches: z.array(HashMatchSchema).optional().describe('Matches against your hash banks; empty when none.'),
  low_quality_frames: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(`Frames whose hash quality is below ${PDQ_QUALITY_FLOOR}: they were not matched against banks.`),
};

export type FrameHash = z.infer<typeof FrameHashSchema>;
export type HashMatch = z.infer<typeof HashMatchSchema>;
