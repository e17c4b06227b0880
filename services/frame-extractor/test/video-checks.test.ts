// What frame-extractor tells the caller about videos it cannot use, from what ffprobe finds in real files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSettings } from '@modsvc/common/config';
import { probe, resolveBinaries } from '../src/ffmpeg.ts';
import { secondsProcessed, unusableVideo } from '../src/video-checks.ts';
import { settingsSchema } from '../src/settings.ts';

const run = promisify(execFile);
const { ffmpeg: FFMPEG, ffprobe: FFPROBE } = resolveBinaries(parseSettings(settingsSchema));
const PIXEL_LIMIT = settingsSchema.parse({}).FRAME_PIXEL_LIMIT;
let dir: string;
let clip: Buffer;

/** Offset of the box named `type` (its size field) in an MP4. */
function boxAt(file: Buffer, type: string): number {
  const at = file.indexOf(Buffer.from(type, 'latin1'));
  if (at < 4) throw new Error(`no ${type} box`);
  return at - 4;
}

async function verdict(name: string, bytes: Buffer): Promise<string | null> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  const probed = await probe(FFPROBE, file).catch(() => null);
  // A file ffprobe cannot open at all is reported by the service as corrupt too (see service.ts).
  if (!probed) return 'unreadable';
  return unusableVideo(probed, PIXEL_LIMIT)?.message ?? null;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-checks-'));
  const file = path.join(dir, 'clip.mp4');
  await run(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file]);
  clip = fs.readFileSync(file);
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('unusableVideo', () => {
  it('accepts a sound video', async () => {
    expect(await verdict('good.mp4', clip)).toBeNull();
  });

  it('calls a damaged moov corrupt or truncated, not "no video stream"', async () => {
    const moov = boxAt(clip, 'moov');
    const damaged = Buffer.from(clip);
    damaged.fill(0xff, moov + 8, moov + 408);
    expect(await verdict('moov-damaged.mp4', damaged)).toBe('Failed to decode video. The file is truncated or corrupt.');
    // Cut inside the moov, ffprobe reports a stream of codec "unknown": still not a file without video.
    expect(await verdict('moov-cut.mp4', clip.subarray(0, moov + 300))).toBe('Failed to decode video. The file is truncated or corrupt.');
  });

  it('says "no video stream" only for a readable file that holds sound alone', async () => {
    const file = path.join(dir, 'sound.mp4');
    await run(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=500:sample_rate=16000', '-t', '1', '-c:a', 'aac', '-f', 'mp4', file]);
    expect(await verdict('sound-only.mp4', fs.readFileSync(file))).toBe('Failed to decode video. The file has no video stream.');
  });

  it('refuses a GIF whose canvas is over the pixel limit before ffmpeg allocates a frame of it', async () => {
    const gif = Buffer.from(await sharp({ create: { width: 64, height: 48, channels: 3, background: '#39c' } }).gif().toBuffer());
    gif.writeUInt16LE(16_000, 6);
    gif.writeUInt16LE(16_000, 8);
    expect(await verdict('canvas-bomb.gif', gif)).toBe(`Failed to decode video. Its frames exceed the ${PIXEL_LIMIT / 1e6} megapixel limit.`);
  });
});

describe('secondsProcessed', () => {
  it('claims no more than the sampled frames cover, whatever the header says', () => {
    // A 2 s clip whose header claims 4 hours: the 180 s window holds 2 frames at 1 a second.
    expect(secondsProcessed(180, 2, 1)).toBe(2);
    expect(secondsProcessed(180, 180, 1)).toBe(180);
    // A 0.3 s clip gives one frame through the first-frame fallback: 0.3 s analysed, not 1.
    expect(secondsProcessed(0.3, 1, 1)).toBe(0.3);
    expect(secondsProcessed(10, 20, 2)).toBe(10);
  });
});
