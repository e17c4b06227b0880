// Per-class aggregation over analysed frames. The reported score is the mean of the top-k frame
// scores with k = min(3, frames): for a still image it is the frame's score; for a video one
// glitching frame cannot push a class to its maximum alone, while an item that stays on screen for
// three analysed frames scores like its max. `max`, `p90` and `framesAbove` are kept alongside.
export const TOP_K = 3;

export interface FrameStat {
  max: number;
  topKMean: number;
  p90: number;
  framesAbove: number;
  frames: number;
}

/** Linear-interpolated quantile of a sorted-ascending array. */
export function quantile(sortedAsc: number[], q: number): number {
  if (sortedAsc.length === 0) return NaN;
  const pos = (sortedAsc.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sortedAsc[lo] as number) + ((sortedAsc[hi] as number) - (sortedAsc[lo] as number)) * (pos - lo);
}

/** Aggregates one class's per-frame scores (nulls = the model did not score that frame). */
export function aggregateFrames(scores: (number | null)[], threshold: number, k = TOP_K): FrameStat | null {
  const v = scores.filter((s): s is number => s != null && Number.isFinite(s));
  if (v.length === 0) return null;
  const asc = [...v].sort((a, b) => a - b);
  const top = asc.slice(-Math.min(k, asc.length));
  return {
    max: asc[asc.length - 1] as number,
    topKMean: top.reduce((a, b) => a + b, 0) / top.length,
    p90: quantile(asc, 0.9),
    framesAbove: v.filter((s) => s >= threshold).length,
    frames: v.length,
  };
}
