// The object detector's gate: with vision v3 on, the COCO detector (the costliest model of a frame,
// ~30 ms of CPU, and the one that scores alcohol) runs only on frames where v3 gives alcohol at least
// VISION_OBJECTS_GATE. A frame below it is scored as one where the detector found nothing: the gated
// detector is the model alcohol's figures are measured on (docs/vision-v3.md, "The object detector's
// gate"; train/objects-gate-report.ts; test/v3-holdout.test.ts).
import { sigmoid } from './calibration.ts';
import type { Signals } from './signals.ts';
import { V3_SIGNAL_PREFIX } from './vision-v3.ts';

/** The v3 class whose probability opens the gate. */
export const OBJECTS_GATE_CLASS = 'alcohol';
export const OBJECTS_GATE_SIGNAL = `${V3_SIGNAL_PREFIX}.${OBJECTS_GATE_CLASS}`;

/** Whether a frame whose v3 alcohol probability is `p` gets the detector (a gate of 0 is no gate). */
export function passesObjectsGate(p: number, gate: number): boolean {
  return gate <= 0 || p >= gate;
}

/** Whether the detector runs on a frame with these signals: always when v3 gave no alcohol logit. */
export function detectorWanted(signals: Signals, gate: number): boolean {
  const logit = signals[OBJECTS_GATE_SIGNAL];
  return logit === undefined || !Number.isFinite(logit) || passesObjectsGate(sigmoid(logit), gate);
}
