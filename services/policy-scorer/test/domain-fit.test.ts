// The results policy-scorer writes are exactly what the domain schemas (and so the OpenAPI document)
// describe, key order included: a parse on the far side of gRPC passes them on unchanged.
import { describe, expect, it } from 'vitest';
import { emptyScores, TEXT_LABELS, VISUAL_CLASSES } from '@modsvc/common/classes';
import type { JobRecord } from '@modsvc/common/jobs';
import { ItemsResultSchema, parseJobResults, PolicyResultSchema, POLICY_TABLE_VERSION } from '@modsvc/common/domain/index';
import { newJobRecord } from '../../../packages/common/test/fixtures.ts';
import { buildItemsResult } from '../src/items.ts';
import { buildPolicyResult } from '../src/policy.ts';

const tox = (scores: Partial<Record<(typeof TEXT_LABELS)[number], number>>) => ({
  scores: { ...emptyScores(TEXT_LABELS), ...scores },
  topSpan: { start: 0, end: 4, text: 'kill' },
  model: 'toxicity@2.0.0',
  language: 'en',
});

/** A video job with every part: evidence with a box, OCR, speech and a caption. */
function fullJob(product: JobRecord['product']): JobRecord {
  return newJobRecord({
    product,
    media: 'video',
    url: 'https://example.com/v.mp4',
    expectedParts: ['vision', 'speech', 'caption'],
    parts: {
      vision: {
        scores: { ...emptyScores(VISUAL_CLASSES), firearm: 0.91234, adult_content: 0.3, photo: 1 },
        evidence: { firearm: [{ timestamp: 2.5, score: 0.93, model: 'heads@2', box: [10, 20, 30, 40] }], photo: [{ timestamp: 0, score: 1, model: 'heads@2' }] },
        models: ['heads@2', 'nsfwjs@1'],
        framesAnalysed: 12,
        uncalibrated: ['adult_content'],
        ocr: { text: 'kill them', toxicity: tox({ threat: 0.7 }) },
      },
      speech: { transcript: 'hello there', segments: [{ start: 0.5, end: 1.25, text: 'hello there' }], recognizer: 'pocketsphinx@5', toxicity: tox({ toxicity: 0.1 }), error: null },
      caption: { toxicity: tox({ identity_attack: 0.85 }) },
    },
  });
}

const emptyJob = (product: JobRecord['product']) => newJobRecord({ product, expectedParts: ['vision'], parts: {} });

describe('results fit the domain schemas', () => {
  it('items: a full result and an empty one', () => {
    for (const job of [fullJob('items'), emptyJob('items')]) {
      const r = buildItemsResult(job);
      expect(ItemsResultSchema.parse(r)).toEqual(r);
      const received = JSON.parse(JSON.stringify(r)) as unknown;
      expect(JSON.stringify(parseJobResults('items', received))).toBe(JSON.stringify(r));
    }
  });

  it('items: keys in the order callers have always received them', () => {
    expect(Object.keys(buildItemsResult(fullJob('items')))).toEqual([
      'violence', 'substances', 'nsfw', 'hate_symbols', 'visual_content', 'other', 'caption_language_toxicity',
      'url', 'evidence', 'uncalibrated', 'ocr', 'speech', 'models', 'hashes', 'matches', 'low_quality_frames', 'caption_language',
    ]);
    const r = buildItemsResult(fullJob('items'));
    expect(Object.keys(r.ocr ?? {})).toEqual(['text', 'scores', 'top_span', 'model', 'language']);
    expect(Object.keys(r.speech ?? {})).toEqual(['transcript', 'segments', 'recognizer', 'error', 'scores', 'top_span', 'model', 'language']);
    expect(r.caption_language).toBe('en');
    // Parts stored before language identification have no language: null.
    const old = fullJob('items');
    delete old.parts.caption!.toxicity.language;
    expect(buildItemsResult(old).caption_language).toBeNull();
  });

  it('policy: a full result and one with every category UNKNOWN', () => {
    for (const job of [fullJob('policy'), emptyJob('policy')]) {
      const r = buildPolicyResult(job);
      expect(PolicyResultSchema.parse(r)).toEqual(r);
      expect(JSON.stringify(parseJobResults('policy', JSON.parse(JSON.stringify(r))))).toBe(JSON.stringify(r));
      expect(r.policy_table_version).toBe(POLICY_TABLE_VERSION);
    }
    expect(Object.keys(buildPolicyResult(fullJob('policy')))).toEqual(['policy_categories', 'url', 'tier', 'policy_table_version', 'policy_version', 'hashes', 'matches', 'low_quality_frames']);
  });

  it('a result of the other product is refused with a clear error', () => {
    expect(() => parseJobResults('policy', buildItemsResult(fullJob('items')))).toThrow(/PolicyResult does not fit its schema: policy_categories/);
  });
});
