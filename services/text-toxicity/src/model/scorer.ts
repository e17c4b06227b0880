// Scores texts with the trained toxicity artifact. Long texts are scored in overlapping word
// windows; each label takes its maximum over windows, and the window with the highest toxicity is
// returned as topSpan so a result can point at what triggered it.
import { TOXICITY_LABELS, emptyScores, type ToxicityLabel } from '@modsvc/common/classes';
import type { TextSource, TextToxicityApi } from '@modsvc/common/contracts';
import type { TextSpanEvidence, TextToxicityPart } from '@modsvc/common/jobs';
import { loadArtifact, type LoadedToxicityModel } from './artifact.ts';
import { extractFeatures } from './features.ts';

export interface TextWindow {
  start: number;
  end: number;
}

/** Overlapping windows of `words` whitespace-separated words every `stride` words (char offsets). */
export function wordWindows(text: string, words: number, stride: number): TextWindow[] {
  const spans: TextWindow[] = [];
  for (const m of text.matchAll(/\S+/g)) spans.push({ start: m.index, end: m.index + m[0].length });
  if (spans.length === 0) return [];
  const out: TextWindow[] = [];
  for (let s = 0; s < spans.length; s += stride) {
    const e = Math.min(spans.length, s + words);
    out.push({ start: spans[s]!.start, end: spans[e - 1]!.end });
    if (e === spans.length) break;
  }
  return out;
}

export interface DetailedScore {
  /** Calibrated probability per scored label (max over windows); null for unscored labels. */
  scores: Record<ToxicityLabel, number | null>;
  /** Raw logit per scored label (max over windows), in manifest column order. */
  logits: Float64Array;
  topSpan: TextSpanEvidence | null;
  windows: number;
}

function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

export class ToxicityScorer implements TextToxicityApi {
  readonly modelId: string;
  private readonly logitBuf: Float64Array;
  private readonly bias: Float64Array;
  /** Column of the label that picks topSpan (toxicity, or the first scored label). */
  private readonly spanColumn: number;

  constructor(readonly model: LoadedToxicityModel) {
    this.modelId = `toxicity@${model.manifest.version}`;
    this.logitBuf = new Float64Array(model.columns);
    this.bias = new Float64Array(model.columns);
    for (const s of model.scored) this.bias[s.info.column] = s.info.bias;
    const tox = model.scored.find((s) => s.label === 'toxicity');
    this.spanColumn = (tox ?? model.scored[0])?.info.column ?? 0;
  }

  /** Raw logits of one window of text (no windowing); the returned buffer is reused. */
  windowLogits(text: string): Float64Array {
    const { weights, columns } = this.model;
    const out = this.logitBuf;
    out.set(this.bias);
    const f = extractFeatures(text, this.model.manifest.features);
    const idx = f.indices;
    const val = f.values;
    for (let k = 0; k < idx.length; k++) {
      const base = idx[k]! * columns;
      const v = val[k]!;
      for (let c = 0; c < columns; c++) out[c]! += weights[base + c]! * v;
    }
    return out;
  }

  calibrate(column: number, logit: number): number {
    const info = this.model.scored[column]!.info;
    return sigmoid(info.calibration.a * logit + info.calibration.b);
  }

  scoreDetailed(text: string): DetailedScore {
    const { columns, manifest } = this.model;
    const windows = wordWindows(text, manifest.window.words, manifest.window.stride);
    const best = new Float64Array(columns).fill(-Infinity);
    let topSpan: TextSpanEvidence | null = null;
    let topLogit = -Infinity;
    if (windows.length === 0) {
      best.set(this.windowLogits(''));
    }
    for (const w of windows) {
      const z = this.windowLogits(text.slice(w.start, w.end));
      for (let c = 0; c < columns; c++) if (z[c]! > best[c]!) best[c] = z[c]!;
      if (z[this.spanColumn]! > topLogit) {
        topLogit = z[this.spanColumn]!;
        topSpan = { start: w.start, end: w.end, text: text.slice(w.start, w.end) };
      }
    }
    const scores = emptyScores(TOXICITY_LABELS);
    for (const s of this.model.scored) {
      // Platt slopes are positive (enforced in training), so the max logit is the max probability.
      scores[s.label] = this.calibrate(s.info.column, best[s.info.column]!);
    }
    return { scores, logits: best, topSpan, windows: windows.length };
  }

  scoreOne(text: string): TextToxicityPart {
    const d = this.scoreDetailed(text);
    return { scores: d.scores, topSpan: d.topSpan, model: this.modelId };
  }

  async score(texts: string[], _source: TextSource): Promise<TextToxicityPart[]> {
    return texts.map((t) => this.scoreOne(t));
  }

  /** Per-label decision thresholds (calibrated probability), null for unscored labels. */
  thresholds(): Record<ToxicityLabel, number | null> {
    const out = emptyScores(TOXICITY_LABELS);
    for (const s of this.model.scored) out[s.label] = s.info.threshold;
    return out;
  }
}

/** Loads the artifact (default: artifacts/toxicity-v1, or $TOXICITY_MODEL_DIR) and returns a scorer. */
export function loadToxicityModel(dir?: string): ToxicityScorer {
  return new ToxicityScorer(loadArtifact(dir));
}
