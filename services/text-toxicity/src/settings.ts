// text-toxicity's settings: the environment variables it reads, parsed once at boot together with the
// shared settings (@modsvc/common/config) and passed to the model loader. The names are the operator
// contract: keep them.
import { z } from 'zod';
import { emptyAsUndefined } from '@modsvc/common/config';
import { DEFAULT_MODEL_DIR } from './model/artifact.ts';

export const settingsSchema = z.object({
  /** Directory of the trained toxicity model (manifest.json, weights.bin); unset: the artifact shipped in artifacts/toxicity-v1. */
  TOXICITY_MODEL_DIR: z.preprocess(emptyAsUndefined, z.string().default(DEFAULT_MODEL_DIR)),
});

export type ToxicitySettings = z.infer<typeof settingsSchema>;
