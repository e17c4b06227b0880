// Content sniffing from magic bytes. Declared content types and file names are never trusted: the
// bytes decide what a file is. Pass at least SNIFF_BYTES from the start of the file (fewer works for
// most formats; MPEG-TS needs a few packets, Matroska's DocType can sit a little way in).

export type SniffKind = 'image' | 'video' | 'unknown';

export interface SniffResult {
  mime: string;
  kind: SniffKind;
  /** Usual file extension, without the dot. Empty when unknown. */
  ext: string;
}

/** How many leading bytes sniffMedia can use. */
export const SNIFF_BYTES = 4100;

/** Image types the service accepts. */
export const IMAGE_MIME_TYPES: readonly string[] = Object.freeze(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/** Video types the service accepts. GIF is accepted as a video too (animated GIF). */
export const VIDEO_MIME_TYPES: readonly string[] = Object.freeze([
  'video/mp4',
  'video/mpeg',
  'video/webm',
  'video/quicktime',
  'video/x-matroska',
  'image/gif',
  'video/x-m4v',
]);

export const UNKNOWN: SniffResult = Object.freeze({ mime: 'application/octet-stream', kind: 'unknown', ext: '' });

const r = (mime: string, kind: SniffKind, ext: string): SniffResult => ({ mime, kind, ext });

function startsWith(buf: Buffer, bytes: readonly number[], offset = 0): boolean {
  if (buf.length < offset + bytes.length) return false;
  for (let i = 0; i < bytes.length; i++) if (buf[offset + i] !== bytes[i]) return false;
  return true;
}

function ascii(buf: Buffer, start: number, end: number): string {
  if (buf.length < end) return '';
  return buf.toString('latin1', start, end);
}

const ISO_IMAGE_BRANDS: Record<string, SniffResult> = {
  avif: r('image/avif', 'image', 'avif'),
  avis: r('image/avif', 'image', 'avif'),
  heic: r('image/heic', 'image', 'heic'),
  heix: r('image/heic', 'image', 'heic'),
  heim: r('image/heic', 'image', 'heic'),
  heis: r('image/heic', 'image', 'heic'),
  hevc: r('image/heic-sequence', 'image', 'heic'),
  hevx: r('image/heic-sequence', 'image', 'heic'),
  mif1: r('image/heif', 'image', 'heif'),
  msf1: r('image/heif-sequence', 'image', 'heif'),
};

/** ISO base media file (MP4 family): `....ftyp<major brand>`. */
function sniffFtyp(head: Buffer): SniffResult | null {
  if (ascii(head, 4, 8) !== 'ftyp') return null;
  const major = ascii(head, 8, 12);
  const image = ISO_IMAGE_BRANDS[major];
  if (image) return image;
  if (major === 'qt  ') return r('video/quicktime', 'video', 'mov');
  if (major.startsWith('M4V')) return r('video/x-m4v', 'video', 'm4v');
  if (major === 'M4A ' || major === 'M4B ' || major === 'M4P ') return r('audio/mp4', 'unknown', 'm4a');
  if (major.startsWith('3gp') || major.startsWith('3g2')) return r('video/3gpp', 'video', '3gp');
  if (major === 'crx ') return r('image/x-canon-cr3', 'image', 'cr3');
  // isom, iso2..iso9, mp41, mp42, avc1, dash, mmp4, MSNV, f4v, and others: MPEG-4 video.
  return r('video/mp4', 'video', 'mp4');
}

/** QuickTime files from before `ftyp` start directly with a movie atom. */
function sniffOldQuickTime(head: Buffer): SniffResult | null {
  const type = ascii(head, 4, 8);
  if (type === 'moov' || type === 'pnot') return r('video/quicktime', 'video', 'mov');
  if (type === 'wide' && head.readUInt32BE(0) === 8) {
    const next = ascii(head, 12, 16);
    if (next === 'mdat' || next === 'moov') return r('video/quicktime', 'video', 'mov');
  }
  return null;
}

/** Reads an EBML variable-length integer (size field). */
function readVint(buf: Buffer, pos: number): { value: number; length: number } | null {
  const first = buf[pos];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && (first & (0x80 >> (length - 1))) === 0) length++;
  if (length > 8 || pos + length > buf.length) return null;
  let value = first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + (buf[pos + i] as number);
  return { value, length };
}

/** EBML (Matroska / WebM): the DocType element (0x4282) names which. */
function sniffEbml(head: Buffer): SniffResult | null {
  if (!startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return null;
  const limit = Math.min(head.length - 2, 4096);
  for (let i = 4; i < limit; i++) {
    if (head[i] !== 0x42 || head[i + 1] !== 0x82) continue;
    const size = readVint(head, i + 2);
    if (!size || size.value > 32) continue;
    const start = i + 2 + size.length;
    const docType = ascii(head, start, start + size.value).replace(/\0+$/, '');
    if (docType === 'webm') return r('video/webm', 'video', 'webm');
    if (docType === 'matroska') return r('video/x-matroska', 'video', 'mkv');
  }
  // DocType not visible: Matroska is the general container, WebM a subset of it.
  return r('video/x-matroska', 'video', 'mkv');
}

/** MPEG transport stream: a 0x47 sync byte every 188 bytes (192 for M2TS with a timestamp prefix). */
function sniffMpegTs(head: Buffer): SniffResult | null {
  for (const [packet, offset] of [
    [188, 0],
    [192, 4],
  ] as const) {
    const packets = Math.floor((head.length - offset) / packet);
    if (packets < 1) continue;
    let ok = true;
    const check = Math.min(packets + (head.length - offset - packets * packet > 0 ? 1 : 0), 8);
    for (let p = 0; p < check; p++) {
      if (head[offset + p * packet] !== 0x47) {
        ok = false;
        break;
      }
    }
    // A single 0x47 proves nothing: require at least two sync bytes.
    if (ok && check >= 2) return r('video/mpeg', 'video', packet === 188 ? 'ts' : 'm2ts');
  }
  return null;
}

/**
 * Identifies the media type from the first bytes of a file. Returns UNKNOWN (kind 'unknown',
 * mime application/octet-stream) for anything not recognised. Some non-media types (PDF, ZIP, audio)
 * are named so error messages can say what was sent instead.
 */
export function sniffMedia(head: Buffer): SniffResult {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return r('image/jpeg', 'image', 'jpg');
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return r('image/png', 'image', 'png');
  const six = ascii(head, 0, 6);
  if (six === 'GIF87a' || six === 'GIF89a') return r('image/gif', 'image', 'gif');

  if (ascii(head, 0, 4) === 'RIFF') {
    const form = ascii(head, 8, 12);
    if (form === 'WEBP') return r('image/webp', 'image', 'webp');
    if (form === 'AVI ') return r('video/x-msvideo', 'video', 'avi');
    if (form === 'WAVE') return r('audio/wav', 'unknown', 'wav');
    return UNKNOWN;
  }

  const ftyp = sniffFtyp(head);
  if (ftyp) return ftyp;
  const ebml = sniffEbml(head);
  if (ebml) return ebml;

  if (startsWith(head, [0x00, 0x00, 0x01, 0xba])) return r('video/mpeg', 'video', 'mpg');
  if (startsWith(head, [0x00, 0x00, 0x01, 0xb3])) return r('video/mpeg', 'video', 'mpg');
  const ts = sniffMpegTs(head);
  if (ts) return ts;

  if (ascii(head, 0, 2) === 'BM' && head.length >= 18) {
    const dib = head.readUInt32LE(14);
    if ([12, 16, 40, 52, 56, 64, 108, 124].includes(dib)) return r('image/bmp', 'image', 'bmp');
  }
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) {
    return r('image/tiff', 'image', 'tiff');
  }
  if (ascii(head, 0, 4) === 'FLV\x01') return r('video/x-flv', 'video', 'flv');
  if (startsWith(head, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return r('video/x-ms-asf', 'video', 'wmv');

  const old = sniffOldQuickTime(head);
  if (old) return old;

  if (ascii(head, 0, 5) === '%PDF-') return r('application/pdf', 'unknown', 'pdf');
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return r('application/zip', 'unknown', 'zip');
  if (startsWith(head, [0x1f, 0x8b])) return r('application/gzip', 'unknown', 'gz');
  if (ascii(head, 0, 4) === 'OggS') return r('application/ogg', 'unknown', 'ogg');
  if (ascii(head, 0, 4) === 'fLaC') return r('audio/flac', 'unknown', 'flac');
  if (ascii(head, 0, 3) === 'ID3') return r('audio/mpeg', 'unknown', 'mp3');
  if (startsWith(head, [0x00, 0x00, 0x01, 0x00]) && head.length >= 6 && head.readUInt16LE(4) > 0) {
    return r('image/x-icon', 'image', 'ico');
  }
  return UNKNOWN;
}

/**
 * True when the bytes look like text (UTF-8 or UTF-16 with BOM, no binary control characters):
 * used to tell a caller "you sent an HTML page / a text file" rather than "unknown format".
 */
export function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return false;
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) return true; // UTF-16 BOM
  let buf = head;
  // Drop an incomplete UTF-8 sequence cut off at the end of the sample.
  for (let back = 1; back <= Math.min(3, buf.length); back++) {
    const b = buf[buf.length - back] as number;
    if ((b & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead byte
    if (b >= 0xc0) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      if (need > back) buf = buf.subarray(0, buf.length - back);
    }
    break;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return false;
  }
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return false;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x1b) || c === 0x7f) control++;
  }
  return control <= Math.max(1, text.length / 100);
}
