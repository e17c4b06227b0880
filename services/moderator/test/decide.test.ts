import { describe, expect, it } from 'vitest';
import { decide } from '../src/decide.ts';

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
      decision: 'review',
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
      decision: 'review',
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
    expect(decide(cats, { reject: ['MEDIUM', 'HIGH'], review: ['LOW'], unknown: 'review' })).toMatchObject({ decision: 'reject', reject_reasons: ['medium_risk_cosmetics'] });
    expect(decide(cats, { reject: ['HIGH'], review: [], unknown: 'approve' })).toMatchObject({ decision: 'approve', escalate_reasons: [] });
    expect(decide(cats, { reject: ['HIGH'], review: ['LOW'], unknown: 'approve' })).toMatchObject({ decision: 'review', escalate_reasons: ['low_risk_drugs'] });
    expect(decide(cats, { reject: ['HIGH'], review: ['MEDIUM'], unknown: 'reject' })).toMatchObject({ decision: 'reject', reject_reasons: ['not_covered_arms_ammo'] });
  });
});
