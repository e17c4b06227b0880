// OCR in several languages: how well each configuration of vision-inference's OCR reads captions
// rendered in 13 languages (Latin, Cyrillic and Greek scripts; DejaVu Sans, Sans Bold outlined on a
// gradient, Serif: test/helpers/text-images.ts) and what it costs per image, against English alone
// (the OCR before languages were added). The code measured is the service's own (ocrModel /
// ocrPredict), one configuration after the other on each image (order rotated per image, so every
// configuration sees the same machine state), one run.
//
// Per language: character accuracy of the text read (1 - edit distance / length, exact letters), and
// the recall of the caption's words among the confident words that are sent to text-toxicity, exact
// and accent-folded (the toxicity model strips accents from Latin, Greek and Cyrillic letters, so the
// folded figure is what scoring sees). English must not get worse: English captions, plus real memes
// and screenshots of the data kit (no transcript: confident words, and the share of English-only
// OCR's words still read). Cost: ms per image (p50 / mean / p95) for captions, kit text images and kit
// photographs without text, the share of frames read twice, the load time and the memory it takes.
// Run: make bench-ocr-languages   (writes bench/results/ocr-languages.json; BENCH_OCR_CONFIGS=
// "eng|second-pass;eng+rus+ell|combined" to choose the configurations, BENCH_KIT_IMAGES)
import fs from 'node:fs';
import path from 'node:path';
import { ocrModel, ocrPredict, type OcrHandle, type OcrOutput } from '../services/vision-inference/src/models/ocr.ts';
import { decodeFrame, type RgbImage } from '../services/vision-inference/src/models/preprocess.ts';
import { OCR_LANGUAGES, type OcrLanguage, type OcrStrategy } from '../services/vision-inference/src/settings.ts';
import { kitPhotos } from '../services/vision-inference/test/helpers/kit-photos.ts';
import { charAccuracy, textImages, wordRecall, type Script } from '../services/vision-inference/test/helpers/text-images.ts';

const REPO = path.resolve(import.meta.dirname, '..');
const KIT = Number(process.env.BENCH_KIT_IMAGES ?? 24);
const DEFAULT_CONFIGS = [
  'eng|second-pass',
  'eng+rus+ukr+Greek|second-pass',
  'eng+rus+ukr+ell|second-pass',
  'eng+rus+Greek|second-pass',
  'eng+Cyrillic+Greek|second-pass',
  'eng+rus+ukr+Greek|combined',
  'eng+rus+ukr+Greek+deu+spa+fra+ita+por+pol+tur+dan+ind|second-pass',
  'eng+rus+ukr+Greek+deu+spa+fra+ita+por+pol+tur+dan+ind|combined',
];

interface Item {
  group: string;
  language?: string;
  script?: Script;
  text?: string;
  image: RgbImage;
}

interface Config {
  name: string;
  languages: OcrLanguage[];
  strategy: OcrStrategy;
  version: string;
  handle: OcrHandle;
  loadMs: number;
  /** Growth of the process's RSS while this configuration loaded and warmed (configurations stay loaded; approximate). */
  rssMb: number;
  ms: Record<string, number[]>;
  reads: OcrOutput[];
}

const mean = (a: number[]) => (a.length ? a.reduce((x, y) => x + y, 0) / a.length : 0);
const pct = (a: number[], p: number) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : 0;
};
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const r1 = (x: number) => Math.round(x * 10) / 10;

async function loadItems(): Promise<{ items: Item[]; kitNote: string }> {
  const items: Item[] = (await textImages()).map((c) => ({ group: `captions-${c.script.toLowerCase()}${c.language === 'en' ? '-en' : ''}`, language: c.language, script: c.script, text: c.text, image: c.image }));
  const text = kitPhotos({ meme: Math.ceil((KIT * 2) / 3), screenshot: Math.floor(KIT / 3) });
  const photos = kitPhotos({ benign_photo: Math.ceil(KIT / 2), photo: Math.floor(KIT / 2) });
  for (const f of text) items.push({ group: 'kit-text', image: await decodeFrame(fs.readFileSync(f)) });
  for (const f of photos) items.push({ group: 'kit-photo', image: await decodeFrame(fs.readFileSync(f)) });
  const kitNote = text.length
    ? `${text.length} real memes/screenshots and ${photos.length} real photographs of the data kit (../shared/data/images, first in name order)`
    : 'no data kit beside the repository: captions only';
  return { items, kitNote };
}

async function main(): Promise<void> {
  const { items, kitNote } = await loadItems();
  const specs = (process.env.BENCH_OCR_CONFIGS?.split(';') ?? DEFAULT_CONFIGS).map((c) => c.trim()).filter(Boolean);
  const configs: Config[] = [];
  const skipped: { name: string; why: string[] }[] = [];
  for (const name of specs) {
    const [langs, strategy = 'second-pass'] = name.split('|');
    const languages = langs!.split('+').filter((l): l is OcrLanguage => (OCR_LANGUAGES as readonly string[]).includes(l));
    const model = ocrModel({ languages, strategy: strategy as OcrStrategy });
    if (model.missing.length) {
      skipped.push({ name, why: model.missing });
      continue;
    }
    const rss0 = process.memoryUsage().rss;
    const t0 = performance.now();
    const handle = await model.loader.load(model.spec);
    await model.loader.warm?.(handle);
    await ocrPredict(handle, [items[0]!.image, items.at(-1)!.image]);
    configs.push({ name, languages, strategy: strategy as OcrStrategy, version: model.spec.version, handle, loadMs: performance.now() - t0, rssMb: Math.round((process.memoryUsage().rss - rss0) / 1e6), ms: {}, reads: [] });
    console.error(`loaded ${name} in ${Math.round(performance.now() - t0)} ms`);
  }
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    for (let j = 0; j < configs.length; j++) {
      const c = configs[(i + j) % configs.length]!;
      const t0 = performance.now();
      const [r] = await ocrPredict(c.handle, [item.image]);
      (c.ms[item.group] ??= []).push(performance.now() - t0);
      c.reads[i] = r!;
    }
    if (i % 40 === 39) console.error(`${i + 1}/${items.length} images`);
  }
  const base = configs[0]!;
  const results = configs.map((c) => {
    const byLanguage: Record<string, { script: Script; images: number; charAccuracy: number; wordRecall: number; wordRecallFolded: number; secondPassKept: number }> = {};
    items.forEach((item, i) => {
      if (!item.text) return;
      const r = c.reads[i]!;
      const sent = r.words.map((w) => w.text).join(' ');
      const l = (byLanguage[item.language!] ??= { script: item.script!, images: 0, charAccuracy: 0, wordRecall: 0, wordRecallFolded: 0, secondPassKept: 0 });
      l.images++;
      l.charAccuracy += charAccuracy(item.text, r.text);
      l.wordRecall += wordRecall(item.text, sent);
      l.wordRecallFolded += wordRecall(item.text, sent, true);
      l.secondPassKept += r.pass === 2 ? 1 : 0;
    });
    for (const l of Object.values(byLanguage)) {
      l.charAccuracy = r3(l.charAccuracy / l.images);
      l.wordRecall = r3(l.wordRecall / l.images);
      l.wordRecallFolded = r3(l.wordRecallFolded / l.images);
    }
    const byScript: Record<string, { languages: number; charAccuracy: number; wordRecallFolded: number }> = {};
    for (const script of ['Latin', 'Cyrillic', 'Greek'] as const) {
      const ls = Object.entries(byLanguage).filter(([lang, l]) => l.script === script && lang !== 'en');
      if (ls.length) byScript[script] = { languages: ls.length, charAccuracy: r3(mean(ls.map(([, l]) => l.charAccuracy))), wordRecallFolded: r3(mean(ls.map(([, l]) => l.wordRecallFolded))) };
    }
    const kit = items.map((it, i) => ({ it, r: c.reads[i]!, b: base.reads[i]! })).filter((x) => x.it.group === 'kit-text');
    const msPerImage = Object.fromEntries(Object.entries(c.ms).map(([g, a]) => [g, { images: a.length, p50: r1(pct(a, 50)), mean: r1(mean(a)), p95: r1(pct(a, 95)) }]));
    const all = Object.values(c.ms).flat();
    return {
      config: c.name,
      languages: c.languages,
      strategy: c.strategy,
      version: c.version,
      loadMs: Math.round(c.loadMs),
      rssMb: c.rssMb,
      byLanguage,
      byScript,
      english: {
        captions: byLanguage.en,
        kitText: kit.length
          ? {
              images: kit.length,
              confidentWords: kit.reduce((a, x) => a + x.r.words.length, 0),
              recallOfEnglishOnlyWords: r3(mean(kit.map((x) => wordRecall(x.b.words.map((w) => w.text).join(' '), x.r.words.map((w) => w.text).join(' '))))),
              sameTextAsEnglishOnly: kit.filter((x) => x.r.text === x.b.text).length,
              secondPassKept: kit.filter((x) => x.r.pass === 2).length,
            }
          : null,
      },
      msPerImage,
      msPerImageAll: { images: all.length, mean: r1(mean(all)) },
      secondPass: {
        ran: c.reads.filter((r) => r.passes === 2).length,
        kept: c.reads.filter((r) => r.pass === 2).length,
        ranOn: Object.fromEntries(Object.keys(c.ms).map((g) => [g, items.filter((it, i) => it.group === g && c.reads[i]!.passes === 2).length])),
      },
    };
  });
  const out = {
    bench: 'ocr-languages',
    date: new Date().toISOString().slice(0, 10),
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version, note: 'shared CPU cores; one run, configurations interleaved per image' },
    images: { captions: items.filter((i) => i.text).length, captionLanguages: [...new Set(items.filter((i) => i.language).map((i) => i.language))], styles: 'plain (DejaVu Sans 38 px, black on white), meme (DejaVu Sans Bold 42 px, white outlined on a dark gradient), serif (DejaVu Serif 34 px on beige); 820 px wide, 1-2 lines', kit: kitNote },
    metrics: {
      charAccuracy: '1 - character edit distance / caption length, NFC, exact letters (case and accents count), on the whole text tesseract read',
      wordRecall: "share of the caption's words among the confident words sent to text-toxicity (>= 60 confidence, >= 2 letters/digits), lower-cased, punctuation dropped",
      wordRecallFolded: 'the same with accents stripped on both sides (what the toxicity model sees)',
      msPerImage: 'ocrPredict per image (resize + first pass + second pass when taken), wall clock',
      rssMb: "growth of the process's resident memory while the configuration loaded and warmed (one OCR instance; the service has one per vision worker thread)",
    },
    skipped,
    results,
  };
  const file = path.join(REPO, 'bench/results/ocr-languages.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(out, null, 2) + '\n');
  for (const r of results)
    console.log(
      `${r.config.padEnd(66)} en ${r.byLanguage.en?.wordRecallFolded} Latin ${r.byScript.Latin?.wordRecallFolded} Cyrillic ${r.byScript.Cyrillic?.wordRecallFolded} Greek ${r.byScript.Greek?.wordRecallFolded} | ms ${Object.entries(r.msPerImage)
        .map(([g, m]) => `${g} ${m.mean}`)
        .join(', ')}`,
    );
  for (const c of configs) await c.handle.worker.terminate().then(() => c.handle.second?.terminate());
  console.log(`wrote ${path.relative(REPO, file)}`);
}

await main();
