// Operating points on the wire (text.proto: OperatingPoints, SignalOperatingPoints): lower-case levels
// there, the TS types' upper-case ones here. Shared by TextToxicity (per scored label) and the models
// report (per language).
import type {
  OperatingPoints as WirePoints,
  OperatingPoints__Output,
  SignalOperatingPoints as WireSignalPoints,
  SignalOperatingPoints__Output,
} from '@modsvc/protos';
import type { OperatingPointFigures, OperatingPoints, SignalOperatingPoints } from '@modsvc/common/domain/operating-points';

const LEVELS: readonly string[] = ['LOW', 'MEDIUM', 'HIGH'] satisfies OperatingPointFigures['level'][];

export function pointsToWire(p: OperatingPoints): WirePoints {
  return { low: p.LOW, medium: p.MEDIUM, high: p.HIGH };
}

export function pointsFromWire(p: OperatingPoints__Output): OperatingPoints {
  return { LOW: p.low, MEDIUM: p.medium, HIGH: p.high };
}

export function signalPointsToWire(s: SignalOperatingPoints): WireSignalPoints {
  return { signal: s.signal, points: pointsToWire(s.points), basis: s.basis, figures: s.figures };
}

/** An entry without points says nothing and is left out, as is a figure of a level the type does not know. */
export function signalPointsFromWire(list: readonly SignalOperatingPoints__Output[]): SignalOperatingPoints[] {
  return list.flatMap((s) => {
    if (!s.points) return [];
    const figures = s.figures.flatMap((f): OperatingPointFigures[] =>
      LEVELS.includes(f.level)
        ? [
            {
              level: f.level as OperatingPointFigures['level'],
              threshold: f.threshold,
              target: f.target,
              reached: f.reached,
              recall: f.recall,
              precision: f.precision,
              falsePositiveRate: f.falsePositiveRate,
              ...(f.benignFlaggedRate === undefined || f.benignFlaggedRate === null ? {} : { benignFlaggedRate: f.benignFlaggedRate }),
            },
          ]
        : [],
    );
    const basis = s.basis ? { part: s.basis.part, positives: s.basis.positives, negatives: s.basis.negatives } : { part: '', positives: 0, negatives: 0 };
    return [{ signal: s.signal, points: pointsFromWire(s.points), basis, figures }];
  });
}
