import type { MediaKind } from '@modsvc/common/jobs';
import type { Config } from '@modsvc/common/config';
import { IMAGE_MIME_TYPES, VIDEO_MIME_TYPES } from '@modsvc/common/sniff';

export function maxBytesFor(media: MediaKind, config: Config): number {
  return media === 'image' ? config.MAX_IMAGE_BYTES : config.MAX_VIDEO_BYTES;
}

export function acceptedTypes(media: MediaKind): readonly string[] {
  return media === 'image' ? IMAGE_MIME_TYPES : VIDEO_MIME_TYPES;
}

export function describeAccepted(media: MediaKind): string {
  return media === 'image' ? 'JPEG, PNG, WebP or GIF' : 'MP4, MPEG, WebM, MOV, MKV, M4V or GIF';
}

export function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)} MB` : `${Math.round(n / 1024)} KB`;
}
