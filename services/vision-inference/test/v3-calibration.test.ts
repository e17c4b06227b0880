// Merging vision v3's calibrators into calibration.json: a class v3 serves keeps the calibrator it was
// served by before as its fallback (scored when v3 is off), however often the merge runs.
import { describe, expect, it } from 'vitest';
import type { CalibrationFile, ClassCalibrator } from '../src/models/calibration.ts';
import { incumbentOf, mergeV3Calibration, type V3Calibration } from '../src/models/v3-calibration.ts';

const cal = (model: string, signal: string): ClassCalibrator => ({ model, method: 'logistic', signals: [signal], weights: [1], bias: 0, note: model });
const detector = cal('human-object', 'obj.bottle');
const heads = cal('mobilenet_v2-heads', 'head.marijuana');
const base: CalibrationFile = { version: '1', fittedOn: 'kit', classes: { alcohol: detector, marijuana: heads }, nullClasses: { firearm: 'no model' } };
const v3: V3Calibration = {
  model: 'v3',
  fittedOn: 'folds',
  classes: { alcohol: cal('v3', 'v3.alcohol'), firearm: cal('v3', 'v3.firearm') },
  nullClasses: { marijuana: 'one source', knife: 'fails' },
};

describe('mergeV3Calibration', () => {
  it('gives a class v3 takes over the served calibrator as fallback, a new class none, and leaves what v3 fails alone', () => {
    const merged = mergeV3Calibration(base, v3);
    expect(merged.classes.alcohol).toEqual({ ...v3.classes.alcohol, fallback: detector });
    expect(merged.classes.firearm).toEqual(v3.classes.firearm);
    expect(merged.classes.marijuana).toEqual(heads);
    expect(merged.nullClasses).toEqual({ knife: 'fails' });
  });

  it('keeps the original fallback when merged again into its own output', () => {
    const twice = mergeV3Calibration(mergeV3Calibration(base, v3), v3);
    expect(twice.classes.alcohol!.fallback).toEqual(detector);
    expect(twice.classes.alcohol!.fallback!.fallback).toBeUndefined();
    expect(twice.fittedOn).toBe('kit; vision v3: folds');
  });

  it('finds the calibrator a class is served by without v3', () => {
    expect(incumbentOf(undefined, 'v3')).toBeNull();
    expect(incumbentOf(detector, 'v3')).toBe(detector);
    expect(incumbentOf({ ...v3.classes.alcohol!, fallback: detector }, 'v3')).toBe(detector);
    expect(incumbentOf(v3.classes.firearm, 'v3')).toBeNull();
  });
});
