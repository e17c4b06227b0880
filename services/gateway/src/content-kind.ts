// Which classification (image or video) content sent to POST /v1/moderate gets when the caller does not
// say: an upload by its bytes, a URL by its file extension (image when it has none we know).
import fs from 'node:fs';
import type { MediaKind } from '@modsvc/common/jobs';
import { SNIFF_BYTES, sniffMedia } from '@modsvc/common/sniff';

const VIDEO_EXTENSIONS = new Set(['mp4', 'm4v', 'mov', 'qt', 'webm', 'mkv', 'mpeg', 'mpg', 'mpe', 'ts', 'avi', '3gp', '3g2', 'flv', 'wmv']);

/** An upload's kind by its first bytes; image when they are not a video (ingest refuses what is neither). */
export async function uploadKind(file: string): Promise<MediaKind> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return sniffMedia(head.subarray(0, bytesRead)).kind === 'video' ? 'video' : 'image';
  } finally {
    await handle.close();
  }
}

/** A URL's kind by the extension of its path (query and fragment ignored). */
export function urlKind(url: string): MediaKind {
  const { pathname } = new URL(url);
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(pathname)?.[1]?.toLowerCase();
  return ext && VIDEO_EXTENSIONS.has(ext) ? 'video' : 'image';
}
