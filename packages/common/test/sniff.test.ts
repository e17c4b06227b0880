import { describe, expect, it } from 'vitest';
import { IMAGE_MIME_TYPES, UNKNOWN, VIDEO_MIME_TYPES, looksLikeText, sniffMedia } from '../src/sniff.ts';

const hex = (h: string): Buffer => Buffer.from(h.replace(/\s+/g, ''), 'hex');
const pad = (b: Buffer, n = 64): Buffer => Buffer.concat([b, Buffer.alloc(Math.max(0, n - b.length), 0x11)]);

// First 48 bytes of files written by ffmpeg (testsrc, 32x32), so the fixtures are real headers.
const REAL = {
  mkv: '1a45dfa301000000000000234286810142f7810142f2810442f381084282886d6174726f736b61428781044285810218',
  webm: '1a45dfa3010000000000001f4286810142f7810142f2810442f381084282847765626d42878102428581021853806701',
  mp4: '000000206674797069736f6d0000020069736f6d69736f32617663316d7034310000000866726565000004e96d646174',
  mov: '00000014667479707174202000000200717420200000000877696465000004e96d646174000002ac0605ffffa8dc45e9',
  m4v: '0000001c667479704d3456200000020069736f6d69736f32617663310000000866726565000004e96d646174000002ac',
  avi: '52494646fa1b0000415649204c495354381200006864726c6176696838000000400d0300a86100000000000010090000',
  webp: '52494646d402000057454250565038580a000000020000001f00001f0000414e494d06000000ffffffff0100414e4d46',
  mpg: '000001ba2100010001c33367000001bb0009c333670021ffe0e0e6000001e006623100037bb11100035f91000001b302',
  jpg: 'ffd8ffe000104a46494600010100000100010000fffe001a',
  png: '89504e470d0a1a0a0000000d494844520000002000000020',
  gif: '47494638396120002000f71f310000002400004800006c00',
  bmp: '424d360c0000000000003600000028000000200000002000',
  tiff: '49492a00280a0000f50009ff0000ff0000ff0000fffe0015',
};

function ftyp(brand: string): Buffer {
  return pad(Buffer.concat([hex('00000018'), Buffer.from('ftyp'), Buffer.from(brand, 'latin1'), hex('00000000'), Buffer.from('isom')]));
}

function tsPackets(n: number, size = 188, prefix = 0): Buffer {
  const b = Buffer.alloc(n * size, 0xff);
  for (let i = 0; i < n; i++) b[i * size + prefix] = 0x47;
  return b;
}

describe('sniffMedia', () => {
  it.each([
    ['jpg', 'image/jpeg', 'image', 'jpg'],
    ['png', 'image/png', 'image', 'png'],
    ['gif', 'image/gif', 'image', 'gif'],
    ['webp', 'image/webp', 'image', 'webp'],
    ['bmp', 'image/bmp', 'image', 'bmp'],
    ['tiff', 'image/tiff', 'image', 'tiff'],
    ['mp4', 'video/mp4', 'video', 'mp4'],
    ['mov', 'video/quicktime', 'video', 'mov'],
    ['m4v', 'video/x-m4v', 'video', 'm4v'],
    ['webm', 'video/webm', 'video', 'webm'],
    ['mkv', 'video/x-matroska', 'video', 'mkv'],
    ['mpg', 'video/mpeg', 'video', 'mpg'],
    ['avi', 'video/x-msvideo', 'video', 'avi'],
  ] as const)('recognises a real %s header', (name, mime, kind, ext) => {
    expect(sniffMedia(hex(REAL[name]))).toEqual({ mime, kind, ext });
  });

  it('recognises GIF87a and big-endian TIFF', () => {
    expect(sniffMedia(pad(Buffer.from('GIF87a'))).mime).toBe('image/gif');
    expect(sniffMedia(pad(hex('4d4d002a'))).mime).toBe('image/tiff');
  });

  it.each([
    ['isom', 'video/mp4'],
    ['mp42', 'video/mp4'],
    ['avc1', 'video/mp4'],
    ['dash', 'video/mp4'],
    ['qt  ', 'video/quicktime'],
    ['M4V ', 'video/x-m4v'],
    ['M4VP', 'video/x-m4v'],
    ['3gp4', 'video/3gpp'],
    ['M4A ', 'audio/mp4'],
    ['heic', 'image/heic'],
    ['avif', 'image/avif'],
    ['mif1', 'image/heif'],
  ])('maps ftyp brand "%s" to %s', (brand, mime) => {
    expect(sniffMedia(ftyp(brand)).mime).toBe(mime);
  });

  it('recognises QuickTime files that start with a moov or wide atom', () => {
    expect(sniffMedia(pad(Buffer.concat([hex('00000100'), Buffer.from('moov')]))).mime).toBe('video/quicktime');
    expect(sniffMedia(pad(Buffer.concat([hex('00000008'), Buffer.from('wide'), hex('00001000'), Buffer.from('mdat')]))).mime).toBe(
      'video/quicktime',
    );
  });

  it('defaults EBML without a visible DocType to Matroska', () => {
    expect(sniffMedia(pad(hex('1a45dfa3')))).toEqual({ mime: 'video/x-matroska', kind: 'video', ext: 'mkv' });
  });

  it('recognises MPEG elementary video (sequence header)', () => {
    expect(sniffMedia(pad(hex('000001b302002013')))).toMatchObject({ mime: 'video/mpeg', kind: 'video' });
  });

  it('recognises MPEG-TS by the sync byte every 188 bytes, and M2TS every 192', () => {
    expect(sniffMedia(tsPackets(5))).toEqual({ mime: 'video/mpeg', kind: 'video', ext: 'ts' });
    expect(sniffMedia(tsPackets(2).subarray(0, 189))).toMatchObject({ ext: 'ts' });
    expect(sniffMedia(tsPackets(4, 192, 4))).toEqual({ mime: 'video/mpeg', kind: 'video', ext: 'm2ts' });
  });

  it('does not call a lone 0x47 or a broken packet train MPEG-TS', () => {
    expect(sniffMedia(Buffer.from('GET / HTTP/1.1\r\n')).kind).toBe('unknown');
    const broken = tsPackets(5);
    broken[188 * 3] = 0x00;
    expect(sniffMedia(broken).kind).toBe('unknown');
    expect(sniffMedia(tsPackets(1)).kind).toBe('unknown');
  });

  it('names common non-media types with kind unknown', () => {
    expect(sniffMedia(pad(Buffer.from('%PDF-1.7\n')))).toEqual({ mime: 'application/pdf', kind: 'unknown', ext: 'pdf' });
    expect(sniffMedia(pad(hex('504b0304'))).mime).toBe('application/zip');
    expect(sniffMedia(pad(Buffer.from('ID3\x03'))).mime).toBe('audio/mpeg');
    expect(sniffMedia(pad(Buffer.concat([Buffer.from('RIFF'), hex('24000000'), Buffer.from('WAVE')]))).mime).toBe('audio/wav');
  });

  it('returns UNKNOWN for empty, short or unrecognised input', () => {
    expect(sniffMedia(Buffer.alloc(0))).toEqual(UNKNOWN);
    expect(sniffMedia(hex('ffd8'))).toEqual(UNKNOWN);
    expect(sniffMedia(Buffer.from('<!doctype html><html>'))).toEqual(UNKNOWN);
    expect(sniffMedia(pad(Buffer.concat([Buffer.from('RIFF'), hex('24000000'), Buffer.from('XXXX')])))).toEqual(UNKNOWN);
    expect(UNKNOWN.mime).toBe('application/octet-stream');
  });
});

describe('accepted type lists', () => {
  it('images: jpeg, png, webp, gif', () => {
    expect([...IMAGE_MIME_TYPES].sort()).toEqual(['image/gif', 'image/jpeg', 'image/png', 'image/webp']);
  });

  it('videos: mp4, mpeg, webm, quicktime, matroska, m4v and gif', () => {
    expect([...VIDEO_MIME_TYPES].sort()).toEqual(
      ['image/gif', 'video/mp4', 'video/mpeg', 'video/quicktime', 'video/webm', 'video/x-m4v', 'video/x-matroska'].sort(),
    );
  });

  it('every accepted type is something sniffMedia can return', () => {
    const produced = new Set(Object.values(REAL).map((h) => sniffMedia(hex(h)).mime));
    for (const t of [...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES]) expect(produced.has(t), t).toBe(true);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(IMAGE_MIME_TYPES)).toBe(true);
    expect(Object.isFrozen(VIDEO_MIME_TYPES)).toBe(true);
  });
});

describe('looksLikeText', () => {
  it('accepts ASCII, UTF-8 (also cut mid-character) and UTF-16 with BOM', () => {
    expect(looksLikeText(Buffer.from('<!DOCTYPE html>\n<html><body>Not found</body></html>'))).toBe(true);
    expect(looksLikeText(Buffer.from('{"error":"forbidden"}'))).toBe(true);
    const utf8 = Buffer.from('Grüße, 日本語のテキスト');
    expect(looksLikeText(utf8)).toBe(true);
    expect(looksLikeText(utf8.subarray(0, utf8.length - 1))).toBe(true); // last character cut
    expect(looksLikeText(hex('fffe3c00680074006d006c00'))).toBe(true);
  });

  it('rejects binary media, NUL bytes, invalid UTF-8 and empty input', () => {
    for (const h of Object.values(REAL)) expect(looksLikeText(hex(h)), h).toBe(false);
    expect(looksLikeText(Buffer.from('abc\0def'))).toBe(false);
    expect(looksLikeText(hex('c328a0a1'))).toBe(false);
    expect(looksLikeText(Buffer.alloc(0))).toBe(false);
    expect(looksLikeText(Buffer.from('\x01\x02\x03\x04 mostly control'))).toBe(false);
  });
});
