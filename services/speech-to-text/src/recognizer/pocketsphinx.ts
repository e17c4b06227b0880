// SpeechRecognizer on the pocketsphinx command line with its US English model.
//
// Two CLI generations exist:
// - Debian 12 ships 0.8+5prealpha (`pocketsphinx_continuous`, `pocketsphinx_batch`). We use
//   `pocketsphinx_batch`: it loads the model once for all chunks of a file, decodes each chunk as
//   one utterance (CMN over the utterance, measured 20.5% WER on the LJ Speech clips against 25%+
//   for `pocketsphinx_continuous -infile`, whose own VAD cuts sentences), and `-hypseg` gives
//   each word's start frame (100 frames a second).
// - pocketsphinx 5.x has a single `pocketsphinx` binary; `pocketsphinx single a.wav b.wav` prints
//   one JSON object per file: {"b":start,"d":duration,"p":prob,"t":text,"w":[{"b","d","p","t"}]}.
// The batch form is preferred when both exist.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { SpeechSettings } from '../settings.ts';
import { pcmBytes, readWav, toMono, writeWav } from '../wav.ts';
import { RecognizerError, RecognizerUnavailableError, type RecognizedWord, type SpeechRecognizer } from './types.ts';

export type PocketsphinxCli = 'batch' | 'v5';

export interface PocketsphinxOptions {
  /** Directory holding the model (`en-us/` acoustic model, `en-us.lm.bin`, `cmudict-en-us.dict`); default POCKETSPHINX_MODEL_DIR, else the Debian package's. */
  modelDir?: string;
  /** Override the individual model files. */
  hmm?: string;
  lm?: string;
  dict?: string;
  /** Directory with the binaries; default: search the settings' PATH. */
  binDir?: string;
  /** Force a CLI generation; default: `pocketsphinx_batch` if found, else `pocketsphinx` (5.x). */
  cli?: PocketsphinxCli;
  /** Decoder search settings; default DEFAULT_DECODER_ARGS. */
  decoderArgs?: string[];
  /** Kill the decoder after this long; default 60 s + 3 s per second of audio. */
  timeoutMs?: number;
}

/**
 * Search settings measured on the LJ Speech + digits clips (58.6 s, 146 words): the defaults give
 * 20.5% WER at 0.26 CPU-s per audio second (one idle core; model load 0.3 s); without the
 * flat-lexicon pass and with at most 3000 active HMMs per frame 19.9% WER at 0.15 CPU-s.
 * Tighter beams cost accuracy (25% WER).
 */
export const DEFAULT_DECODER_ARGS = ['-fwdflat', 'no', '-maxhmmpf', '3000'];

const MODEL_DIRS = ['/usr/share/pocketsphinx/model/en-us', '/usr/local/share/pocketsphinx/model/en-us'];
const SAMPLE_RATE = 16000;
const FRAME_RATE = 100; // pocketsphinx default -frate

function findOnPath(name: string, searchPath: string, binDir?: string): string | null {
  const dirs = binDir ? [binDir] : searchPath.split(delimiter).filter(Boolean);
  for (const dir of dirs) {
    const p = join(dir, name);
    if (existsSync(p)) return p;
  }
  return null;
}

let debianVersion: string | null | undefined;
function packageVersion(): string | null {
  if (debianVersion === undefined) {
    const r = spawnSync('dpkg-query', ['-W', '-f', '${Version}', 'pocketsphinx'], { encoding: 'utf8', timeout: 5000 });
    debianVersion = r.status === 0 && r.stdout.trim() ? r.stdout.trim() : null;
  }
  return debianVersion;
}

/** Strips pronunciation variants (`the(2)`) and drops fillers (`<s>`, `<sil>`, `[NOISE]`, `(NULL)`). */
export function cleanWord(token: string): string | null {
  if (!token || /^[<[(+]/.test(token)) return null;
  return token.replace(/\(\d+\)$/, '').toLowerCase();
}

/**
 * Parses `pocketsphinx_batch -hypseg` output: per line `uttid S n T n A n L n` then, per word,
 * `startFrame acousticScore lmScore word`, and finally the end frame.
 */
export function parseHypseg(text: string): Map<string, RecognizedWord[]> {
  const out = new Map<string, RecognizedWord[]>();
  for (const line of text.split('\n')) {
    const tok = line.trim().split(/\s+/);
    if (tok.length < 9 || tok[1] !== 'S') continue;
    const uttId = tok[0] as string;
    const rest = tok.slice(9);
    const entries: { frame: number; word: string }[] = [];
    let i = 0;
    for (; i + 3 < rest.length; i += 4) entries.push({ frame: Number(rest[i]), word: rest[i + 3] as string });
    const endFrame = i < rest.length ? Number(rest[i]) : (entries[entries.length - 1]?.frame ?? 0);
    const words: RecognizedWord[] = [];
    entries.forEach((e, k) => {
      const word = cleanWord(e.word);
      if (!word || !Number.isFinite(e.frame)) return;
      const next = entries[k + 1]?.frame ?? endFrame;
      words.push({ word, start: e.frame / FRAME_RATE, end: Math.max(e.frame, next) / FRAME_RATE, confidence: null });
    });
    out.set(uttId, words);
  }
  return out;
}

interface V5Hyp {
  b?: number;
  d?: number;
  p?: number;
  t?: string;
  w?: { b?: number; d?: number; p?: number; t?: string }[];
}

/** Parses the line-delimited JSON of `pocketsphinx single` (5.x): one object per input file. */
export function parseV5Json(text: string): RecognizedWord[][] {
  const out: RecognizedWord[][] = [];
  for (const line of text.split('\n')) {
    if (!line.trim().startsWith('{')) continue;
    let hyp: V5Hyp;
    try {
      hyp = JSON.parse(line) as V5Hyp;
    } catch {
      throw new RecognizerError(`pocketsphinx printed a line that is not JSON: ${line.slice(0, 200)}`);
    }
    const words: RecognizedWord[] = [];
    for (const w of hyp.w ?? []) {
      const word = cleanWord(w.t ?? '');
      if (!word || typeof w.b !== 'number') continue;
      words.push({ word, start: w.b, end: w.b + (w.d ?? 0), confidence: typeof w.p === 'number' ? w.p : null });
    }
    if (words.length === 0 && hyp.t && !hyp.w) {
      // No word list: spread the words over the utterance so the text is not lost.
      const tokens = hyp.t.split(/\s+/).map(cleanWord).filter((t): t is string => !!t);
      const b = hyp.b ?? 0;
      const step = (hyp.d ?? 0) / Math.max(1, tokens.length);
      tokens.forEach((t, k) => words.push({ word: t, start: b + k * step, end: b + (k + 1) * step, confidence: null }));
    }
    out.push(words);
  }
  return out;
}

function run(bin: string, args: string[], timeoutMs: number): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (err, stdout, stderr) => {
      if (!err) return resolve({ stdout, stderr });
      const e = err as NodeJS.ErrnoException & { killed?: boolean; code?: number | string };
      if (e.code === 'ENOENT') return reject(new RecognizerUnavailableError(`pocketsphinx binary not found: ${bin}`));
      if (e.killed) return reject(new RecognizerError(`${bin} timed out after ${timeoutMs} ms`));
      reject(new RecognizerError(`${bin} failed (exit ${String(e.code)}): ${lastLines(stderr)}`));
    });
  });
}

function lastLines(text: string, n = 3): string {
  return text.trim().split('\n').slice(-n).join(' | ');
}

export class PocketsphinxRecognizer implements SpeechRecognizer {
  readonly id: string;
  private readonly settings: SpeechSettings;
  private readonly opts: PocketsphinxOptions;

  /** `settings` say where the binaries (PATH) and the model (POCKETSPHINX_MODEL_DIR) are; `opts` override them. */
  constructor(settings: SpeechSettings, opts: PocketsphinxOptions = {}) {
    this.settings = settings;
    this.opts = opts;
    const version = packageVersion();
    this.id = `pocketsphinx@${version ?? 'unknown'}+en-us`;
  }

  /** Which CLI and model files would be used; throws RecognizerUnavailableError with what is missing. */
  resolve(): { cli: PocketsphinxCli; bin: string; hmm: string; lm: string; dict: string } {
    const wantBatch = this.opts.cli !== 'v5';
    const wantV5 = this.opts.cli !== 'batch';
    const batchBin = wantBatch ? findOnPath('pocketsphinx_batch', this.settings.PATH, this.opts.binDir) : null;
    const v5Bin = !batchBin && wantV5 ? findOnPath('pocketsphinx', this.settings.PATH, this.opts.binDir) : null;
    const bin = batchBin ?? v5Bin;
    if (!bin) {
      throw new RecognizerUnavailableError(
        'pocketsphinx is not installed (no pocketsphinx_batch or pocketsphinx on PATH): run `make system-deps` ' +
          'or `apt-get install pocketsphinx pocketsphinx-en-us`',
      );
    }
    const modelDir = this.opts.modelDir ?? this.settings.POCKETSPHINX_MODEL_DIR ?? MODEL_DIRS.find((d) => existsSync(d)) ?? MODEL_DIRS[0]!;
    const hmm = this.opts.hmm ?? join(modelDir, 'en-us');
    const lm = this.opts.lm ?? join(modelDir, 'en-us.lm.bin');
    const dict = this.opts.dict ?? join(modelDir, 'cmudict-en-us.dict');
    const missing = [join(hmm, 'mdef'), lm, dict].filter((p) => !existsSync(p));
    if (missing.length > 0) {
      throw new RecognizerUnavailableError(
        `pocketsphinx en-us model missing (${missing.join(', ')}): install the Debian package pocketsphinx-en-us ` +
          'or set POCKETSPHINX_MODEL_DIR',
      );
    }
    return { cli: batchBin ? 'batch' : 'v5', bin, hmm, lm, dict };
  }

  async transcribe(wavPath: string): Promise<RecognizedWord[]> {
    const [words] = await this.transcribeMany([wavPath]);
    return words ?? [];
  }

  async transcribeMany(wavPaths: string[]): Promise<RecognizedWord[][]> {
    if (wavPaths.length === 0) return [];
    const cfg = this.resolve();
    const dir = await mkdtemp(join(tmpdir(), 'pocketsphinx-'));
    try {
      let totalSeconds = 0;
      const ids: string[] = [];
      for (const [i, path] of wavPaths.entries()) {
        const audio = toMono(await readWav(path));
        if (audio.sampleRate !== SAMPLE_RATE) {
          throw new RecognizerError(`pocketsphinx en-us needs 16000 Hz audio, ${path} is ${audio.sampleRate} Hz`);
        }
        totalSeconds += audio.samples.length / SAMPLE_RATE;
        const id = `u${String(i).padStart(5, '0')}`;
        ids.push(id);
        // Headerless PCM for batch (it would read a WAV header as samples); a canonical WAV for 5.x.
        if (cfg.cli === 'batch') await writeFile(join(dir, `${id}.raw`), pcmBytes(audio.samples));
        else await writeWav(join(dir, `${id}.wav`), audio);
      }
      const timeoutMs = Math.round(this.opts.timeoutMs ?? 60_000 + 3_000 * totalSeconds);
      const model = [
        ...['-hmm', cfg.hmm, '-lm', cfg.lm, '-dict', cfg.dict, '-samprate', String(SAMPLE_RATE)],
        ...(this.opts.decoderArgs ?? DEFAULT_DECODER_ARGS),
      ];

      if (cfg.cli === 'batch') {
        await writeFile(join(dir, 'ctl'), ids.join('\n') + '\n');
        const hypseg = join(dir, 'hypseg');
        const log = join(dir, 'log');
        try {
          await run(
            cfg.bin,
            [...model, '-adcin', 'yes', '-cepdir', dir, '-cepext', '.raw', '-ctl', join(dir, 'ctl'), '-hypseg', hypseg, '-logfn', log,
              // our VAD already removed the silences; pocketsphinx's own would shift the word times
              '-remove_silence', 'no'],
            timeoutMs,
          );
        } catch (err) {
          if (err instanceof RecognizerError) {
            const logText = await readFile(log, 'utf8').catch(() => '');
            throw new RecognizerError(`${err.message} ${lastLines(logText.split('\n').filter((l) => /ERROR|FATAL/.test(l)).join('\n'))}`.trim());
          }
          throw err;
        }
        const parsed = parseHypseg(await readFile(hypseg, 'utf8').catch(() => ''));
        return ids.map((id) => parsed.get(id) ?? []);
      }

      const { stdout } = await run(cfg.bin, [...model, 'single', ...ids.map((id) => join(dir, `${id}.wav`))], timeoutMs);
      const parsed = parseV5Json(stdout);
      if (parsed.length !== ids.length) {
        throw new RecognizerError(`pocketsphinx printed ${parsed.length} results for ${ids.length} inputs`);
      }
      return parsed;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
