// k8s/ holds the chart rendered for the default and the GPU values (`make k8s`). These tests fail
// when the chart changes and k8s/ was not regenerated, or when someone edits k8s/ by hand.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VALUES_FILES, ensureTools, k8sRenderSettings, renderText, repoRoot } from './render.ts';

beforeAll(() => ensureTools());

describe('k8s/ matches a fresh render of the chart', () => {
  it.each([
    ['k8s/base/moderation.yaml', [] as string[]],
    ['k8s/gpu/moderation.yaml', VALUES_FILES.gpu ?? []],
  ])('%s', (file, valuesFiles) => {
    const settings = k8sRenderSettings();
    expect(settings).toMatchObject({ release: 'moderation', namespace: 'moderation' });
    const fresh = renderText({ ...settings, valuesFiles });
    const committed = readFileSync(join(repoRoot, file), 'utf8');
    // On failure: run `make k8s` and commit k8s/.
    expect(committed === fresh, `${file} drifted from the chart: run make k8s`).toBe(true);
  });

  it('detects a drift (the comparison can fail)', () => {
    const fresh = renderText({ ...k8sRenderSettings() });
    const committed = readFileSync(join(repoRoot, 'k8s/base/moderation.yaml'), 'utf8');
    expect(fresh).toBe(committed);
    const changed = renderText({ ...k8sRenderSettings(), set: [...k8sRenderSettings().set, 'services.gateway.replicas=3', 'services.gateway.autoscaling.enabled=false'] });
    expect(changed === committed).toBe(false);
  });
});
