import { describe, expect, it } from 'vitest';
import { TOXICITY_LABELS } from '@modsvc/common/classes';
import { loadToxicityModel, wordWindows } from '../src/model/scorer.ts';

const scorer = loadToxicityModel();
const manifest = scorer.model.manifest;
const tox = (t: string): number => scorer.scoreOne(t).scores.toxicity!;

describe('ToxicityScorer on the committed artifact', () => {
  it('reports the model id and scores every label or null', async () => {
    const [part] = await scorer.score(['what a lovely morning'], 'caption');
    expect(part!.model).toBe(`toxicity@${manifest.version}`);
    for (const label of TOXICITY_LABELS) {
      const info = manifest.labels[label];
      const v = part!.scores[label];
      if (info.scored) {
        expect(typeof v).toBe('number');
        expect(v!).toBeGreaterThanOrEqual(0);
        expect(v!).toBeLessThanOrEqual(1);
      } else {
        expect(v).toBeNull();
      }
    }
    // Labels with no human positives in the data are never scored.
    expect(part!.scores.sexual_explicit).toBeNull();
    expect(part!.scores.severe_toxicity).toBeNull();
    expect(part!.scores.toxicity).not.toBeNull();
  });

  it('orders toxic above benign texts', () => {
    const toxic = ['you are a fucking idiot', 'I hate all of you, go die', 'shut up you stupid bitch'];
    const benign = ['thank you for the help with the article', 'a photo of my dog at the beach', 'the meeting is moved to tuesday'];
    const minToxic = Math.min(...toxic.map(tox));
    const maxBenign = Math.max(...benign.map(tox));
    expect(minToxic).toBeGreaterThan(maxBenign);
    expect(minToxic).toBeGreaterThan(scorer.thresholds().toxicity!);
    expect(benign.map(tox).reduce((a, b) => a + b, 0) / benign.length).toBeLessThan(0.3);
    // Known weakness: "beach" shares character n-grams with a slur-heavy vocabulary, so this
    // caption sits near 0.5; it must still rank below every toxic text.
    expect(tox('a photo of my dog at the beach')).toBeLessThan(0.6);
  });

  it('sees through obfuscation', () => {
    expect(tox('you are a f u c k i n g 1d10t')).toBeGreaterThan(tox('you are a wonderful person'));
    expect(tox('I h4te you')).toBeGreaterThan(0.5);
  });

  it('scores threats on the threat label when it is scored', () => {
    if (!manifest.labels.threat.scored) return;
    const s = (t: string): number => scorer.scoreOne(t).scores.threat!;
    expect(s('I am going to kill you')).toBeGreaterThan(s('I am going to visit you'));
  });

  it('is deterministic across loads', () => {
    const again = loadToxicityModel();
    const texts = ['hello there', 'you idiot', ''];
    expect(texts.map((t) => again.scoreOne(t))).toEqual(texts.map((t) => scorer.scoreOne(t)));
  });
});

describe('windowing and topSpan', () => {
  it('splits long texts into overlapping word windows', () => {
    const text = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ');
    const w = wordWindows(text, 40, 20);
    expect(w.map((x) => text.slice(x.start, x.end).split(' ')[0])).toEqual(['w0', 'w20', 'w40', 'w60']);
    expect(text.slice(w[3]!.start, w[3]!.end).split(' ')).toHaveLength(40);
    expect(text.slice(w[3]!.start, w[3]!.end).endsWith('w99')).toBe(true);
    expect(wordWindows('   ', 40, 20)).toEqual([]);
    expect(wordWindows('one two', 40, 20)).toEqual([{ start: 0, end: 7 }]);
  });

  it('points topSpan at the toxic window of a long transcript', () => {
    const benign = 'we walked along the river and talked about the weather and the garden and the new library in town';
    const text = `${benign} ${benign} ${benign} ${benign} you are a worthless piece of shit and I hate you ${benign}`;
    const part = scorer.scoreOne(text);
    expect(part.topSpan).not.toBeNull();
    expect(part.topSpan!.text).toContain('worthless piece of shit');
    expect(text.slice(part.topSpan!.start, part.topSpan!.end)).toBe(part.topSpan!.text);
    expect(part.scores.toxicity!).toBeGreaterThan(scorer.scoreOne(`${benign} ${benign} ${benign}`).scores.toxicity!);
  });

  it('returns no span for empty text', () => {
    expect(scorer.scoreOne('').topSpan).toBeNull();
  });
});
