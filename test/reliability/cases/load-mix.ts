// The steady load of the SIGKILL case: small images and a few short videos (with sound, so speech-to-text
// has work), some with a caption (so text-toxicity has work), on both products.
import fs from 'node:fs';
import { makeJpeg, makeMp4, makePng } from '../../helpers/media.ts';
import type { Upload } from '../support/submit.ts';

export interface LoadItem {
  /** Submit path, e.g. `/classify/policy/video`; the job is polled at `${path}/${job_id}`. */
  path: string;
  file: Upload;
  caption: string | null;
}

/** `count` submissions: every 10th a 1 s video with sound, every 3rd with a caption, products alternating. */
export async function loadMix(dir: string, count: number): Promise<LoadItem[]> {
  const video = fs.readFileSync(await makeMp4(dir, { seconds: 1, audio: true }));
  const png = await makePng(96, 72);
  const items: LoadItem[] = [];
  for (let i = 0; i < count; i++) {
    const product = i % 2 === 0 ? 'items-characteristics' : 'policy';
    const caption = i % 3 === 0 ? `reliability load item ${i}` : null;
    if (i % 10 === 5) {
      items.push({ path: `/classify/${product}/video`, file: { data: video, filename: `clip-${i}.mp4`, type: 'video/mp4' }, caption });
    } else if (i % 4 === 3) {
      items.push({ path: `/classify/${product}/image`, file: { data: png, filename: `red-${i}.png`, type: 'image/png' }, caption });
    } else {
      const jpeg = await makeJpeg(128, 96, { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 });
      items.push({ path: `/classify/${product}/image`, file: { data: jpeg, filename: `photo-${i}.jpg`, type: 'image/jpeg' }, caption });
    }
  }
  return items;
}
