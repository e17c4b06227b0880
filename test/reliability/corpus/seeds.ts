// Valid files the hostile corpus is derived from, made on the fly (no binary fixtures in the repository).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { FFMPEG } from '../../helpers/ffmpeg.ts';

const run = promisify(execFile);

export interface Seeds {
  jpeg: Buffer;
  png: Buffer;
  gif: Buffer;
  animatedGif: Buffer;
  webp: Buffer;
  /** 2 s H.264 + AAC, `moov` after `mdat` (ffmpeg's default). */
  mp4: Buffer;
  /** 2 s H.264 without sound, `moov` first (faststart). */
  mp4Faststart: Buffer;
  webm: Buffer;
  /** 1 s of AAC sound in an MP4 (isom brand) with no picture at all. */
  soundOnlyMp4: Buffer;
  /** 0.5 s of 16 kHz mono PCM. */
  wav: Buffer;
  /** A 44-byte WAV header that announces no samples. */
  wavHeaderOnly: Buffer;
  html: Buffer;
}

/** A picture with some detail, so compressed data spans many bytes (truncation lands inside it). */
function detailedSvg(width: number, height: number): Buffer {
  const stripes = Array.from({ length: 12 }, (_, i) => `<rect x="${i * (width / 12)}" width="${width / 24}" height="${height}" fill="hsl(${i * 30},80%,50%)"/>`).join('');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#204060"/>${stripes}<circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#f5d142"/></svg>`);
}

async function animatedGif(frames: number, delayMs: number): Promise<Buffer> {
  const pages = await Promise.all(Array.from({ length: frames }, (_, i) => sharp({ create: { width: 48, height: 36, channels: 3, background: { r: 60 * i, g: 90, b: 200 - 50 * i } } }).raw().toBuffer()));
  return sharp(Buffer.concat(pages), { raw: { width: 48, height: 36 * frames, channels: 3, pageHeight: 36 } })
    .gif({ delay: new Array<number>(frames).fill(delayMs), loop: 0 })
    .toBuffer();
}

async function ffmpeg(dir: string, name: string, args: string[]): Promise<Buffer> {
  const file = path.join(dir, name);
  await run(FFMPEG, ['-v', 'error', '-y', ...args, file]);
  return fs.readFileSync(file);
}

function wavHeader(dataBytes: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(16000, 24);
  h.writeUInt32LE(32000, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

export async function makeSeeds(dir: string): Promise<Seeds> {
  const picture = sharp(detailedSvg(320, 240));
  const wavHeaderOnly = wavHeader(0);
  const testsrc = ['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10'];
  return {
    jpeg: await picture.clone().jpeg({ quality: 85 }).toBuffer(),
    png: await picture.clone().png().toBuffer(),
    gif: await picture.clone().resize(64, 48).gif().toBuffer(),
    animatedGif: await animatedGif(3, 100),
    webp: await picture.clone().webp({ quality: 80 }).toBuffer(),
    mp4: await ffmpeg(dir, 'seed.mp4', [...testsrc, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=16000', '-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest']),
    mp4Faststart: await ffmpeg(dir, 'seed-faststart.mp4', [...testsrc, '-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart']),
    webm: await ffmpeg(dir, 'seed.webm', [...testsrc, '-t', '1', '-c:v', 'libvpx', '-b:v', '200k']),
    soundOnlyMp4: await ffmpeg(dir, 'sound-only.mp4', ['-f', 'lavfi', '-i', 'sine=frequency=500:sample_rate=16000', '-t', '1', '-c:a', 'aac', '-f', 'mp4']),
    wav: await ffmpeg(dir, 'seed.wav', ['-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=16000', '-t', '0.5', '-ac', '1', '-c:a', 'pcm_s16le']),
    wavHeaderOnly,
    html: Buffer.from('<!doctype html><html><head><title>not an image</title></head><body><script>alert(1)</script></body></html>\n'),
  };
}
