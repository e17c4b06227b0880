import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSettings } from '@modsvc/common/config';
import { extractAudio, firstFrame, probe as probeWith, resolveBinaries, sampleFrames } from '../src/ffmpeg.ts';
import { settingsSchema } from '../src/settings.ts';

const run = promisify(execFile);
// The binaries this machine's settings find (FFMPEG_PATH / FFPROBE_PATH, PATH, else the npm ones).
const { ffmpeg: FFMPEG, ffprobe: FFPROBE } = resolveBinaries(parseSettings(settingsSchema));
const probe = (file: string) => probeWith(FFPROBE, file);
let dir: string;
let clip: string;
let mute: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffmpeg-test-'));
  clip = path.join(dir, 'clip.mp4');
  mute = path.join(dir, 'mute.webm');
  await run(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=44100', '-t', '4', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip]);
  await run(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=15', '-t', '2', '-c:v', 'libvpx', mute]);
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('ffmpeg helpers', () => {
  it('probes size, frame rate, duration and streams', async () => {
    const p = await probe(clip);
    expect(p).toMatchObject({ width: 320, height: 240, fps: 25, hasVideo: true, hasAudio: true });
    expect(p.duration).toBeCloseTo(4, 0);
    const m = await probe(mute);
    expect(m).toMatchObject({ width: 160, height: 120, hasAudio: false });
  });

  it('samples one frame per second from the analysed window only', async () => {
    const out = path.join(dir, 'frames');
    fs.mkdirSync(out);
    const frames = await sampleFrames(FFMPEG, clip, out, { rate: 1, seconds: 3, maxSide: 1280, timeoutMs: 30_000 });
    expect(frames.length).toBe(3);
  });

  it('gives the first frame of media shorter than one sampling interval (a 0.3 s clip)', async () => {
    const short = path.join(dir, 'short.mp4');
    await run(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-t', '0.3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', short]);
    const out = path.join(dir, 'short-frames');
    fs.mkdirSync(out);
    const sampled = await sampleFrames(FFMPEG, short, out, { rate: 1, seconds: 0.3, maxSide: 1280, timeoutMs: 30_000 });
    const frames = sampled.length ? sampled : await firstFrame(FFMPEG, short, out, { maxSide: 1280, timeoutMs: 30_000 });
    expect(frames).toHaveLength(1);
    expect(fs.statSync(path.join(out, frames[0]!)).size).toBeGreaterThan(100);
  });

  it('extracts audio as 16 kHz mono 16-bit WAV', async () => {
    const wav = path.join(dir, 'a.wav');
    await extractAudio(FFMPEG, clip, wav, { seconds: 2, timeoutMs: 30_000 });
    const header = fs.readFileSync(wav).subarray(0, 44);
    expect(header.toString('ascii', 0, 4)).toBe('RIFF');
    expect(header.readUInt16LE(22)).toBe(1); // channels
    expect(header.readUInt32LE(24)).toBe(16000); // sample rate
    expect(header.readUInt16LE(34)).toBe(16); // bits
  });

  it('finds the binaries through the settings: FFMPEG_PATH / FFPROBE_PATH, else PATH, else the npm packages', () => {
    const bin = path.join(dir, 'bin');
    fs.mkdirSync(bin, { recursive: true });
    fs.writeFileSync(path.join(bin, 'ffprobe'), '');
    const shipped = resolveBinaries(settingsSchema.parse({}));
    expect(shipped.ffmpeg).toMatch(/@ffmpeg-installer/);
    expect(shipped.ffprobe).toMatch(/@ffprobe-installer/);
    expect(resolveBinaries(settingsSchema.parse({ PATH: `/nonexistent:${bin}` }))).toEqual({ ffmpeg: shipped.ffmpeg, ffprobe: path.join(bin, 'ffprobe') });
    expect(resolveBinaries(settingsSchema.parse({ PATH: bin, FFMPEG_PATH: '/opt/ffmpeg', FFPROBE_PATH: '/opt/ffprobe' }))).toEqual({ ffmpeg: '/opt/ffmpeg', ffprobe: '/opt/ffprobe' });
  });

  it('rejects files that are not media', async () => {
    const junk = path.join(dir, 'junk.mp4');
    fs.writeFileSync(junk, 'this is not a video');
    await expect(probe(junk)).rejects.toThrow();
  });
});
