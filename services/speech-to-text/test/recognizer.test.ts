import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanWord, parseHypseg, parseV5Json, PocketsphinxRecognizer } from '../src/recognizer/pocketsphinx.ts';
import { RecognizerUnavailableError, type RecognizedWord, type SpeechRecognizer } from '../src/recognizer/types.ts';
import { createSpeechToText, groupWords } from '../src/transcriber.ts';
import { settingsSchema } from '../src/settings.ts';
import { readWav, writeWav } from '../src/wav.ts';
import { concat, pcm, silence, tone } from './helpers.ts';

const settings = settingsSchema.parse({});

// Real `pocketsphinx_batch -hypseg` output (Debian 0.8+5prealpha) for ljspeech_LJ001-0008.wav.
const HYPSEG =
  'ljspeech_LJ001-0008 S 0 T -4970315 A -4968448 L -1867 0 -139264 0 <s> 3 -619520 -501 has(2) 18 -650240 -329 never ' +
  '51 -561152 -61 been 74 -1499136 -763 surpassed 169 -1499136 -213 </s> 176\n' +
  'silent S 0 T 0 A 0 L 0 0\n';

describe('pocketsphinx output parsing', () => {
  it('parses -hypseg into words with frame times, dropping fillers and pronunciation variants', () => {
    const parsed = parseHypseg(HYPSEG);
    expect(parsed.get('silent')).toEqual([]);
    const words = parsed.get('ljspeech_LJ001-0008')!;
    expect(words.map((w) => w.word)).toEqual(['has', 'never', 'been', 'surpassed']);
    expect(words[0]).toEqual({ word: 'has', start: 0.03, end: 0.18, confidence: null });
    expect(words[3]).toEqual({ word: 'surpassed', start: 0.74, end: 1.69, confidence: null });
  });

  it('parses the 5.x JSON lines (one per input), keeping per-word probabilities', () => {
    const out =
      '{"b":0.000,"d":1.780,"p":0.871,"t":"has never been surpassed","w":[{"b":0.000,"d":0.030,"p":1.000,"t":"<sil>"},' +
      '{"b":0.030,"d":0.150,"p":0.950,"t":"has"},{"b":0.180,"d":0.330,"p":0.990,"t":"never"},' +
      '{"b":0.510,"d":0.230,"p":0.900,"t":"been"},{"b":0.740,"d":0.950,"p":0.800,"t":"surpassed(2)"}]}\n' +
      '{"b":0.000,"d":0.010,"p":1.000,"t":"","w":[]}\n';
    const [first, second] = parseV5Json(out);
    expect(first!.map((w) => w.word)).toEqual(['has', 'never', 'been', 'surpassed']);
    expect(first![1]).toEqual({ word: 'never', start: 0.18, end: 0.51, confidence: 0.99 });
    expect(second).toEqual([]);
  });

  it('cleans words', () => {
    expect(cleanWord('the(2)')).toBe('the');
    expect(cleanWord('Hello')).toBe('hello');
    for (const filler of ['<s>', '</s>', '<sil>', '[NOISE]', '[SPEECH]', '(NULL)', '+NSN+', '']) expect(cleanWord(filler)).toBeNull();
  });
});

describe('PocketsphinxRecognizer availability', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ps-missing-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('throws RecognizerUnavailableError naming the package when the binary is missing', async () => {
    const rec = new PocketsphinxRecognizer(settings, { binDir: dir });
    expect(rec.id).toMatch(/^pocketsphinx@.+\+en-us$/);
    await expect(rec.transcribe(join(dir, 'x.wav'))).rejects.toThrow(RecognizerUnavailableError);
    await expect(rec.transcribe(join(dir, 'x.wav'))).rejects.toThrow(/apt-get install pocketsphinx pocketsphinx-en-us/);
  });

  it('throws RecognizerUnavailableError when the model is missing', () => {
    const rec = new PocketsphinxRecognizer(settings, { binDir: '/usr/bin', modelDir: join(dir, 'nomodel') });
    let err: unknown = null;
    try {
      rec.resolve();
    } catch (e) {
      err = e;
    }
    // Either the binary is absent on this machine or the model is: both are "unavailable".
    expect(err).toBeInstanceOf(RecognizerUnavailableError);
  });

  it('looks for the binaries on the settings\' PATH and for the model in POCKETSPHINX_MODEL_DIR', async () => {
    const bin = join(dir, 'bin');
    await mkdir(bin, { recursive: true });
    const nowhere = new PocketsphinxRecognizer(settingsSchema.parse({ PATH: bin }));
    expect(() => nowhere.resolve()).toThrow(/not installed \(no pocketsphinx_batch or pocketsphinx on PATH\)/);
    await writeFile(join(bin, 'pocketsphinx_batch'), '');
    const rec = new PocketsphinxRecognizer(settingsSchema.parse({ PATH: `/nonexistent:${bin}`, POCKETSPHINX_MODEL_DIR: join(dir, 'nomodel') }));
    expect(() => rec.resolve()).toThrow(RecognizerUnavailableError);
    expect(() => rec.resolve()).toThrow(new RegExp(`model missing \\(${join(dir, 'nomodel')}/en-us/mdef`));
  });
});

/** Test recogniser: reports one word per chunk, named after the chunk's length in tenths of a second. */
class LengthRecognizer implements SpeechRecognizer {
  readonly id = 'length-test@1';
  calls: string[] = [];
  async transcribe(wavPath: string): Promise<RecognizedWord[]> {
    this.calls.push(wavPath);
    const audio = await readWav(wavPath);
    const seconds = audio.samples.length / audio.sampleRate;
    return [
      { word: `len${Math.round(seconds * 10)}`, start: 0.1, end: seconds - 0.2, confidence: null },
      { word: 'tail', start: seconds - 0.2, end: seconds - 0.1, confidence: 0.5 },
    ];
  }
}

describe('createSpeechToText', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  async function wav(signal: Float64Array): Promise<string> {
    const d = await mkdtemp(join(tmpdir(), 'stt-test-'));
    dirs.push(d);
    const p = join(d, 'a.wav');
    await writeWav(p, pcm(signal));
    return p;
  }

  it('returns an empty transcript for silence without calling the recogniser', async () => {
    const rec = new LengthRecognizer();
    const result = await createSpeechToText(settings, { recognizer: rec }).transcribe(await wav(silence(3)));
    expect(result).toMatchObject({ text: '', segments: [], recognizer: 'length-test@1', speechSeconds: 0 });
    expect(rec.calls).toEqual([]);
  });

  it('succeeds on silence even when pocketsphinx is unavailable, and fails clearly when there is speech', async () => {
    const stt = createSpeechToText(settings, { recognizer: new PocketsphinxRecognizer(settings, { binDir: '/nonexistent' }) });
    expect((await stt.transcribe(await wav(silence(2)))).text).toBe('');
    await expect(stt.transcribe(await wav(concat(silence(1), tone(1, 300, 0.3), silence(1))))).rejects.toThrow(RecognizerUnavailableError);
  });

  it('places chunk words on the track clock and splits segments at chunks', async () => {
    const rec = new LengthRecognizer();
    const signal = concat(silence(2), tone(1, 300, 0.3), silence(4), tone(2, 300, 0.3), silence(1));
    const result = await createSpeechToText(settings, { recognizer: rec }).transcribe(await wav(signal));
    expect(rec.calls).toHaveLength(2);
    expect(result.segments).toHaveLength(2);
    const [a, b] = result.segments;
    expect(a!.start).toBeGreaterThan(1.8);
    expect(a!.start).toBeLessThan(2.1);
    expect(a!.end).toBeLessThan(3.3);
    expect(b!.start).toBeGreaterThan(6.8);
    expect(b!.end).toBeLessThan(9.3);
    expect(a!.text).toMatch(/^len1[1-3] tail$/);
    expect(b!.text).toMatch(/^len2[1-3] tail$/);
    expect(result.text).toBe(`${a!.text} ${b!.text}`);
    expect(result.speechSeconds).toBeGreaterThan(2.9);
    expect(result.speechSeconds).toBeLessThan(3.6);
    expect(result.words.map((w) => w.chunk)).toEqual([0, 0, 1, 1]);
  });

  it('rejects audio that is not 16 kHz', async () => {
    const d = await mkdtemp(join(tmpdir(), 'stt-test-'));
    dirs.push(d);
    await writeWav(join(d, 'b.wav'), pcm(tone(1, 300, 0.3), 8000));
    await expect(createSpeechToText(settings, { recognizer: new LengthRecognizer() }).transcribe(join(d, 'b.wav'))).rejects.toThrow(/8000 Hz, expected 16000/);
  });

  it('groups words at long pauses', () => {
    const w = (word: string, start: number, end: number, chunk = 0) => ({ word, start, end, confidence: null, chunk });
    expect(groupWords([w('a', 0, 0.5), w('b', 0.6, 1), w('c', 2, 2.5), w('d', 2.6, 3, 1)], 0.7)).toEqual([
      { start: 0, end: 1, text: 'a b' },
      { start: 2, end: 2.5, text: 'c' },
      { start: 2.6, end: 3, text: 'd' },
    ]);
  });
});
