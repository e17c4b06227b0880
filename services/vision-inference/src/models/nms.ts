// Non-maximum suppression with tf.image.nonMaxSuppression's semantics (what human's detectors use).

/**
 * Greedy non-maximum suppression as tf.image.nonMaxSuppression: score > threshold, best first, dropped
 * at IoU >= iouThreshold. `boxes`: 4 corners per box, (x1, y1, x2, y2) or (y1, x1, y2, x2) alike.
 */
export function nonMaxSuppression(boxes: Float32Array, scores: Float32Array, maxOut: number, iouThreshold: number, scoreThreshold: number): number[] {
  const cand: number[] = [];
  for (let i = 0; i < scores.length; i++) if (scores[i]! > scoreThreshold) cand.push(i);
  cand.sort((a, b) => scores[b]! - scores[a]! || a - b);
  const iou = (i: number, j: number): number => {
    const [ax1, ay1, ax2, ay2] = [Math.min(boxes[i * 4]!, boxes[i * 4 + 2]!), Math.min(boxes[i * 4 + 1]!, boxes[i * 4 + 3]!), Math.max(boxes[i * 4]!, boxes[i * 4 + 2]!), Math.max(boxes[i * 4 + 1]!, boxes[i * 4 + 3]!)];
    const [bx1, by1, bx2, by2] = [Math.min(boxes[j * 4]!, boxes[j * 4 + 2]!), Math.min(boxes[j * 4 + 1]!, boxes[j * 4 + 3]!), Math.max(boxes[j * 4]!, boxes[j * 4 + 2]!), Math.max(boxes[j * 4 + 1]!, boxes[j * 4 + 3]!)];
    const areaA = (ax2 - ax1) * (ay2 - ay1);
    const areaB = (bx2 - bx1) * (by2 - by1);
    if (areaA <= 0 || areaB <= 0) return 0;
    const inter = Math.max(Math.min(ay2, by2) - Math.max(ay1, by1), 0) * Math.max(Math.min(ax2, bx2) - Math.max(ax1, bx1), 0);
    return inter / (areaA + areaB - inter);
  };
  const kept: number[] = [];
  for (const i of cand) {
    if (kept.length >= maxOut) break;
    if (kept.every((j) => iou(i, j) < iouThreshold)) kept.push(i);
  }
  return kept;
}
