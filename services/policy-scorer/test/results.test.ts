import { describe, expect, it } from 'vitest';
import { CLASS_GROUPS, VISUAL_CLASSES, VISUAL_GROUPS, emptyScores, TEXT_LABELS } from '@modsvc/common/classes';
import type { JobRecord, TextToxicityPart, VisionPart } from '@modsvc/common/jobs';
import { PolicyDocumentSchema, resolvePolicyDocument, riskLevel, STANDARD_CATEGORIES } from '@modsvc/common/domain/index';
import { newJobRecord } from '../../../packages/common/test/fixtures.ts';
import { buildItemsResult } from '../src/items.ts';
import { buildPolicyResult, scoreCategories } from '../src/policy.ts';
import { isComplete } from '../src/service.ts';

function vision(scores: Partial<Record<(typeof VISUAL_CLASSES)[number], number>>, ocr: VisionPart['ocr'] = null): VisionPart {
  return { scores: { ...emptyScores(VISUAL_CLASSES), ...scores }, evidence: {}, models: ['nsfw@1'], framesAnalysed: 1, ocr };
}

function tox(scores: Partial<Record<(typeof TEXT_LABELS)[number], number>>): TextToxicityPart {
  return { scores: { ...emptyScores(TEXT_LABELS), ...scores }, topSpan: null, model: 'toxicity@1' };
}

function job(over: Partial<JobRecord>): JobRecord {
  return newJobRecord({ expectedParts: ['vision'], ...over });
}

describe('items result', () => {
  it('has every group and class, null where no model scored, plus url and extras', () => {
    const r = buildItemsResult(job({ parts: { vision: vision({ adult_content: 0.123456, firearm: 0.9 }) }, url: 'cat.jpg' }));
    for (const group of VISUAL_GROUPS) expect(Object.keys(r[group])).toEqual([...CLASS_GROUPS[group]]);
    // The caption's group: the seven spec labels in spec order, then the extension.
    expect(Object.keys(r.caption_language_toxicity)).toEqual([...CLASS_GROUPS.caption_language_toxicity, 'self_harm']);
    expect(r.nsfw.adult_content).toBe(0.1235);
    expect(r.violence.firearm).toBe(0.9);
    expect(r.violence.violence).toBeNull();
    expect(r.caption_language_toxicity).toEqual(emptyScores(TEXT_LABELS));
    expect(r.url).toBe('cat.jpg');
    expect(r.speech).toBeNull();
    expect(r.models).toEqual(['nsfw@1']);
  });

  it('gives evidence scores to 4 decimals, as class scores', () => {
    const firearm = [{ timestamp: 1.5, score: 0.912345678901234, model: 'objects@1', box: [1, 2, 3, 4] as [number, number, number, number] }];
    const r = buildItemsResult(job({ parts: { vision: { ...vision({ firearm: 0.912345678901234 }), evidence: { firearm } } } }));
    expect(r.violence.firearm).toBe(0.9123);
    expect(r.evidence).toEqual({ firearm: [{ timestamp: 1.5, score: 0.9123, model: 'objects@1', box: [1, 2, 3, 4] }] });
  });

  it('scores the caption group from the caption part only; OCR and speech go to their own fields', () => {
    const r = buildItemsResult(
      job({
        parts: {
          vision: vision({}, { text: 'hello', toxicity: tox({ toxicity: 0.7 }) }),
          caption: { toxicity: tox({ toxicity: 0.2, threat: 0.1 }) },
          speech: { transcript: 'i will hurt you', segments: [{ start: 1, end: 2, text: 'i will hurt you' }], recognizer: 'pocketsphinx@5+en-us', toxicity: tox({ threat: 0.95 }), error: null },
        },
      }),
    );
    expect(r.caption_language_toxicity.toxicity).toBe(0.2);
    expect(r.ocr?.scores.toxicity).toBe(0.7);
    expect(r.speech?.scores.threat).toBe(0.95);
    expect(r.models).toEqual(['nsfw@1', 'pocketsphinx@5+en-us', 'toxicity@1']);
  });

  it('lists the speech recogniser among the models only when it gave a transcript', () => {
    const models = (speech: NonNullable<JobRecord['parts']['speech']>) => buildItemsResult(job({ parts: { vision: vision({}), speech } })).models;
    const silent = { transcript: '', segments: [], recognizer: 'pocketsphinx@5+en-us', toxicity: null, error: null };
    expect(models(silent)).toEqual(['nsfw@1']);
    const missing = { transcript: '', segments: [], recognizer: '', toxicity: null, error: 'pocketsphinx is not installed' };
    expect(models(missing)).toEqual(['nsfw@1']);
  });
});

describe('policy categories', () => {
  it('takes the max of weight x score over scored signals, and names what triggered it', () => {
    const cats = scoreCategories(job({ parts: { vision: vision({ firearm: 0.9, knife: 0.5, adult_content: 0.1, suggestive: 0.9 }) } }));
    const byName = Object.fromEntries(cats.map((c) => [c.name, c]));
    expect(byName.ARMS_AMMO).toMatchObject({ score: 0.9, risk_level: 'HIGH', triggered_by: 'firearm' });
    expect(byName.SEXUAL).toMatchObject({ score: 0.54, risk_level: 'MEDIUM', triggered_by: 'suggestive' });
    expect(byName.DRUGS).toMatchObject({ score: null, risk_level: 'UNKNOWN', triggered_by: null });
  });

  it('uses text from speech and OCR for threats and hate', () => {
    const cats = scoreCategories(
      job({
        parts: {
          vision: vision({}, { text: 'x', toxicity: tox({ identity_attack: 0.85 }) }),
          speech: { transcript: 't', segments: [], recognizer: 'r', toxicity: tox({ threat: 1 }), error: null },
        },
      }),
    );
    const byName = Object.fromEntries(cats.map((c) => [c.name, c]));
    expect(byName.DEATH_INJURY_MILITARY).toMatchObject({ score: 1, risk_level: 'HIGH', triggered_by: 'speech:threat' });
    expect(byName.HATE_SPEECH).toMatchObject({ score: 0.85, triggered_by: 'ocr:identity_attack' });
  });

  it('never lets text alone clear a category whose visual signals no model scored on a picture', () => {
    const calmText = { caption: { toxicity: tox({ threat: 0.01, identity_attack: 0.01 }) } };
    const unseen = Object.fromEntries(scoreCategories(job({ parts: { vision: vision({ firearm: 0.01 }), ...calmText } })).map((c) => [c.name, c]));
    // violence and violent_knife unscored: the picture was not looked at for DEATH_INJURY_MILITARY.
    expect(unseen.DEATH_INJURY_MILITARY).toMatchObject({ score: null, risk_level: 'UNKNOWN' });
    expect(unseen.DEATH_INJURY_MILITARY!.triggered_by).toMatch(/^visual_not_scored\(violence,violent_knife; text alone: caption:threat 0\.01\b/);
    // firearm scored: ARMS_AMMO is covered by it even though knife is not.
    expect(unseen.ARMS_AMMO).toMatchObject({ score: 0.01, risk_level: 'NONE', triggered_by: 'firearm' });

    const seen = Object.fromEntries(scoreCategories(job({ parts: { vision: vision({ violence: 0.02 }), ...calmText } })).map((c) => [c.name, c]));
    expect(seen.DEATH_INJURY_MILITARY).toMatchObject({ score: 0.02, risk_level: 'NONE', triggered_by: 'violence' });

    const flagged = Object.fromEntries(
      scoreCategories(job({ parts: { vision: vision({}), caption: { toxicity: tox({ threat: 0.7 }) } } })).map((c) => [c.name, c]),
    );
    expect(flagged.DEATH_INJURY_MILITARY).toMatchObject({ score: 0.7, risk_level: 'MEDIUM', triggered_by: 'caption:threat' });

    const textOnly = Object.fromEntries(scoreCategories(job({ expectedParts: ['caption'], parts: calmText })).map((c) => [c.name, c]));
    expect(textOnly.DEATH_INJURY_MILITARY).toMatchObject({ risk_level: 'NONE', triggered_by: 'caption:threat' });
  });

  it("lists a picture's visual signals that no model scored, whatever the score, and none on text", () => {
    const cats = scoreCategories(job({ parts: { vision: vision({ firearm: 0.1, violence: 0.1, pills: 0.1 }) } }));
    const byName = Object.fromEntries(cats.map((c) => [c.name, c]));
    // ARMS_AMMO is covered by firearm and so scored NONE, but knife was not looked at: it says so.
    expect(byName.ARMS_AMMO).toMatchObject({ risk_level: 'NONE', triggered_by: 'firearm', not_scored: ['violent_knife', 'knife'] });
    expect(byName.DEATH_INJURY_MILITARY).toMatchObject({ risk_level: 'NONE', not_scored: ['violent_knife'] });
    expect(byName.DRUGS!.not_scored).toEqual(['marijuana', 'recreational_pills', 'smoking_and_tobacco', 'alcohol']);
    const all = scoreCategories(job({ parts: { vision: vision({ firearm: 0.1, violent_knife: 0.1, knife: 0.1 }) } }));
    expect(all.find((c) => c.name === 'ARMS_AMMO')).not.toHaveProperty('not_scored');
    const text = scoreCategories(job({ caption: 'a red car', expectedParts: ['caption'], parts: { caption: { toxicity: tox({ threat: 0.01 }) } } }));
    for (const c of text) expect(c).not.toHaveProperty('not_scored');
  });

  it('maps scores to risk levels at the documented thresholds', () => {
    expect([riskLevel(null), riskLevel(0.1), riskLevel(0.2), riskLevel(0.5), riskLevel(0.8)]).toEqual(['UNKNOWN', 'NONE', 'LOW', 'MEDIUM', 'HIGH']);
    expect(STANDARD_CATEGORIES.map((c) => c.name)).toEqual(['SEXUAL', 'DRUGS', 'DEATH_INJURY_MILITARY', 'ARMS_AMMO', 'HATE_SPEECH', 'SELF_HARM', 'HARASSMENT']);
  });
});

describe('fan-in completeness', () => {
  it('waits for every expected part', () => {
    expect(isComplete(job({ expectedParts: null }))).toBe(false);
    expect(isComplete(job({ expectedParts: ['vision', 'caption'], parts: { vision: vision({}) } }))).toBe(false);
    expect(isComplete(job({ expectedParts: ['vision', 'caption'], parts: { vision: vision({}), caption: { toxicity: tox({}) } } }))).toBe(true);
  });
});

describe('policy categories of a custom document', () => {
  const policy = resolvePolicyDocument(
    PolicyDocumentSchema.parse({
      categories: [
        { name: 'COSMETICS', description: 'Make-up.', signals: [{ class: 'adult_toys', weight: 0.5 }, { terms: ['lipstick'], weight: 0.6 }], thresholds: { HIGH: 0.8, MEDIUM: 0.5, LOW: 0.2 } },
        { name: 'ARMS_AMMO', thresholds: { HIGH: 0.95, MEDIUM: 0.5, LOW: 0.2 } },
      ],
    }),
    'tenant-v3',
  );

  it('scores term lists in caption, OCR and transcript with the span, and Standard categories with their own thresholds', () => {
    const j = job({ caption: 'new L1pstick shade', parts: { vision: vision({ firearm: 0.9 }, { text: 'SALE', toxicity: null }) } });
    const r = buildPolicyResult(j, undefined, policy);
    expect(r.policy_version).toBe('tenant-v3');
    expect(r.policy_categories).toEqual([
      { name: 'COSMETICS', description: 'Make-up.', score: 0.6, risk_level: 'MEDIUM', triggered_by: 'caption:term:"lipstick"@4-12', not_scored: ['adult_toys'] },
      { name: 'ARMS_AMMO', description: STANDARD_CATEGORIES[3]!.description, score: 0.9, risk_level: 'MEDIUM', triggered_by: 'firearm', not_scored: ['violent_knife', 'knife'] },
      // The Standard categories the document does not name are scored too, with the Standard table.
      ...scoreCategories(j).filter((c) => c.name !== 'ARMS_AMMO'),
    ]);
    const ocr = scoreCategories(job({ parts: { vision: vision({}, { text: 'buy lip stick now', toxicity: null }) } }), policy);
    expect(ocr[0]).toMatchObject({ score: 0.6, triggered_by: 'ocr:term:"lipstick"@4-13' });
  });

  it("reads each score against the category's own thresholds with the one risk-level function: a score at a threshold is that level", () => {
    const arms = policy.categories.find((c) => c.name === 'ARMS_AMMO')!.thresholds;
    for (const firearm of [0.95, 0.9499, 0.5, 0.4999, 0.2, 0.1999, 0]) {
      const c = scoreCategories(job({ parts: { vision: vision({ firearm }) } }), policy).find((x) => x.name === 'ARMS_AMMO')!;
      expect(c.risk_level).toBe(riskLevel(c.score, arms));
    }
    const at = (firearm: number) => scoreCategories(job({ parts: { vision: vision({ firearm }) } }), policy)[1]!.risk_level;
    expect([at(0.95), at(0.9499), at(0.5), at(0.2), at(0.1999)]).toEqual(['HIGH', 'MEDIUM', 'MEDIUM', 'LOW', 'NONE']);
  });

  it('treats a signal score that is not a number as unscored: it neither hides another signal nor reads as NONE', () => {
    const cats = scoreCategories(job({ parts: { vision: vision({ firearm: Number.NaN, knife: 0.9 }) } }));
    expect(cats.find((c) => c.name === 'ARMS_AMMO')).toMatchObject({ score: 0.54, risk_level: 'MEDIUM', triggered_by: 'knife' });
    const alone = scoreCategories(job({ parts: { vision: vision({ marijuana: Number.NaN }) } }));
    expect(alone.find((c) => c.name === 'DRUGS')).toMatchObject({ score: null, risk_level: 'UNKNOWN' });
  });

  it('a term list with text and no match scores 0; with no text and no scored class the category is UNKNOWN', () => {
    expect(scoreCategories(job({ caption: 'a red car', parts: {} }), policy)[0]).toMatchObject({ score: 0, risk_level: 'NONE' });
    expect(scoreCategories(job({ caption: null, parts: {} }), policy)[0]).toMatchObject({ score: null, risk_level: 'UNKNOWN', triggered_by: null });
  });
});
