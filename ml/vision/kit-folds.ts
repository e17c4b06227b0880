// Folds of the image kit by source repository: every photograph (`real*`) of one repository falls
// in the same fold, so out-of-fold scores are held-back scores; other images fold one by one.
import { createHash } from 'node:crypto';
import path from 'node:path';

export const KIT_FOLDS = 5;

/** A photograph's source repository (`real3_alemagun` of `real3_alemagun_3.jpg`); other images stand alone. */
export function sourceRepository(file: string): string {
  const base = path.basename(file);
  return base.startsWith('real') ? base.split('_').slice(0, 2).join('_') : file;
}

export function kitFold(file: string): number {
  return createHash('sha256').update(sourceRepository(file)).digest().readUInt32BE(0) % KIT_FOLDS;
}
