// Captions in the text model's languages rendered into images (sharp's SVG renderer with the DejaVu
// fonts, which cover Latin, Greek and Cyrillic), with the truth to score OCR against: character
// accuracy and word recall. Used by test/ocr-languages.test.ts and bench/ocr-languages.bench.ts.
import sharp from 'sharp';
import type { RgbImage } from '../../src/models/preprocess.ts';

export type Script = 'Latin' | 'Cyrillic' | 'Greek';

/** Four everyday captions per language (ISO 639-1), each 5-9 words, with the language's own letters. */
export const CAPTIONS: Record<string, { script: Script; captions: string[] }> = {
  en: {
    script: 'Latin',
    captions: ['Breaking news: the city council meets tonight', 'Nobody reads the terms and conditions anyway', 'When the weekend finally arrives after a long week', 'Please keep your dog on a leash in the park'],
  },
  de: {
    script: 'Latin',
    captions: ['Größere Straßen führen über die schöne Brücke', 'Die Prüfung war schwieriger als wir dachten', 'Heute Abend gibt es Käse und frisches Brot', 'Wir müssen über das Wetter in München reden'],
  },
  es: {
    script: 'Latin',
    captions: ['El niño pequeño come manzanas en el jardín', '¿Dónde está la estación de tren más cercana?', 'Mañana vamos a la playa con mis amigos', 'La canción que escuchamos ayer fue increíble'],
  },
  fr: {
    script: 'Latin',
    captions: ['Le garçon a mangé une pêche très sucrée', 'Où se trouve la bibliothèque de la ville ?', 'Ça fait déjà trois années que nous étions là', 'Les élèves préfèrent le café au thé'],
  },
  it: {
    script: 'Latin',
    captions: ['Perché il caffè è già freddo stamattina?', 'La città è piena di turisti in estate', 'Domani andrò al mercato con mia sorella', 'Questo film è più lungo di quello di ieri'],
  },
  pt: {
    script: 'Latin',
    captions: ['A promoção termina amanhã às nove horas', 'Não esqueça de trazer o pão e o café', 'As crianças brincam na praça da estação', 'Você já leu a notícia sobre a eleição?'],
  },
  pl: {
    script: 'Latin',
    captions: ['Zażółć gęślą jaźń to znane polskie zdanie', 'Jutro pojedziemy pociągiem do Krakowa', 'Dziękuję bardzo za pomoc w sprawie mieszkania', 'Młody człowiek kupił świeży chleb w sklepie'],
  },
  tr: {
    script: 'Latin',
    captions: ['Bugün hava çok güzel, dışarı çıkalım mı?', 'Öğrenciler sınavdan önce çok çalıştılar', 'İstanbul trafiği her gün daha kötü oluyor', 'Şu çiçekler bahçede ışık altında büyüyor'],
  },
  da: {
    script: 'Latin',
    captions: ['Jeg har købt en ny cykel til min søster', 'Vejret på øen er ofte blæsende om efteråret', 'Børnene spiser æbler og rødgrød med fløde', 'Hvornår går det næste tog til Århus?'],
  },
  id: {
    script: 'Latin',
    captions: ['Saya akan pergi ke pasar besok pagi', 'Anak-anak bermain bola di lapangan sekolah', 'Harga beras naik lagi minggu ini', 'Terima kasih atas bantuan dan perhatiannya'],
  },
  ru: {
    script: 'Cyrillic',
    captions: ['Сегодня вечером мы пойдём в кино с друзьями', 'Москва — столица России и большой город', 'Я не люблю холодную погоду зимой', 'Эта новость быстро разошлась по всему интернету'],
  },
  uk: {
    script: 'Cyrillic',
    captions: ['Сьогодні ввечері ми підемо до кінотеатру', 'Київ є столицею України та великим містом', 'Дякую за допомогу з переїздом у нову квартиру', 'Ця пісня звучить по радіо щодня'],
  },
  el: {
    script: 'Greek',
    captions: ['Η Αθήνα είναι η πρωτεύουσα της Ελλάδας', 'Σήμερα ο καιρός είναι πολύ ζεστός', 'Τα παιδιά παίζουν μπάλα στην πλατεία', 'Ευχαριστώ πολύ για τη βοήθειά σου'],
  },
};

/** How a caption is drawn: a plain document line, a meme (white bold on a dark gradient, outlined), a serif poster line. */
export const STYLES = ['plain', 'meme', 'serif'] as const;
export type Style = (typeof STYLES)[number];

export interface TextImage {
  language: string;
  script: Script;
  style: Style;
  text: string;
  image: RgbImage;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Splits a caption of more than 28 characters into two lines at the word boundary nearest its middle. */
export function lines(text: string): string[] {
  if (text.length <= 28) return [text];
  const words = text.split(' ');
  let best = 1;
  for (let i = 1; i < words.length; i++) {
    const d = Math.abs(words.slice(0, i).join(' ').length - text.length / 2);
    if (d < Math.abs(words.slice(0, best).join(' ').length - text.length / 2)) best = i;
  }
  return [words.slice(0, best).join(' '), words.slice(best).join(' ')];
}

/** One caption drawn in one style (about 800 px wide), as the decoded RGB frame the analyzer gives OCR. */
export async function renderCaption(text: string, style: Style): Promise<RgbImage> {
  const ls = lines(text).map(escapeXml);
  const width = 820;
  let svg: string;
  if (style === 'plain') {
    const height = 60 + ls.length * 52;
    svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#ffffff"/>${ls
      .map((l, i) => `<text x="24" y="${64 + i * 52}" font-size="38" font-family="DejaVu Sans" fill="#111111">${l}</text>`)
      .join('')}</svg>`;
  } else if (style === 'meme') {
    const height = 80 + ls.length * 60;
    svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3b4a6b"/><stop offset="1" stop-color="#7a3b2e"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/>${ls
      .map(
        (l, i) =>
          `<text x="${width / 2}" y="${78 + i * 60}" text-anchor="middle" font-size="42" font-weight="bold" font-family="DejaVu Sans" fill="#ffffff" stroke="#000000" stroke-width="2">${l}</text>`,
      )
      .join('')}</svg>`;
  } else {
    const height = 70 + ls.length * 46;
    svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#f3ead7"/>${ls
      .map((l, i) => `<text x="30" y="${66 + i * 46}" font-size="34" font-family="DejaVu Serif" fill="#2a1f14">${l}</text>`)
      .join('')}</svg>`;
  }
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Every caption of the given languages in every given style. */
export async function textImages(languages: string[] = Object.keys(CAPTIONS), styles: readonly Style[] = STYLES): Promise<TextImage[]> {
  const out: TextImage[] = [];
  for (const language of languages) {
    const { script, captions } = CAPTIONS[language]!;
    for (const text of captions) for (const style of styles) out.push({ language, script, style, text, image: await renderCaption(text, style) });
  }
  return out;
}

/** Whitespace collapsed, Unicode NFC. */
const norm = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim();

function levenshtein(a: string[], b: string[]): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/** 1 - character edit distance / truth length (floored at 0), on NFC text with whitespace collapsed; exact letters (case and accents count). */
export function charAccuracy(truth: string, read: string): number {
  const t = [...norm(truth)];
  return Math.max(0, 1 - levenshtein(t, [...norm(read)]) / Math.max(1, t.length));
}

/** Lower-cased words of letters and digits (punctuation dropped); `fold` also strips accents, as the toxicity model's normalisation does. */
export function wordsOf(text: string, fold = false): string[] {
  let s = text.normalize('NFC').toLowerCase();
  if (fold) s = s.normalize('NFD').replace(/\p{M}/gu, '');
  return s.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Share of the truth's words found among the words read (each read word used once). */
export function wordRecall(truth: string, read: string, fold = false): number {
  const want = wordsOf(truth, fold);
  const have = new Map<string, number>();
  for (const w of wordsOf(read, fold)) have.set(w, (have.get(w) ?? 0) + 1);
  let hit = 0;
  for (const w of want) {
    const n = have.get(w) ?? 0;
    if (n > 0) {
      hit++;
      have.set(w, n - 1);
    }
  }
  return want.length ? hit / want.length : 1;
}
