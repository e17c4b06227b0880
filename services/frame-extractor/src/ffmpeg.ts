// ffmpeg/ffprobe: the system binaries when installed (Debian's are current), else the ones shipped in npm.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import fs from 'node:fs';
import type { FrameSettings } from './settings.ts';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

function findBinary(name: 'ffmpeg' | 'ffprobe', configured: string | undefined, searchPath: string, npmPackage: string): string {
  if (configured) return configured;
  for (const dir of searchPath.split(':')) {
    const candidate = `${dir}/${name}`;
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return (require(npmPackage) as { path: string }).path;
}

export interface MediaBinaries {
  ffmpeg: string;
  ffprobe: string;
}

/** ffmpeg and ffprobe: FFMPEG_PATH / FFPROBE_PATH, else the first found on PATH, else the ones shipped in npm. Resolve once at start. */
export function resolveBinaries(settings: Pick<FrameSettings, 'FFMPEG_PATH' | 'FFPROBE_PATH' | 'PATH'>): MediaBinaries {
  return {
    ffmpeg: findBinary('ffmpeg', settings.FFMPEG_PATH, settings.PATH, '@ffmpeg-installer/ffmpeg'),
    ffprobe: findBinary('ffprobe', settings.FFPROBE_PATH, settings.PATH, '@ffprobe-installer/ffprobe'),
  };
}

export interface ProbeResult {
  width: number;
  height: number;
  fps: number;
  duration: number;
  hasVideo: boolean;
  hasAudio: boolean;
  /**
   * Streams with a codec ffprobe recognises. 0 means the container's index is unreadable: a damaged
   * `moov` leaves no stream, or one `data` stream of codec `unknown`.
   */
  streams: number;
  /** A video stream is declared, whether or not its picture size could be read. */
  declaresVideo: boolean;
}

interface FfprobeJson {
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number; avg_frame_rate?: string; r_frame_rate?: string; duration?: string; tags?: { rotate?: string }; side_data_list?: { rotation?: number }[] }[];
  format?: { duration?: string };
}

function parseRate(rate: string | undefined): number {
  if (!rate) return 0;
  const [n, d] = rate.split('/').map(Number);
  if (!n || !d || !Number.isFinite(n / d)) return 0;
  return n / d;
}

export async function probe(ffprobe: string, file: string, timeoutMs = 30_000): Promise<ProbeResult> {
  const { stdout } = await run(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file], {
    timeout: timeoutMs,
    maxBuffer: 8 * 1024 * 1024,
  });
  const json = JSON.parse(stdout) as FfprobeJson;
  const video = json.streams?.find((s) => s.codec_type === 'video');
  const audio = json.streams?.find((s) => s.codec_type === 'audio');
  const rotation = Math.abs(Number(video?.tags?.rotate ?? video?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0)) % 180;
  const w = video?.width ?? 0;
  const h = video?.height ?? 0;
  return {
    width: rotation === 90 ? h : w,
    height: rotation === 90 ? w : h,
    fps: parseRate(video?.avg_frame_rate) || parseRate(video?.r_frame_rate),
    duration: Number(json.format?.duration ?? video?.duration ?? 0) || 0,
    hasVideo: Boolean(video && w > 0 && h > 0),
    hasAudio: Boolean(audio),
    streams: json.streams?.filter((s) => s.codec_name && s.codec_name !== 'unknown').length ?? 0,
    declaresVideo: Boolean(video),
  };
}

/** Samples frames at `rate` per second from the first `seconds`, scaled to at most maxSide, as JPEGs in outDir. */
export async function sampleFrames(
  ffmpeg: string,
  file: string,
  outDir: string,
  opts: { rate: number; seconds: number; maxSide: number; timeoutMs: number },
): Promise<string[]> {
  const scale = `scale='if(gt(iw,ih),min(${opts.maxSide},iw),-2)':'if(gt(iw,ih),-2,min(${opts.maxSide},ih))'`;
  await run(
    ffmpeg,
    ['-v', 'error', '-nostdin', '-t', String(opts.seconds), '-i', file, '-an', '-vf', `fps=${opts.rate},${scale}`, '-q:v', '3', '-f', 'image2', `${outDir}/%06d.jpg`],
    { timeout: opts.timeoutMs, maxBuffer: 8 * 1024 * 1024 },
  );
  return (await fs.promises.readdir(outDir)).filter((f) => f.endsWith('.jpg')).sort();
}

/**
 * The first decodable frame as one JPEG in outDir: for media shorter than one sampling interval
 * (a still GIF, a 0.3 s clip), where the fps filter emits nothing.
 */
export async function firstFrame(ffmpeg: string, file: string, outDir: string, opts: { maxSide: number; timeoutMs: number }): Promise<string[]> {
  const scale = `scale='if(gt(iw,ih),min(${opts.maxSide},iw),-2)':'if(gt(iw,ih),-2,min(${opts.maxSide},ih))'`;
  await run(ffmpeg, ['-v', 'error', '-nostdin', '-i', file, '-an', '-frames:v', '1', '-vf', scale, '-q:v', '3', '-f', 'image2', `${outDir}/000001.jpg`], {
    timeout: opts.timeoutMs,
    maxBuffer: 8 * 1024 * 1024,
  });
  return (await fs.promises.readdir(outDir)).filter((f) => f.endsWith('.jpg')).sort();
}

/** Extracts the first `seconds` of audio as 16 kHz mono 16-bit PCM WAV. */
export async function extractAudio(ffmpeg: string, file: string, out: string, opts: { seconds: number; timeoutMs: number }): Promise<void> {
  await run(ffmpeg, ['-v', 'error', '-nostdin', '-t', String(opts.seconds), '-i', file, '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav', '-y', out], {
    timeout: opts.timeoutMs,
    maxBuffer: 8 * 1024 * 1024,
  });
}
