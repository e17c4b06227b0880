// What toxicity 3.0.0 adds, on the committed artifact: the self_harm label, operating points with every
// scored label (the policy reads scores against them), the English bridge for texts in languages with a
// lexicon, unmeasured labels where a language has no data, and what /v1/models says about them.
import { describe, expect, it } from 'vitest';
import { TEXT_LABELS } from '@modsvc/common/classes';
import { loadToxicityModel } from '../src/model/scorer.ts';
import { toxicityCoverage } from '../src/coverage.ts';
import { settingsSchema } from '../src/settings.ts';

const scorer = loadToxicityModel(settingsSchema.parse({}));
const part = (t: string) => scorer.scoreOne(t);
const medium = (t: string, label: (typeof TEXT_LABELS)[number]) => {
  const p = part(t);
  return { p: p.scores[label], op: p.operatingPoints?.[label]?.MEDIUM };
};

describe('toxicity 3.0.0', () => {
  it('scores self_harm in English: telling someone to kill themselves and one\'s own intent, not figures of speech', () => {
    for (const t of ['kys nobody would miss you', 'I am going to kill myself tonight']) {
      const { p, op } = medium(t, 'self_harm');
      expect(p, t).not.toBeNull();
      expect(p!, t).toBeGreaterThanOrEqual(op!);
    }
    for (const t of ["I'm dying of laughter", 'this song kills', 'if you are struggling please call a helpline, you matter']) {
      const { p, op } = medium(t, 'self_harm');
      expect(p!, t).toBeLessThan(op!);
    }
  });

  it('ships operating points LOW <= MEDIUM <= HIGH with every scored label of a part', () => {
    for (const t of ['have a nice day', 'Ich bringe dich um', 'te voy a matar', 'Это моя собака']) {
      const p = part(t);
      for (const label of TEXT_LABELS) {
        const ops = p.operatingPoints?.[label];
        if (p.scores[label] === null) {
          expect(ops, `${t} ${label}`).toBeUndefined();
          continue;
        }
        expect(ops, `${t} ${label}`).toBeDefined();
        expect(ops!.LOW).toBeLessThanOrEqual(ops!.MEDIUM);
        expect(ops!.MEDIUM).toBeLessThanOrEqual(ops!.HIGH);
      }
    }
  });

  it('scores plain threats above their MEDIUM point in English, Spanish and German', () => {
    for (const t of ['I will kill you and your whole family', 'te voy a matar, hijo de puta', 'ich bringe dich um, du Schwein']) {
      const p = part(t);
      const risky = (['threat', 'toxicity'] as const).some((l) => p.scores[l] !== null && p.scores[l]! >= p.operatingPoints![l]!.MEDIUM);
      expect(risky, `${t}: ${JSON.stringify(p.scores)}`).toBe(true);
    }
  });

  it('glosses texts of languages with a lexicon into English for the labels that use it', () => {
    expect(scorer.model.bridge).not.toBeNull();
    expect(scorer.bridgeLogits('ti ammazzo', 'it')).not.toBeNull();
    expect(scorer.bridgeLogits('have a nice day', 'en')).toBeNull();
    expect(scorer.bridgeLogits('좋은 하루', 'ko')).toBeNull();
  });

  it("reports every language's operating points, and which labels no data of the language backs", () => {
    const c = toxicityCoverage(scorer);
    const lang = (l: string) => c.languages!.find((x) => x.language === l)!;
    const en = lang('en');
    expect(en.labels).toContain('self_harm');
    expect(en.unmeasured).toBeUndefined();
    expect(en.operatingPoints!.map((o) => o.signal).sort()).toEqual([...en.labels].sort());
    for (const o of en.operatingPoints!) expect(o.figures.map((f) => f.level)).toEqual(['LOW', 'MEDIUM', 'HIGH']);
    // German has no threat or self-harm data: scored, unmeasured, never HIGH.
    const de = lang('de');
    expect(de.unmeasured).toEqual(expect.arrayContaining(['threat', 'self_harm']));
    for (const l of de.unmeasured!) {
      const o = de.operatingPoints!.find((x) => x.signal === l)!;
      expect(o.points.HIGH).toBe(1);
      expect(o.figures).toEqual([]);
    }
    // Held-back figures name the label they are of.
    expect(en.heldBack.some((h) => h.label === 'self_harm')).toBe(true);
  });

  it('leaves every label null for a language nothing taught it (Japanese)', () => {
    const p = part('今日はとても良い天気ですね、散歩に行きましょう');
    expect(p.language).toBe('ja');
    for (const l of TEXT_LABELS) expect(p.scores[l]).toBeNull();
  });
});
