import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { durationSeconds, encodeWav, parseWav, readWav, sliceSeconds, toMono, WavFormatError, writeWav } from '../src/wav.ts';
import { haveSpeechData, SPEECH_DATA } from './helpers.ts';

const SAMPLE = join(SPEECH_DATA, 'ljspeech_LJ001-0002.wav');

function chunk(id: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

function fmtBody(opts: { format?: number; channels?: number; rate?: number; bits?: number; blockAlign?: number } = {}): Buffer {
  const { format = 1, channels = 1, rate = 16000, bits = 16 } = opts;
  const blockAlign = opts.blockAlign ?? channels * (bits / 8);
  const b = Buffer.alloc(16);
  b.writeUInt16LE(format, 0);
  b.writeUInt16LE(channels, 2);
  b.writeUInt32LE(rate, 4);
  b.writeUInt32LE(rate * blockAlign, 8);
  b.writeUInt16LE(blockAlign, 12);
  b.writeUInt16LE(bits, 14);
  return b;
}

function riff(...chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), ...chunks]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

function pcmData(values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => b.writeInt16LE(v, i * 2));
  return b;
}

describe('parseWav', () => {
  it('reads a canonical 16-bit mono WAV and round-trips through encodeWav', () => {
    const audio = { sampleRate: 16000, channels: 1, samples: Int16Array.from([0, 1, -1, 32767, -32768, 1234]) };
    const back = parseWav(encodeWav(audio));
    expect(back.sampleRate).toBe(16000);
    expect(back.channels).toBe(1);
    expect(Array.from(back.samples)).toEqual([0, 1, -1, 32767, -32768, 1234]);
    expect(encodeWav(audio).length).toBe(44 + 12);
  });

  it('skips LIST chunks and odd-sized padding before the data, as ffmpeg writes them', () => {
    const buf = riff(chunk('fmt ', fmtBody()), chunk('LIST', Buffer.from('INFOISFT\x03\x00\x00\x00Lav', 'latin1')), chunk('data', pcmData([5, -5, 7])));
    expect(Array.from(parseWav(buf).samples)).toEqual([5, -5, 7]);
  });

  it('accepts WAVE_FORMAT_EXTENSIBLE with a PCM subformat', () => {
    const ext = Buffer.alloc(40);
    fmtBody({ format: 0xfffe, channels: 2 }).copy(ext, 0);
    ext.writeUInt16LE(22, 16); // cbSize
    ext.writeUInt16LE(16, 18); // valid bits
    ext.writeUInt16LE(1, 24); // SubFormat GUID starts with the PCM tag
    const audio = parseWav(riff(chunk('fmt ', ext), chunk('data', pcmData([100, 300, -100, -300]))));
    expect(audio.channels).toBe(2);
    expect(Array.from(toMono(audio).samples)).toEqual([200, -200]);
  });

  it('reads streamed files whose sizes are 0xFFFFFFFF and drops a trailing half sample', () => {
    const dataHead = Buffer.from('data\xff\xff\xff\xff', 'latin1');
    const buf = riff(chunk('fmt ', fmtBody()), dataHead, pcmData([9, 8, 7]), Buffer.from([1]));
    buf.writeUInt32LE(0xffffffff, 4);
    expect(Array.from(parseWav(buf).samples)).toEqual([9, 8, 7]);
  });

  it('reads the exact header ffmpeg (Lavf) writes to a file and to a pipe', () => {
    // `ffmpeg -i x -vn -ac 1 -ar 16000 -c:a pcm_s16le -f wav out.wav` (and `... -f wav -` to a pipe,
    // which leaves both sizes at 0xFFFFFFFF): fmt, then a LIST/INFO chunk, then data at byte 78.
    const header = (riffSize: string, dataSize: string) =>
      Buffer.from(
        `52494646${riffSize}57415645666d74201000000001000100803e0000007d0000020010004c4953541a000000494e464f` +
          `495346540e0000004c61766635382e32342e3130300064617461${dataSize}`,
        'hex',
      );
    const data = pcmData([94, -94, 300]);
    for (const h of [header('4c000000', '06000000'), header('ffffffff', 'ffffffff')]) {
      expect(h.length).toBe(78);
      const audio = parseWav(Buffer.concat([h, data]));
      expect(audio).toMatchObject({ sampleRate: 16000, channels: 1 });
      expect(Array.from(audio.samples)).toEqual([94, -94, 300]);
    }
  });

  it.each([
    ['a buffer shorter than a header', Buffer.from('RIFF'), /shorter than a RIFF header/],
    ['a non-RIFF file', Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00', 'latin1'), /missing RIFF signature/],
    ['a RIFF that is not WAVE', Buffer.from('RIFF\x04\x00\x00\x00AVI ', 'latin1'), /not WAVE/],
    ['a big-endian RIFX file', Buffer.from('RIFX\x04\x00\x00\x00WAVE', 'latin1'), /only little-endian RIFF/],
    ['a WAV without fmt', riff(chunk('data', pcmData([1]))), /no fmt chunk/],
    ['a WAV without data', riff(chunk('fmt ', fmtBody())), /no data chunk/],
    ['a float WAV', riff(chunk('fmt ', fmtBody({ format: 3, bits: 32 })), chunk('data', Buffer.alloc(8))), /IEEE float.*16-bit integer PCM/],
    ['a mu-law WAV', riff(chunk('fmt ', fmtBody({ format: 7, bits: 8 })), chunk('data', Buffer.alloc(8))), /mu-law/],
    ['a 24-bit WAV', riff(chunk('fmt ', fmtBody({ bits: 24 })), chunk('data', Buffer.alloc(6))), /24 bits/],
    ['a short fmt chunk', riff(chunk('fmt ', Buffer.alloc(10)), chunk('data', Buffer.alloc(2))), /fmt chunk is 10 bytes/],
    ['an inconsistent block align', riff(chunk('fmt ', fmtBody({ blockAlign: 4 })), chunk('data', Buffer.alloc(8))), /block align 4/],
  ])('rejects %s with a clear WavFormatError', (_name, buf, message) => {
    expect(() => parseWav(buf)).toThrow(WavFormatError);
    expect(() => parseWav(buf)).toThrow(message);
  });
});

describe('files', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it.skipIf(!haveSpeechData('ljspeech_LJ001-0002.wav'))('reads the 16 kHz mono LJ Speech clip', async () => {
    const audio = await readWav(SAMPLE);
    expect(audio.sampleRate).toBe(16000);
    expect(audio.channels).toBe(1);
    expect(durationSeconds(audio)).toBeCloseTo(1.9, 1);
  });

  it('writes a file that reads back equal, slices by time, and rejects a text file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wav-test-'));
    dirs.push(dir);
    const samples = Int16Array.from({ length: 16000 }, (_, i) => (i % 200) - 100);
    await writeWav(join(dir, 'a.wav'), { sampleRate: 16000, channels: 1, samples });
    const back = await readWav(join(dir, 'a.wav'));
    expect(Array.from(back.samples)).toEqual(Array.from(samples));
    const part = sliceSeconds(back, 0.25, 0.5);
    expect(part.samples.length).toBe(4000);
    expect(part.samples[0]).toBe(samples[4000]);
    await writeFile(join(dir, 'b.wav'), 'hello, not audio at all');
    await expect(readWav(join(dir, 'b.wav'))).rejects.toThrow(/missing RIFF signature/);
  });
});
