// Trains the word-vector head (services/text-toxicity/src/model/word-vectors.ts): one hidden ReLU
// layer over the pooled word vectors of each training row's English text (the text itself, or its
// English gloss in the languages with a lexicon), one sigmoid per label, masked missing labels, the
// rows' training weights, positives up-weighted per label (neg/pos x POS_SHARE, within [1, 20]: the
// rare labels would otherwise be ignored; Platt scaling on the calibration rows undoes the shift).
// Adam on minibatches, seeded: the same rows give the same head.
import { TEXT_LABELS, type TextLabel } from '@modsvc/common/classes';
import { mulberry32, shuffleInPlace } from '@modsvc/common/seeded-random';
import { featureCount, headWords, wordFeatures, type WordHead, type WordVectors } from '../../services/text-toxicity/src/model/word-vectors.ts';

export interface WordHeadRow {
  /** English text or gloss. */
  english: string;
  /** TEXT_LABELS order, NaN = not annotated. */
  labels: Float32Array;
  weight: number;
}

export interface WordHeadSettings {
  hidden: number;
  epochs: number;
  batch: number;
  learningRate: number;
  weightDecay: number;
  posShare: number;
  maxPosWeight: number;
  seed: number;
}

export const DEFAULT_WORD_HEAD: WordHeadSettings = { hidden: 256, epochs: 4, batch: 512, learningRate: 1e-3, weightDecay: 1e-5, posShare: 0.2, maxPosWeight: 20, seed: 20261202 };

function gaussian(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

class Adam {
  private readonly m: Float32Array;
  private readonly v: Float32Array;
  constructor(
    private readonly p: Float32Array,
    private readonly s: WordHeadSettings,
  ) {
    this.m = new Float32Array(p.length);
    this.v = new Float32Array(p.length);
  }
  step(g: Float32Array, t: number): void {
    const { learningRate: lr, weightDecay: wd } = this.s;
    const c1 = 1 - 0.9 ** t;
    const c2 = 1 - 0.999 ** t;
    for (let i = 0; i < this.p.length; i++) {
      const gi = g[i]! + wd * this.p[i]!;
      this.m[i] = 0.9 * this.m[i]! + 0.1 * gi;
      this.v[i] = 0.999 * this.v[i]! + 0.001 * gi * gi;
      this.p[i]! -= (lr * (this.m[i]! / c1)) / (Math.sqrt(this.v[i]! / c2) + 1e-8);
    }
  }
}

export function trainWordHead(vectors: WordVectors, rows: readonly WordHeadRow[], s: WordHeadSettings = DEFAULT_WORD_HEAD, log: (m: string) => void = () => {}): WordHead {
  const n = featureCount(vectors.dims);
  const H = s.hidden;
  const L = TEXT_LABELS.length;
  const N = rows.length;
  const X = new Float32Array(N * n);
  const x = new Float32Array(n);
  rows.forEach((r, i) => X.set(wordFeatures(vectors, headWords(r.english), x), i * n));
  // Standardise on the training rows.
  const mean = new Float32Array(n);
  const scale = new Float32Array(n);
  for (let i = 0; i < N; i++) for (let k = 0; k < n; k++) mean[k]! += X[i * n + k]! / N;
  for (let i = 0; i < N; i++) for (let k = 0; k < n; k++) scale[k]! += (X[i * n + k]! - mean[k]!) ** 2 / N;
  for (let k = 0; k < n; k++) scale[k] = Math.sqrt(scale[k]!) + 1e-6;
  for (let i = 0; i < N; i++) for (let k = 0; k < n; k++) X[i * n + k] = (X[i * n + k]! - mean[k]!) / scale[k]!;

  const pos = new Array<number>(L).fill(0);
  const neg = new Array<number>(L).fill(0);
  for (const r of rows) {
    for (let c = 0; c < L; c++) {
      const y = r.labels[c]!;
      if (Number.isNaN(y)) continue;
      if (y >= 0.5) pos[c]!++;
      else neg[c]!++;
    }
  }
  const posWeight = pos.map((p, c) => Math.min(s.maxPosWeight, Math.max(1, (neg[c]! / Math.max(p, 1)) * s.posShare)));
  log(`word head: ${N} rows, positives ${TEXT_LABELS.map((l, c) => `${l} ${pos[c]}`).join(', ')}; positive weights ${posWeight.map((w) => w.toFixed(1)).join(' ')}`);

  const rand = mulberry32(s.seed);
  const w1 = Float32Array.from({ length: n * H }, () => gaussian(rand) * Math.sqrt(2 / n));
  const b1 = new Float32Array(H);
  const w2 = Float32Array.from({ length: H * L }, () => gaussian(rand) * Math.sqrt(1 / H));
  const b2 = new Float32Array(L);
  const opt = [w1, b1, w2, b2].map((p) => new Adam(p, s));
  const g1 = new Float32Array(n * H);
  const gb1 = new Float32Array(H);
  const g2 = new Float32Array(H * L);
  const gb2 = new Float32Array(L);
  const h = new Float32Array(H);
  const gh = new Float32Array(H);
  const gz = new Float32Array(L);
  const order = Uint32Array.from({ length: N }, (_, i) => i);
  let t = 0;
  for (let ep = 0; ep < s.epochs; ep++) {
    shuffleInPlace(order, rand);
    let loss = 0;
    let lossW = 0;
    for (let b0 = 0; b0 < N; b0 += s.batch) {
      const end = Math.min(N, b0 + s.batch);
      g1.fill(0);
      gb1.fill(0);
      g2.fill(0);
      gb2.fill(0);
      // First pass: the batch's total weight, so that the gradient is the weighted mean.
      let wsum = 0;
      for (let o = b0; o < end; o++) {
        const r = rows[order[o]!]!;
        for (let c = 0; c < L; c++) {
          const y = r.labels[c]!;
          if (!Number.isNaN(y)) wsum += r.weight * (y >= 0.5 ? posWeight[c]! : 1);
        }
      }
      if (wsum === 0) continue;
      for (let o = b0; o < end; o++) {
        const ri = order[o]!;
        const r = rows[ri]!;
        const xo = ri * n;
        h.set(b1);
        for (let k = 0; k < n; k++) {
          const xk = X[xo + k]!;
          const row = k * H;
          for (let j = 0; j < H; j++) h[j]! += xk * w1[row + j]!;
        }
        for (let j = 0; j < H; j++) if (h[j]! < 0) h[j] = 0;
        let any = false;
        for (let c = 0; c < L; c++) {
          const y = r.labels[c]!;
          if (Number.isNaN(y) || r.weight === 0) {
            gz[c] = 0;
            continue;
          }
          let z = b2[c]!;
          for (let j = 0; j < H; j++) z += h[j]! * w2[j * L + c]!;
          const w = r.weight * (y >= 0.5 ? posWeight[c]! : 1);
          const p = 1 / (1 + Math.exp(-z));
          gz[c] = (w * (p - y)) / wsum;
          loss += w * (Math.max(z, 0) - y * z + Math.log1p(Math.exp(-Math.abs(z))));
          lossW += w;
          any = true;
        }
        if (!any) continue;
        for (let j = 0; j < H; j++) {
          let acc = 0;
          const row = j * L;
          for (let c = 0; c < L; c++) {
            const gc = gz[c]!;
            if (gc === 0) continue;
            g2[row + c]! += h[j]! * gc;
            acc += gc * w2[row + c]!;
          }
          gh[j] = h[j]! > 0 ? acc : 0;
        }
        for (let c = 0; c < L; c++) gb2[c]! += gz[c]!;
        for (let j = 0; j < H; j++) gb1[j]! += gh[j]!;
        for (let k = 0; k < n; k++) {
          const xk = X[xo + k]!;
          if (xk === 0) continue;
          const row = k * H;
          for (let j = 0; j < H; j++) g1[row + j]! += xk * gh[j]!;
        }
      }
      t++;
      opt[0]!.step(g1, t);
      opt[1]!.step(gb1, t);
      opt[2]!.step(g2, t);
      opt[3]!.step(gb2, t);
    }
    log(`word head: epoch ${ep + 1}/${s.epochs}: mean weighted log-loss ${(loss / Math.max(lossW, 1e-12)).toFixed(4)}`);
  }
  return { inputs: n, hidden: H, labels: [...TEXT_LABELS] as TextLabel[], mean, scale, w1, b1, w2, b2 };
}
