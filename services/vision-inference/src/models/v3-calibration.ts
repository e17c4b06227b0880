// Vision v3's calibrators live in their own artifact (artifacts/vision-v3.calibration.json, written by
// train/calibrate-v3.ts from the Python training's held-back folds) and are merged into
// calibration.json by both calibrators, so that refitting the v1 heads never drops them.
import type { VisualClass } from '@modsvc/common/classes';
import type { CalibrationFile, ClassCalibrator } from './calibration.ts';

export const V3_CALIBRATION_FILE = 'vision-v3.calibration.json';

export interface V3Calibration {
  model: string;
  fittedOn: string;
  classes: Partial<Record<VisualClass, ClassCalibrator>>;
  /** Candidate classes v3 does not publish, with why. */
  nullClasses: Partial<Record<VisualClass, string>>;
}

/**
 * `base` with v3's calibrators: a class v3 publishes at standard quality takes v3's calibrator (and
 * leaves nullClasses); one v3 publishes with quality 'limited' takes it only where `base` has no
 * calibrator (a model already serving the class stays: v3 did not pass the rule against it); a class
 * v3 fails keeps any calibrator another model gives it in `base`, else its null reason becomes v3's.
 */
export function mergeV3Calibration(base: CalibrationFile, v3: V3Calibration): CalibrationFile {
  const classes = { ...base.classes };
  const nullClasses = { ...base.nullClasses };
  for (const [cls, cal] of Object.entries(v3.classes) as [VisualClass, ClassCalibrator][]) {
    if (cal.quality === 'limited' && classes[cls] && classes[cls]!.model !== cal.model) continue;
    classes[cls] = cal;
    delete nullClasses[cls];
  }
  for (const [cls, why] of Object.entries(v3.nullClasses) as [VisualClass, string][]) {
    // An earlier v3 network's calibrator does not fit this one's logits: it goes with the class.
    if (classes[cls]?.model === v3.model) delete classes[cls];
    if (!classes[cls]) nullClasses[cls] = why;
  }
  return { ...base, fittedOn: `${base.fittedOn.split('; vision v3: ')[0]}; vision v3: ${v3.fittedOn}`, classes, nullClasses };
}
