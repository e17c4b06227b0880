// The ffmpeg that tests and benchmarks use to make media: the system's when installed, else npm's.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function findFfmpeg(): string {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && fs.existsSync(`${dir}/ffmpeg`)) return `${dir}/ffmpeg`;
  }
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export const FFMPEG = findFfmpeg();
