// frame-extractor: probes the stored media, stores its frames (a still's upload itself) and audio, then fans out to
// vision-inference, speech-to-text and text-toxicity (caption).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stageDeps, type Runtime } from '@modsvc/common/host';
import type { JobRecord, MediaMetadata, PartName } from '@modsvc/common/jobs';
import { mediaKeys } from '@modsvc/common/media/types';
import { PermanentJobError } from '@modsvc/common/errors';
import { runStage, loadQueuedJob } from '@modsvc/common/stage';
import type { Consumer } from '@modsvc/common/bus/types';
import type { FrameRef__Output as FrameRef } from '@modsvc/protos';
import { imageFrames } from './image.ts';
import { extractAudio, firstFrame, probe, resolveBinaries, sampleFrames, type ProbeResult } from './ffmpeg.ts';
import { decoderDetail, mediaFailures } from '@modsvc/common/media/failures';
import { secondsProcessed, unusableVideo } from './video-checks.ts';
import type { FrameSettings } from './settings.ts';

export interface ExtractedMedia {
  metadata: MediaMetadata;
  frames: FrameRef[];
  audioKey: string | null;
  audioSeconds: number;
}

export function createFrameExtractor(rt: Runtime, settings: FrameSettings) {
  const deps = stageDeps(rt);
  const binaries = resolveBinaries(settings);
  const maxSeconds = rt.config.MAX_VIDEO_SECONDS;

  async function extractImage(job: JobRecord, mediaKey: string): Promise<ExtractedMedia> {
    let decoded;
    try {
      decoded = await imageFrames(await rt.media.get(mediaKey), settings);
    } catch (err) {
      if (err instanceof PermanentJobError) rt.log.warn({ job_id: job.id, err: decoderDetail(err) }, 'image refused');
      throw err;
    }
    const frames: FrameRef[] = [];
    for (const [i, f] of decoded.frames.entries()) {
      const key = mediaKeys.frame(job.id, i + 1);
      await rt.media.put(key, f.data);
      frames.push({ key, timestamp: f.timestamp, width: f.width, height: f.height });
    }
    return {
      metadata: { width: decoded.width, height: decoded.height, fps: decoded.fps, duration: decoded.duration, seconds_processed: decoded.duration },
      frames,
      audioKey: null,
      audioSeconds: 0,
    };
  }

  /** What ffprobe found, or the job's failure in the caller's words (its own text goes to the log). */
  async function probeVideo(job: JobRecord, file: string): Promise<ProbeResult> {
    let probed: ProbeResult;
    try {
      probed = await probe(binaries.ffprobe, file);
    } catch (err) {
      rt.log.warn({ job_id: job.id, err: decoderDetail(err) }, 'ffprobe failed');
      throw mediaFailures.videoCorrupt(err);
    }
    const unusable = unusableVideo(probed, settings.FRAME_PIXEL_LIMIT);
    if (unusable) {
      rt.log.warn({ job_id: job.id, streams: probed.streams, width: probed.width, height: probed.height, msg_to_caller: unusable.message }, 'video refused after probing');
      throw unusable;
    }
    return probed;
  }

  async function extractVideo(job: JobRecord, file: string, workDir: string): Promise<ExtractedMedia> {
    const probed = await probeVideo(job, file);
    const seconds = Math.min(probed.duration || maxSeconds, maxSeconds);
    const framesDir = path.join(workDir, 'frames');
    await fs.promises.mkdir(framesDir);
    const rate = rt.config.VIDEO_FRAMES_PER_SECOND;
    let names: string[];
    try {
      names = await sampleFrames(binaries.ffmpeg, file, framesDir, { rate, seconds, maxSide: settings.FRAME_MAX_SIDE, timeoutMs: 10 * 60_000 });
      if (names.length === 0) names = await firstFrame(binaries.ffmpeg, file, framesDir, { maxSide: settings.FRAME_MAX_SIDE, timeoutMs: 60_000 });
    } catch (err) {
      rt.log.warn({ job_id: job.id, err: decoderDetail(err) }, 'ffmpeg frame sampling failed');
      throw mediaFailures.videoCorrupt(err);
    }
    if (names.length === 0) {
      rt.log.warn({ job_id: job.id }, 'ffmpeg decoded no frame');
      throw mediaFailures.videoCorrupt();
    }
    const frames: FrameRef[] = [];
    for (const [i, name] of names.entries()) {
      const key = mediaKeys.frame(job.id, i + 1);
      await rt.media.put(key, await fs.promises.readFile(path.join(framesDir, name)));
      frames.push({ key, timestamp: i / rate, width: 0, height: 0 });
    }
    let audioKey: string | null = null;
    if (probed.hasAudio) {
      const wav = path.join(workDir, 'audio.wav');
      try {
        await extractAudio(binaries.ffmpeg, file, wav, { seconds, timeoutMs: 5 * 60_000 });
        audioKey = mediaKeys.audio(job.id);
        await rt.media.put(audioKey, fs.createReadStream(wav));
      } catch (err) {
        // An undecodable audio track must not fail the visual analysis.
        rt.log.warn({ job_id: job.id, err: (err as Error).message }, 'audio extraction failed; continuing without speech');
        audioKey = null;
      }
    }
    return {
      metadata: {
        width: probed.width,
        height: probed.height,
        fps: Math.round(probed.fps * 1000) / 1000,
        duration: probed.duration,
        seconds_processed: secondsProcessed(seconds, names.length, rate),
      },
      frames,
      audioKey,
      audioSeconds: seconds,
    };
  }

  /** A video is probed and sampled from a file (ffmpeg reads paths): the stored media is copied to a work folder. */
  async function extractVideoFile(job: JobRecord, mediaKey: string): Promise<ExtractedMedia> {
    const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'extract-'));
    try {
      const file = path.join(workDir, 'source');
      await rt.media.toFile(mediaKey, file);
      return await extractVideo(job, file, workDir);
    } finally {
      await fs.promises.rm(workDir, { recursive: true, force: true });
    }
  }

  async function handle(jobId: string): Promise<void> {
    const job = await loadQueuedJob(deps, jobId);
    if (!job) return;
    if (!job.mediaKey) throw new Error('job has no stored media yet');
    // An image is read from the media store as bytes: its header is all frame-extractor reads.
    const extracted = job.media === 'video' ? await extractVideoFile(job, job.mediaKey) : await extractImage(job, job.mediaKey);
    const expectedParts: PartName[] = ['vision'];
    if (extracted.audioKey) expectedParts.push('speech');
    if (job.caption) expectedParts.push('caption');
    await rt.store.update(job.id, { metadata: extracted.metadata, expectedParts });
    await rt.bus.publish('pipeline.vision', { jobId: job.id, frames: extracted.frames }, { msgId: `vision-${job.id}` });
    if (extracted.audioKey) {
      await rt.bus.publish('pipeline.speech', { jobId: job.id, audioKey: extracted.audioKey, duration: extracted.audioSeconds }, { msgId: `speech-${job.id}` });
    }
    if (job.caption) await rt.bus.publish('pipeline.caption', { jobId: job.id }, { msgId: `caption-${job.id}` });
    rt.log.info({ job_id: job.id, frames: extracted.frames.length, audio: Boolean(extracted.audioKey), ...extracted.metadata }, 'media extracted');
  }

  return {
    handle,
    async startConsumers(): Promise<Consumer[]> {
      return [
        await runStage(deps, {
          stage: 'extract',
          subject: 'pipeline.extract',
          durable: 'frame-extractor',
          concurrency: 2,
          handle: ({ jobId }) => handle(jobId),
        }),
      ];
    },
  };
}
