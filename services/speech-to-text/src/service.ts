// speech-to-text: transcribes the extracted audio track and has the transcript scored for toxicity.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stageDeps, type Runtime } from '@modsvc/common/host';
import type { SpeechToTextApi, TextToxicityApi } from '@modsvc/common/contracts';
import type { SpeechPart } from '@modsvc/common/jobs';
import { runStage, loadQueuedJob } from '@modsvc/common/stage';
import type { Consumer } from '@modsvc/common/bus/types';
import { RecognizerUnavailableError } from './recognizer/types.ts';

export async function startSpeechConsumer(rt: Runtime, stt: SpeechToTextApi, text: TextToxicityApi): Promise<Consumer> {
  const deps = stageDeps(rt);

  async function transcribe(audioKey: string): Promise<SpeechPart> {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'speech-'));
    try {
      const wav = path.join(dir, 'audio.wav');
      await rt.media.toFile(audioKey, wav);
      const t = await stt.transcribe(wav);
      const toxicity = t.text.trim() ? ((await text.score([t.text], 'speech'))[0] ?? null) : null;
      return { transcript: t.text, segments: t.segments, recognizer: t.recognizer, toxicity, error: null };
    } catch (err) {
      if (err instanceof RecognizerUnavailableError) {
        // No recogniser on this host: the speech part reports why, the rest of the job succeeds.
        return { transcript: '', segments: [], recognizer: '', toxicity: null, error: err.message };
      }
      throw err;
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }

  return runStage(deps, {
    stage: 'speech',
    subject: 'pipeline.speech',
    durable: 'speech-to-text',
    concurrency: 1,
    handle: async ({ jobId, audioKey }) => {
      const job = await loadQueuedJob(deps, jobId);
      if (!job) return;
      if (!job.parts.speech) await rt.store.setPart(job.id, 'speech', await transcribe(audioKey));
      await rt.bus.publish('pipeline.part', { jobId: job.id, part: 'speech' }, { msgId: `part-speech-${job.id}` });
    },
  });
}
