// The examples signal of a policy document: images as sent and embeddings as stored both validate (a
// GET'd document can be PUT back), with limits and messages that name the field.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_IMAGE_MAX_BYTES, EXAMPLES_MAX, PolicyDocumentSchema, resolvePolicyDocument } from '@modsvc/common/domain/index';

// 2 x 2 images written by sharp (the schema reads the format from the first bytes; vision-inference decodes).
const jpeg = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCTAGU9/9k=',
  'base64',
);
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVR4nGM4YBBwwCCAAUIBACTOBQHGsPvtAAAAAElFTkSuQmCC', 'base64');
const stored = { sha256: crypto.createHash('sha256').update(jpeg).digest('hex'), embedding: Buffer.alloc(1280, 7).toString('base64') };

const doc = (signal: unknown) => ({ categories: [{ name: 'COSMETICS', description: 'Make-up.', signals: [signal] }] });
const issues = (d: unknown) => {
  const r = PolicyDocumentSchema.safeParse(d);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('examples signal', () => {
  it('accepts JPEG and PNG images in base64, and stored embeddings with the model that made them', () => {
    expect(issues(doc({ examples: [{ image_base64: jpeg.toString('base64') }, { image_base64: png.toString('base64') }], weight: 0.9 }))).toEqual([]);
    expect(issues(doc({ examples: [stored], weight: 0.9, min_similarity: 0.7, embedding_model: 'net@1/layer' }))).toEqual([]);
    // Base64 wrapped over lines (as `base64` prints it) is fine.
    const wrapped = jpeg.toString('base64').replace(/(.{76})/g, '$1\n');
    expect(issues(doc({ examples: [{ image_base64: wrapped }], weight: 1 }))).toEqual([]);
  });

  it('names the field of each bad example', () => {
    const at = 'categories.0.signals.0';
    expect(issues(doc({ examples: [{ image_base64: jpeg.toString('base64') }, { image_base64: 'not*base64' }], weight: 1 }))).toEqual([
      `${at}.examples.1.image_base64: is not valid base64`,
    ]);
    expect(issues(doc({ examples: [{ image_base64: Buffer.from('GIF89a....').toString('base64') }], weight: 1 }))).toEqual([
      `${at}.examples.0.image_base64: is not a JPEG or PNG image`,
    ]);
    const big = Buffer.concat([jpeg, Buffer.alloc(EXAMPLE_IMAGE_MAX_BYTES)]);
    expect(issues(doc({ examples: [{ image_base64: big.toString('base64') }], weight: 1 }))).toEqual([
      `${at}.examples.0.image_base64: the image is ${big.length} bytes; at most ${EXAMPLE_IMAGE_MAX_BYTES} are accepted`,
    ]);
    expect(issues(doc({ examples: [{ ...stored, sha256: 'XYZ' }], weight: 1, embedding_model: 'm' }))).toEqual([`${at}.examples.0.sha256: must be 64 lower-case hex digits`]);
    expect(issues(doc({ examples: [stored], weight: 1 }))).toEqual([`${at}.embedding_model: stored examples (sha256 and embedding) need the embedding_model that produced them`]);
  });

  it(`takes 1 to ${EXAMPLES_MAX} examples, a weight in (0, 1] and a similarity in [0, 1]`, () => {
    const one = { image_base64: jpeg.toString('base64') };
    expect(issues(doc({ examples: [], weight: 1 }))).toHaveLength(1);
    expect(issues(doc({ examples: Array(EXAMPLES_MAX).fill(one), weight: 1 }))).toEqual([]);
    expect(issues(doc({ examples: Array(EXAMPLES_MAX + 1).fill(one), weight: 1 }))[0]).toMatch(/^categories\.0\.signals\.0\.examples: /);
    expect(issues(doc({ examples: [one], weight: 0 }))[0]).toMatch(/^categories\.0\.signals\.0\.weight: /);
    expect(issues(doc({ examples: [one], weight: 1, min_similarity: 1.5 }))[0]).toMatch(/^categories\.0\.signals\.0\.min_similarity: /);
    expect(issues(doc({ examples: [one], weight: 1, image: 'x' }))).toHaveLength(1);
  });

  it('passes the signal through resolution unchanged', () => {
    const signal = { examples: [stored], weight: 0.8, min_similarity: 0.75, embedding_model: 'net@1/layer' };
    const resolved = resolvePolicyDocument(PolicyDocumentSchema.parse(doc(signal)), 'v3');
    expect(resolved.categories[0]!.signals).toEqual([signal]);
  });
});
