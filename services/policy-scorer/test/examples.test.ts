// The examples signal of a custom category, scored on embeddings that vision-inference's network gave
// real photographs of the data kit (test/fixtures/photo-embeddings.json, kept current by
// services/vision-inference/test/embed.test.ts), and example images turned into embeddings at publication.
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@modsvc/common/errors';
import type { ModelsApi } from '@modsvc/common/contracts';
import { decodeEmbedding } from '@modsvc/common/embeddings';
import { PolicyDocumentSchema, resolvePolicyDocument } from '@modsvc/common/domain/index';
import type { EmbeddingsPart } from '@modsvc/common/jobs';
import { newJobRecord } from '../../../packages/common/test/fixtures.ts';
import { EXAMPLE_MAPPING, similarityScore } from '../src/examples.ts';
import { scoreCategories } from '../src/policy.ts';
import { embedExamples } from '../src/policies-api.ts';

interface FixturePhoto {
  file: string;
  /** An edited copy of the photograph (see the vision-inference test). */
  edit?: string;
  sha256: string;
  embedding: string;
}
const fixture = JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures/photo-embeddings.json'), 'utf8')) as { model: string; photos: FixturePhoto[] };
const photo = (prefix: string, edit?: string) => fixture.photos.find((p) => p.file.startsWith(prefix) && p.edit === edit)!;
const examples = fixture.photos.filter((p) => p.file.startsWith('firearm/real3_alemagun_') && !p.edit);

const bench = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../bench/results/example-similarity.json'), 'utf8')) as {
  embedding_model: string;
  mapping: { a: number; b: number; default_min_similarity: number };
};

function policyWith(signal: Record<string, unknown>) {
  const doc = PolicyDocumentSchema.parse({ categories: [{ name: 'GUNS_BY_EXAMPLE', description: 'Handguns and rifles, as in our examples.', signals: [signal] }] });
  return resolvePolicyDocument(doc, 'v1');
}

const firearmSignal = { examples: examples.map(({ sha256, embedding }) => ({ sha256, embedding })), weight: 1, embedding_model: fixture.model };

function jobShowing(...frames: FixturePhoto[]): ReturnType<typeof newJobRecord> {
  const embeddings: EmbeddingsPart = { model: fixture.model, frames: frames.map((f, i) => ({ timestamp: i * 2, vector: f.embedding })) };
  return newJobRecord({ expectedParts: ['vision'], parts: { embeddings } });
}

describe('examples signal: scoring', () => {
  it('uses the mapping measured by bench/example-similarity.bench.ts, on the network it was measured on', () => {
    expect(EXAMPLE_MAPPING).toEqual({ model: bench.embedding_model, a: bench.mapping.a, b: bench.mapping.b, defaultMinSimilarity: bench.mapping.default_min_similarity });
    expect(fixture.model).toBe(EXAMPLE_MAPPING.model);
    // A match is at least MEDIUM with the default thresholds; just below min_similarity it is nothing.
    expect(similarityScore(EXAMPLE_MAPPING.defaultMinSimilarity)).toBeGreaterThanOrEqual(0.5);
    expect(similarityScore(EXAMPLE_MAPPING.defaultMinSimilarity - 0.001)).toBe(0);
  });

  it('scores re-encoded and half-size copies of the examples MEDIUM, and says which example and frame matched', () => {
    const copies = fixture.photos.filter((p) => p.edit === 'jpeg_q40' || p.edit === 'half_size');
    expect(copies).toHaveLength(10);
    for (const copy of copies) {
      const [cat] = scoreCategories(jobShowing(photo('smoking_and_tobacco/'), copy), policyWith(firearmSignal));
      expect(cat!.risk_level, `${copy.file} ${copy.edit}`).toBe('MEDIUM');
      // The copy is the second frame (2 s); the example is named by its sha256 prefix.
      expect(cat!.triggered_by).toMatch(/^example:[0-9a-f]{12}@2s\(similarity 0\.\d{3}\)$/);
      expect(cat!.triggered_by!.slice(8, 20)).toBe(examples.find((e) => e.file === copy.file)!.sha256.slice(0, 12));
    }
  });

  it('matches mirrored copies only where they stay similar enough (4 of these 5)', () => {
    const mirrored = fixture.photos.filter((p) => p.edit === 'mirrored');
    const levels = mirrored.map((copy) => scoreCategories(jobShowing(copy), policyWith(firearmSignal))[0]!.risk_level);
    expect(levels.filter((l) => l === 'MEDIUM')).toHaveLength(4);
    expect(levels.filter((l) => l === 'NONE')).toHaveLength(1);
  });

  it('scores unrelated photographs 0, and (as measured) another source\'s photograph of the same class too', () => {
    for (const f of [photo('smoking_and_tobacco/'), photo('benign_photo/'), photo('firearm/real3_amweapon_1')]) {
      const [cat] = scoreCategories(jobShowing(f), policyWith(firearmSignal));
      expect(cat, f.file).toMatchObject({ score: 0, risk_level: 'NONE' });
    }
  });

  it('multiplies by the weight and honours its own min_similarity', () => {
    const copy = photo('firearm/real3_alemagun_1', 'jpeg_q40');
    const [full] = scoreCategories(jobShowing(copy), policyWith(firearmSignal));
    const [half] = scoreCategories(jobShowing(copy), policyWith({ ...firearmSignal, weight: 0.5 }));
    expect(half!.score).toBeCloseTo(full!.score! * 0.5, 3);
    const [strict] = scoreCategories(jobShowing(copy), policyWith({ ...firearmSignal, min_similarity: 0.999 }));
    expect(strict!.score).toBe(0);
    // A looser min_similarity lets the other source's gun through, with the score the mapping gives it.
    const [loose] = scoreCategories(jobShowing(photo('firearm/real3_amweapon_1')), policyWith({ ...firearmSignal, min_similarity: 0.3 }));
    const similarity = Number(/similarity (0\.\d+)/.exec(loose!.triggered_by!)![1]);
    expect(loose!.score).toBeCloseTo(similarityScore(similarity, 0.3), 3);
  });

  it('does not score examples of another embedding model, or content without embeddings, and says why', () => {
    const [other] = scoreCategories(jobShowing(photo('firearm/real3_amweapon_1')), policyWith({ ...firearmSignal, embedding_model: 'another-net@2/pool' }));
    expect(other).toMatchObject({ score: null, risk_level: 'UNKNOWN' });
    expect(other!.triggered_by).toContain(`examples embedded by another-net@2/pool, the content by ${fixture.model}`);
    const [none] = scoreCategories(newJobRecord({ expectedParts: ['vision'], parts: {} }), policyWith(firearmSignal));
    expect(none).toMatchObject({ score: null, risk_level: 'UNKNOWN' });
    expect(none!.triggered_by).toMatch(/^examples:not_scored\(no frame embeddings/);
    // Another signal that could score wins over the reason.
    const both = resolvePolicyDocument(
      PolicyDocumentSchema.parse({ categories: [{ name: 'GUNS_BY_EXAMPLE', description: 'Guns.', signals: [firearmSignal, { terms: ['glock'], weight: 0.9 }] }] }),
      'v2',
    );
    const [withTerms] = scoreCategories(newJobRecord({ expectedParts: ['vision'], parts: {}, caption: 'a glock' }), both);
    expect(withTerms).toMatchObject({ score: 0.9, triggered_by: 'caption:term:"glock"@2-7' });
  });
});

describe('examples signal: publication', () => {
  const dataKit = path.resolve(import.meta.dirname, '../../../../shared/data/images');
  // The network's answers for these photographs, from the fixture; an image it does not know cannot be decoded.
  const models: ModelsApi = {
    models: () => Promise.reject(new Error('not used')),
    async embed(images) {
      const vectors = images.map((b, i) => {
        const sha = crypto.createHash('sha256').update(b).digest('hex');
        const known = fixture.photos.find((p) => p.sha256 === sha);
        if (!known) throw new ApiError('invalid_request', `image ${i}: cannot decode image: unsupported image format`);
        return decodeEmbedding(known.embedding);
      });
      return { model: fixture.model, vectors };
    },
  };
  const bytesOf = (file: string) => readFileSync(path.join(dataKit, file));

  it('stores each image as its sha256 and embedding, never the image, with the model that embedded it', async () => {
    const doc = PolicyDocumentSchema.parse({
      categories: [
        { name: 'COSMETICS', description: 'Make-up.', signals: [{ terms: ['lipstick'], weight: 0.6 }] },
        { name: 'GUNS_BY_EXAMPLE', description: 'Guns.', signals: [{ examples: examples.slice(0, 2).map((e) => ({ image_base64: bytesOf(e.file).toString('base64') })), weight: 0.9 }] },
      ],
    });
    const stored = await embedExamples(doc, models);
    expect(stored.categories[0]).toEqual(doc.categories[0]);
    expect(stored.categories[1]!.signals).toEqual([
      { examples: examples.slice(0, 2).map(({ sha256, embedding }) => ({ sha256, embedding })), weight: 0.9, embedding_model: fixture.model },
    ]);
    expect(JSON.stringify(stored)).not.toContain('image_base64');
    // What a GET answers can be PUT back as it is.
    expect(PolicyDocumentSchema.safeParse(stored).success).toBe(true);
    expect(await embedExamples(stored, models)).toEqual(stored);
  });

  it('names the field of an image the network cannot decode', async () => {
    const doc = PolicyDocumentSchema.parse({
      categories: [
        {
          name: 'GUNS_BY_EXAMPLE',
          description: 'Guns.',
          signals: [{ examples: [{ image_base64: bytesOf(examples[0]!.file).toString('base64') }, { image_base64: Buffer.from('\xff\xd8\xff\xe0broken', 'latin1').toString('base64') }], weight: 1 }],
        },
      ],
    });
    await expect(embedExamples(doc, models)).rejects.toMatchObject({
      code: 'invalid_request',
      message: 'Invalid policy document: categories.0.signals.0.examples.1.image_base64: cannot decode image: unsupported image format',
    });
  });
});
