import { describe, expect, it } from 'vitest';
import { aggregateFrames, quantile } from '../src/models/aggregate.ts';
import { applyCalibrator, sigmoid, type ClassCalibrator } from '../src/models/calibration.ts';
import { faceSignals, femaleProbability, nsfwSignals } from '../src/models/signals.ts';

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
});
