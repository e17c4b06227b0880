// Trains the per-language toxicity heads (src/model/language-heads.ts) and their stacking with the
// shared model. Per language:
//   head A: trained on the training split; scores the calibration split, where the stacking
//           (head A's logit, the shared model's max-over-windows logit) -> toxicity is fitted;
//   head B: the same recipe on training + calibration splits; served with head A's stacking.
// The validation split is never seen by either. Logistic regression, L2 (C = HEAD_C), classes
// balanced, solved to convergence by L-BFGS: deterministic, no sampling.
import { quantizeInt8Sqrt, type LanguageHeadManifest } from '../../services/text-toxicity/src/model/artifact.ts';
import { headCounts, headLogit, stackedLogit, tfidfVector, type HeadFeatureSettings, type LanguageHead } from '../../services/text-toxicity/src/model/language-heads.ts';
import { sigmoid } from '../../services/text-toxicity/src/model/scorer.ts';
import { minimizeLbfgs } from './lbfgs.ts';

/** Inverse L2 strength (4 and 10 gave the same validation figures in sklearn runs; docs/toxicity.md). */
export const HEAD_C = 4;

export interface HeadExample {
  norm: string;
  /**
   * Share of annotators who called the text toxic (0..1; 0 or 1 where a source gives one label): the
   * head learns from the share itself (soft targets), the stacking from y >= 0.5.
   */
  y: number;
  /** Example weight (default 1). */
  weight?: number;
}

/** Smoothed idf per bucket, ln((1 + N) / (1 + df)) + 1, quantised to uint8 steps, from each example's counts (headCounts). */
export function fitIdf(counts: Map<number, number>[], s: HeadFeatureSettings): { idf: Uint8Array; idfStep: number } {
  const size = 2 ** (s.blockBits + 1);
  const df = new Uint32Array(size);
  for (const c of counts) for (const b of c.keys()) df[b]!++;
  const N = counts.length;
  const idfStep = (Math.log(1 + N) + 1) / 255;
  const idf = new Uint8Array(size);
  for (let b = 0; b < size; b++) idf[b] = Math.max(1, Math.min(255, Math.round((Math.log((1 + N) / (1 + df[b]!)) + 1) / idfStep)));
  return { idf, idfStep };
}

export interface TrainedHead {
  idf: Uint8Array;
  idfStep: number;
  weights: Int8Array;
  weightScale: number;
  bias: number;
  iterations: number;
  converged: boolean;
  /** The solution before quantisation (weights then bias), to start a related fit from. */
  solution: Float64Array;
}

/** log(1 + e^m), without overflow. */
function softplus(m: number): number {
  return m > 0 ? m + Math.log1p(Math.exp(-m)) : Math.log1p(Math.exp(m));
}

/** One head: TF-IDF vectors with the quantised idf, L2 logistic regression, int8 weights. */
export function trainHead(examples: HeadExample[], s: HeadFeatureSettings, C = HEAD_C, start?: Float64Array): TrainedHead {
  const counts = examples.map((ex) => headCounts(ex.norm, s));
  const { idf, idfStep } = fitIdf(counts, s);
  const vectors = counts.map((c) => tfidfVector(c, s, (b) => idf[b]! * idfStep));
  const dim = 2 ** (s.blockBits + 1);
  // Classes balanced by weight: the toxic and non-toxic shares carry the same total weight.
  let pos = 0;
  let neg = 0;
  for (const e of examples) {
    pos += e.y * (e.weight ?? 1);
    neg += (1 - e.y) * (e.weight ?? 1);
  }
  if (pos === 0 || neg === 0) throw new Error('a head needs toxic and non-toxic examples');
  const wPos = (pos + neg) / (2 * pos);
  const wNeg = (pos + neg) / (2 * neg);
  const lambda = 1 / C;
  const objective = (x: Float64Array, grad: Float64Array): number => {
    grad.fill(0);
    let loss = 0;
    const bias = x[dim]!;
    for (let i = 0; i < vectors.length; i++) {
      const { indices, values } = vectors[i]!;
      let z = bias;
      for (let k = 0; k < indices.length; k++) z += x[indices[k]!]! * values[k]!;
      const w = examples[i]!.weight ?? 1;
      const t = examples[i]!.y;
      // Cross-entropy with the share t as target, each class part weighted: t wPos log(1 + e^-z) + (1 - t) wNeg log(1 + e^z).
      const p = sigmoid(z);
      let gz = 0;
      if (t > 0) {
        loss += wPos * w * t * softplus(-z);
        gz += wPos * w * t * (p - 1);
      }
      if (t < 1) {
        loss += wNeg * w * (1 - t) * softplus(z);
        gz += wNeg * w * (1 - t) * p;
      }
      for (let k = 0; k < indices.length; k++) grad[indices[k]!]! += gz * values[k]!;
      grad[dim]! += gz;
    }
    for (let j = 0; j < dim; j++) {
      loss += 0.5 * lambda * x[j]! * x[j]!;
      grad[j]! += lambda * x[j]!;
    }
    return loss;
  };
  const run = minimizeLbfgs(objective, start ? Float64Array.from(start) : new Float64Array(dim + 1), { maxIterations: 400, memory: 10, gradientTolerance: 1e-4 });
  let weightScale = 0;
  for (let j = 0; j < dim; j++) weightScale = Math.max(weightScale, Math.abs(run.x[j]!));
  const weights = new Int8Array(dim);
  for (let j = 0; j < dim; j++) weights[j] = quantizeInt8Sqrt(run.x[j]!, weightScale);
  return { idf, idfStep, weights, weightScale, bias: run.x[dim]!, iterations: run.iterations, converged: run.converged, solution: run.x };
}

/** Logistic regression of y on (z_head, z_shared) by Newton's method with a small ridge. */
export function fitStack(zHead: number[], zShared: number[], y: number[]): LanguageHead['stack'] {
  const beta = [0, 0, 0];
  const ridge = 1e-4;
  for (let it = 0; it < 100; it++) {
    const g = [0, 0, 0];
    const H = [
      [ridge, 0, 0],
      [0, ridge, 0],
      [0, 0, ridge],
    ];
    for (let i = 0; i < y.length; i++) {
      const x = [zHead[i]!, zShared[i]!, 1];
      const p = sigmoid(beta[0]! * x[0]! + beta[1]! * x[1]! + beta[2]!);
      const w = Math.max(p * (1 - p), 1e-12);
      for (let a = 0; a < 3; a++) {
        g[a]! += (p - y[i]!) * x[a]!;
        for (let b = 0; b < 3; b++) H[a]![b]! += w * x[a]! * x[b]!;
      }
    }
    for (let a = 0; a < 3; a++) g[a]! += ridge * beta[a]!;
    const step = solve3(H, g);
    for (let a = 0; a < 3; a++) beta[a]! -= step[a]!;
    if (Math.abs(step[0]!) + Math.abs(step[1]!) + Math.abs(step[2]!) < 1e-10) break;
  }
  return { head: beta[0]!, shared: beta[1]!, intercept: beta[2]! };
}

function solve3(A: number[][], b: number[]): number[] {
  const M = A.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < 3; c++) {
    let p = c;
    for (let r = c + 1; r < 3; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[p]![c]!)) p = r;
    [M[c], M[p]] = [M[p]!, M[c]!];
    for (let r = 0; r < 3; r++) {
      if (r === c) continue;
      const f = M[r]![c]! / M[c]![c]!;
      for (let k = c; k < 4; k++) M[r]![k]! -= f * M[c]![k]!;
    }
  }
  return [0, 1, 2].map((i) => M[i]![3]! / M[i]![i]!);
}

/** A trained head in its served form (quantised weights and idf, decoded as served). */
export function servedHead(language: string, t: TrainedHead, stack: LanguageHead['stack']): LanguageHead {
  return { language, weights: t.weights, weightScale: t.weightScale, idf: t.idf, idfStep: t.idfStep, bias: t.bias, stack };
}

export interface LanguageHeadRun {
  /** The served head (B) with its stacking. */
  head: LanguageHead;
  /** Head A's stacked toxicity logit of each calibration row, for the language's Platt calibration. */
  calibrationLogits: number[];
  manifest: Omit<LanguageHeadManifest, 'offset'>;
  log: string;
}

/**
 * Trains one language's heads and stacking. `calib` carries each row's shared max-over-windows
 * toxicity logit. Null when the head does not help: stacking gives it no positive weight.
 */
export function trainLanguageHead(
  language: string,
  train: HeadExample[],
  calib: (HeadExample & { sharedLogit: number })[],
  s: HeadFeatureSettings,
): LanguageHeadRun | null {
  const a = trainHead(train, s);
  const headA = servedHead(language, a, { head: 1, shared: 0, intercept: 0 });
  const zA = calib.map((r) => headLogit(headA, r.norm, s));
  const stack = fitStack(zA, calib.map((r) => r.sharedLogit), calib.map((r) => (r.y >= 0.5 ? 1 : 0)));
  const stackText = `stack ${stack.head.toFixed(3)} * head + ${stack.shared.toFixed(3)} * shared + ${stack.intercept.toFixed(3)}`;
  if (!(stack.head > 0)) return null;
  // Head B starts from head A's solution: the same problem with a tenth more rows converges in fewer steps.
  const b = trainHead([...train, ...calib], s, HEAD_C, a.solution);
  const head = servedHead(language, b, stack);
  const calibrationLogits = calib.map((r, i) => stackedLogit(head, zA[i]!, r.sharedLogit));
  const pos = (xs: HeadExample[]) => xs.filter((x) => x.y >= 0.5).length;
  return {
    head,
    calibrationLogits,
    manifest: { weightScale: b.weightScale, idfStep: b.idfStep, bias: b.bias, stack, trainRows: train.length + calib.length, trainPositives: pos(train) + pos(calib) },
    log: `head ${language}: ${train.length} + ${calib.length} rows (${pos(train)} + ${pos(calib)} toxic); L-BFGS ${a.iterations}${a.converged ? '' : '+'} / ${b.iterations}${b.converged ? '' : '+'} iterations; ${stackText}`,
  };
}

/** heads.bin: each language's int8 weights then its uint8 idf, in the order given. */
export function packHeads(runs: { language: string; run: LanguageHeadRun }[], s: HeadFeatureSettings): { bytes: Buffer; languages: Record<string, LanguageHeadManifest> } {
  const n = 2 ** (s.blockBits + 1);
  const bytes = Buffer.alloc(runs.length * 2 * n);
  const languages: Record<string, LanguageHeadManifest> = {};
  runs.forEach(({ language, run }, i) => {
    const offset = i * 2 * n;
    bytes.set(new Uint8Array(run.head.weights.buffer, run.head.weights.byteOffset, n), offset);
    bytes.set(run.head.idf, offset + n);
    languages[language] = { offset, ...run.manifest };
  });
  return { bytes, languages };
}
