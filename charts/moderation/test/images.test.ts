// The chart, its GPU values and `make images` name the same images: every modsvc image a rendered
// values file runs is one `make images` builds (scripts/images/build.sh --names), from the Dockerfile
// target the chart's comments promise, and `make images` builds every final target of the Dockerfile.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { VALUES_FILES, ensureTools, render, repoRoot, type K8sObject } from './render.ts';

/** Stages other targets copy from; never deployed on their own. */
const INTERNAL_STAGES = new Set(['deps', 'deps-cuda', 'runtime-base']);

/** Each modsvc container's image, by kind/name/container. */
function imagesOf(objs: K8sObject[]): Map<string, string> {
  const byWorkload = new Map<string, string>();
  for (const o of objs) {
    type Pod = { containers?: { name: string; image: string }[]; initContainers?: { name: string; image: string }[] };
    const spec = o.spec as { template?: { spec?: Pod }; jobTemplate?: { spec?: { template?: { spec?: Pod } } } } | undefined;
    const pod = o.kind === 'CronJob' ? spec?.jobTemplate?.spec?.template?.spec : spec?.template?.spec;
    for (const c of [...(pod?.containers ?? []), ...(pod?.initContainers ?? [])])
      if (c.image.startsWith('ghcr.io/modsvc/')) byWorkload.set(`${o.kind}/${o.metadata.name}/${c.name}`, c.image);
  }
  return byWorkload;
}

describe('chart images and make images agree', () => {
  let built: Map<string, string>;
  let rendered: Record<string, Map<string, string>>;

  beforeAll(() => {
    ensureTools();
    const names = execFileSync(join(repoRoot, 'scripts/images/build.sh'), ['--names'], { encoding: 'utf8', env: { ...process.env, IMAGES: '', IMAGE_REGISTRY: '', IMAGE_TAG: '' } });
    built = new Map(names.trim().split('\n').map((l) => l.split(' ') as [string, string]));
    rendered = Object.fromEntries(Object.entries(VALUES_FILES).map(([name, files]) => [name, imagesOf(render({ valuesFiles: files }))]));
  }, 120_000);

  it('make images builds every final target of the Dockerfile', () => {
    const targets = [...readFileSync(join(repoRoot, 'Dockerfile'), 'utf8').matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim)].map((m) => m[1]!).filter((t) => !INTERNAL_STAGES.has(t));
    expect([...built.keys()].sort()).toEqual(targets.sort());
  });

  it('every modsvc image each values file runs is one make images builds, tagged with the chart appVersion', () => {
    const appVersion = /^appVersion:\s*"?([^"\s]+)"?/m.exec(readFileSync(join(repoRoot, 'charts/moderation/Chart.yaml'), 'utf8'))![1];
    const buildable = new Set(built.values());
    for (const [values, images] of Object.entries(rendered)) {
      expect(images.size, values).toBeGreaterThan(5);
      for (const [workload, image] of images) {
        expect(buildable.has(image), `${values}: ${workload} runs ${image}, which make images does not build (${[...buildable].join(', ')})`).toBe(true);
        expect(image.endsWith(`:${appVersion}`), `${values}: ${workload}`).toBe(true);
      }
    }
  });

  it('vision-inference runs vision-cpu by default and vision-cuda on the GPU pool; the models Job runs models; the rest the service image', () => {
    const check = (values: string, visionTarget: string) => {
      for (const [workload, image] of rendered[values]!) {
        const container = workload.split('/')[2]!;
        const expected = /models/.test(container) || workload.startsWith('Job/') ? 'models' : container === 'vision-inference' ? visionTarget : 'service';
        expect(image, `${values}: ${workload}`).toBe(built.get(expected));
      }
    };
    check('default', 'vision-cpu');
    check('dev', 'vision-cpu');
    check('gpu', 'vision-cuda');
  });

  it('every image make images builds is run by some values file', () => {
    const used = new Set(Object.values(rendered).flatMap((m) => [...m.values()]));
    for (const [target, image] of built) expect(used.has(image), `${target}: ${image}`).toBe(true);
  });
});
