// The committed vision v3 figures of the served run (ml/vision/v3/results/run3-errata/) rest on
// whole-source hold-out: the folds never share a source, every held-back image's source is held back
// in its fold, every per-source ROC-AUC in summary.json is recomputed here from the held-back scores,
// the verdicts follow the publishing rule, the service publishes exactly the candidate classes that
// pass (and, with quality 'limited', those above chance on every counted source that no other model
// serves), and each published class's operating points hold on the held-back scores. summary.json's
// figures are report_v3.py's, recomputed from its Python scores (heldback.tsv); versus-served.json and
// objects-gate.json from the scores readV3Results gives (the served path's, heldback-served.tsv from
// train/v3-heldback-served.ts, when the run has them). Such a file is checked to have heldback.tsv's
// images and targets, made by the fold networks (no trial).
import { readCsvFile } from '@modsvc/common/csv';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { averagePrecision, rocAuc } from '@modsvc/common/evaluation';
import { VISUAL_CLASSES, type VisualClass } from '@modsvc/common/classes';
import { applyCalibrator, loadCalibration } from '../../../services/vision-inference/src/models/calibration.ts';
import { ARTIFACTS_DIR } from '../../../services/vision-inference/src/models/lite.ts';
import { V3_CALIBRATION_FILE, type V3Calibration } from '../../../services/vision-inference/src/models/v3-calibration.ts';
import { V3_ID } from '../../../services/vision-inference/src/models/vision-v3.ts';
import { settingsSchema } from '../../../services/vision-inference/src/settings.ts';
import { gateFigures, type GateFigures, type GatedSource } from '../objects-gate-figures.ts';
import { publishingTier } from '../v3-operating-points.ts';
import { HELDBACK_FILE, HELDBACK_SERVED_FILE, SERVED_V3_RESULTS, heldBackLogit, inClassSubset, readHeldBackTsv, readV3Results, sourceImages } from '../v3-results.ts';
import { readVersusServed, readVersusServedScores, replacesIncumbent } from '../v3-versus-served-file.ts';

const run = SERVED_V3_RESULTS;
const images = path.resolve(import.meta.dirname, '../../../../shared/data/images');

/** report_v3.py's scores (heldback.tsv): summary.json's figures are computed from them. */
const { summary, rows } = readV3Results(run, { scores: 'python' });
/** The scores calibrate-v3.ts, v3-versus-served.ts and objects-gate-report.ts read: the served path's when the run has them. */
const { rows: scored, scoresFile } = readV3Results(run);
const versus = readVersusServed(run);
const family = (source: string) => summary.families[source] ?? source;

describe(`vision v3 hold-out (ml/vision/v3/results/${path.basename(run)}; calibrators fitted on ${scoresFile})`, () => {
  it.skipIf(scoresFile !== HELDBACK_SERVED_FILE)(`has in ${HELDBACK_SERVED_FILE} the images, columns and targets of ${HELDBACK_FILE}, scored by the fold networks`, () => {
    const python = readHeldBackTsv(path.join(run, HELDBACK_FILE));
    const served = readHeldBackTsv(path.join(run, HELDBACK_SERVED_FILE));
    expect(served.columns).toEqual(python.columns);
    const ids = (r: Record<string, string>) => python.columns.filter((c) => ['fold', 'file', 'source', 'real', 'photo'].includes(c) || c.endsWith('.target')).map((c) => r[c]);
    expect(served.rows.map(ids)).toEqual(python.rows.map(ids));
    const provenance = JSON.parse(readFileSync(path.join(run, 'heldback-served.json'), 'utf8')) as { trial: unknown; images: number; folds: Record<string, { trainedOnFold: string }> };
    expect(provenance.trial).toBeNull();
    expect(provenance.images).toBe(python.rows.length);
    for (const [fold, f] of Object.entries(provenance.folds)) expect(f.trainedOnFold, fold).toBe(fold);
  });


  it('holds each source back in one fold only, and scores each image in the fold that held its source back', () => {
    const seen = new Map<string, string>();
    for (const [fold, sources] of Object.entries(summary.folds)) {
      for (const s of sources) {
        expect(seen.get(s), s).toBeUndefined();
        seen.set(s, fold);
      }
    }
    const heldFamilies = (fold: string) => new Set(summary.folds[fold]!.map(family));
    for (const r of rows) expect(heldFamilies(r.fold!).has(r.source!), `${r.file} in fold ${r.fold}`).toBe(true);
    expect(new Set(rows.map((r) => r.file)).size).toBe(rows.length);
  });

  it('recomputes every per-source ROC-AUC from the held-back scores', () => {
    let checked = 0;
    for (const [cls, v] of Object.entries(summary.classes)) {
      if (!v.candidate) continue;
      // Sources the rule counts (>= minPositives); report_v3.py computed them from these same scores.
      for (const s of v.sources.filter((x) => x.positives >= summary.rule.minPositives)) {
        const { positives: pos, negatives: neg } = sourceImages(summary, rows, cls, s);
        expect([pos.length, neg.length], `${cls} ${s.source}`).toEqual([s.positives, s.negatives]);
        const scores = [...pos, ...neg].map((r) => Number(r[cls]));
        const labels = [...pos.map(() => 1), ...neg.map(() => 0)];
        expect(Math.abs(rocAuc(scores, labels)! - s.rocAuc!), `${cls} ${s.source}`).toBeLessThan(1e-9);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('gives each class the verdict of the publishing rule', () => {
    const { minSources, minPositives, minRocAuc } = summary.rule;
    for (const [cls, v] of Object.entries(summary.classes)) {
      const counted = v.sources.filter((s) => s.positives >= minPositives && s.rocAuc !== null);
      const worst = counted.length ? Math.min(...counted.map((s) => s.rocAuc!)) : null;
      expect(v.passes, cls).toBe(counted.length >= minSources && worst !== null && worst >= minRocAuc);
    }
  });

  it('compares v3 with the model serving a class on the same images, both sides recomputed from the committed scores', () => {
    const served = readVersusServedScores(run);
    const calibration = loadCalibration();
    let checked = 0;
    for (const [cls, c] of Object.entries(versus.classes)) {
      expect(calibration.classes[cls as VisualClass]?.model, cls).toBe(c!.served);
      for (const s of c!.sources) {
        const { positives: pos, negatives: neg } = sourceImages(summary, scored, cls, s);
        const y = [...pos.map(() => 1), ...neg.map(() => 0)];
        const v3 = [...pos, ...neg].map((r) => Number(r[cls]));
        const theirs = [...pos, ...neg].map((r) => served.get(`${cls}\t${r.file}`)!);
        expect(theirs.every((v) => Number.isFinite(v)), `${cls} ${s.source}: every image scored`).toBe(true);
        expect([pos.length, neg.length, s.counted], `${cls} ${s.source}`).toEqual([s.positives, s.negatives, s.positives >= summary.rule.minPositives]);
        expect(Math.abs(rocAuc(v3, y)! - s.v3RocAuc!), `${cls} ${s.source}`).toBeLessThan(1e-4);
        expect(Math.abs(rocAuc(theirs, y)! - s.servedRocAuc!), `${cls} ${s.source}`).toBeLessThan(1e-4);
        expect(Math.abs(averagePrecision(v3, y)! - s.v3AveragePrecision!), `${cls} ${s.source}`).toBeLessThan(1e-4);
        expect(Math.abs(averagePrecision(theirs, y)! - s.servedAveragePrecision!), `${cls} ${s.source}`).toBeLessThan(1e-4);
        checked++;
      }
      expect(c!.replaces, cls).toBe(replacesIncumbent(c!));
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('counts v3 better than a served model only where both ROC-AUC and average precision are at least as good on every counted source', () => {
    const figure = (rocs: [number, number], aps: [number, number], counted = true) => ({
      fold: 'A',
      source: 's',
      positives: 10,
      negatives: 10,
      counted,
      v3RocAuc: rocs[0],
      servedRocAuc: rocs[1],
      v3AveragePrecision: aps[0],
      servedAveragePrecision: aps[1],
    });
    expect(replacesIncumbent({ sources: [] })).toBe(false);
    expect(replacesIncumbent({ sources: [figure([0.81, 0.76], [0.4, 0.3]), figure([0.99, 0.98], [0.9, 0.6])] })).toBe(true);
    expect(replacesIncumbent({ sources: [figure([0.81, 0.76], [0.22, 0.36]), figure([0.99, 0.98], [0.9, 0.6])] })).toBe(false);
    expect(replacesIncumbent({ sources: [figure([0.81, 0.76], [0.4, 0.3]), figure([0.9993, 0.9995], [0.9, 0.8])] })).toBe(false);
    expect(replacesIncumbent({ sources: [figure([0.81, 0.76], [0.4, 0.3]), figure([0.5, 0.99], [0.1, 0.9], false)] })).toBe(true);
  });

  it('is what the service publishes: v3 calibrators for exactly the candidate visual classes that pass, and (limited) those above chance on every counted source where no other model serves them', () => {
    const calibration = loadCalibration();
    const v3File = JSON.parse(readFileSync(path.join(ARTIFACTS_DIR, V3_CALIBRATION_FILE), 'utf8')) as V3Calibration;
    const candidates = Object.entries(summary.classes).filter(([cls, v]) => v.candidate && (VISUAL_CLASSES as readonly string[]).includes(cls));
    const tierOf = Object.fromEntries(candidates.map(([cls, v]) => [cls, publishingTier(v, summary.rule).tier]));
    expect(Object.values(tierOf)).toContain('limited');
    for (const [cls, v] of candidates) {
      const served = calibration.classes[cls as VisualClass];
      const fitted = v3File.classes[cls as VisualClass];
      const counted = v.sources.filter((s) => s.positives >= summary.rule.minPositives && s.rocAuc !== null);
      // the tier follows the rule: standard where it passes, limited where every counted source is above chance
      expect(tierOf[cls], cls).toBe(v.passes ? 'standard' : counted.length > 0 && counted.every((s) => s.rocAuc! > 0.5) ? 'limited' : 'null');
      if (tierOf[cls] === 'null') {
        expect(fitted, cls).toBeUndefined();
        expect(served?.model, cls).not.toBe(V3_ID);
        continue;
      }
      expect(fitted!.quality, cls).toBe(tierOf[cls] === 'limited' ? 'limited' : undefined);
      expect(fitted!.sources!.map((s) => s.source).sort(), cls).toEqual(v.sources.map((s) => s.source).sort());
      if (tierOf[cls] === 'standard' || !(served && served.model !== V3_ID)) expect(served, cls).toEqual(fitted);
      // a limited class another model serves keeps that model (v3 did not pass the rule against it)
      else expect(versus.classes[cls as VisualClass]?.served, cls).toBe(served.model);
    }
  });

  it("ships each v3 class's operating points, recomputed from the held-back scores of its subset: on photographs MEDIUM catches >= 95 % of the positives, off photographs it flags <= 2 % of benign photos, HIGH is 1 or at precision >= 0.95", () => {
    const calibration = loadCalibration();
    let checked = 0;
    for (const [cls, c] of Object.entries(calibration.classes)) {
      if (c!.model !== V3_ID) continue;
      const ops = c!.operatingPoints!;
      expect(ops.signal, cls).toBe(cls);
      const known = scored.filter((r) => (r[`${cls}.target`] === '0' || r[`${cls}.target`] === '1') && inClassSubset(summary, cls, r));
      const p = known.map((r) => applyCalibrator(c!, { [`v3.${cls}`]: heldBackLogit(Number(r[cls])) })!);
      const y = known.map((r) => Number(r[`${cls}.target`]));
      expect([ops.basis.positives, ops.basis.negatives], cls).toEqual([y.filter((v) => v === 1).length, y.filter((v) => v === 0).length]);
      const flagged = (t: number) => p.flatMap((v, i) => (v >= t ? [y[i]!] : []));
      const recall = (t: number) => flagged(t).filter((v) => v === 1).length / ops.basis.positives;
      if (summary.subsets[cls] === 'photo') {
        expect(recall(ops.points.MEDIUM), cls).toBeGreaterThanOrEqual(0.95);
        expect(recall(ops.points.LOW), cls).toBeGreaterThanOrEqual(0.99);
      } else {
        const benign = ops.figures.find((f) => f.level === 'MEDIUM')!.benignFlaggedRate!;
        expect(benign, cls).toBeLessThanOrEqual(0.02);
      }
      const high = flagged(ops.points.HIGH);
      if (ops.points.HIGH < 1) expect(high.filter((v) => v === 1).length / high.length, cls).toBeGreaterThanOrEqual(0.95);
      expect(ops.points.LOW <= ops.points.MEDIUM && ops.points.MEDIUM <= ops.points.HIGH, cls).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  it("gates the object detector at the service's VISION_OBJECTS_GATE only where that loses no counted alcohol source (objects-gate.json recomputed)", () => {
    const gate = settingsSchema.parse({}).VISION_OBJECTS_GATE;
    const served = readVersusServedScores(run);
    const calibration = loadCalibration();
    const report = JSON.parse(readFileSync(path.join(run, 'objects-gate.json'), 'utf8')) as { serviceGate: number; gates: (Omit<GateFigures, 'sources'> & { service: boolean; sources: GatedSource[] })[] };
    expect(report.serviceGate).toBe(gate);
    expect(report.gates.filter((g) => g.service).map((g) => g.gate)).toEqual([gate]);
    for (const committed of report.gates) {
      const f = gateFigures(committed.gate, { summary, rows: scored }, versus, served, calibration);
      expect(f.noWorse, `gate ${committed.gate}`).toBe(committed.noWorse);
      expect(f.detectorRuns.photos).toBe(committed.detectorRuns.photos);
      expect(Math.abs(f.detectorRuns.photosShare - committed.detectorRuns.photosShare)).toBeLessThan(1e-4);
      f.sources.forEach((s, i) => {
        const c = committed.sources[i]!;
        expect([s.source, s.positives, s.negatives, s.counted, s.positivesGatedOut.length]).toEqual([c.source, c.positives, c.negatives, c.counted, c.positivesGatedOut.length]);
        for (const k of ['detectorRocAuc', 'gatedRocAuc', 'detectorAveragePrecision', 'gatedAveragePrecision'] as const) expect(Math.abs(s[k]! - c[k]!), `${committed.gate} ${s.source} ${k}`).toBeLessThan(1e-4);
      });
    }
    const atService = gateFigures(gate, { summary, rows: scored }, versus, served, calibration);
    expect(atService.noWorse).toBe(true);
    // The detector alone is what versus-served measured; no gate is the detector alone.
    const alone = versus.classes.alcohol!.sources;
    atService.sources.forEach((s, i) => expect(Math.abs(s.detectorRocAuc! - alone[i]!.servedRocAuc!)).toBeLessThan(1e-4));
    const none = gateFigures(0, { summary, rows: scored }, versus, served, calibration);
    expect(none.sources.map((s) => [s.gatedRocAuc, s.gatedAveragePrecision])).toEqual(none.sources.map((s) => [s.detectorRocAuc, s.detectorAveragePrecision]));
    expect(none.detectorRuns.photosShare).toBe(1);
    expect(atService.detectorRuns.photosShare).toBeLessThan(1);
  });

  it.skipIf(!existsSync(path.join(images, 'labels.csv')))('scored images that are in the data kit beside the repository', () => {
    const kit = new Set(readCsvFile(path.join(images, 'labels.csv')).map((r) => r.file));
    expect(rows.filter((r) => !kit.has(r.file!)).map((r) => r.file)).toEqual([]);
  });
});
