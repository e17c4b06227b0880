// What a failed job's `msg` may and may not say: the problem in the caller's words, never a decoder's.

/** How every media or fetch failure starts (docs/api.md). */
export const USER_FAILURE_PREFIX = /^(Failed to decode (image|video)\.|Could not fetch url)/;

/** Words from libvips, ffmpeg and the OS that mean nothing to a caller. */
export const DECODER_JARGON =
  /vips|_buffer|pngload|jpegload|gifload|webpload|heifload|spng|libpng|libjpeg|ffmpeg|ffprobe|libav|avformat|avcodec|\bmoov\b|\bmdat\b|\batom\b|Invalid data found|NAL unit|@ 0x|0x[0-9a-f]{3,}|Command failed|\bstream \d|errno|ENOENT|EPIPE|\bat \S+:\d+:\d+/i;

/** Why `msg` is not in the caller's words, or null when it is. */
export function jargonIn(msg: string): string | null {
  if (!USER_FAILURE_PREFIX.test(msg)) return `does not start like a media or fetch failure: ${JSON.stringify(msg)}`;
  const hit = DECODER_JARGON.exec(msg);
  return hit ? `names internals ("${hit[0]}"): ${JSON.stringify(msg)}` : null;
}
