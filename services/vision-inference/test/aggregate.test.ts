import { describe, expect, it } from 'vitest';
import { aggregateFrames, quantile } from '../src/models/aggregate.ts';
import { applyCalibrator, sigmoid, type ClassCalibrator } from '../src/models/calibration.ts';
import { childness, faceGenderSignals, faceSignals, femaleProbability, nsfwSignals, objectSignals, strongestFaces } from '../src/models/signals.ts';
import { cropRegion } from '../src/models/face-gender.ts';

describe('aggregateFrames', () => {
  it('a still image scores its only frame', () => {
    expect(aggregateFrames([0.7], 0.5)).toEqual({ max: 0.7, topKMean: 0.7, p90: 0.7, framesAbove: 1, frames: 1 });
  });

  it('uses the mean of the top 3 frames, so one glitching frame does not reach the max', () => {
    const s = aggregateFrames([0.1, 0.95, 0.1, 0.2, 0.1], 0.5)!;
    expect(s.max).toBe(0.95);
    expect(s.topKMean).toBeCloseTo((0.95 + 0.2 + 0.1) / 3, 10);
    expect(s.framesAbove).toBe(1);
    const steady = aggregateFrames([0.9, 0.8, 0.85, 0.1], 0.5)!;
    expect(steady.topKMean).toBeCloseTo(0.85, 10);
    expect(steady.framesAbove).toBe(3);
  });

  it('ignores frames the model did not score; all-null gives null', () => {
    expect(aggregateFrames([null, 0.4, null], 0.5)!.frames).toBe(1);
    expect(aggregateFrames([null, null], 0.5)).toBeNull();
    expect(aggregateFrames([], 0.5)).toBeNull();
  });

  it('quantile interpolates', () => {
    expect(quantile([0, 10], 0.9)).toBeCloseTo(9, 10);
    expect(quantile([1, 2, 3, 4, 5], 0.5)).toBe(3);
  });
});

describe('calibrators and signals', () => {
  const cal: ClassCalibrator = { model: 'm', method: 'platt', signals: ['a', 'b'], weights: [2, -1], bias: 0.5, note: '' };

  it('applies sigmoid(bias + w.x) and returns null when a signal is missing', () => {
    expect(applyCalibrator(cal, { a: 1, b: 3 })).toBeCloseTo(sigmoid(0.5 + 2 - 3), 12);
    expect(applyCalibrator(cal, { a: 1 })).toBeNull();
    expect(applyCalibrator({ ...cal, method: 'identity', signals: ['a'], weights: [1], bias: 0 }, { a: 1.7 })).toBe(1);
    expect(sigmoid(-800)).toBe(0);
    expect(sigmoid(800)).toBe(1);
  });

  it('nsfw signals sum the right softmax classes', () => {
    const s = nsfwSignals({ probs: { Drawing: 0.1, Hentai: 0.2, Neutral: 0.3, Porn: 0.15, Sexy: 0.25 }, features: new Float32Array() });
    expect(s['nsfw.adult']).toBeCloseTo(0.35, 10);
    expect(s['nsfw.suggestive']).toBeCloseTo(0.6, 10);
    expect(s['nsfw.drawing']).toBe(0.1);
  });

  it('face signals take the strongest face per signal with its box', () => {
    expect(femaleProbability('female', 0.9)).toBe(0.9);
    expect(femaleProbability('male', 0.9)).toBeCloseTo(0.1, 10);
    expect(femaleProbability('unknown', 0)).toBe(0.5);
    const f = faceSignals({
      faces: [
        { score: 0.9, gender: 'male', genderScore: 0.8, age: 40, box: [0, 0, 10, 10] },
        { score: 0.8, gender: 'female', genderScore: 0.9, age: 6, box: [50, 50, 20, 20] },
      ],
      objects: [],
    });
    expect(f.signals['face.male']).toBeCloseTo(0.72, 10);
    expect(f.signals['face.female']).toBeCloseTo(0.72, 10);
    expect(f.boxes['face.female']).toEqual([50, 50, 20, 20]);
    expect(f.boxes['face.child']).toEqual([50, 50, 20, 20]);
    expect(f.signals['face.child']).toBeGreaterThan(0.7);
    expect(f.signals['face.count']).toBe(2);
    expect(faceSignals({ faces: [], objects: [] }).signals['face.any']).toBe(0);
  });

  it('gender-model signals: strongest faces first, P(female) per crop times face confidence, 0 without faces', () => {
    const faces = [
      { score: 0.4, box: [0, 0, 5, 5] as [number, number, number, number] },
      { score: 0.9, box: [10, 10, 8, 8] as [number, number, number, number] },
      { score: 0.7, box: [30, 30, 6, 6] as [number, number, number, number] },
    ];
    const top = strongestFaces(faces, 2);
    expect(top.map((f) => f.score)).toEqual([0.9, 0.7]);
    const g = faceGenderSignals(top, [
      { pFemale: 0.2, age: 35 },
      { pFemale: 0.95, age: 8 },
    ]);
    expect(g.signals['gender.female']).toBeCloseTo(0.665, 10); // 0.7 x 0.95 beats 0.9 x 0.2
    expect(g.boxes['gender.female']).toEqual([30, 30, 6, 6]);
    expect(g.signals['gender.male']).toBeCloseTo(0.72, 10); // 0.9 x 0.8
    expect(g.boxes['gender.male']).toEqual([10, 10, 8, 8]);
    expect(g.signals['age.child']).toBeCloseTo(0.7 * childness(8), 10);
    expect(g.boxes['age.child']).toEqual([30, 30, 6, 6]);
    expect(childness(13)).toBe(0.5);
    expect(childness(40)).toBeLessThan(0.01);
    expect(childness(Number.NaN)).toBe(0);
    expect(faceGenderSignals([], []).signals).toEqual({ 'gender.female': 0, 'gender.male': 0, 'age.child': 0 });
    expect(faceGenderSignals(top, [{ pFemale: Number.NaN, age: 30 }, null]).signals['gender.female']).toBe(0);
  });

  it('face crops are clipped to the frame and never smaller than 2x2', () => {
    expect(cropRegion([10.4, 20.6, 30, 40], 100, 100)).toEqual({ left: 10, top: 21, width: 30, height: 40 });
    expect(cropRegion([-5, -5, 30, 30], 100, 100)).toEqual({ left: 0, top: 0, width: 30, height: 30 });
    expect(cropRegion([90, 95, 30, 30], 100, 100)).toEqual({ left: 90, top: 95, width: 10, height: 5 });
    expect(cropRegion([150, 150, 10, 10], 100, 100)).toEqual({ left: 98, top: 98, width: 2, height: 2 });
    expect(cropRegion([5, 5, 0.2, 0.2], 100, 100)).toEqual({ left: 5, top: 5, width: 2, height: 2 });
  });

  it('object signals: highest score per COCO label of interest with its box, 0 when absent, other labels ignored', () => {
    const o = objectSignals([
      { label: 'bottle', score: 0.4, box: [0, 0, 5, 5] },
      { label: 'bottle', score: 0.8, box: [10, 10, 5, 5] },
      { label: 'wine glass', score: 0.3, box: [1, 1, 2, 2] },
      { label: 'person', score: 0.99, box: [0, 0, 9, 9] },
    ]);
    expect(o.signals).toEqual({ 'obj.bottle': 0.8, 'obj.wine_glass': 0.3, 'obj.cup': 0, 'obj.knife': 0, 'obj.teddy_bear': 0 });
    expect(o.boxes['obj.bottle']).toEqual([10, 10, 5, 5]);
    expect(o.boxes['obj.cup']).toBeUndefined();
    expect(objectSignals([]).signals['obj.bottle']).toBe(0);
  });
});
