// Policy scores on the operating-point risk scale: each signal's probability is read against its own
// operating points (the text part's language's, or the vision part's per class), so 0.2/0.5/0.8 on a
// category score are the signal's LOW/MEDIUM/HIGH points; text signals take the highest risk over
// caption, OCR and speech. Also the two extension categories and text-only categories on jobs with no text.
import { describe, expect, it } from 'vitest';
import { emptyScores, TEXT_LABELS, VISUAL_CLASSES, type TextLabel, type VisualClass } from '@modsvc/common/classes';
import type { JobRecord, TextToxicityPart, VisionPart } from '@modsvc/common/jobs';
import { decide, PolicyDocumentSchema, resolvePolicyDocument, type OperatingPoints, type PolicyCategoryResult } from '@modsvc/common/domain/index';
import { newJobRecord } from '../../../packages/common/test/fixtures.ts';
import { buildItemsResult } from '../src/items.ts';
import { buildPolicyResult, scoreCategories } from '../src/policy.ts';
import { loadCalibration } from '../../vision-inference/src/models/calibration.ts';

const EN: OperatingPoints = { LOW: 0.2, MEDIUM: 0.5, HIGH: 0.9 };
const DE: OperatingPoints = { LOW: 0.05, MEDIUM: 0.15, HIGH: 0.3 };

function tox(scores: Partial<Record<TextLabel, number>>, ops?: Partial<Record<TextLabel, OperatingPoints>>, language = 'en'): TextToxicityPart {
  return { scores: { ...emptyScores(TEXT_LABELS), ...scores }, ...(ops ? { operatingPoints: ops } : {}), topSpan: null, model: 'toxicity@3.0.0', language };
}

function vision(scores: Partial<Record<VisualClass, number>>, extra: Partial<VisionPart> = {}): VisionPart {
  return { scores: { ...emptyScores(VISUAL_CLASSES), ...scores }, evidence: {}, models: ['heads@2'], framesAnalysed: 1, ocr: null, ...extra };
}

const byName = (cats: PolicyCategoryResult[]) => Object.fromEntries(cats.map((c) => [c.name, c]));

/** The largest double below x (x > 0). */
const below = (x: number) => {
  const f = new Float64Array([x]);
  new BigInt64Array(f.buffer)[0]! -= 1n;
  return f[0]!;
};

describe('text signals on the risk scale', () => {
  it("reads a label against its language's operating points; without them the probability is the score", () => {
    const ops = { self_harm: { LOW: 0.1, MEDIUM: 0.25, HIGH: 0.6 } };
    const withOps = byName(scoreCategories(newJobRecord({ caption: 'x', parts: { caption: { toxicity: tox({ self_harm: 0.3 }, ops) } } })));
    // 0.3 is past the MEDIUM point 0.25: 0.5 + (0.05 / 0.35) x 0.3.
    expect(withOps.SELF_HARM).toEqual({ name: 'SELF_HARM', description: expect.any(String), score: 0.5429, risk_level: 'MEDIUM', triggered_by: 'caption:self_harm' });
    const older = byName(scoreCategories(newJobRecord({ caption: 'x', parts: { caption: { toxicity: tox({ self_harm: 0.3 }) } } })));
    expect(older.SELF_HARM).toMatchObject({ score: 0.3, risk_level: 'LOW' });
  });

  it('takes the highest risk over caption, OCR and speech, not the highest probability', () => {
    const job = newJobRecord({
      caption: 'you idiot',
      parts: {
        caption: { toxicity: tox({ insult: 0.5 }, { insult: EN }) },
        vision: vision({}, { ocr: { text: 'du Idiot', toxicity: tox({ insult: 0.35 }, { insult: DE }, 'de') } }),
        speech: { transcript: 'hello', segments: [], recognizer: 'r', toxicity: tox({ insult: 0.4 }), error: null },
      },
    });
    // Caption: 0.5 is the English MEDIUM point (risk 0.5). OCR: German 0.35 is past its HIGH point (risk 0.8143). Speech: no points, 0.4.
    expect(byName(scoreCategories(job)).HARASSMENT).toMatchObject({ score: 0.8143, risk_level: 'HIGH', triggered_by: 'ocr:insult' });
  });

  it('is exact at the operating points on the category score too: at the point its level, just below it the level beneath', () => {
    const at = (p: number) => byName(scoreCategories(newJobRecord({ caption: 'x', parts: { caption: { toxicity: tox({ self_harm: p }, { self_harm: DE }) } } }))).SELF_HARM!;
    expect(at(DE.MEDIUM)).toMatchObject({ score: 0.5, risk_level: 'MEDIUM' });
    expect(at(below(DE.MEDIUM))).toMatchObject({ risk_level: 'LOW' });
    expect(at(below(DE.MEDIUM)).score!).toBeLessThan(0.5);
    expect(at(DE.HIGH)).toMatchObject({ score: 0.8, risk_level: 'HIGH' });
    expect(at(below(DE.HIGH))).toMatchObject({ risk_level: 'MEDIUM' });
    expect(at(DE.LOW)).toMatchObject({ score: 0.2, risk_level: 'LOW' });
    expect(at(below(DE.LOW))).toMatchObject({ risk_level: 'NONE' });
  });

  it('reads class-form text signals (the caption) on the risk scale too, weighted afterwards', () => {
    const policy = resolvePolicyDocument(
      PolicyDocumentSchema.parse({ categories: [{ name: 'WELLBEING', description: 'Self-harm talk.', signals: [{ class: 'self_harm', weight: 0.5 }, { class: 'insult', weight: 1 }] }] }),
      'v1',
    );
    const job = newJobRecord({ caption: 'x', parts: { caption: { toxicity: tox({ self_harm: 0.3, insult: 0.1 }, { self_harm: DE }) } } });
    // self_harm 0.3 is the German HIGH point: risk 0.8, weighted 0.4; insult has no points: 0.1.
    expect(scoreCategories(job, policy)[0]).toMatchObject({ name: 'WELLBEING', score: 0.4, risk_level: 'LOW', triggered_by: 'caption:self_harm' });
  });

  it("applies a tenant's thresholds to the risk: they move the effective operating point of every signal alike", () => {
    const policy = resolvePolicyDocument(PolicyDocumentSchema.parse({ categories: [{ name: 'HARASSMENT', thresholds: { HIGH: 0.9, MEDIUM: 0.5, LOW: 0.2 } }] }), 'v1');
    const job = newJobRecord({ caption: 'x', parts: { caption: { toxicity: tox({ insult: DE.HIGH }, { insult: DE }) } } });
    expect(byName(scoreCategories(job)).HARASSMENT).toMatchObject({ score: 0.8, risk_level: 'HIGH' });
    expect(byName(scoreCategories(job, policy)).HARASSMENT).toMatchObject({ score: 0.8, risk_level: 'MEDIUM' });
  });
});

describe('visual signals on the risk scale', () => {
  it("reads a class against the vision part's operating points where it has some, the others as they are", () => {
    const ops = { firearm: { LOW: 0.05, MEDIUM: 0.1, HIGH: 0.3 } };
    const withOps = byName(scoreCategories(newJobRecord({ parts: { vision: vision({ firearm: 0.3, knife: 0.5, violent_knife: 0.01 }, { operatingPoints: ops }) } })));
    expect(withOps.ARMS_AMMO).toMatchObject({ score: 0.8, risk_level: 'HIGH', triggered_by: 'firearm' });
    const without = byName(scoreCategories(newJobRecord({ parts: { vision: vision({ firearm: 0.3, knife: 0.5, violent_knife: 0.01 }) } })));
    // Without points firearm is its probability, 0.3 (knife's 0.5 x 0.6 only ties it).
    expect(without.ARMS_AMMO).toMatchObject({ score: 0.3, risk_level: 'LOW', triggered_by: 'firearm' });
  });

  it("reads the shipped vision v3 points as the analyzer passes them on: a probability at firearm's MEDIUM point is MEDIUM, the double below it LOW; a weighted class's level is weight x risk; HIGH 1 is never reached", () => {
    const cal = loadCalibration();
    const shipped = Object.fromEntries(
      (['firearm', 'knife', 'violence', 'nazi_swastika'] as const).map((c) => [c, cal.classes[c]!.operatingPoints!.points]),
    ) as Partial<Record<VisualClass, OperatingPoints>>;
    const score = (scores: Partial<Record<VisualClass, number>>) => byName(scoreCategories(newJobRecord({ parts: { vision: vision(scores, { operatingPoints: shipped }) } })));
    const medium = shipped.firearm!.MEDIUM;
    expect(medium).toBeLessThan(0.5);
    expect(score({ firearm: medium }).ARMS_AMMO).toMatchObject({ risk_level: 'MEDIUM', triggered_by: 'firearm' });
    expect(score({ firearm: below(medium) }).ARMS_AMMO).toMatchObject({ risk_level: 'LOW', triggered_by: 'firearm' });
    // knife (weight 0.6) at its HIGH point: risk 0.8, so the category score is 0.48, LOW
    expect(score({ firearm: 0, knife: shipped.knife!.HIGH }).ARMS_AMMO).toMatchObject({ score: 0.48, risk_level: 'LOW', triggered_by: 'knife' });
    // violence at its HIGH point is HIGH, just below it MEDIUM
    expect(shipped.violence!.HIGH).toBeLessThan(1);
    expect(score({ violence: shipped.violence!.HIGH }).DEATH_INJURY_MILITARY).toMatchObject({ risk_level: 'HIGH', triggered_by: 'violence' });
    expect(score({ violence: below(shipped.violence!.HIGH) }).DEATH_INJURY_MILITARY).toMatchObject({ risk_level: 'MEDIUM', triggered_by: 'violence' });
    // nazi_swastika's HIGH is 1 (no held-back threshold reached precision 0.95): it sends to review, never rejects
    expect(shipped.nazi_swastika!.HIGH).toBe(1);
    expect(score({ nazi_swastika: 0.999 }).HATE_SPEECH).toMatchObject({ risk_level: 'MEDIUM', triggered_by: 'nazi_swastika' });
  });
});

describe('the extension categories', () => {
  it('are listed after the five spec categories, in the Standard order', () => {
    const r = buildPolicyResult(newJobRecord({ product: 'policy', caption: 'x', parts: { caption: { toxicity: tox({}) } } }));
    expect(r.policy_categories.map((c) => c.name)).toEqual(['SEXUAL', 'DRUGS', 'DEATH_INJURY_MILITARY', 'ARMS_AMMO', 'HATE_SPEECH', 'SELF_HARM', 'HARASSMENT']);
  });

  it('HARASSMENT takes insult, threat and severe toxicity at full weight and toxicity at 0.7', () => {
    const harassment = (scores: Partial<Record<TextLabel, number>>) => byName(scoreCategories(newJobRecord({ caption: 'x', parts: { caption: { toxicity: tox(scores) } } }))).HARASSMENT;
    expect(harassment({ toxicity: 0.9, insult: 0.1 })).toMatchObject({ score: 0.63, risk_level: 'MEDIUM', triggered_by: 'caption:toxicity' });
    expect(harassment({ toxicity: 0.9, threat: 0.85 })).toMatchObject({ score: 0.85, risk_level: 'HIGH', triggered_by: 'caption:threat' });
    expect(harassment({ severe_toxicity: 0.55 })).toMatchObject({ score: 0.55, risk_level: 'MEDIUM', triggered_by: 'caption:severe_toxicity' });
  });

  it('self-harm in a caption is escalated by the Standard rules with the reason self_harm, never rejected', () => {
    const low = (labels: readonly string[]) => Object.fromEntries(labels.map((l) => [l, 0.01]));
    const parts = { vision: vision(low(VISUAL_CLASSES)), caption: { toxicity: tox({ ...low(TEXT_LABELS), self_harm: 0.97 }) } };
    const r = buildPolicyResult(newJobRecord({ product: 'policy', caption: 'x', parts }));
    expect(r.policy_categories.find((c) => c.name === 'SELF_HARM')).toMatchObject({ score: 0.97, risk_level: 'HIGH' });
    expect(decide(r.policy_categories)).toEqual({ decision: 'pending_review', decision_type: 'escalated', escalate: true, escalate_reasons: ['self_harm'] });
  });
});

describe('text-only categories on a job with no text', () => {
  const noText = (over: Partial<JobRecord>) => byName(scoreCategories(newJobRecord(over)));

  it('are NONE with score 0, triggered by no_text: no caption, a blank one, no or empty OCR text, no or empty transcript', () => {
    const cases: Partial<JobRecord>[] = [
      { parts: { vision: vision({ firearm: 0.1 }) } },
      { caption: '   ', parts: { vision: vision({}), caption: { toxicity: tox({}) } } },
      { parts: { vision: vision({}, { ocr: { text: '', toxicity: null } }) } },
      { media: 'video', parts: { vision: vision({}, { ocr: { text: ' \n', toxicity: tox({}) } }), speech: { transcript: '', segments: [], recognizer: 'r', toxicity: null, error: null } } },
      { media: 'video', parts: { speech: { transcript: 'you will die', segments: [], recognizer: '', toxicity: null, error: 'no recogniser installed' } } },
    ];
    for (const over of cases) {
      const cats = noText(over);
      for (const name of ['SELF_HARM', 'HARASSMENT']) expect(cats[name]).toEqual({ name, description: expect.any(String), score: 0, risk_level: 'NONE', triggered_by: 'no_text' });
      // Categories with visual signals are scored (or not) as before.
      expect(cats.HATE_SPEECH!.triggered_by).not.toBe('no_text');
    }
    // So an uncaptioned photo with nothing in it is approved, not sent to review as not covered.
    const photo = buildPolicyResult(newJobRecord({ product: 'policy', parts: { vision: vision(Object.fromEntries(VISUAL_CLASSES.map((c) => [c, 0.01]))) } }));
    expect(decide(photo.policy_categories)).toMatchObject({ decision: 'approve', escalate_reasons: [] });
  });

  it('stay unscored (UNKNOWN) where there is text that no model scored the label for', () => {
    // A caption in a language without self_harm (or a part from before toxicity 3.0.0): self_harm is null.
    const cats = noText({ caption: 'Η Αθήνα', parts: { caption: { toxicity: tox({ toxicity: 0.1 }, undefined, 'el') } } });
    expect(cats.SELF_HARM).toMatchObject({ score: null, risk_level: 'UNKNOWN', triggered_by: null });
    expect(cats.HARASSMENT).toMatchObject({ score: 0.07, risk_level: 'NONE', triggered_by: 'caption:toxicity' });
    const ocrOnly = noText({ parts: { vision: vision({}, { ocr: { text: 'SALE', toxicity: null } }) } });
    expect(ocrOnly.SELF_HARM).toMatchObject({ score: null, risk_level: 'UNKNOWN' });
    expect(decide(Object.values(cats))).toMatchObject({ escalate_reasons: expect.arrayContaining(['not_covered_self_harm']) });
  });

  it('are not cleared by another text when one text could not be scored for them (a caption in a language without the label)', () => {
    // The Greek caption has no self_harm; the English text read in the image does, and it is low.
    const ocr = (selfHarm: number) => vision({}, { ocr: { text: 'hello world', toxicity: tox({ self_harm: selfHarm, toxicity: 0.01 }, { self_harm: EN }) } });
    const clear = noText({ caption: 'Η Αθήνα', parts: { caption: { toxicity: tox({ toxicity: 0.1 }, undefined, 'el') }, vision: ocr(0.01) } });
    expect(clear.SELF_HARM).toMatchObject({ score: null, risk_level: 'UNKNOWN', triggered_by: 'text_not_scored(caption:el; other text: ocr:self_harm 0.01)' });
    // HARASSMENT was scored on both texts (toxicity): decided as usual.
    expect(clear.HARASSMENT).toMatchObject({ risk_level: 'NONE', triggered_by: 'caption:toxicity' });
    // The other text can still flag it.
    const flagged = noText({ caption: 'Η Αθήνα', parts: { caption: { toxicity: tox({ toxicity: 0.1 }, undefined, 'el') }, vision: ocr(0.6) } });
    expect(flagged.SELF_HARM).toMatchObject({ risk_level: 'MEDIUM', triggered_by: 'ocr:self_harm' });
  });

  it('applies to custom categories of term lists and text labels too, not to ones with a visual signal', () => {
    const policy = resolvePolicyDocument(
      PolicyDocumentSchema.parse({
        categories: [
          { name: 'SLURS', description: 'Listed slurs.', signals: [{ terms: ['badword'], weight: 1 }, { text: 'identity_attack', weight: 1 }] },
          { name: 'COSMETICS', description: 'Make-up.', signals: [{ class: 'adult_toys', weight: 0.5 }, { terms: ['lipstick'], weight: 0.6 }] },
        ],
      }),
      'v1',
    );
    const cats = byName(scoreCategories(newJobRecord({ caption: null, parts: {} }), policy));
    expect(cats.SLURS).toMatchObject({ score: 0, risk_level: 'NONE', triggered_by: 'no_text' });
    expect(cats.COSMETICS).toMatchObject({ score: null, risk_level: 'UNKNOWN' });
  });
});

describe('items results carry self_harm as a raw probability', () => {
  it('after the seven spec labels of the caption, OCR and speech; null where not scored or absent in the part', () => {
    const { self_harm: _absent, ...older } = tox({ toxicity: 0.2 }).scores;
    const r = buildItemsResult(
      newJobRecord({
        caption: 'x',
        parts: {
          caption: { toxicity: tox({ self_harm: 0.3 }, { self_harm: DE }) },
          vision: vision({}, { ocr: { text: 'y', toxicity: { ...tox({}), scores: older as TextToxicityPart['scores'] } } }),
          speech: { transcript: 'z', segments: [], recognizer: 'r', toxicity: tox({ self_harm: 0.123456 }), error: null },
        },
      }),
    );
    expect(Object.keys(r.caption_language_toxicity)).toEqual([...TEXT_LABELS]);
    // The calibrated probability, not the risk (0.8) the policy reads it as.
    expect(r.caption_language_toxicity.self_harm).toBe(0.3);
    expect(Object.keys(r.ocr!.scores)).toEqual([...TEXT_LABELS]);
    expect(r.ocr!.scores.self_harm).toBeNull();
    expect(r.speech!.scores.self_harm).toBe(0.1235);
    expect(buildItemsResult(newJobRecord({})).caption_language_toxicity).toEqual(emptyScores(TEXT_LABELS));
  });
});
