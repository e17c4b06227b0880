// The committed vision v2 figures (train/v2/results/) rest on whole-source hold-out: no source
// repository straddles training and held-back images in any fold, every per-source figure is for a
// held-back source, and the manifest's files are the kit's bytes (sha256), so the figures are
// about the data kit beside the repository.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const results = path.resolve(import.meta.dirname, '../train/v2/results');
const images = path.resolve(import.meta.dirname, '../../../../shared/data/images');
const runs = ['run1-strict', 'run2-narrow', 'run3-224', 'run4-robust'];
const folds = ['A', 'B'];

interface PerSource {
  source: string;
  subset: string;
  positives: number;
  negatives: number;
  negativeSources: string[];
  rocAuc: number | null;
}
interface Metrics {
  fold: string;
  heldBackSources: string[];
  trainImages: number;
  heldBackImages: number;
  perClass: Record<string, PerSource[]>;
}
interface Summary {
  classes: Record<string, { sourcesCounted: number; worstRocAuc: number | null; passes: boolean; perSource: (PerSource & { fold: string })[] }>;
}

const rows = readFileSync(path.join(results, 'run1-strict/manifest.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
const manifest = rows.map(([file, sha256, source, a, b]) => ({ file: file!, sha256: sha256!, source: source!, split: { A: a!, B: b! } as Record<string, string> }));
const metrics = (run: string, fold: string) => JSON.parse(readFileSync(path.join(results, run, `metrics-${fold}.json`), 'utf8')) as Metrics;

describe('vision v2 hold-out', () => {
  it('never splits a source repository between training and held-back images', () => {
    for (const fold of folds) {
      const bySource = new Map<string, Set<string>>();
      for (const m of manifest) {
        if (!bySource.has(m.source)) bySource.set(m.source, new Set());
        bySource.get(m.source)!.add(m.split[fold]!);
      }
      for (const [source, splits] of bySource) expect([...splits], `${fold} ${source}`).toHaveLength(1);
    }
  });

  for (const run of runs) {
    for (const fold of folds) {
      it(`${run} fold ${fold}: held-back sources, image counts and per-source figures agree with the manifest`, () => {
        const m = metrics(run, fold);
        const held = new Set(manifest.filter((x) => x.split[fold] === 'heldback').map((x) => x.source));
        expect([...held].sort()).toEqual([...m.heldBackSources].sort());
        expect(manifest.filter((x) => x.split[fold] === 'train')).toHaveLength(m.trainImages);
        expect(manifest.filter((x) => x.split[fold] === 'heldback')).toHaveLength(m.heldBackImages);
        for (const per of Object.values(m.perClass)) {
          for (const r of per) {
            expect(held.has(r.source), r.source).toBe(true);
            for (const s of r.negativeSources) expect(held.has(s), s).toBe(true);
            if (r.rocAuc !== null) expect(r.positives > 0 && r.negatives > 0).toBe(true);
          }
        }
      });
    }

    it(`${run}: a class passes only with >= 2 held-back sources of >= 10 positives, worst ROC-AUC >= 0.85`, () => {
      const s = JSON.parse(readFileSync(path.join(results, run, 'summary.json'), 'utf8')) as Summary;
      for (const [cls, c] of Object.entries(s.classes)) {
        const counted = c.perSource.filter((r) => r.positives >= 10 && r.rocAuc !== null && (r.subset === 'photo' || r.subset === 'real'));
        const sources = new Set(counted.map((r) => r.source));
        expect(c.passes, cls).toBe(c.sourcesCounted >= 2 && sources.size >= 2 && (c.worstRocAuc ?? 0) >= 0.85);
        if (c.worstRocAuc !== null) expect(c.worstRocAuc).toBe(Math.min(...counted.map((r) => r.rocAuc!)));
      }
    });
  }
});

const haveKit = existsSync(path.join(images, 'labels.csv'));
describe.skipIf(!haveKit)('vision v2 manifest vs the data kit (../shared/data/images)', () => {
  it('lists kit files with the bytes they have now (else: rerun make train-vision-v2)', () => {
    const kitFiles = new Set(readFileSync(path.join(images, 'labels.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(',')[0]));
    for (const m of manifest) {
      expect(kitFiles.has(m.file), m.file).toBe(true);
      expect(createHash('sha256').update(readFileSync(path.join(images, m.file))).digest('hex'), m.file).toBe(m.sha256);
    }
  });
});
