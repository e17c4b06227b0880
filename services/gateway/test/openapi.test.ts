import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLASS_GROUPS } from '@modsvc/common/classes';
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
});
