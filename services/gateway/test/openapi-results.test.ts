// Real results, built by policy-scorer's and webhook-dispatcher's own code, validate against the schemas
// the committed OpenAPI document publishes (read back as JSON Schema, not taken from the zod source).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emptyScores, TEXT_LABELS, VISUAL_CLASSES } from '@modsvc/common/classes';
import type { JobRecord } from '@modsvc/common/jobs';
import { newJobRecord } from '../../../packages/common/test/fixtures.ts';
import { buildItemsResult } from '../../policy-scorer/src/items.ts';
import { buildPolicyResult } from '../../policy-scorer/src/policy.ts';
import { buildWebhookBody } from '../../webhook-dispatcher/src/payload.ts';

const committed = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../openapi.json');
const document = JSON.parse(fs.readFileSync(committed, 'utf8')) as { components: { schemas: Record<string, unknown> } };

/** A validator for one published component, its $refs resolved against the document's other components. */
function published(component: string): z.ZodType {
  const defs = JSON.parse(JSON.stringify(document.components.schemas).replaceAll('"#/components/schemas/', '"#/$defs/')) as Record<string, unknown>;
  return z.fromJSONSchema({ $defs: defs, $ref: `#/$defs/${component}` } as Parameters<typeof z.fromJSONSchema>[0]);
}

const tox = (scores: Partial<Record<(typeof TEXT_LABELS)[number], number>>) => ({
  scores: { ...emptyScores(TEXT_LABELS), ...scores },
  topSpan: { start: 0, end: 4, text: 'kill' },
  model: 'toxicity@1.1.0',
});

function analysedJob(over: Partial<JobRecord>): JobRecord {
  return newJobRecord({
    url: 'https://example.com/v.mp4',
    callbackUrl: 'https://hooks.example.com/cb?ref=42',
    metadata: { width: 1280, height: 720, fps: 25, duration: 3, seconds_processed: 3 },
    parts: {
      vision: {
        scores: { ...emptyScores(VISUAL_CLASSES), firearm: 0.91234, adult_content: 0.3, photo: 1 },
        evidence: { firearm: [{ timestamp: 2.5, score: 0.93, model: 'heads@2', box: [10, 20, 30, 40] }] },
        models: ['heads@2', 'nsfwjs@1'],
        framesAnalysed: 12,
        uncalibrated: ['adult_content'],
        ocr: { text: 'kill them', toxicity: tox({ threat: 0.7 }) },
      },
      speech: { transcript: 'hello', segments: [{ start: 0.5, end: 1, text: 'hello' }], recognizer: 'pocketsphinx@5', toxicity: tox({}), error: null },
      caption: { toxicity: tox({ identity_attack: 0.85 }) },
    },
    ...over,
  });
}

describe('published schemas accept what the pipeline produces', () => {
  it('ItemsResult: a result built by policy-scorer, with every part and with none', () => {
    const schema = published('ItemsResult');
    expect(schema.safeParse(buildItemsResult(analysedJob({ product: 'items' }))).error).toBeUndefined();
    expect(schema.safeParse(buildItemsResult(newJobRecord({ product: 'items' }))).error).toBeUndefined();
  });

  it('PolicyResult and the done job view', () => {
    const results = buildPolicyResult(analysedJob({ product: 'policy' }));
    expect(published('PolicyResult').safeParse(results).error).toBeUndefined();
    expect(published('PolicyJobView').safeParse({ status: 'done', results, msg: null }).error).toBeUndefined();
  });

  it('WebhookPayload: the bytes webhook-dispatcher sends for items, policy and failed jobs', () => {
    const schema = published('WebhookPayload');
    const done = (product: JobRecord['product']) => {
      const job = analysedJob({ product, status: 'done' });
      return { ...job, results: product === 'policy' ? buildPolicyResult(job) : buildItemsResult(job) };
    };
    for (const job of [done('items'), done('policy'), analysedJob({ status: 'failed', msg: 'Failed to decode video.' })]) {
      expect(schema.safeParse(JSON.parse(buildWebhookBody(job).toString())).error).toBeUndefined();
    }
  });

  it('and refuse what does not fit: an unknown class, a score above 1, a missing group', () => {
    const schema = published('ItemsResult');
    const r = buildItemsResult(analysedJob({ product: 'items' }));
    expect(schema.safeParse({ ...r, violence: { ...r.violence, tank: 0.2 } }).success).toBe(false);
    expect(schema.safeParse({ ...r, nsfw: { ...r.nsfw, adult_content: 1.5 } }).success).toBe(false);
    const { other: _other, ...withoutOther } = r;
    expect(schema.safeParse(withoutOther).success).toBe(false);
    const policy = buildPolicyResult(analysedJob({ product: 'policy' }));
    const [first, ...rest] = policy.policy_categories;
    for (const bad of [{ score: 2 }, { risk_level: 'SEVERE' }, { name: 'cosmetics' }]) {
      expect(published('PolicyResult').safeParse({ ...policy, policy_categories: [{ ...first, ...bad }, ...rest] }).success).toBe(false);
    }
  });
});
