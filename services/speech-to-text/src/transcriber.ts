// SpeechToTextApi: VAD over the whole track, speech cut into chunks (short gaps merged, at most
// ~30 s each), every chunk recognised, word times shifted back onto the track's clock.
// Audio without speech gives an empty transcript without starting the recogniser, so a video with
// no speech succeeds even where pocketsphinx is not installed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SpeechToTextApi, TranscriptResult } from '@modsvc/common/contracts';
import { serviceLogger } from '@modsvc/common/logger';
import { PocketsphinxRecognizer } from './recognizer/pocketsphinx.ts';
import type { RecognizedWord, SpeechRecognizer } from './recognizer/types.ts';
import type { SpeechSettings } from './settings.ts';
import { detectSpeech, planChunks, speechSeconds, type SpeechSegment, type VadOptions } from './vad.ts';
import { durationSeconds, readWav, sliceSeconds, toMono, WavFormatError, writeWav, type PcmAudio } from './wav.ts';

const log = serviceLogger('speech-to-text').child({ component: 'transcriber' });

export const EXPECTED_SAMPLE_RATE = 16000;

export interface SpeechToTextOptions {
  /** Default: PocketsphinxRecognizer (Debian pocketsphinx + pocketsphinx-en-us) on the settings, created on first use. */
  recognizer?: SpeechRecognizer;
  vad?: Partial<VadOptions>;
  /** Speech separated by less than this is recognised as one chunk (default 0.5 s). */
  mergeGapSeconds?: number;
  /** Longest chunk handed to the recogniser (default 30 s); longer speech is cut at a quiet frame. */
  maxChunkSeconds?: number;
  /** A pause this long between words starts a new transcript segment (default 0.7 s). */
  segmentPauseSeconds?: number;
}

export interface TranscriptWord extends RecognizedWord {
  /** start and end are seconds from the start of the audio. */
  chunk: number;
}

/** TranscriptResult plus the word-level detail (extra fields; the contract's fields are unchanged). */
export interface DetailedTranscript extends TranscriptResult {
  words: TranscriptWord[];
  durationSeconds: number;
  /** The chunks handed to the recogniser. */
  chunks: SpeechSegment[];
}

export interface SpeechToText extends SpeechToTextApi {
  readonly recognizer: SpeechRecognizer;
  transcribe(wavPath: string): Promise<DetailedTranscript>;
  /** Same as transcribe, for audio already in memory (mono or multi-channel 16 kHz 16-bit PCM). */
  transcribeAudio(audio: PcmAudio): Promise<DetailedTranscript>;
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** Groups words into transcript segments at chunk boundaries and long pauses. */
export function groupWords(words: TranscriptWord[], pauseSeconds: number): TranscriptResult['segments'] {
  const segments: TranscriptResult['segments'] = [];
  let current: TranscriptWord[] = [];
  const flush = (): void => {
    const first = current[0];
    const last = current[current.length - 1];
    if (first && last) {
      segments.push({ start: round3(first.start), end: round3(last.end), text: current.map((w) => w.word).join(' ') });
    }
    current = [];
  };
  for (const w of words) {
    const prev = current[current.length - 1];
    if (prev && (w.chunk !== prev.chunk || w.start - prev.end >= pauseSeconds)) flush();
    current.push(w);
  }
  flush();
  return segments;
}

/** Speech to text configured by `settings` (where pocketsphinx and its model are); `options` override the defaults. */
export function createSpeechToText(settings: SpeechSettings, options: SpeechToTextOptions = {}): SpeechToText {
  let recognizer = options.recognizer;
  const getRecognizer = (): SpeechRecognizer => (recognizer ??= new PocketsphinxRecognizer(settings));
  const mergeGapSeconds = options.mergeGapSeconds ?? 0.5;
  const maxChunkSeconds = options.maxChunkSeconds ?? 30;
  const pauseSeconds = options.segmentPauseSeconds ?? 0.7;

  async function transcribeAudio(input: PcmAudio): Promise<DetailedTranscript> {
    if (input.sampleRate !== EXPECTED_SAMPLE_RATE) {
      throw new WavFormatError(
        `audio is ${input.sampleRate} Hz, expected ${EXPECTED_SAMPLE_RATE} Hz (extract with ffmpeg -ac 1 -ar 16000 -c:a pcm_s16le)`,
      );
    }
    const t0 = performance.now();
    const audio = toMono(input);
    const total = durationSeconds(audio);
    const vad = detectSpeech(audio.samples, audio.sampleRate, options.vad);
    const chunks = planChunks(vad, { maxGapSeconds: mergeGapSeconds, maxSegmentSeconds: maxChunkSeconds });
    const speech = round3(speechSeconds(vad.segments));
    if (chunks.length === 0) {
      return { text: '', segments: [], recognizer: getRecognizer().id, speechSeconds: 0, words: [], durationSeconds: round3(total), chunks };
    }

    const rec = getRecognizer();
    const dir = await mkdtemp(join(tmpdir(), 'stt-'));
    let perChunk: RecognizedWord[][];
    try {
      const paths: string[] = [];
      for (const [i, c] of chunks.entries()) {
        const p = join(dir, `chunk${String(i).padStart(4, '0')}.wav`);
        await writeWav(p, sliceSeconds(audio, c.start, c.end));
        paths.push(p);
      }
      if (rec.transcribeMany) {
        perChunk = await rec.transcribeMany(paths);
      } else {
        perChunk = [];
        for (const p of paths) perChunk.push(await rec.transcribe(p)); // one at a time: recognisers are CPU-bound
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    const words: TranscriptWord[] = [];
    chunks.forEach((c, i) => {
      for (const w of perChunk[i] ?? []) {
        words.push({
          word: w.word,
          start: round3(c.start + w.start),
          end: round3(Math.min(c.end, c.start + w.end)),
          confidence: w.confidence,
          chunk: i,
        });
      }
    });
    const segments = groupWords(words, pauseSeconds);
    const text = segments.map((s) => s.text).join(' ');
    log.debug(
      { audioSeconds: round3(total), speechSeconds: speech, chunks: chunks.length, words: words.length, ms: Math.round(performance.now() - t0) },
      'transcribed',
    );
    return { text, segments, recognizer: rec.id, speechSeconds: speech, words, durationSeconds: round3(total), chunks };
  }

  return {
    get recognizer() {
      return getRecognizer();
    },
    transcribeAudio,
    async transcribe(wavPath: string) {
      return transcribeAudio(await readWav(wavPath));
    },
  };
}
