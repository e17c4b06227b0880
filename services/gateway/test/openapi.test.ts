import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLASS_GROUPS } from '@modsvc/common/classes';
import { STANDARD_CATEGORY_NAMES } from '@modsvc/common/domain/index';
import { buildOpenApi } from '../src/openapi.ts';

const committed = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../openapi.json');

describe('OpenAPI document', () => {
  it('matches the committed services/gateway/openapi.json (run `make openapi` after changing the API)', () => {
    expect(JSON.parse(fs.readFileSync(committed, 'utf8'))).toEqual(JSON.parse(JSON.stringify(buildOpenApi())));
  });

  it('describes every spec class and all submit and result paths', () => {
    const doc = buildOpenApi();
    const items = doc.components.schemas.ItemsResult as { properties: Record<string, { required?: string[] }> };
    for (const [group, classes] of Object.entries(CLASS_GROUPS)) expect(items.properties[group]?.required).toEqual([...classes]);
    for (const p of ['items-characteristics', 'policy']) {
      for (const m of ['image', 'video']) {
        expect(doc.paths).toHaveProperty([`/classify/${p}/${m}`]);
        expect(doc.paths).toHaveProperty([`/classify/${p}/${m}/{job_id}`]);
      }
    }
  });

  it('keeps every operation of the API', () => {
    const operations = Object.entries(buildOpenApi().paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(operations).toEqual([
      'POST /authenticate',
      'POST /classify/items-characteristics/image',
      'GET /classify/items-characteristics/image/{job_id}',
      'POST /classify/items-characteristics/video',
      'GET /classify/items-characteristics/video/{job_id}',
      'POST /classify/policy/image',
      'GET /classify/policy/image/{job_id}',
      'POST /classify/policy/video',
      'GET /classify/policy/video/{job_id}',
      'POST /classify/policy/image/now',
      'POST /moderate',
      'GET /moderate/{moderation_job_id}',
      'POST /moderate/{moderation_job_id}/appeal',
      'GET /models',
      'GET /jobs/{job_id}/webhook',
      'POST /jobs/{job_id}/webhook/redeliver',
      'POST /banks',
      'GET /banks',
      'DELETE /banks/{bank_id}',
      'POST /banks/{bank_id}/content',
      'GET /banks/{bank_id}/content/{content_id}',
      'DELETE /banks/{bank_id}/content/{content_id}',
      'GET /banks/{bank_id}/content/{content_id}/vpdq',
      'GET /banks/{bank_id}/export',
      'POST /hash',
      'POST /hash/video',
      'GET /policy',
      'PUT /policy',
      'GET /policy/versions/{version}',
      'GET /review/queue',
      'GET /review/me',
      'GET /review/stats',
      'GET /review/{moderation_job_id}',
      'POST /review/{moderation_job_id}/claim',
      'POST /review/{moderation_job_id}/release',
      'POST /review/{moderation_job_id}/decision',
      'GET /review/{moderation_job_id}/frames/{index}',
      'POST /feedback',
      'GET /audit',
    ]);
  });

  it('resolves every $ref to a component, and takes the policy categories from the Standard table', () => {
    const doc = buildOpenApi();
    const refs = [...JSON.stringify(doc).matchAll(/"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const name of new Set(refs)) expect(doc.components.schemas).toHaveProperty([name]);
    // A Standard category, or the upper-case category of a hash bank that matched.
    expect(doc.components.schemas.PolicyCategory).toMatchObject({ properties: { name: { anyOf: [{ enum: STANDARD_CATEGORY_NAMES }, { type: 'string' }] } } });
  });
});
