import { describe, expect, it } from 'vitest';
import type { ModerationRules } from '@modsvc/common/domain/index';
import { decide, sampledForQuality, STANDARD_RULES } from '../src/decide.ts';

const rules = (r: Partial<ModerationRules>): ModerationRules => ({ ...STANDARD_RULES, ...r });

describe('virtual moderator decision', () => {
  it('rejects automatically on any HIGH category', () => {
    expect(decide([{ name: 'SEXUAL', risk_level: 'HIGH' }, { name: 'DRUGS', risk_level: 'MEDIUM' }])).toMatchObject({
      decision: 'reject',
      decision_type: 'fully_automated',
      escalate: false,
    });
  });

  it('rejects a HIGH hash-bank match as known content, and names the other HIGH categories', () => {
    const d = decide([
      { name: 'KNOWN_HARMFUL', risk_level: 'HIGH', triggered_by: 'bank:bank_1' },
      { name: 'SEXUAL', risk_level: 'HIGH', triggered_by: 'adult_content' },
      { name: 'DRUGS', risk_level: 'LOW', triggered_by: 'pills' },
    ]);
    expect(d).toMatchObject({ decision: 'reject', decision_type: 'fully_automated', reject_reasons: ['known_content_match', 'high_risk_sexual'] });
  });

  it('escalates MEDIUM categories to human review with reasons', () => {
    expect(decide([{ name: 'HATE_SPEECH', risk_level: 'MEDIUM' }, { name: 'DRUGS', risk_level: 'LOW' }])).toEqual({
      decision: 'pending_review',
      decision_type: 'escalated',
      escalate: true,
      escalate_reasons: ['medium_risk_hate_speech'],
    });
  });

  it('approves when nothing is above LOW', () => {
    expect(decide([{ name: 'SEXUAL', risk_level: 'NONE' }])).toMatchObject({ decision: 'approve', escalate: false });
  });

  it('escalates categories no model could score as not covered, before approving', () => {
    expect(decide([{ name: 'SEXUAL', risk_level: 'NONE' }, { name: 'ARMS_AMMO', risk_level: 'UNKNOWN' }])).toEqual({
      decision: 'pending_review',
      decision_type: 'escalated',
      escalate: true,
      escalate_reasons: ['not_covered_arms_ammo'],
    });
  });

  it("follows the policy's rules: levels rejected or reviewed, and what to do with unknown categories", () => {
    const cats = [
      { name: 'COSMETICS', risk_level: 'MEDIUM' as const },
      { name: 'ARMS_AMMO', risk_level: 'UNKNOWN' as const },
      { name: 'DRUGS', risk_level: 'LOW' as const },
    ];
    expect(decide(cats, rules({ reject: ['MEDIUM', 'HIGH'], review: ['LOW'], unknown: 'review' }))).toMatchObject({ decision: 'reject', reject_reasons: ['medium_risk_cosmetics'] });
    expect(decide(cats, rules({ reject: ['HIGH'], review: [], unknown: 'approve' }))).toMatchObject({ decision: 'approve', escalate_reasons: [] });
    expect(decide(cats, rules({ reject: ['HIGH'], review: ['LOW'], unknown: 'approve' }))).toMatchObject({ decision: 'pending_review', escalate_reasons: ['low_risk_drugs'] });
    expect(decide(cats, rules({ reject: ['HIGH'], review: ['MEDIUM'], unknown: 'reject' }))).toMatchObject({ decision: 'reject', reject_reasons: ['not_covered_arms_ammo'] });
  });

  it('escalates the categories the rules name whenever they score LOW or above', () => {
    const cats = [{ name: 'DRUGS', risk_level: 'LOW' as const }, { name: 'SEXUAL', risk_level: 'LOW' as const }];
    expect(decide(cats, rules({ review_categories: ['DRUGS'] }))).toMatchObject({ decision: 'pending_review', escalate_reasons: ['low_risk_drugs'] });
    expect(decide(cats, rules({}))).toMatchObject({ decision: 'approve' });
  });

  it('sends a score inside the uncertainty band of a deciding threshold to review instead of deciding it', () => {
    const thresholds = new Map([['SEXUAL', { HIGH: 0.8, MEDIUM: 0.5, LOW: 0.2 }]]);
    const at = (score: number, risk_level: 'HIGH' | 'MEDIUM' | 'LOW' | 'NONE') => [{ name: 'SEXUAL', risk_level, score }];
    const banded = rules({ uncertainty_band: 0.05 });
    // Just above the reject threshold: not trusted to reject.
    expect(decide(at(0.82, 'HIGH'), banded, thresholds)).toMatchObject({ decision: 'pending_review', escalate_reasons: ['uncertain_sexual'] });
    // Just below the review threshold: not trusted to approve.
    expect(decide(at(0.47, 'LOW'), banded, thresholds)).toMatchObject({ decision: 'pending_review', escalate_reasons: ['uncertain_sexual'] });
    // Far from both: decided as before.
    expect(decide(at(0.95, 'HIGH'), banded, thresholds)).toMatchObject({ decision: 'reject' });
    expect(decide(at(0.1, 'NONE'), banded, thresholds)).toMatchObject({ decision: 'approve' });
    // No band: the threshold decides.
    expect(decide(at(0.82, 'HIGH'), rules({}), thresholds)).toMatchObject({ decision: 'reject' });
  });

  it('a known-content match is never uncertain', () => {
    const thresholds = new Map([['KNOWN_HARMFUL', { HIGH: 0.8, MEDIUM: 0.5, LOW: 0.2 }]]);
    const cats = [{ name: 'KNOWN_HARMFUL', risk_level: 'HIGH' as const, score: 0.81, triggered_by: 'bank:b1' }];
    expect(decide(cats, rules({ uncertainty_band: 0.1 }), thresholds)).toMatchObject({ decision: 'reject', reject_reasons: ['known_content_match'] });
  });

  it('escalates self-harm at MEDIUM or HIGH, never rejecting it, with the category name as the reason', () => {
    expect(decide([{ name: 'SELF_HARM', risk_level: 'HIGH' }, { name: 'SEXUAL', risk_level: 'NONE' }])).toEqual({
      decision: 'pending_review',
      decision_type: 'escalated',
      escalate: true,
      escalate_reasons: ['self_harm'],
    });
    expect(decide([{ name: 'SELF_HARM', risk_level: 'MEDIUM' }])).toMatchObject({ decision: 'pending_review', escalate_reasons: ['self_harm'] });
    // Whatever the lists say: rules rejecting every level, or acting on none, still escalate it.
    expect(decide([{ name: 'SELF_HARM', risk_level: 'HIGH' }], rules({ reject: ['LOW', 'MEDIUM', 'HIGH'], review: [] }))).toMatchObject({ decision: 'pending_review', escalate_reasons: ['self_harm'] });
    expect(decide([{ name: 'SELF_HARM', risk_level: 'MEDIUM' }], rules({ reject: [], review: [] }))).toMatchObject({ decision: 'pending_review', escalate_reasons: ['self_harm'] });
    // A rejected LOW goes to review instead, named by its level as any LOW; an unrejected LOW and NONE are approved.
    expect(decide([{ name: 'SELF_HARM', risk_level: 'LOW' }], rules({ reject: ['LOW', 'HIGH'], review: ['MEDIUM'] }))).toMatchObject({ decision: 'pending_review', escalate_reasons: ['low_risk_self_harm'] });
    expect(decide([{ name: 'SELF_HARM', risk_level: 'LOW' }])).toMatchObject({ decision: 'approve' });
    expect(decide([{ name: 'SELF_HARM', risk_level: 'NONE' }])).toMatchObject({ decision: 'approve' });
  });

  it('escalates an UNKNOWN self-harm where the rules would reject what could not be checked', () => {
    const unknownSelfHarm = [{ name: 'SELF_HARM', risk_level: 'UNKNOWN' as const }];
    expect(decide(unknownSelfHarm, rules({ unknown: 'reject' }))).toMatchObject({ decision: 'pending_review', escalate_reasons: ['not_covered_self_harm'] });
    expect(decide(unknownSelfHarm, rules({ unknown: 'approve' }))).toMatchObject({ decision: 'approve' });
    expect(decide([{ name: 'DRUGS', risk_level: 'UNKNOWN' }], rules({ unknown: 'reject' }))).toMatchObject({ decision: 'reject' });
  });

  it('self-harm is escalated as itself inside the uncertainty band too; another category still rejects on its own', () => {
    const thresholds = new Map([['SELF_HARM', { HIGH: 0.8, MEDIUM: 0.5, LOW: 0.2 }]]);
    const banded = rules({ uncertainty_band: 0.05 });
    expect(decide([{ name: 'SELF_HARM', risk_level: 'HIGH', score: 0.81 }], banded, thresholds)).toMatchObject({ decision: 'pending_review', escalate_reasons: ['self_harm'] });
    expect(decide([{ name: 'SELF_HARM', risk_level: 'LOW', score: 0.48 }], banded, thresholds)).toMatchObject({ decision: 'pending_review', escalate_reasons: ['uncertain_self_harm'] });
    // The reject stands, and the self-harm still reaches a person: escalated with its reason.
    expect(decide([{ name: 'SELF_HARM', risk_level: 'HIGH' }, { name: 'SEXUAL', risk_level: 'HIGH' }])).toEqual({
      decision: 'reject',
      decision_type: 'fully_automated',
      escalate: true,
      escalate_reasons: ['self_harm'],
      reject_reasons: ['high_risk_sexual'],
    });
    expect(decide([{ name: 'SELF_HARM', risk_level: 'LOW' }, { name: 'SEXUAL', risk_level: 'HIGH' }])).toMatchObject({ decision: 'reject', escalate: false, escalate_reasons: [] });
  });

  it('a tenant that empties review_only decides SELF_HARM by its lists like any category', () => {
    expect(decide([{ name: 'SELF_HARM', risk_level: 'HIGH' }], rules({ review_only: [] }))).toMatchObject({ decision: 'reject', reject_reasons: ['high_risk_self_harm'] });
    expect(decide([{ name: 'DRUGS', risk_level: 'HIGH' }], rules({ review_only: ['DRUGS'] }))).toMatchObject({ decision: 'pending_review', escalate_reasons: ['drugs'] });
  });

  it('samples about the configured share of jobs for quality review, the same jobs every time', () => {
    const ids = Array.from({ length: 4000 }, (_, i) => `vmod_${i}`);
    const share = ids.filter((id) => sampledForQuality(id, 0.1)).length / ids.length;
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.12);
    expect(ids.filter((id) => sampledForQuality(id, 0.1))).toEqual(ids.filter((id) => sampledForQuality(id, 0.1)));
    expect(ids.some((id) => sampledForQuality(id, 0))).toBe(false);
  });
});
