// The object detector's v3 gate (src/models/objects-gate.ts) measured on held-back images: each image
// of v3's held-back alcohol sets gets the detector's served score (versus-served.tsv: the detector alone,
// calibrated, never trained on the kit) when the fold network that never saw its source gives alcohol at
// least the gate, and otherwise the score of a frame where the detector found nothing. Per held-back
// source, both ROC-AUC and average precision against the detector alone, and the share of held-back
// photographs the detector would still run on. Read by objects-gate-report.ts and test/v3-holdout.test.ts.
import { averagePrecision, rocAuc } from '@modsvc/common/evaluation';
import { applyCalibrator, type CalibrationFile } from '../../services/vision-inference/src/models/calibration.ts';
import { OBJECTS_GATE_CLASS, passesObjectsGate } from '../../services/vision-inference/src/models/objects-gate.ts';
import { objectSignals } from '../../services/vision-inference/src/models/signals.ts';
import { inClassSubset, sourceImages, type HeldBackRow, type V3Summary } from './v3-results.ts';
import { replacesIncumbent, type VersusServed } from './v3-versus-served-file.ts';

export interface GatedSource {
  fold: string;
  source: string;
  positives: number;
  negatives: number;
  counted: boolean;
  detectorRocAuc: number | null;
  gatedRocAuc: number | null;
  detectorAveragePrecision: number | null;
  gatedAveragePrecision: number | null;
  /** This source's positives below the gate, with the detector's score the gate takes from them. */
  positivesGatedOut: { file: string; v3: number; detector: number }[];
}

export interface GateFigures {
  gate: number;
  sources: GatedSource[];
  /** Every held-back image of the class at once (three fold networks' scores pooled; for the record). */
  pooled: { images: number; positives: number; detectorRocAuc: number | null; gatedRocAuc: number | null; detectorAveragePrecision: number | null; gatedAveragePrecision: number | null };
  /** At least the detector alone by both measures on every counted source (replacesIncumbent's rule). */
  noWorse: boolean;
  /** Share of held-back photographs (every class) the detector still runs on, and of the benign ones. */
  detectorRuns: { photos: number; photosShare: number; benign: number; benignShare: number };
}

/** The score of a frame where the detector found nothing, rounded as versus-served.tsv writes scores. */
export function nothingFoundScore(calibration: CalibrationFile): number {
  const cal = calibration.classes[OBJECTS_GATE_CLASS];
  if (!cal) throw new Error(`no ${OBJECTS_GATE_CLASS} calibrator`);
  return Number(applyCalibrator(cal, objectSignals([]).signals)!.toFixed(6));
}

const isBenign = (r: HeldBackRow) => /^benign(_photo)?\//.test(r.file!);

export function gateFigures(
  gate: number,
  held: { summary: V3Summary; rows: HeldBackRow[] },
  versus: VersusServed,
  served: Map<string, number>,
  calibration: CalibrationFile,
): GateFigures {
  const cls = OBJECTS_GATE_CLASS;
  const compared = versus.classes[cls];
  if (!compared) throw new Error(`versus-served holds no ${cls} comparison`);
  const floor = nothingFoundScore(calibration);
  const detector = (r: HeldBackRow) => {
    const v = served.get(`${cls}\t${r.file}`);
    if (v === undefined) throw new Error(`versus-served.tsv has no ${cls} score for ${r.file}`);
    return v;
  };
  const gated = (r: HeldBackRow) => (passesObjectsGate(Number(r[cls]), gate) ? detector(r) : floor);
  const sources = compared.sources.map((s): GatedSource => {
    const { positives, negatives } = sourceImages(held.summary, held.rows, cls, s);
    const images = [...positives, ...negatives];
    const y = images.map((r) => (r[`${cls}.target`] === '1' ? 1 : 0));
    const alone = images.map(detector);
    const withGate = images.map(gated);
    return {
      fold: s.fold,
      source: s.source,
      positives: positives.length,
      negatives: negatives.length,
      counted: s.counted,
      detectorRocAuc: rocAuc(alone, y),
      gatedRocAuc: rocAuc(withGate, y),
      detectorAveragePrecision: averagePrecision(alone, y),
      gatedAveragePrecision: averagePrecision(withGate, y),
      positivesGatedOut: positives.filter((r) => !passesObjectsGate(Number(r[cls]), gate)).map((r) => ({ file: r.file!, v3: Number(r[cls]), detector: detector(r) })),
    };
  });
  const all = held.rows.filter((r) => inClassSubset(held.summary, cls, r) && served.has(`${cls}\t${r.file}`));
  const yAll = all.map((r) => (r[`${cls}.target`] === '1' ? 1 : 0));
  const pooled = {
    images: all.length,
    positives: yAll.filter(Boolean).length,
    detectorRocAuc: rocAuc(all.map(detector), yAll),
    gatedRocAuc: rocAuc(all.map(gated), yAll),
    detectorAveragePrecision: averagePrecision(all.map(detector), yAll),
    gatedAveragePrecision: averagePrecision(all.map(gated), yAll),
  };
  const photos = held.rows.filter((r) => r.photo === '1');
  const benign = photos.filter(isBenign);
  const runs = (rs: HeldBackRow[]) => rs.filter((r) => passesObjectsGate(Number(r[cls]), gate)).length;
  return {
    gate,
    sources,
    pooled,
    // The rule v3 meets to take a class over, with the gated detector in v3's place.
    noWorse: replacesIncumbent({
      sources: sources.map((s) => ({ ...s, v3RocAuc: s.gatedRocAuc, servedRocAuc: s.detectorRocAuc, v3AveragePrecision: s.gatedAveragePrecision, servedAveragePrecision: s.detectorAveragePrecision })),
    }),
    detectorRuns: { photos: photos.length, photosShare: runs(photos) / photos.length, benign: benign.length, benignShare: runs(benign) / benign.length },
  };
}
