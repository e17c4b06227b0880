// The hostile-file corpus: a few hundred bad files derived from valid seeds, each with what a user
// should get from the image and the video endpoint.
import { seededBytes, storedZip } from './binary.ts';
import { gifWithFrame, gifWithScreen, grayPngBomb, jpegDeclaring, pngDeclaring, webpDeclaring } from './bombs.ts';
import { MESSAGES, done, failed, oneOf, refused, type Endpoint, type Expectation } from './expectations.ts';
import { claimingDuration, findBox, overwriteInBox, renameBox, withBoxSize, withEmptySoundTrack, withoutBox } from './mp4-boxes.ts';
import type { Seeds } from './seeds.ts';

export interface HostileFile {
  /** Unique, and says what the file is (`truncated/png@120`). */
  name: string;
  category: string;
  data: Buffer;
  /** The content type the upload claims (the service must believe the bytes, not this). */
  declaredType: string;
  filename: string;
  /** Endpoints the quick form sends it to; the long form sends every file to both. */
  quick: Endpoint[];
  /** What the user should get per endpoint (an endpoint without one is held to the general rule only). */
  expect: Partial<Record<Endpoint, Expectation>>;
}

const BOTH: Endpoint[] = ['image', 'video'];
const UNSUPPORTED = refused(415);
const imageCorrupt = failed(MESSAGES.imageCorrupt);
const imageTooLarge = failed(MESSAGES.imageTooLarge);
const videoCorrupt = failed(MESSAGES.videoCorrupt);

/** Offsets to cut a file at: inside the magic bytes, inside the headers, and throughout the data. */
function cutPoints(length: number): number[] {
  const fixed = [1, 3, 5, 8, 13, 16, 24, 33, 48, 64, 100, 150, 300];
  const fractions = [0.2, 0.35, 0.5, 0.65, 0.8, 0.9, 0.97].map((f) => Math.floor(length * f));
  return [...new Set([...fixed, ...fractions, length - 1])].filter((n) => n > 0 && n < length).sort((a, b) => a - b);
}

/** Bytes a format needs before the sniffer recognises it. */
const MAGIC_BYTES: Record<string, number> = { jpeg: 3, png: 8, gif: 6, animatedGif: 6, webp: 12, mp4: 8, mp4Faststart: 8, webm: 4 };

function truncatedImages(seeds: Seeds): HostileFile[] {
  const out: HostileFile[] = [];
  for (const [seed, type] of [
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['gif', 'image/gif'],
    ['animatedGif', 'image/gif'],
    ['webp', 'image/webp'],
  ] as const) {
    const whole = seeds[seed];
    const isGif = type === 'image/gif';
    for (const at of cutPoints(whole.length)) {
      const sniffable = at >= (MAGIC_BYTES[seed] as number);
      // A GIF cut after a complete frame still shows that frame (as browsers do), and a PNG cut inside
      // its closing IEND chunk has all its pixels: analysing them is as right as refusing.
      const stillPicture = isGif || (seed === 'png' && at >= whole.length - 12);
      out.push({
        name: `truncated/${seed}@${at}`,
        category: 'truncated image',
        data: whole.subarray(0, at),
        declaredType: type,
        filename: `cut.${type.slice(6)}`,
        quick: isGif ? BOTH : ['image'],
        expect: {
          image: !sniffable ? UNSUPPORTED : stillPicture ? oneOf(imageCorrupt, done) : imageCorrupt,
          // A GIF is a video too (ffmpeg decodes it there); the other image formats are not.
          video: isGif && sniffable ? oneOf(videoCorrupt, done) : UNSUPPORTED,
        },
      });
    }
  }
  return out;
}

function truncatedVideos(seeds: Seeds): HostileFile[] {
  const out: HostileFile[] = [];
  for (const [seed, type] of [
    ['mp4', 'video/mp4'],
    ['mp4Faststart', 'video/mp4'],
    ['webm', 'video/webm'],
  ] as const) {
    const whole = seeds[seed];
    // An MP4 cut before `moov` has no index, so nothing can be decoded. Cut inside `moov`, ffmpeg may
    // still read enough of it; cut after it, the frames before the cut decode. WebM needs no index.
    const moovStart = seed === 'webm' ? 0 : findBox(whole, 'moov').start;
    for (const at of cutPoints(whole.length)) {
      const sniffable = at >= (MAGIC_BYTES[seed] as number);
      out.push({
        name: `truncated/${seed}@${at}`,
        category: 'truncated video',
        data: whole.subarray(0, at),
        declaredType: type,
        filename: `cut.${seed === 'webm' ? 'webm' : 'mp4'}`,
        quick: ['video'],
        expect: { image: UNSUPPORTED, video: !sniffable ? UNSUPPORTED : at < moovStart ? videoCorrupt : oneOf(videoCorrupt, done) },
      });
    }
  }
  return out;
}

function polyglots(seeds: Seeds): HostileFile[] {
  const zip = storedZip('index.html', seeds.html);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  const make = (name: string, data: Buffer, declaredType: string, expect: HostileFile['expect']): HostileFile => ({ name: `polyglot/${name}`, category: 'polyglot', data, declaredType, filename: name, quick: BOTH, expect });
  return [
    make('jpeg+zip', Buffer.concat([seeds.jpeg, zip]), 'image/jpeg', { image: done, video: UNSUPPORTED }),
    make('zip+jpeg', Buffer.concat([zip, seeds.jpeg]), 'image/jpeg', { image: UNSUPPORTED, video: UNSUPPORTED }),
    make('png+html', Buffer.concat([seeds.png, seeds.html]), 'image/png', { image: done, video: UNSUPPORTED }),
    make('html+png', Buffer.concat([seeds.html, seeds.png]), 'text/html', { image: UNSUPPORTED, video: UNSUPPORTED }),
    make('gif+zip', Buffer.concat([seeds.gif, zip]), 'image/gif', { image: done, video: done }),
    make('mp4+zip', Buffer.concat([seeds.mp4Faststart, zip]), 'video/mp4', { image: UNSUPPORTED, video: done }),
    make('png+mp4', Buffer.concat([seeds.png, seeds.mp4]), 'image/png', { image: done, video: UNSUPPORTED }),
    make('pdf+jpeg', Buffer.concat([pdf, seeds.jpeg]), 'application/pdf', { image: UNSUPPORTED, video: UNSUPPORTED }),
    make('jpeg-with-html-comment', Buffer.concat([seeds.jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe, 0x00, seeds.html.length + 2]), seeds.html, seeds.jpeg.subarray(2)]), 'image/jpeg', { image: done, video: UNSUPPORTED }),
  ];
}

async function bombs(seeds: Seeds): Promise<HostileFile[]> {
  const make = (name: string, data: Buffer, declaredType: string, expect: HostileFile['expect'], quick: Endpoint[] = ['image']): HostileFile => ({ name: `bomb/${name}`, category: 'decompression bomb', data, declaredType, filename: name, quick, expect });
  // libvips decodes a GIF frame at its own size inside the declared canvas, so a GIF may also be analysed.
  const gifBomb = oneOf(imageTooLarge, imageCorrupt, done);
  const gifVideoBomb = oneOf(failed(MESSAGES.videoTooLarge), videoCorrupt);
  return [
    make('png-declares-100000x100000', pngDeclaring(100_000, 100_000), 'image/png', { image: imageTooLarge, video: UNSUPPORTED }),
    make('png-declares-2^31x2^31', pngDeclaring(2 ** 31 - 1, 2 ** 31 - 1), 'image/png', { image: oneOf(imageTooLarge, imageCorrupt), video: UNSUPPORTED }),
    make('png-8000x8000-black', await grayPngBomb(8000), 'image/png', { image: imageTooLarge, video: UNSUPPORTED }),
    make('gif-screen-65535x65535', gifWithScreen(seeds.gif, 65_535, 65_535), 'image/gif', { image: gifBomb, video: gifVideoBomb }, BOTH),
    make('gif-screen-16000x16000', gifWithScreen(seeds.gif, 16_000, 16_000), 'image/gif', { image: gifBomb, video: gifVideoBomb }, BOTH),
    make('gif-frame-65535x65535', gifWithFrame(seeds.gif, 65_535, 65_535), 'image/gif', { image: gifBomb, video: oneOf(gifVideoBomb, done) }, BOTH),
    make('jpeg-declares-65500x65500', jpegDeclaring(seeds.jpeg, 65_500, 65_500), 'image/jpeg', { image: imageTooLarge, video: UNSUPPORTED }),
    make('webp-declares-16383x16383', webpDeclaring(seeds.webp, 16_383, 16_383), 'image/webp', { image: oneOf(imageTooLarge, imageCorrupt), video: UNSUPPORTED }),
  ];
}

async function absurdDimensions(): Promise<HostileFile[]> {
  const { default: sharp } = await import('sharp');
  const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
  const make = (name: string, data: Buffer, expect: HostileFile['expect']): HostileFile => ({ name: `dimensions/${name}`, category: 'absurd dimensions', data, declaredType: 'image/png', filename: `${name}.png`, quick: ['image'], expect });
  return [
    make('1x100000', await solid(1, 100_000), { image: done, video: UNSUPPORTED }),
    make('100000x1', await solid(100_000, 1), { image: done, video: UNSUPPORTED }),
    make('1x1', await solid(1, 1), { image: done, video: UNSUPPORTED }),
    make('declares-0x240', pngDeclaring(0, 240), { image: imageCorrupt, video: UNSUPPORTED }),
    make('declares-320x0', pngDeclaring(320, 0), { image: imageCorrupt, video: UNSUPPORTED }),
  ];
}

function corruptAtoms(seeds: Seeds): HostileFile[] {
  const make = (name: string, data: Buffer, video: Expectation): HostileFile => ({ name: `mp4-atoms/${name}`, category: 'corrupt MP4 atoms', data, declaredType: 'video/mp4', filename: `${name}.mp4`, quick: ['video'], expect: { image: UNSUPPORTED, video } });
  const fast = seeds.mp4Faststart;
  const mdat = findBox(fast, 'mdat');
  // ffmpeg recovers some damage (it finds a renamed or mis-sized `moov` by scanning, reads samples by
  // offset); then analysing the frames is right. Where nothing is recoverable the message must say so.
  const recoverable = oneOf(videoCorrupt, done);
  return [
    make('moov-overwritten-ff', overwriteInBox(fast, 'moov', 0, 400, 0xff), videoCorrupt),
    make('moov-zeroed', overwriteInBox(seeds.mp4, 'moov', 0, 1_000_000, 0x00), videoCorrupt),
    make('moov-renamed-free', renameBox(fast, 'moov', 'free'), recoverable),
    make('moov-size-4GiB', withBoxSize(fast, 'moov', 0xffffffff), recoverable),
    make('moov-size-8', withBoxSize(seeds.mp4, 'moov', 8), recoverable),
    make('moov-cut-in-half', seeds.mp4.subarray(0, findBox(seeds.mp4, 'moov').start + Math.floor(findBox(seeds.mp4, 'moov').size / 2)), recoverable),
    make('trak-renamed-free', renameBox(fast, 'trak', 'free'), videoCorrupt),
    make('stsd-overwritten', overwriteInBox(fast, 'stsd', 8, 64, 0xee), videoCorrupt),
    make('stco-past-eof', overwriteInBox(fast, 'stco', 8, 4, 0x7f), videoCorrupt),
    make('mdat-missing', fast.subarray(0, mdat.start), videoCorrupt),
    make('mdat-removed-moov-kept', withoutBox(seeds.mp4, 'mdat'), videoCorrupt),
    make('mdat-renamed-skip', renameBox(fast, 'mdat', 'skip'), recoverable),
    make('mdat-zeroed', overwriteInBox(fast, 'mdat', 0, mdat.size, 0x00), videoCorrupt),
    make('ftyp-only', fast.subarray(0, findBox(fast, 'ftyp').size), videoCorrupt),
  ];
}

function lyingHeaders(seeds: Seeds): HostileFile[] {
  const make = (name: string, data: Buffer, video: Expectation): HostileFile => ({ name: `claims/${name}`, category: 'header claims', data, declaredType: 'video/mp4', filename: `${name}.mp4`, quick: ['video'], expect: { image: UNSUPPORTED, video } });
  return [
    make('mp4-claims-4-hours', claimingDuration(seeds.mp4Faststart, 4 * 3600), done),
    make('mp4-claims-longest-duration', claimingDuration(seeds.mp4Faststart, Number.MAX_SAFE_INTEGER), done),
  ];
}

function soundTracks(seeds: Seeds): HostileFile[] {
  const make = (name: string, data: Buffer, declaredType: string, video: Expectation): HostileFile => ({ name: `audio/${name}`, category: 'audio tracks', data, declaredType, filename: name, quick: BOTH, expect: { image: UNSUPPORTED, video } });
  return [
    make('mp4-with-empty-sound-track', withEmptySoundTrack(seeds.mp4), 'video/mp4', done),
    make('mp4-sound-only', seeds.soundOnlyMp4, 'video/mp4', failed(MESSAGES.videoWithoutPicture)),
    make('wav', seeds.wav, 'video/mp4', UNSUPPORTED),
    make('wav-header-only', seeds.wavHeaderOnly, 'video/mp4', UNSUPPORTED),
    make('wav-zero-length-as-audio', seeds.wavHeaderOnly, 'audio/wav', UNSUPPORTED),
  ];
}

function lyingContentTypes(seeds: Seeds): HostileFile[] {
  const make = (name: string, data: Buffer, declaredType: string, expect: HostileFile['expect']): HostileFile => ({ name: `content-type/${name}`, category: 'lying content type', data, declaredType, filename: name, quick: BOTH, expect });
  return [
    make('png-sent-as-video-mp4', seeds.png, 'video/mp4', { image: done, video: UNSUPPORTED }),
    make('mp4-sent-as-image-png', seeds.mp4, 'image/png', { image: UNSUPPORTED, video: done }),
    make('jpeg-sent-as-image-gif', seeds.jpeg, 'image/gif', { image: done, video: UNSUPPORTED }),
    make('gif-sent-as-video-mp4', seeds.animatedGif, 'video/mp4', { image: done, video: done }),
    make('webm-sent-as-image-jpeg', seeds.webm, 'image/jpeg', { image: UNSUPPORTED, video: done }),
    make('html-sent-as-image-png', seeds.html, 'image/png', { image: UNSUPPORTED, video: UNSUPPORTED }),
  ];
}

function emptyFiles(): HostileFile[] {
  return ['image/jpeg', 'video/mp4', 'application/octet-stream'].map((type) => ({
    name: `empty/${type}`,
    category: 'empty file',
    data: Buffer.alloc(0),
    declaredType: type,
    filename: 'empty',
    quick: BOTH,
    expect: { image: refused(422), video: refused(422) },
  }));
}

function randomBytes(): HostileFile[] {
  const out: HostileFile[] = [];
  const sizes = [1, 2, 7, 64, 500, 4096, 20_000, 100_000];
  for (const [i, size] of sizes.entries()) {
    out.push({ name: `random/${size}B`, category: 'random bytes', data: seededBytes(1000 + i, size), declaredType: 'image/jpeg', filename: 'noise.jpg', quick: BOTH, expect: { image: UNSUPPORTED, video: UNSUPPORTED } });
  }
  // Random bytes behind a real signature pass the sniffer and reach the decoders.
  const signatures: [string, Buffer, string, Partial<Record<Endpoint, Expectation>>][] = [
    ['jpeg', Buffer.from('ffd8ffe000104a464946000101', 'hex'), 'image/jpeg', { image: imageCorrupt, video: UNSUPPORTED }],
    ['png', Buffer.from('89504e470d0a1a0a', 'hex'), 'image/png', { image: imageCorrupt, video: UNSUPPORTED }],
    // Random bytes after GIF89a declare a random canvas, which may be over the pixel limit.
    ['gif', Buffer.from('GIF89a', 'latin1'), 'image/gif', { image: imageCorrupt, video: oneOf(videoCorrupt, failed(MESSAGES.videoTooLarge)) }],
    ['webp', Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from([0xff, 0xff, 0, 0]), Buffer.from('WEBPVP8 ', 'latin1')]), 'image/webp', { image: imageCorrupt, video: UNSUPPORTED }],
    ['mp4', Buffer.concat([Buffer.from('0000001866747970', 'hex'), Buffer.from('isom', 'latin1'), Buffer.alloc(4), Buffer.from('isomiso2', 'latin1')]), 'video/mp4', { image: UNSUPPORTED, video: videoCorrupt }],
    ['webm', Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d', 'hex'), 'video/webm', { image: UNSUPPORTED, video: videoCorrupt }],
  ];
  for (const [j, [format, signature, type, expect]] of signatures.entries()) {
    for (const [k, size] of [200, 3000, 50_000].entries()) {
      out.push({
        name: `random/${format}-signature+${size}B`,
        category: 'random bytes behind a signature',
        data: Buffer.concat([signature, seededBytes(2000 + 10 * j + k, size)]),
        declaredType: type,
        filename: `noise.${format}`,
        quick: type.startsWith('image/gif') ? BOTH : [type.startsWith('image/') ? 'image' : 'video'],
        expect,
      });
    }
  }
  return out;
}

export async function buildCorpus(seeds: Seeds): Promise<HostileFile[]> {
  const files = [
    ...truncatedImages(seeds),
    ...truncatedVideos(seeds),
    ...polyglots(seeds),
    ...(await bombs(seeds)),
    ...(await absurdDimensions()),
    ...corruptAtoms(seeds),
    ...lyingHeaders(seeds),
    ...soundTracks(seeds),
    ...lyingContentTypes(seeds),
    ...emptyFiles(),
    ...randomBytes(),
  ];
  const names = new Set(files.map((f) => f.name));
  if (names.size !== files.length) throw new Error('corpus file names must be unique');
  return files;
}
