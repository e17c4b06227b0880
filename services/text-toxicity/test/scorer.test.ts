import { describe, expect, it } from 'vitest';
import { TOXICITY_LABELS } from '@modsvc/common/classes';
import { clauseWindows, loadToxicityModel, scoringWindows, wordWindows } from '../src/model/scorer.ts';
import { stem } from '../src/model/features.ts';
import { settingsSchema } from '../src/settings.ts';

const scorer = loadToxicityModel(settingsSchema.parse({}));
const manifest = scorer.model.manifest;
const tox = (t: string): number => scorer.scoreOne(t).scores.toxicity!;

describe('ToxicityScorer on the committed artifact', () => {
  it('reports the model id and scores every label or null', async () => {
    const [part] = await scorer.score(['what a lovely morning'], 'caption');
    expect(part!.model).toBe(`toxicity@${manifest.version}`);
    expect(part!.language).toBe('en');
    for (const label of TOXICITY_LABELS) {
      // English's own labels (a label scored for other languages only is null for English text).
      const info = manifest.languages?.en?.labels[label] ?? manifest.labels[label];
      const v = part!.scores[label];
      if (info.scored) {
        expect(typeof v).toBe('number');
        expect(v!).toBeGreaterThanOrEqual(0);
        expect(v!).toBeLessThanOrEqual(1);
      } else {
        expect(v).toBeNull();
      }
    }
    // 3.0.0: English sexual_explicit and self_harm have data; severe_toxicity's 43 English positives are too few to calibrate.
    expect(part!.scores.sexual_explicit).not.toBeNull();
    expect(part!.scores.self_harm).not.toBeNull();
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
    // "beach" shares character n-grams with a slur-heavy vocabulary; it must still rank below
    // every toxic text.
    expect(tox('a photo of my dog at the beach')).toBeLessThan(0.2);
  });

  it('sees through obfuscation', () => {
    expect(tox('you are a f u c k i n g 1d10t')).toBeGreaterThan(tox('you are a wonderful person'));
    expect(tox('I h4te you')).toBeGreaterThan(scorer.thresholds().toxicity!);
    expect(tox('I h4te you')).toBeGreaterThan(tox('I love you') * 5);
  });

  it('keeps ordinary captions low (probabilities calibrated to a realistic prior)', () => {
    for (const t of ['a photo of my dog at the beach', 'What a lovely sunny afternoon at the beach with my family', 'my new bike', 'sunset over the lake']) {
      expect(tox(t)).toBeLessThan(0.2);
    }
    expect(tox('You are a worthless idiot and I will kill you')).toBeGreaterThan(0.8);
  });

  it('scores threats on the threat label when it is scored', () => {
    if (!manifest.labels.threat.scored) return;
    const s = (t: string): number => scorer.scoreOne(t).scores.threat!;
    expect(s('I am going to kill you')).toBeGreaterThan(s('I am going to visit you'));
  });

  it('is deterministic across loads', () => {
    const again = loadToxicityModel(settingsSchema.parse({}));
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

  it('splits clauses at sentence punctuation and at a conjunction that starts a new subject', () => {
    const parts = (t: string): string[] => clauseWindows(t, 40).map((w) => t.slice(w.start, w.end));
    expect(parts('You are a worthless idiot and I will kill you')).toEqual(['You are a worthless idiot', 'I will kill you']);
    expect(parts('i am going to kill you but i will find you and i will hurt you')).toEqual(['i am going to kill you', 'i will find you', 'i will hurt you']);
    expect(parts('I am going to kill you. I will find you!')).toEqual(['I am going to kill you.', 'I will find you!']);
    // Noun coordination is not a clause boundary; one clause gives no extra window.
    expect(parts('cats and dogs and birds at the park')).toEqual([]);
    // Nothing is split inside double quotes.
    expect(parts('He said "stop it. and I mean it" and left')).toEqual([]);
    // Clauses longer than the window are left to the word windows.
    const t6 = 'a b c d e f. g h';
    expect(clauseWindows(t6, 4).map((w) => t6.slice(w.start, w.end))).toEqual(['g h']);
    expect(parts('')).toEqual([]);
    const t = 'You are an idiot and I will kill you';
    const w = scoringWindows(t, 40, 20, true);
    expect(w.map((x) => t.slice(x.start, x.end))).toEqual([t, 'You are an idiot', 'I will kill you']);
    expect(scoringWindows(t, 40, 20, false)).toHaveLength(1);
  });

  it('finds a threat buried in an insult through its clause window', () => {
    if (!manifest.labels.threat.scored || !manifest.window.clauses) return;
    const threat = (t: string): number => scorer.scoreOne(t).scores.threat!;
    // The n-grams' logit is the clause's (max over windows); the word-vector head (3.1.0) reads the whole text.
    const col = scorer.model.scored.find((x) => x.label === 'threat')!.info.column;
    const ownThreat = (t: string): number => scorer.windowedLogits(t, 'en').logits[col]!;
    expect(ownThreat('You are a worthless idiot and I will kill you')).toBeCloseTo(ownThreat('I will kill you'), 6);
    const buried = scorer.scoreOne('You are a worthless idiot and I will kill you');
    expect(buried.scores.threat!).toBeGreaterThanOrEqual(buried.operatingPoints!.threat!.MEDIUM);
    expect(buried.scores.threat!).toBeGreaterThan(threat('You are a worthless idiot') * 10);
    const transcript = scorer.scoreOne('i am going to kill you but i will find you and i will hurt you');
    expect(transcript.scores.threat!).toBeGreaterThanOrEqual(threat('i am going to kill you') - 1e-9);
    // The span is a threatening clause (3.0.0 scores "i will hurt you" a little above "kill"), not the neutral one between.
    expect(transcript.topSpan!.text).toMatch(/kill you|hurt you/);
  });

  it('returns no span for empty text', () => {
    expect(scorer.scoreOne('').topSpan).toBeNull();
  });
});

describe('stem', () => {
  it('strips inflection so a word family shares a feature', () => {
    expect(['kills', 'killed', 'killing', 'killer'].map(stem)).toEqual(['kill', 'kill', 'kill', 'kill']);
    expect(['stabbing', 'stabbed', 'shooting', 'raping', 'bodies', 'watches'].map(stem)).toEqual(['stab', 'stab', 'shoot', 'rape', 'body', 'watch']);
    expect(['is', 'was', 'this', 'dog'].map(stem)).toEqual(['is', 'was', 'this', 'dog']);
  });
});
