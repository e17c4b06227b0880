// End-to-end transcription with the real Debian pocketsphinx (skipped where it is not installed:
// `make system-deps` installs it). Reference audio: LJ Speech clips and a digit string, with their
// transcripts in speech/transcripts.csv of the data kit (../shared/data next to the repository).
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSettings } from '@modsvc/common/config';
import { PocketsphinxRecognizer } from '../src/recognizer/pocketsphinx.ts';
import { RecognizerUnavailableError } from '../src/recognizer/types.ts';
import { createSpeechToText } from '../src/transcriber.ts';
import { settingsSchema } from '../src/settings.ts';
import { readWav, writeWav } from '../src/wav.ts';
import { haveSpeechData, normaliseWords, pcm, silence, SPEECH_DATA as DATA, wordErrors } from './helpers.ts';

// This machine's pocketsphinx: the binaries on its PATH, the model where POCKETSPHINX_MODEL_DIR says.
const settings = parseSettings(settingsSchema);

function available(): boolean {
  try {
    new PocketsphinxRecognizer(settings).resolve();
    return true;
  } catch (err) {
    if (err instanceof RecognizerUnavailableError) return false;
    throw err;
  }
}

/** transcripts.csv rows (file, transcript): quoted CSV with doubled quotes. */
function references(): { file: string; transcript: string }[] {
  const text = readFileSync(join(DATA, 'transcripts.csv'), 'utf8');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = (): void => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') {
      endField();
      rows.push(row);
      row = [];
    } else if (c !== '\r') field += c;
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  const [header, ...body] = rows;
  const fi = header!.indexOf('file');
  const ti = header!.indexOf('transcript');
  return body.filter((r) => r[fi]?.endsWith('.wav')).map((r) => ({ file: r[fi]!, transcript: r[ti]! }));
}

describe.skipIf(!available() || !haveSpeechData('transcripts.csv'))('pocketsphinx transcription', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('transcribes the reference clips, joined into one track, with word error rate under 45%', async () => {
    const refs = references();
    expect(refs.length).toBeGreaterThanOrEqual(5);
    // One track: clip, 1.5 s silence, clip, ... so one call exercises VAD, chunking and time offsets.
    const gap = pcm(silence(1.5)).samples;
    const parts: Int16Array[] = [];
    const spans: { start: number; end: number }[] = [];
    let pos = 0;
    for (const r of refs) {
      const clip = await readWav(join(DATA, r.file));
      expect(clip.sampleRate).toBe(16000);
      spans.push({ start: pos / 16000, end: (pos + clip.samples.length) / 16000 });
      parts.push(clip.samples, gap);
      pos += clip.samples.length + gap.length;
    }
    const track = new Int16Array(pos);
    let at = 0;
    for (const p of parts) {
      track.set(p, at);
      at += p.length;
    }
    const dir = await mkdtemp(join(tmpdir(), 'ps-it-'));
    dirs.push(dir);
    const path = join(dir, 'track.wav');
    await writeWav(path, { sampleRate: 16000, channels: 1, samples: track });

    const started = process.hrtime.bigint();
    const result = await createSpeechToText(settings).transcribe(path);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;

    expect(result.recognizer).toMatch(/^pocketsphinx@/);
    let errors = 0;
    let total = 0;
    let hits = 0;
    const report: string[] = [];
    refs.forEach((r, i) => {
      const span = spans[i]!;
      const words = result.words.filter((w) => (w.start + w.end) / 2 >= span.start && (w.start + w.end) / 2 <= span.end);
      const ref = normaliseWords(r.transcript.replace(/-/g, ' '));
      const hyp = words.map((w) => w.word);
      const e = wordErrors(ref, hyp);
      errors += e;
      total += ref.length;
      const recognised = ref.filter((w) => hyp.includes(w)).length;
      hits += recognised;
      report.push(`${r.file}: WER ${(e / ref.length).toFixed(2)} "${hyp.join(' ')}"`);
      expect(recognised, `${r.file}: some reference words recognised`).toBeGreaterThanOrEqual(Math.min(2, ref.length));
    });
    const wer = errors / total;
    const audioSeconds = track.length / 16000;
    console.info(
      `${report.join('\n')}\nWER ${(100 * wer).toFixed(1)}% over ${total} words; ${hits} reference words recognised; ` +
        `${(seconds / audioSeconds).toFixed(3)} s per audio second (${seconds.toFixed(1)} s for ${audioSeconds.toFixed(1)} s)`,
    );
    expect(wer).toBeLessThan(0.45);
    expect(hits / total).toBeGreaterThan(0.6);
    // Segment times are on the track's clock: every segment lies inside one clip's span.
    for (const s of result.segments) {
      expect(spans.some((sp) => s.start >= sp.start - 0.3 && s.end <= sp.end + 0.3), `segment ${s.start}-${s.end} inside a clip`).toBe(true);
    }
    expect(result.speechSeconds).toBeGreaterThan(0.6 * spans.reduce((n, sp) => n + sp.end - sp.start, 0));
    expect(result.speechSeconds).toBeLessThan(audioSeconds);
  }, 300_000);

  it('gives no segments and empty text for a silent WAV', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ps-it-'));
    dirs.push(dir);
    await writeWav(join(dir, 'silent.wav'), pcm(silence(4)));
    const result = await createSpeechToText(settings).transcribe(join(dir, 'silent.wav'));
    expect(result.text).toBe('');
    expect(result.segments).toEqual([]);
    expect(result.speechSeconds).toBe(0);
  });

  it('recognises words in a single short clip through the recogniser interface', async () => {
    const words = await new PocketsphinxRecognizer(settings).transcribe(join(DATA, 'ljspeech_LJ001-0008.wav'));
    expect(words.map((w) => w.word)).toEqual(expect.arrayContaining(['never', 'surpassed']));
    for (const w of words) {
      expect(w.end).toBeGreaterThanOrEqual(w.start);
      expect(w.end).toBeLessThanOrEqual(1.8);
    }
  }, 120_000);
});
