// Reading and writing 16-bit PCM WAV. frame-extractor hands us ffmpeg's `-ac 1 -ar 16000 -c:a pcm_s16le`
// output, which is not always the canonical 44-byte header (ffmpeg adds a LIST chunk, writes
// WAVE_FORMAT_EXTENSIBLE for some layouts, and leaves the sizes at 0xFFFFFFFF when it writes to a
// pipe), so the parser walks the RIFF chunks instead of assuming fixed offsets.
import { readFile, writeFile } from 'node:fs/promises';

export class WavFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WavFormatError';
  }
}

export interface PcmAudio {
  sampleRate: number;
  channels: number;
  /** Interleaved signed 16-bit samples (frames × channels). */
  samples: Int16Array;
}

const WAVE_FORMAT_PCM = 0x0001;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;
const UNKNOWN_SIZE = 0xffffffff;

/** Parses a RIFF/WAVE buffer holding 16-bit integer PCM. Throws WavFormatError with the reason otherwise. */
export function parseWav(buf: Buffer): PcmAudio {
  if (buf.length < 12) throw new WavFormatError(`not a WAV file: ${buf.length} bytes is shorter than a RIFF header`);
  const riff = buf.toString('latin1', 0, 4);
  if (riff === 'RIFX' || riff === 'RF64') throw new WavFormatError(`unsupported WAV container '${riff}': only little-endian RIFF is read`);
  if (riff !== 'RIFF') throw new WavFormatError('not a WAV file: missing RIFF signature');
  if (buf.toString('latin1', 8, 12) !== 'WAVE') throw new WavFormatError('not a WAV file: RIFF type is not WAVE');

  let fmt: { format: number; channels: number; sampleRate: number; blockAlign: number; bits: number } | null = null;
  let data: Buffer | null = null;
  let pos = 12;
  while (pos + 8 <= buf.length) {
    const id = buf.toString('latin1', pos, pos + 4);
    const declared = buf.readUInt32LE(pos + 4);
    const bodyStart = pos + 8;
    // A streamed file (size unknown) or a truncated one: the chunk runs to the end of the buffer.
    const size = declared === UNKNOWN_SIZE || bodyStart + declared > buf.length ? buf.length - bodyStart : declared;
    if (id === 'fmt ') {
      if (size < 16) throw new WavFormatError(`malformed WAV: fmt chunk is ${size} bytes, expected at least 16`);
      let format = buf.readUInt16LE(bodyStart);
      if (format === WAVE_FORMAT_EXTENSIBLE) {
        if (size < 40) throw new WavFormatError('malformed WAV: WAVE_FORMAT_EXTENSIBLE fmt chunk shorter than 40 bytes');
        format = buf.readUInt16LE(bodyStart + 24); // first two bytes of the SubFormat GUID
      }
      fmt = {
        format,
        channels: buf.readUInt16LE(bodyStart + 2),
        sampleRate: buf.readUInt32LE(bodyStart + 4),
        blockAlign: buf.readUInt16LE(bodyStart + 12),
        bits: buf.readUInt16LE(bodyStart + 14),
      };
    } else if (id === 'data') {
      data = buf.subarray(bodyStart, bodyStart + size);
      break; // data is the last chunk we need; anything after it is metadata
    }
    pos = bodyStart + size + (size % 2); // chunks are word aligned
  }

  if (!fmt) throw new WavFormatError('malformed WAV: no fmt chunk before the data');
  if (!data) throw new WavFormatError('malformed WAV: no data chunk');
  if (fmt.format !== WAVE_FORMAT_PCM) {
    const name = fmt.format === 3 ? 'IEEE float' : fmt.format === 6 ? 'A-law' : fmt.format === 7 ? 'mu-law' : `format tag ${fmt.format}`;
    throw new WavFormatError(`unsupported WAV encoding ${name}: expected 16-bit integer PCM (ffmpeg -c:a pcm_s16le)`);
  }
  if (fmt.bits !== 16) throw new WavFormatError(`unsupported WAV sample size ${fmt.bits} bits: expected 16-bit PCM (ffmpeg -c:a pcm_s16le)`);
  if (fmt.channels < 1) throw new WavFormatError('malformed WAV: 0 channels');
  if (fmt.sampleRate < 1) throw new WavFormatError('malformed WAV: sample rate 0');
  if (fmt.blockAlign !== fmt.channels * 2) {
    throw new WavFormatError(`malformed WAV: block align ${fmt.blockAlign} does not match ${fmt.channels} channel(s) of 16 bits`);
  }

  const frames = Math.floor(data.length / fmt.blockAlign);
  const samples = new Int16Array(frames * fmt.channels);
  for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
  return { sampleRate: fmt.sampleRate, channels: fmt.channels, samples };
}

export async function readWav(path: string): Promise<PcmAudio> {
  return parseWav(await readFile(path));
}

/** Canonical 44-byte-header WAV for 16-bit PCM. */
export function encodeWav(audio: PcmAudio): Buffer {
  const dataBytes = audio.samples.length * 2;
  const buf = Buffer.alloc(44 + dataBytes);
  buf.write('RIFF', 0, 'latin1');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVE', 8, 'latin1');
  buf.write('fmt ', 12, 'latin1');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(WAVE_FORMAT_PCM, 20);
  buf.writeUInt16LE(audio.channels, 22);
  buf.writeUInt32LE(audio.sampleRate, 24);
  buf.writeUInt32LE(audio.sampleRate * audio.channels * 2, 28);
  buf.writeUInt16LE(audio.channels * 2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'latin1');
  buf.writeUInt32LE(dataBytes, 40);
  pcmBytes(audio.samples).copy(buf, 44);
  return buf;
}

export async function writeWav(path: string, audio: PcmAudio): Promise<void> {
  await writeFile(path, encodeWav(audio));
}

/** The samples as little-endian bytes (headerless raw PCM). */
export function pcmBytes(samples: Int16Array): Buffer {
  const out = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i] ?? 0, i * 2);
  return out;
}

/** Averages the channels into one; returns the input unchanged when it is already mono. */
export function toMono(audio: PcmAudio): PcmAudio {
  if (audio.channels === 1) return audio;
  const frames = Math.floor(audio.samples.length / audio.channels);
  const out = new Int16Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < audio.channels; c++) sum += audio.samples[f * audio.channels + c] ?? 0;
    out[f] = Math.round(sum / audio.channels);
  }
  return { sampleRate: audio.sampleRate, channels: 1, samples: out };
}

export function durationSeconds(audio: PcmAudio): number {
  return audio.samples.length / audio.channels / audio.sampleRate;
}

/** Mono samples between two times (seconds), clamped to the audio. */
export function sliceSeconds(audio: PcmAudio, start: number, end: number): PcmAudio {
  const from = Math.max(0, Math.floor(start * audio.sampleRate)) * audio.channels;
  const to = Math.min(audio.samples.length, Math.ceil(end * audio.sampleRate) * audio.channels);
  return { sampleRate: audio.sampleRate, channels: audio.channels, samples: audio.samples.slice(from, Math.max(from, to)) };
}
