// The repository's one metrics module (TypeScript; Python's is ml/lib/metrics.py): ranking, calibration and
// threshold metrics for model evaluation with binary labels (text and vision).

/** ROC-AUC by the rank statistic (ties get half credit); null without both classes. */
export function rocAuc(scores: ArrayLike<number>, labels: ArrayLike<number>): number | null {
  const n = scores.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[a]! - scores[b]!);
  let pos = 0;
  let neg = 0;
  for (let i = 0; i < n; i++) {
    if (labels[i]) pos++;
    else neg++;
  }
  if (pos === 0 || neg === 0) return null;
  let rankSum = 0;
  let i = 0;
  while (i < n) {
    let j = i;
    while (j + 1 < n && scores[order[j + 1]!] === scores[order[i]!]) j++;
    const avgRank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) if (labels[order[k]!]) rankSum += avgRank;
    i = j + 1;
  }
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

/** Average precision (area under the precision-recall step curve); null without positives. */
export function averagePrecision(scores: ArrayLike<number>, labels: ArrayLike<number>): number | null {
  const n = scores.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[b]! - scores[a]!);
  let pos = 0;
  for (let i = 0; i < n; i++) if (labels[i]) pos++;
  if (pos === 0) return null;
  let tp = 0;
  let seen = 0;
  let ap = 0;
  let i = 0;
  while (i < n) {
    let j = i;
    let tpGroup = 0;
    while (j < n && scores[order[j]!] === scores[order[i]!]) {
      if (labels[order[j]!]) tpGroup++;
      j++;
    }
    tp += tpGroup;
    seen += j - i;
    ap += (tpGroup / pos) * (tp / seen);
    i = j;
  }
  return ap;
}

/** Expected calibration error: mean |predicted - observed rate| over `bins` equal-width bins, weighted by bin size; null without scores. */
export function expectedCalibrationError(p: number[], y: number[], bins = 10): number | null {
  if (p.length === 0) return null;
  const sum = new Array<number>(bins).fill(0);
  const hits = new Array<number>(bins).fill(0);
  const count = new Array<number>(bins).fill(0);
  p.forEach((s, i) => {
    const b = Math.min(bins - 1, Math.max(0, Math.floor(s * bins)));
    sum[b]! += s;
    hits[b]! += y[i]!;
    count[b]! += 1;
  });
  let e = 0;
  for (let b = 0; b < bins; b++) if (count[b]) e += Math.abs(sum[b]! - hits[b]!);
  return e / p.length;
}

export interface ThresholdStats {
  threshold: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

export function statsAtThreshold(scores: ArrayLike<number>, labels: ArrayLike<number>, threshold: number): ThresholdStats {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  for (let i = 0; i < scores.length; i++) {
    const p = scores[i]! >= threshold;
    if (labels[i]) {
      if (p) tp++;
      else fn++;
    } else if (p) fp++;
    else tn++;
  }
  const precision = tp + fp ? tp / (tp + fp) : null;
  const recall = tp + fn ? tp / (tp + fn) : null;
  const f1 = precision !== null && recall !== null && precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : null;
  return { threshold, precision, recall, f1, tp, fp, fn, tn };
}

/** Threshold that maximises F1 (candidates: the distinct scores). */
export function bestF1Threshold(scores: ArrayLike<number>, labels: ArrayLike<number>, negativeWeight = 1): number {
  const n = scores.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[b]! - scores[a]!);
  let pos = 0;
  for (let i = 0; i < n; i++) if (labels[i]) pos++;
  if (pos === 0) return 0.5;
  let tp = 0;
  let best = -1;
  let bestT = 0.5;
  for (let k = 0; k < n; k++) {
    if (labels[order[k]!]) tp++;
    const s = scores[order[k]!]!;
    if (k + 1 < n && scores[order[k + 1]!] === s) continue;
    // Negatives weighted by negativeWeight (F1 at another class prior); 1 = plain F1.
    const f1 = (2 * tp) / (tp + (k + 1 - tp) * negativeWeight + pos);
    if (f1 > best) {
      best = f1;
      bestT = s;
    }
  }
  return bestT;
}
