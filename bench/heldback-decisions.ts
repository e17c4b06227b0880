// The Standard decision on a kit photograph with vision v3's held-back scores in place of its in-sample
// ones (bench/moderation-heldback.ts explains the replay): firearm and violence re-scored from the fold
// network that never saw the photo's source, through the served calibrators, read against the class's
// operating points when given (signalRisk, as the policy reads them), the other categories as the
// service gave them. Shared by the held-back bench and its frontier.
import fs from 'node:fs';
import { decide, riskLevel, riskRank, signalRisk, STANDARD_CATEGORIES, type DecidedCategory, type OperatingPoints, type RiskLevel } from '@modsvc/common/domain/index';
import { applyCalibrator, loadCalibration } from '../services/vision-inference/src/models/calibration.ts';
import { V3_ID } from '../services/vision-inference/src/models/vision-v3.ts';
import { heldBackLogit, readV3Results, SERVED_V3_RESULTS, type HeldBackRow } from '../services/vision-inference/train/v3-results.ts';

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

/** The v3 classes re-scored from held-back scores. */
export const RESCORED_CLASSES = ['firearm', 'violence'] as const;
export type RescoredClass = (typeof RESCORED_CLASSES)[number];
export type RescoredPoints = Partial<Record<RescoredClass, OperatingPoints>>;

/** Per Standard category, the re-scored class it lists and that signal's weight (from the Standard table). */
export const RESCORED = Object.fromEntries(
  STANDARD_CATEGORIES.flatMap((cat) =>
    cat.signals.flatMap((s) => ('visual' in s && (RESCORED_CLASSES as readonly string[]).includes(s.visual) ? [[cat.name, { cls: s.visual as RescoredClass, weight: s.weight }]] : [])),
  ),
) as Record<string, { cls: RescoredClass; weight: number }>;

export function readKitBench(file: string): KitBench {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as KitBench;
}

/** Every held-back row by file, and the served calibration of a re-scored class. */
export function loadHeldBack(): { rows: Map<string, HeldBackRow>; calibrated: (cls: RescoredClass, p: number) => number | null } {
  const { rows } = readV3Results(SERVED_V3_RESULTS);
  const calibration = loadCalibration();
  const calibrated = (cls: RescoredClass, p: number) => {
    const c = calibration.classes[cls];
    if (!c || c.model !== V3_ID) throw new Error(`${cls} is not calibrated on vision v3 in artifacts/calibration.json`);
    return applyCalibrator(c, { [`v3.${cls}`]: heldBackLogit(p) });
  };
  return { rows: new Map(rows.map((r) => [r.file!, r])), calibrated };
}

/** The decision on one photograph with its held-back row, re-scored categories read against `points`. */
export function heldBackDecision(img: BenchImage, row: HeldBackRow, calibrated: (cls: RescoredClass, p: number) => number | null, points: RescoredPoints = {}): string {
  const categories: DecidedCategory[] = Object.entries(img.categories).map(([name, level]) => {
    const upper = level.toUpperCase() as RiskLevel;
    const rescored = RESCORED[name];
    if (!rescored) return { name, risk_level: upper } as DecidedCategory;
    const { cls, weight } = rescored;
    const risk = signalRisk(calibrated(cls, Number(row[cls])), points[cls]);
    const heldBackLevel = riskLevel(risk === null ? null : weight * risk);
    // A level the service set from text (triggered_by not the class) is kept where it is higher.
    const fromText = img.triggered_by[name] !== cls && (riskRank(upper) ?? -1) > (riskRank(heldBackLevel) ?? -1);
    return { name, risk_level: fromText ? upper : heldBackLevel } as DecidedCategory;
  });
  return decide(categories).decision;
}
