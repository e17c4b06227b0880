// Deterministic signal generators for the tests (no randomness: a fixed-seed xorshift for noise), and
// where the recorded clips of the development data kit are.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PcmAudio } from '../src/wav.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The development data kit lives next to the repository. */
const DATA_KIT = path.resolve(REPO_ROOT, '../shared/data');
/** Its recorded clips (16 kHz mono WAV) and their transcripts.csv. */
export const SPEECH_DATA = path.join(DATA_KIT, 'speech');

/** Whether the kit holds every file named (relative to SPEECH_DATA); when not, says how to get it so the skip is explained. */
export function haveSpeechData(...files: string[]): boolean {
  const missing = files.map((f) => path.join(SPEECH_DATA, f)).filter((f) => !existsSync(f));
  if (missing.length) {
    console.warn(`skipping tests on recorded speech: ${missing.join(', ')} not found; put the development data kit (speech/*.wav, speech/transcripts.csv) at ${DATA_KIT}, next to the repository`);
  }
  return missing.length === 0;
}

export const RATE = 16000;

export function silence(seconds: number): Float64Array {
  return new Float64Array(Math.round(seconds * RATE));
}

export function tone(seconds: number, hz: number, amplitude: number): Float64Array {
  const out = new Float64Array(Math.round(seconds * RATE));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / RATE);
  return out;
}

export function noise(seconds: number, amplitude: number, seed = 12345): Float64Array {
  const out = new Float64Array(Math.round(seconds * RATE));
  let s = seed >>> 0 || 1;
  for (let i = 0; i < out.length; i++) {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    out[i] = amplitude * ((s / 0xffffffff) * 2 - 1);
  }
  return out;
}

export function concat(...parts: Float64Array[]): Float64Array {
  const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let pos = 0;
  for (const p of parts) {
    out.set(p, pos);
    pos += p.length;
  }
  return out;
}

/** Sums signals sample by sample (the result has the longest length). */
export function mix(...parts: Float64Array[]): Float64Array {
  const out = new Float64Array(Math.max(...parts.map((p) => p.length)));
  for (const p of parts) for (let i = 0; i < p.length; i++) out[i] = (out[i] ?? 0) + (p[i] ?? 0);
  return out;
}

/** Float samples in [-1, 1] to 16-bit mono PCM. */
export function pcm(signal: Float64Array, sampleRate = RATE): PcmAudio {
  const samples = new Int16Array(signal.length);
  for (let i = 0; i < signal.length; i++) samples[i] = Math.max(-32768, Math.min(32767, Math.round((signal[i] ?? 0) * 32767)));
  return { sampleRate, channels: 1, samples };
}

export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Word error rate: word-level edit distance / reference length. */
export function wordErrors(reference: string[], hypothesis: string[]): number {
  let prev = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const cur = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[hypothesis.length] ?? 0;
}
