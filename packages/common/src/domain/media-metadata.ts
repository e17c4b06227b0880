// Probed properties of the analysed media, reported in the webhook result (proto: MediaMetadata).
import { z } from 'zod';

export const MediaMetadataSchema = z.strictObject({
  width: z.number().int().describe('Pixels.'),
  height: z.number().int().describe('Pixels.'),
  fps: z.number().describe('Frames per second; 0 for still images.'),
  duration: z.number().describe('Seconds; 0 for still images.'),
  seconds_processed: z.number().describe('Seconds of the media that were analysed.'),
});

export type MediaMetadata = z.infer<typeof MediaMetadataSchema>;
