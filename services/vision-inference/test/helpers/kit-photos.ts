// The data kit's real photographs (`real*` files) for tests that compare runtimes on real inputs;
// found beside the repository (../shared/data/images), none when the kit is not there.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const KIT_IMAGES = path.resolve(import.meta.dirname, '../../../../../shared/data/images');

/** The first `n` real photographs (name order) of each class folder, or [] without the kit. */
export function kitPhotos(folders: Record<string, number>): string[] {
  if (!existsSync(KIT_IMAGES)) return [];
  return Object.entries(folders).flatMap(([dir, n]) =>
    readdirSync(path.join(KIT_IMAGES, dir))
      .filter((f) => /^real.*\.jpe?g$/i.test(f))
      .sort()
      .slice(0, n)
      .map((f) => path.join(KIT_IMAGES, dir, f)),
  );
}
