// The Standard decision on a kit photograph with vision v3's held-back scores in place of its in-sample
// ones (bench/moderation-heldback.ts explains the replay): every class that artifacts/calibration.json
// serves from vision v3 and that a Standard category lists is re-scored from the fold network that never
// saw the photo's source, through the served calibrator, read against that calibrator's operating points
// (signalRisk, as the policy reads them; a caller may put others in their place), a category's held-back
// risk being the max over its re-scored signals of weight x risk; the other categories as the service
// gave them. Shared by the held-back bench and its frontier.
import fs from 'node:fs';
import type { VisualClass } from '@modsvc/common/classes';
import { decide, riskLevel, riskRank, signalRisk, STANDARD_CATEGORIES, type DecidedCategory, type OperatingPoints, type RiskLevel } from '@modsvc/common/domain/index';
import { applyCalibrator, loadCalibration, type CalibrationFile } from '../services/vision-inference/src/models/calibration.ts';
import { V3_ID } from '../services/vision-inference/src/models/vision-v3.ts';
import { heldBackLogit, readV3Results, SERVED_V3_RESULTS, type HeldBackRow } from '../ml/vision/v3-results.ts';

export interface BenchImage {
  file: string;
  source: string;
  decision: string;
  categories: Record<string, string>;
  triggered_by: Record<string, string | null>;
}

export interface KitBench {
  images: Record<string, BenchImage[]>;
  git: { commit: string | null };
}

export type RescoredPoints = Partial<Record<VisualClass, OperatingPoints>>;

/** Per Standard category, the signals it lists that `calibration` serves from vision v3, with their weights. */
export function rescoredSignals(calibration: CalibrationFile): Record<string, { cls: VisualClass; weight: number }[]> {
  const fromV3 = (cls: string) => calibration.classes[cls as VisualClass]?.model === V3_ID;
  return Object.fromEntries(
    STANDARD_CATEGORIES.flatMap((cat) => {
      const signals = cat.signals.flatMap((s) => ('visual' in s && fromV3(s.visual) ? [{ cls: s.visual as VisualClass, weight: s.weight }] : []));
      return signals.length ? [[cat.name, signals]] : [];
    }),
  );
}

export function readKitBench(file: string): KitBench {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as KitBench;
}

export interface HeldBack {
  /** Every held-back row by file. */
  rows: Map<string, HeldBackRow>;
  /** The served calibration of a re-scored class. */
  calibrated: (cls: VisualClass, p: number) => number | null;
  /** Per category, its re-scored signals. */
  rescored: Record<string, { cls: VisualClass; weight: number }[]>;
  /** The operating points the served calibrators ship (classes without any are absent). */
  points: RescoredPoints;
}

export function loadHeldBack(): HeldBack {
  const { rows } = readV3Results(SERVED_V3_RESULTS);
  const calibration = loadCalibration();
  const rescored = rescoredSignals(calibration);
  const calibrated = (cls: VisualClass, p: number) => {
    const c = calibration.classes[cls];
    if (!c || c.model !== V3_ID) throw new Error(`${cls} is not calibrated on vision v3 in artifacts/calibration.json`);
    return applyCalibrator(c, { [`v3.${cls}`]: heldBackLogit(p) });
  };
  const classes = [...new Set(Object.values(rescored).flatMap((list) => list.map((s) => s.cls)))];
  const points = Object.fromEntries(classes.flatMap((cls) => (calibration.classes[cls]?.operatingPoints ? [[cls, calibration.classes[cls]!.operatingPoints!.points]] : []))) as RescoredPoints;
  return { rows: new Map(rows.map((r) => [r.file!, r])), calibrated, rescored, points };
}

/** One re-scored signal's share of its category on a held-back row: weight x signalRisk of its calibrated score (null: not scored). */
export function weightedRisk(heldBack: Pick<HeldBack, 'calibrated'>, row: HeldBackRow, signal: { cls: VisualClass; weight: number }, points: RescoredPoints): number | null {
  const risk = signalRisk(heldBack.calibrated(signal.cls, Number(row[signal.cls])), points[signal.cls]);
  return risk === null ? null : signal.weight * risk;
}

/**
 * The decision on one photograph with its held-back row: each re-scored category at the level of
 * max(weight x signalRisk(p, points[cls])) over its re-scored signals, `points` the shipped ones unless
 * given. A level the service set from another signal or text (triggered_by none of the re-scored
 * signals) is kept where it is higher; a row without the score of one of the category's re-scored
 * classes keeps the service's level for that category.
 */
export function heldBackDecision(img: BenchImage, row: HeldBackRow, heldBack: Pick<HeldBack, 'calibrated' | 'rescored' | 'points'>, points: RescoredPoints = heldBack.points): string {
  const categories: DecidedCategory[] = Object.entries(img.categories).map(([name, level]) => {
    const upper = level.toUpperCase() as RiskLevel;
    const signals = heldBack.rescored[name];
    if (!signals || signals.some(({ cls }) => row[cls] === undefined || row[cls] === '')) return { name, risk_level: upper } as DecidedCategory;
    const known = signals.map((signal) => weightedRisk(heldBack, row, signal, points)).filter((r): r is number => r !== null);
    const heldBackLevel = riskLevel(known.length ? Math.max(...known) : null);
    const fromElsewhere = !signals.some(({ cls }) => img.triggered_by[name] === cls) && (riskRank(upper) ?? -1) > (riskRank(heldBackLevel) ?? -1);
    return { name, risk_level: fromElsewhere ? upper : heldBackLevel } as DecidedCategory;
  });
  return decide(categories).decision;
}
