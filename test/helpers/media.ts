// Test media made on the fly: no binary fixtures in the repo.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { FFMPEG } from './ffmpeg.ts';

const run = promisify(execFile);

export async function makeJpeg(width = 640, height = 480, color = { r: 40, g: 120, b: 200 }): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="rgb(${color.r},${color.g},${color.b})"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#f5d142"/>
    <text x="20" y="40" font-size="28" font-family="sans-serif" fill="#ffffff">hello world</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export async function makePng(width = 320, height = 240): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
}

/** A short H.264/AAC MP4 (test pattern + tone), made with ffmpeg. */
export async function makeMp4(dir: string, opts: { seconds?: number; audio?: boolean; size?: string } = {}): Promise<string> {
  const file = path.join(dir, `clip-${opts.seconds ?? 3}-${opts.audio === false ? 'mute' : 'tone'}.mp4`);
  if (fs.existsSync(file)) return file;
  const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=${opts.size ?? '320x240'}:rate=10`];
  if (opts.audio !== false) args.push('-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=16000');
  args.push('-t', String(opts.seconds ?? 3), '-c:v', 'libx264', '-pix_fmt', 'yuv420p');
  if (opts.audio !== false) args.push('-c:a', 'aac', '-shortest');
  args.push(file);
  await run(FFMPEG, args);
  return file;
}

export function hasFlite(): boolean {
  return (process.env.PATH ?? '').split(':').some((d) => d && fs.existsSync(`${d}/flite`));
}

/** A video whose sound track speaks `text` (flite's slt voice) over a test pattern. */
export async function makeSpeechMp4(dir: string, name: string, text: string): Promise<string> {
  const wav = path.join(dir, `${name}.wav`);
  const file = path.join(dir, `${name}.mp4`);
  await run('flite', ['-voice', 'slt', '-t', text, '-o', wav]);
  await run(FFMPEG, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-i', wav, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file]);
  return file;
}
