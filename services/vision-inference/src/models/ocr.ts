// tesseract.js OCR. English with the LSTM data shipped in @tesseract.js-data/eng (no download); Greek,
// Cyrillic and other languages with Debian's traineddata (tesseract-ocr-ell, -rus, -ukr, ...; 4.1.0,
// tessdata_fast), installed by `make run` / `make test` (mk/system.mk). Gives the text and the
// word-count features used for screenshot / meme / poster / info-graphic signals.
//
// Two strategies (VISION_OCR_STRATEGY; bench/ocr-languages.bench.ts measures both):
// - second-pass (default): the first language alone reads every frame, as English-only OCR did; a frame
//   where it reads words but is confident about at most half of them (what English does to Greek or
//   Cyrillic letters) is read again by a second worker with all the languages, and that reading is kept
//   when it has more confident words, in one script (keepSecondPass). English text costs what it did
//   and reads the same; Greek and Cyrillic frames pay a second pass.
// - combined: one pass with every language (`eng+rus+...`): tesseract tries the others on each word the
//   first reads badly. Slower on real English memes (each doubtful word is re-read per language), and
//   some Latin words come out as Cyrillic look-alikes.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { serviceLogger } from '@modsvc/common/logger';
import type { ModelFile, ModelLoader, ModelSpec } from './registry.ts';
import { resizeInside, type RgbImage } from './preprocess.ts';
import { requireHere } from './tfjs.ts';
import { DEFAULT_OCR_LANGUAGES, DEFAULT_OCR_MAX_SIDE, type OcrLanguage, type OcrStrategy } from '../settings.ts';

const log = serviceLogger('vision-inference').child({ component: 'ocr' });

const dataDir = path.join(path.dirname(requireHere.resolve('@tesseract.js-data/eng')), '4.0.0_best_int');
const ENG_FILE: ModelFile = { path: path.join(dataDir, 'eng.traineddata.gz'), sha256: '45b4cb346724ac1774f1c36f42f182b887bcdb28ebe63e6fff90ac41f3fcff91' };
const TESSERACT_JS = '7.0.0';

/**
 * The other languages' traineddata: Debian's tesseract-lang 1:4.1.0-2 (upstream tessdata_fast 4.1.0,
 * the same files in Ubuntu), pinned by sha256. `Greek`/`Cyrillic`/`Latin` are the script models
 * (tesseract-ocr-script-grek / -cyrl / -latn): every language of the script in one network.
 */
export const TESSDATA: Record<Exclude<OcrLanguage, 'eng'>, { debian: string; sha256: string }> = {
  rus: { debian: 'tesseract-ocr-rus', sha256: 'e16e5e036cce1d9ec2b00063cf8b54472625b9e14d893a169e2b0dedeb4df225' },
  ukr: { debian: 'tesseract-ocr-ukr', sha256: 'd59e53e2bded32f4445f124b4b00240fcac7e8044c003ab822ccb94f0b3db59b' },
  ell: { debian: 'tesseract-ocr-ell', sha256: '4fba8a0b461038d51f1c20d043d4f2ac38c4e778f1b90830847f7bd8fa3ba726' },
  deu: { debian: 'tesseract-ocr-deu', sha256: '19d219bbb6672c869d20a9636c6816a81eb9a71796cb93ebe0cb1530e2cdb22d' },
  spa: { debian: 'tesseract-ocr-spa', sha256: '6f2e04d02774a18f01bed44b1111f2cd7f3ba7ac9dc4373cd3f898a40ea6b464' },
  fra: { debian: 'tesseract-ocr-fra', sha256: 'ced037562e8c80c13122dece28dd477d399af80911a28791a66a63ac1e3445ca' },
  ita: { debian: 'tesseract-ocr-ita', sha256: 'b8f89e1e785118dac4d51ae042c029a64edb5c3ee42ef73027a6d412748d8827' },
  por: { debian: 'tesseract-ocr-por', sha256: 'c4932b937207a9514b7514d518b931a99938c02a28a5a5a553f8599ed58b7deb' },
  pol: { debian: 'tesseract-ocr-pol', sha256: 'c4476cdbc0e33d898d32345122b7be1cbf85ace15f920f06c7714756e1ef79b2' },
  tur: { debian: 'tesseract-ocr-tur', sha256: '7393381111e1152420fc4092cb44eef4237580d21b92bf30d7d221aad192c6b7' },
  dan: { debian: 'tesseract-ocr-dan', sha256: 'acb1fd074487a31d1294fcdfd7d7c673467ffd8aeacb2ccd61ebcbf04eb4e2fa' },
  ind: { debian: 'tesseract-ocr-ind', sha256: '69786901da87ab8766c1ea7fbb10b28f2110c14da3f6c8f2735df131fba95d88' },
  ara: { debian: 'tesseract-ocr-ara', sha256: 'e3206d3dc87fd50c24a0fb9f01838615911d25168f4e64415244b67d2bb3e729' },
  kor: { debian: 'tesseract-ocr-kor', sha256: '6b85e11d9bbf07863b97b3523b1b112844c43e713df8b66418a081fd1060b3b2' },
  Greek: { debian: 'tesseract-ocr-script-grek', sha256: '52e201e4a22336d89ee202b579aca04f15ffd6e5e6af1fe164498f2c7de898e6' },
  Cyrillic: { debian: 'tesseract-ocr-script-cyrl', sha256: 'a80325ebb1c7aa2dca5002ec05b15052a51dcb2e9e65373c264a3df7ac284358' },
  Latin: { debian: 'tesseract-ocr-script-latn', sha256: '6dbdaf8ecc6c40f025c2648bf3b3f3fbffe073e1fd2df2047fde2e2b2f020d53' },
};
const TESSDATA_VERSION = '4.1.0';
/** Where Debian (bookworm and later: tesseract 5) and older releases / Ubuntu 22.04 (4.00) put them. */
export const TESSDATA_DIRS = ['/usr/share/tesseract-ocr/5/tessdata', '/usr/share/tesseract-ocr/4.00/tessdata'];

/** English only, as before languages were added (the calibration collector and tests use it). */
export const ocrSpec: ModelSpec = {
  id: 'tesseract-eng',
  version: `${TESSERACT_JS}+eng-4.0.0_best_int`,
  runtime: 'tesseract',
  files: [ENG_FILE],
  inputSize: null,
  feeds: [],
};

export interface OcrWord {
  text: string;
  confidence: number;
  box: [number, number, number, number];
}

export interface OcrOutput {
  text: string;
  /** Words with confidence >= 60 and at least 2 letters/digits. */
  words: OcrWord[];
  /** Of the reading kept (word count, text area and confidence of its confident words). */
  features: OcrFeatures;
  /** The reading kept: 1 (first language alone, or every language with `combined`) or 2 (the second pass). */
  pass: 1 | 2;
  /** Passes run on the frame (2: the second pass ran, whichever reading was kept). */
  passes: 1 | 2;
}

export interface OcrFeatures {
  wordCount: number;
  /** Share of the frame's area covered by the confident words' boxes. */
  textArea: number;
  meanConfidence: number;
}

interface TessWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}
interface TessBlock {
  paragraphs: { lines: { words: TessWord[] }[] }[];
}
interface TessWorker {
  setParameters(p: Record<string, string>): Promise<unknown>;
  recognize(img: Buffer, opts?: unknown, output?: unknown): Promise<{ data: { text: string; blocks: TessBlock[] | null } }>;
  terminate(): Promise<unknown>;
}
export interface OcrHandle {
  /** Reads every frame: the first language alone (second-pass) or every language (combined). */
  worker: TessWorker;
  /** Every language, for frames the first pass reads badly (second-pass strategy with more than one language). */
  second?: TessWorker;
  /** Longest side of the image given to tesseract. */
  maxSide: number;
}

/** What OCR reads with: the languages (the first reads every frame), how, and where Debian's traineddata is. */
export interface OcrConfig {
  languages: readonly OcrLanguage[];
  strategy: OcrStrategy;
  /** Directory of the non-English traineddata; unset: the first of TESSDATA_DIRS holding them. */
  tessdataDir?: string | undefined;
}

export const DEFAULT_OCR_CONFIG: OcrConfig = { languages: DEFAULT_OCR_LANGUAGES, strategy: 'second-pass' };

/** A language's traineddata file, or why it cannot be used (missing, or not the pinned bytes). */
export function tessdataFile(lang: OcrLanguage, dir?: string): ModelFile | { error: string } {
  if (lang === 'eng') return ENG_FILE;
  const { debian, sha256 } = TESSDATA[lang];
  const dirs = dir ? [dir] : TESSDATA_DIRS;
  const found = dirs.map((d) => path.join(d, `${lang}.traineddata`)).find((p) => existsSync(p));
  if (!found) return { error: `${lang}.traineddata not found in ${dirs.join(' or ')} (apt-get install ${debian}, or make system-deps)` };
  const actual = createHash('sha256').update(readFileSync(found)).digest('hex');
  if (actual !== sha256) return { error: `${found} is not the traineddata of ${debian} ${TESSDATA_VERSION} (sha256 ${actual})` };
  return { path: found, sha256 };
}

/**
 * The OCR model as configured: the languages whose traineddata is present with the pinned bytes (a
 * missing one is left out with a warning, and the version says which were loaded), and its loader.
 * The id stays `tesseract-eng` (VISION_DISABLE_MODELS, metrics and stored results name it).
 */
export function ocrModel(config: OcrConfig = DEFAULT_OCR_CONFIG, maxSide = DEFAULT_OCR_MAX_SIDE): { spec: ModelSpec; loader: ModelLoader<OcrHandle>; missing: string[] } {
  const files = new Map<OcrLanguage, ModelFile>();
  const missing: string[] = [];
  for (const lang of new Set(config.languages)) {
    const f = tessdataFile(lang, config.tessdataDir);
    if ('error' in f) missing.push(f.error);
    else files.set(lang, f);
  }
  for (const m of missing) log.warn({ languages: config.languages }, `OCR language left out: ${m}`);
  if (files.size === 0) files.set('eng', ENG_FILE);
  const languages = [...files.keys()];
  const others = languages.filter((l) => l !== 'eng');
  const engPart = languages.includes('eng') ? '+eng-4.0.0_best_int' : '';
  const otherPart = others.length ? `+${others.join('.')}-${TESSDATA_VERSION}_fast` : '';
  const strategyPart = languages.length > 1 ? `+${config.strategy}` : '';
  const spec: ModelSpec = { ...ocrSpec, version: `${TESSERACT_JS}${engPart}${otherPart}${strategyPart}`, files: [...files.values()] };
  return { spec, loader: ocrLoader(maxSide, { languages, strategy: config.strategy, files }), missing };
}

/** A tesseract.js worker reading `langs` (joined with +) from the given files. */
async function createTessWorker(langs: OcrLanguage[], files: Map<OcrLanguage, ModelFile>): Promise<TessWorker> {
  const T = requireHere('tesseract.js') as { createWorker(lang: string, oem: number, opts: unknown): Promise<TessWorker> };
  // tesseract.js reads every language from one directory (<langPath>/<lang>.traineddata, gzip detected
  // by its magic bytes): links to the files, removed once the worker has them in its own memory.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'modsvc-tessdata-'));
  try {
    for (const l of langs) symlinkSync(files.get(l)!.path, path.join(dir, `${l}.traineddata`));
    const worker = await T.createWorker(langs.join('+'), 1, { langPath: dir, cachePath: path.join(os.tmpdir(), 'modsvc-tesseract'), cacheMethod: 'none', gzip: false });
    // Sharp's PNGs carry no resolution; without one tesseract guesses (badly, and slowly).
    await worker.setParameters({ user_defined_dpi: '150', tessedit_pageseg_mode: '3', debug_file: '/dev/null' });
    return worker;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Loads the OCR workers; without options English alone, as before languages were added. */
export function ocrLoader(
  maxSide = DEFAULT_OCR_MAX_SIDE,
  opts: { languages: OcrLanguage[]; strategy: OcrStrategy; files: Map<OcrLanguage, ModelFile> } = { languages: ['eng'], strategy: 'second-pass', files: new Map([['eng', ENG_FILE]]) },
): ModelLoader<OcrHandle> {
  return {
    async load() {
      const { languages, strategy, files } = opts;
      if (languages.length === 1 || strategy === 'combined') return { worker: await createTessWorker(languages, files), maxSide };
      const made = await Promise.allSettled([createTessWorker(languages.slice(0, 1), files), createTessWorker(languages, files)]);
      const failed = made.find((m) => m.status === 'rejected');
      if (failed) {
        await Promise.all(made.map((m) => (m.status === 'fulfilled' ? m.value.terminate() : null)));
        throw failed.reason;
      }
      const [worker, second] = made.map((m) => (m as PromiseFulfilledResult<TessWorker>).value);
      return { worker: worker!, second: second!, maxSide };
    },
    async warm(h) {
      const blank: RgbImage = { data: Buffer.alloc(32 * 32 * 3, 255), width: 32, height: 32 };
      await ocrPredict(h, [blank]);
      await h.second?.recognize(ppm(blank));
    },
    async close(h) {
      await Promise.all([h.worker.terminate(), h.second?.terminate()]);
    },
  };
}

export const MIN_WORD_CONFIDENCE = 60;

export function ocrFeatures(words: OcrWord[], width: number, height: number): OcrFeatures {
  const area = words.reduce((a, w) => a + w.box[2] * w.box[3], 0);
  return {
    wordCount: words.length,
    textArea: Math.min(1, area / Math.max(1, width * height)),
    meanConfidence: words.length ? words.reduce((a, w) => a + w.confidence, 0) / words.length : 0,
  };
}

/**
 * The frame as a binary PPM: tesseract's leptonica reads it as it is, so the same pixels reach it
 * as through a PNG without compressing each frame here and inflating it again in wasm. Like the
 * PNGs it replaces, it carries no resolution (user_defined_dpi stands in).
 */
export function ppm(img: RgbImage): Buffer {
  return Buffer.concat([Buffer.from(`P6\n${img.width} ${img.height}\n255\n`, 'latin1'), img.data.subarray(0, img.width * img.height * 3)]);
}

interface Reading {
  text: string;
  /** Every word with at least 2 letters/digits, whatever its confidence. */
  all: number;
  words: OcrWord[];
}

const hasTwoAlnum = (s: string) => (s.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2;

async function read(worker: TessWorker, image: Buffer, k: number): Promise<Reading> {
  const r = await worker.recognize(image, {}, { text: true, blocks: true });
  const words: OcrWord[] = [];
  let all = 0;
  for (const b of r.data.blocks ?? [])
    for (const p of b.paragraphs)
      for (const l of p.lines)
        for (const w of l.words) {
          if (!hasTwoAlnum(w.text)) continue;
          all++;
          if (w.confidence < MIN_WORD_CONFIDENCE) continue;
          const { x0, y0, x1, y1 } = w.bbox;
          words.push({ text: w.text, confidence: w.confidence, box: [x0 * k, y0 * k, (x1 - x0) * k, (y1 - y0) * k] });
        }
  return { text: r.data.text.trim(), all, words };
}

/** A frame the first language reads badly: at least 2 words, at most half of them confident. */
export function needsSecondPass(r: Pick<Reading, 'all' | 'words'>): boolean {
  return r.all >= 2 && r.words.length * 2 <= r.all;
}

const SCRIPTS = ['Latin', 'Cyrillic', 'Greek', 'Arabic', 'Hangul', 'Han', 'Devanagari'] as const;
const SCRIPT_RES = SCRIPTS.map((s) => new RegExp(`\\p{Script=${s}}`, 'u'));

/** The most common script among the letters of `words` and the share of the letters it holds (null, 0 without letters). */
export function mainScript(words: readonly string[]): { script: (typeof SCRIPTS)[number] | 'other' | null; share: number } {
  const counts = new Map<number, number>();
  let letters = 0;
  for (const ch of words.join('').match(/\p{L}/gu) ?? []) {
    letters++;
    const i = SCRIPT_RES.findIndex((re) => re.test(ch));
    counts.set(i, (counts.get(i) ?? 0) + 1);
  }
  if (!letters) return { script: null, share: 0 };
  const [i, n] = [...counts].reduce((a, b) => (b[1] > a[1] ? b : a));
  return { script: i < 0 ? 'other' : SCRIPTS[i]!, share: n / letters };
}

/**
 * The second reading replaces the first when it has more confident words and reads the frame in one
 * script: at least two thirds of their letters in one script other than Latin (Greek or Cyrillic text
 * read by its own model, a Latin brand name or two allowed), or all of them Latin. A Latin-script frame
 * that English read badly (Turkish, Danish) is not replaced by a reading that turns some of its words
 * into Cyrillic look-alikes.
 */
export function keepSecondPass(first: Pick<Reading, 'words'>, second: Pick<Reading, 'words'>): boolean {
  if (second.words.length <= first.words.length) return false;
  const { script, share } = mainScript(second.words.map((w) => w.text));
  return script === 'Latin' ? share === 1 : script !== null && share >= 2 / 3;
}

export async function ocrPredict(h: OcrHandle, frames: RgbImage[]): Promise<OcrOutput[]> {
  const out: OcrOutput[] = [];
  for (const frame of frames) {
    const small = await resizeInside(frame, h.maxSide);
    const k = frame.width / small.width;
    const image = ppm(small);
    const first = await read(h.worker, image, k);
    let kept: Reading = first;
    let pass: 1 | 2 = 1;
    let passes: 1 | 2 = 1;
    if (h.second && needsSecondPass(first)) {
      const again = await read(h.second, image, k);
      passes = 2;
      if (keepSecondPass(first, again)) [kept, pass] = [again, 2];
    }
    out.push({ text: kept.text, words: kept.words, features: ocrFeatures(kept.words, frame.width, frame.height), pass, passes });
  }
  return out;
}
