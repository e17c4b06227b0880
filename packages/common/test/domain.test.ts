import { describe, expect, expectTypeOf, it } from 'vitest';
import { CLASS_GROUPS, emptyScores, TEXT_LABELS, VISUAL_CLASSES, type ClassGroup } from '../src/classes.ts';
import type { ApiErrorCode } from '../src/errors.ts';
import {
  API_ERROR_CODES,
  DomainValidationError,
  ErrorBodySchema,
  ItemsJobViewSchema,
  POLICY_TABLE_VERSION,
  RISK_THRESHOLDS,
  STANDARD_CATEGORIES,
  STANDARD_CATEGORY_NAMES,
  EXTENSION_CATEGORY_NAMES,
  DeliveryLogSchema,
  RedeliverySchema,
  attemptView,
  deliveryLog,
  redelivery,
  isPolicyResult,
  parseItemsResult,
  parseJobResults,
  parseModerationReply,
  parseModerationResult,
  parsePolicyResult,
  riskLevel,
  type ItemsResult,
  type ModerationDecision,
  type PolicyResult,
} from '../src/domain/index.ts';

const scores = <G extends ClassGroup>(group: G) => emptyScores(CLASS_GROUPS[group]);

const ITEMS: ItemsResult = {
  violence: { ...scores('violence'), firearm: 0.9 },
  substances: scores('substances'),
  nsfw: scores('nsfw'),
  hate_symbols: scores('hate_symbols'),
  visual_content: scores('visual_content'),
  other: scores('other'),
  caption_language_toxicity: scores('caption_language_toxicity'),
  url: 'cat.jpg',
  evidence: { firearm: [{ timestamp: 0, score: 0.93, model: 'heads@2', box: [1, 2, 3, 4] }] },
  uncalibrated: [],
  ocr: null,
  speech: null,
  models: ['heads@2'],
};

const POLICY: PolicyResult = {
  policy_categories: [{ name: 'ARMS_AMMO', description: 'Weapons', score: 0.9, risk_level: 'HIGH', triggered_by: 'firearm' }],
  url: 'cat.jpg',
  tier: 'standard',
  policy_table_version: POLICY_TABLE_VERSION,
};

const DECISION: ModerationDecision = {
  classification_job_id: 'job_1',
  content_type: 'image',
  external_id: 'file-42',
  moderation_job_id: 'vmod_abc',
  decision: 'reject',
  decision_type: 'fully_automated',
  escalate: false,
  escalate_reasons: [],
  is_error: false,
  policy_categories: [{ name: 'ARMS_AMMO', risk_level: 'high' }],
  policy_version: POLICY_TABLE_VERSION,
};

describe('parse helpers', () => {
  it('return the value as received: same object, same key order', () => {
    const received = JSON.parse(JSON.stringify({ ...ITEMS, url: 'cat.jpg' })) as unknown;
    expect(parseItemsResult(received)).toBe(received);
    const reordered = { url: POLICY.url, tier: POLICY.tier, policy_table_version: POLICY.policy_table_version, policy_categories: POLICY.policy_categories };
    expect(JSON.stringify(parsePolicyResult(reordered))).toBe(JSON.stringify(reordered));
  });

  it('accept an items result stored before `uncalibrated` existed', () => {
    const { uncalibrated: _uncalibrated, ...older } = ITEMS;
    expect(parseJobResults('items', older)).toEqual(older);
  });

  it('accept self_harm after the seven spec labels of the caption, OCR and speech, and results stored without it', () => {
    const text = { ...ITEMS.caption_language_toxicity, self_harm: 0.91 };
    const ocr = { text: 'x', scores: { ...text, self_harm: null }, top_span: null, model: 'toxicity@3.0.0' };
    const withSelfHarm = { ...ITEMS, caption_language_toxicity: text, ocr };
    expect(parseItemsResult(withSelfHarm)).toEqual(withSelfHarm);
    expect(parseItemsResult(ITEMS)).toEqual(ITEMS);
    expect(() => parseItemsResult({ ...ITEMS, caption_language_toxicity: { ...text, self_harm: 1.5 } })).toThrow(/caption_language_toxicity\.self_harm/);
    expect(() => parseItemsResult({ ...ITEMS, caption_language_toxicity: { ...text, suicide: 0 } })).toThrow(/caption_language_toxicity/);
  });

  it('throw a DomainValidationError that says what and where', () => {
    const bad = { ...ITEMS, nsfw: { ...ITEMS.nsfw, adult_content: 1.2 }, violence: { ...ITEMS.violence, tank: 0 } };
    let error: unknown;
    try {
      parseItemsResult(bad);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DomainValidationError);
    expect((error as Error).message).toMatch(/^ItemsResult does not fit its schema: /);
    expect((error as Error).message).toMatch(/nsfw\.adult_content: /);
    expect((error as Error).message).toMatch(/violence: .*tank/);
    expect(() => parseJobResults('items', null)).toThrow(/ItemsResult does not fit its schema: \(root\)/);
  });

  it('pair a moderation status with its form', () => {
    expect(parseModerationReply(200, DECISION)).toEqual({ httpStatus: 200, result: DECISION });
    const pending = { classification_job_id: 'job_1', content_type: 'video', external_id: '', moderation_job_id: 'vmod_x', error_message: 'not yet' };
    expect(parseModerationReply(202, pending)).toEqual({ httpStatus: 202, result: pending });
    expect(() => parseModerationReply(200, pending)).toThrow(/ModerationResult \(HTTP 200\) does not fit/);
    expect(() => parseModerationReply(202, DECISION)).toThrow(/ModerationResult \(HTTP 202\) does not fit/);
    expect(() => parseModerationReply(500, DECISION)).toThrow(/HTTP status 500/);
    expect(parseModerationResult(pending)).toBe(pending);
    expect(() => parseModerationResult({ ...DECISION, policy_categories: [{ name: 'ARMS_AMMO', risk_level: 'HIGH' }] })).toThrow(DomainValidationError);
  });
});

describe('schemas', () => {
  it('items groups hold exactly the spec classes, in spec order', () => {
    for (const group of Object.keys(CLASS_GROUPS) as ClassGroup[]) expect(Object.keys(ITEMS[group])).toEqual([...CLASS_GROUPS[group]]);
    expect(() => parseItemsResult({ ...ITEMS, evidence: { tank: [] } })).toThrow(/evidence/);
    expect(VISUAL_CLASSES.every((c) => parseItemsResult({ ...ITEMS, uncalibrated: [c] }))).toBe(true);
  });

  it('the job view: status alone while queued, results and msg null when done, msg when failed', () => {
    expect(ItemsJobViewSchema.safeParse({ status: 'queued' }).success).toBe(true);
    expect(ItemsJobViewSchema.safeParse({ status: 'done', results: ITEMS, msg: null }).success).toBe(true);
    expect(ItemsJobViewSchema.safeParse({ status: 'failed', msg: 'Failed to decode image.' }).success).toBe(true);
    expect(ItemsJobViewSchema.safeParse({ status: 'done', results: POLICY, msg: null }).success).toBe(false);
    expect(ItemsJobViewSchema.safeParse({ status: 'queued', results: null }).success).toBe(false);
  });

  it('isPolicyResult tells the two result shapes apart', () => {
    expect([isPolicyResult(POLICY), isPolicyResult(ITEMS)]).toEqual([true, false]);
  });

  it('the error body names every ApiErrorCode', () => {
    expectTypeOf<(typeof API_ERROR_CODES)[number]>().toEqualTypeOf<ApiErrorCode>();
    expect(ErrorBodySchema.safeParse({ error: 'not_found', message: 'No job.' }).success).toBe(true);
    expect(ErrorBodySchema.safeParse({ error: 'teapot', message: '' }).success).toBe(false);
  });

  it('the delivery log renames the attempts to the public snake_case fields', () => {
    const at = '2026-01-02T03:04:05.000Z';
    const sending = { attempt: 2, at, outcome: 'sending' as const, redelivery: true, httpStatus: 0, error: null, durationMs: 0 };
    const log = deliveryLog('job_1', { state: 'pending', webhookId: 'job.finished:job_1', nextAttemptAt: null, attempts: [sending] });
    expect(log).toEqual({
      job_id: 'job_1',
      webhook_id: 'job.finished:job_1',
      state: 'pending',
      next_attempt_at: null,
      attempts: [{ attempt: 2, at, outcome: 'sending', redelivery: true, http_status: 0, error: null, duration_ms: 0 }],
    });
    expect(DeliveryLogSchema.parse(log)).toEqual(log);
    const answer = redelivery('job_1', { webhookId: 'job.finished:job_1', state: 'pending', attempt: sending });
    expect(RedeliverySchema.parse(answer)).toEqual({ job_id: 'job_1', webhook_id: 'job.finished:job_1', state: 'pending', attempt: log.attempts[0] });
  });

  it('reads attempts stored before outcomes were tracked as finished, scheduled attempts', () => {
    const at = '2026-01-02T03:04:05.000Z';
    expect(attemptView({ attempt: 1, at, httpStatus: 204, error: null, durationMs: 3 })).toMatchObject({ outcome: 'delivered', redelivery: false });
    expect(attemptView({ attempt: 1, at, httpStatus: 0, error: 'ECONNREFUSED', durationMs: 3 })).toMatchObject({ outcome: 'failed', redelivery: false });
    expect(attemptView({ attempt: 1, at, httpStatus: 0, error: null, durationMs: 0, outcome: 'sending' })).toMatchObject({ outcome: 'sending' });
  });
});

describe('Standard policy table', () => {
  it("has the spec's five categories first, in their order, then the extensions; each signal a known class with a weight in (0, 1]", () => {
    expect(STANDARD_CATEGORY_NAMES).toEqual(['SEXUAL', 'DRUGS', 'DEATH_INJURY_MILITARY', 'ARMS_AMMO', 'HATE_SPEECH', 'SELF_HARM', 'HARASSMENT']);
    expect(STANDARD_CATEGORY_NAMES.slice(-EXTENSION_CATEGORY_NAMES.length)).toEqual(EXTENSION_CATEGORY_NAMES);
    for (const c of STANDARD_CATEGORIES) {
      expect(c.description).not.toBe('');
      for (const s of c.signals) {
        expect(s.weight).toBeGreaterThan(0);
        expect(s.weight).toBeLessThanOrEqual(1);
        if ('visual' in s) expect(VISUAL_CLASSES).toContain(s.visual);
        else expect(TEXT_LABELS).toContain(s.text);
      }
    }
    const signals = (name: string) => STANDARD_CATEGORIES.find((c) => c.name === name)!.signals;
    expect(signals('SELF_HARM')).toEqual([{ text: 'self_harm', weight: 1 }]);
    expect(signals('HARASSMENT')).toEqual([
      { text: 'insult', weight: 1 },
      { text: 'threat', weight: 1 },
      { text: 'severe_toxicity', weight: 1 },
      { text: 'toxicity', weight: 0.7 },
    ]);
  });

  it('maps scores to risk levels at the thresholds', () => {
    const { HIGH, MEDIUM, LOW } = RISK_THRESHOLDS;
    expect([riskLevel(null), riskLevel(LOW - 0.01), riskLevel(LOW), riskLevel(MEDIUM), riskLevel(HIGH), riskLevel(1)]).toEqual(['UNKNOWN', 'NONE', 'LOW', 'MEDIUM', 'HIGH', 'HIGH']);
  });
});
