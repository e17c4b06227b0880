// speech-to-text's settings: the environment variables it reads, parsed once at boot together with the
// shared settings (@modsvc/common/config) and passed down to the recogniser. The names are the
// operator contract: keep them.
import { z } from 'zod';
import { optionalString } from '@modsvc/common/config';

export const settingsSchema = z.object({
  /** Directory of the pocketsphinx en-us model (`en-us/`, `en-us.lm.bin`, `cmudict-en-us.dict`); unset: the Debian package's. */
  POCKETSPHINX_MODEL_DIR: optionalString(),
  /** Directories searched for the pocketsphinx binaries (the process's PATH). */
  PATH: z.string().default(''),
});

export type SpeechSettings = z.infer<typeof settingsSchema>;
