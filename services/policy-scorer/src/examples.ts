// The examples signal of a custom category: the best cosine similarity between any analysed frame of the
// content and any example image, both embedded by vision-inference's network, mapped to a score.
// The mapping and the default min_similarity are measured by bench/example-similarity.bench.ts (k = 5
// examples from one source repository, photographs of other repositories as queries; figures in
// docs/custom-categories.md); test/examples.test.ts keeps these numbers equal to its results file.
import type { JobRecord } from '@modsvc/common/jobs';
import type { ExamplesSignal } from '@modsvc/common/domain/index';
import { cosine, decodeEmbedding } from '@modsvc/common/embeddings';

/**
 * score = sigmoid(a x similarity + b) at or above min_similarity, else 0. The default min_similarity is the
 * similarity 99% of held-back photographs of other classes stay below; a and b are a logistic fit of
 * "same class" on the similarity, at even odds. A match scores 0.67 to 0.74 (MEDIUM, never HIGH, with
 * the default thresholds): on photographs from other sources the measured precision is low, so a match
 * asks for review rather than deciding.
 */
export const EXAMPLE_MAPPING = {
  /** The network the mapping was measured on. */
  model: 'nsfwjs-mobilenet_v2@4.4.0/flatten_1',
  a: 2.7148,
  b: -1.6755,
  defaultMinSimilarity: 0.8716,
} as const;

export interface ExamplesScore {
  score: number | null;
  /** What set the score, or why there is none. */
  by: string | null;
}

export function similarityScore(similarity: number, minSimilarity: number = EXAMPLE_MAPPING.defaultMinSimilarity): number {
  if (similarity < minSimilarity) return 0;
  return 1 / (1 + Math.exp(-(EXAMPLE_MAPPING.a * similarity + EXAMPLE_MAPPING.b)));
}

export function examplesSignal(job: JobRecord, signal: ExamplesSignal): ExamplesScore {
  const part = job.parts.embeddings;
  if (!part) return { score: null, by: 'examples:not_scored(no frame embeddings: the embedding network did not run on this job)' };
  if (part.model !== signal.embedding_model) {
    return { score: null, by: `examples:not_scored(examples embedded by ${signal.embedding_model ?? 'nothing'}, the content by ${part.model}: publish the images again)` };
  }
  if (!part.frames.length) return { score: null, by: 'examples:not_scored(no analysed frames)' };
  const examples = signal.examples.flatMap((e) => ('embedding' in e ? [{ sha256: e.sha256, vector: decodeEmbedding(e.embedding) }] : []));
  if (!examples.length) return { score: null, by: 'examples:not_scored(no embedded examples)' };
  let best = { similarity: -Infinity, sha256: '', timestamp: 0 };
  for (const frame of part.frames) {
    const v = decodeEmbedding(frame.vector);
    for (const e of examples) {
      if (e.vector.length !== v.length) continue;
      const s = cosine(v, e.vector);
      if (s > best.similarity) best = { similarity: s, sha256: e.sha256, timestamp: frame.timestamp };
    }
  }
  if (best.similarity === -Infinity) return { score: null, by: 'examples:not_scored(embeddings of different sizes)' };
  const score = similarityScore(best.similarity, signal.min_similarity);
  return { score, by: `example:${best.sha256.slice(0, 12)}@${best.timestamp}s(similarity ${best.similarity.toFixed(3)})` };
}
