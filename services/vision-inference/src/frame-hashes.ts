// PDQ of every analysed frame, with its rotations and mirrors, for matching against hash banks.
import { DIHEDRAL_VARIANTS, hashImageDihedral } from '@modsvc/pdq';
import type { FrameInput } from '@modsvc/common/contracts';
import type { FrameHashes, HashesPart } from '@modsvc/common/jobs';
import type { Logger } from '@modsvc/common/logger';

export async function hashFrames(frames: FrameInput[], log: Logger): Promise<HashesPart> {
  const hashed: FrameHashes[] = [];
  for (const frame of frames) {
    try {
      const { quality, variants } = await hashImageDihedral(frame.data);
      hashed.push({ timestamp: frame.timestamp, quality, variants: DIHEDRAL_VARIANTS.map((v) => variants[v].hex) });
    } catch (err) {
      // A frame the decoder refuses fails the vision analysis with a clear message; no hash is no match.
      log.warn({ err: (err as Error).message, timestamp: frame.timestamp }, 'frame could not be hashed');
    }
  }
  return { frames: hashed };
}
