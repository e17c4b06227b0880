// Runs Apertium (Debian's `apertium` + language pairs) over word lists: one process per chunk of
// words, each word on its own line followed by " ." so it is a sentence of its own (the structural
// transfer never joins neighbouring words), chunks run in parallel. Unknown-word marks are kept so
// the caller knows what was not translated: `*` unknown to the analyser, `@` analysed but missing
// from the bilingual dictionary, `#` translated lemma the generator could not inflect.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ApertiumResult {
  /** Output text with the marks removed (the source word where it was unknown). */
  text: string;
  /** Some word of the output was unknown (`*`) or had no translation (`@`). */
  unknown: boolean;
  /** Some lemma could not be inflected (`#`): the output has a lemma there, which is still a usable gloss. */
  ungenerated: boolean;
}

/** Whether `apertium` and the mode (e.g. "spa-eng") are installed. */
export function apertiumHasMode(mode: string): boolean {
  try {
    const out = execFileSync('apertium', ['-l'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return out.split(/\s+/).includes(mode);
  } catch {
    return false;
  }
}

/** Splits one output line into text and marks. */
export function parseApertiumLine(line: string): ApertiumResult {
  let unknown = false;
  let ungenerated = false;
  const words = line.trim().replace(/\s+\.$/, '').replace(/^\.$/, '').split(/\s+/).filter(Boolean).map((w) => {
    if (w.startsWith('*') || w.startsWith('@')) {
      unknown = true;
      return w.slice(1);
    }
    if (w.startsWith('#')) {
      ungenerated = true;
      return w.slice(1);
    }
    // Marks can also follow an apostrophe or hyphen inside a token ("matar-*te").
    if (/[-'][*@#]/.test(w)) {
      if (/[-'][*@]/.test(w)) unknown = true;
      else ungenerated = true;
      return w.replace(/([-'])[*@#]/g, '$1');
    }
    return w;
  });
  return { text: words.join(' '), unknown, ungenerated };
}

// The input goes through a file: apertium reads /dev/stdin by name, which fails on the socket
// pair node gives a child as its stdin.
function runChunk(mode: string, lines: string[]): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bridge-apertium-'));
  const input = join(dir, 'in.txt');
  writeFileSync(input, lines.map((l) => `${l} .\n`).join(''));
  return new Promise<string[]>((resolvePromise, reject) => {
    const child = spawn('apertium', ['-n', mode, input], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`apertium ${mode} exited with ${code}: ${Buffer.concat(err).toString('utf8').slice(0, 400)}`));
        return;
      }
      const text = Buffer.concat(out).toString('utf8');
      const got = text.split('\n');
      if (got[got.length - 1] === '') got.pop();
      if (got.length !== lines.length) {
        reject(new Error(`apertium ${mode}: ${lines.length} lines in, ${got.length} out (a word broke the one-line-per-word alignment)`));
        return;
      }
      resolvePromise(got);
    });
  }).finally(() => rmSync(dir, { recursive: true, force: true }));
}

/**
 * Translates each input (a word, or a short phrase from an earlier step of a chain) on its own with
 * `apertium <mode>`. Inputs must not contain line breaks. A chunk whose line count comes back wrong
 * is split in halves and retried, down to single inputs, which then come back unknown.
 */
export async function apertiumTranslate(mode: string, inputs: string[], opts: { chunkSize?: number; parallel?: number } = {}): Promise<ApertiumResult[]> {
  const chunkSize = opts.chunkSize ?? 4000;
  const parallel = opts.parallel ?? Math.max(1, Math.min(8, availableParallelism() - 1));
  const clean = inputs.map((s) => s.replace(/[\r\n]+/g, ' ').trim());
  const results: ApertiumResult[] = new Array<ApertiumResult>(clean.length);
  const chunks: [number, number][] = [];
  for (let i = 0; i < clean.length; i += chunkSize) chunks.push([i, Math.min(clean.length, i + chunkSize)]);

  const translateRange = async (from: number, to: number): Promise<void> => {
    try {
      const got = await runChunk(mode, clean.slice(from, to));
      got.forEach((line, k) => (results[from + k] = parseApertiumLine(line)));
    } catch (e) {
      if (to - from <= 1) {
        results[from] = { text: clean[from] ?? '', unknown: true, ungenerated: false };
        return;
      }
      // Only a lost line is retried in halves; anything else (apertium missing, a crash) stops the build.
      if (!/alignment/.test(String(e)) || /, 0 out/.test(String(e))) throw e;
      const mid = from + Math.floor((to - from) / 2);
      await translateRange(from, mid);
      await translateRange(mid, to);
    }
  };

  let next = 0;
  const workers = Array.from({ length: Math.min(parallel, chunks.length) }, async () => {
    while (next < chunks.length) {
      const [from, to] = chunks[next++]!;
      await translateRange(from, to);
    }
  });
  await Promise.all(workers);
  return results;
}
